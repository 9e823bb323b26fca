/**
 * The discovery search's quality and speed on task queries (bench/search/queries.yaml): hit@1,
 * hit@5 and MRR (reciprocal rank of the first right tool within the first ten) of the search as
 * it was, a plain BM25 engine and toolspec's search, on
 *
 * - the shipped sets plus the example vendors (163 tools; every query),
 * - the shipped sets alone (148 tools; the queries for shipped tools),
 * - the shipped sets among GitHub's REST API and GitHub Enterprise Server's (2,400+ tools; the
 *   queries for shipped tools), with the time per query.
 *
 * Sentences and keyword queries apart, and the held-out quarter apart from the rest.
 *
 *   node bench/search/run.mjs                    the built packages (npm run build first)
 *   npx tsx --conditions=@toolspec/source bench/search/run.mjs --source
 *   ... --tuning --misses                         only the queries used for tuning, with the misses
 *
 * `npm run bench -- --only search` runs it through bench/measure/search.mjs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { BENCH_DIR } from '../lib/paths.mjs';
import { exampleCatalog, githubCatalog, shippedCatalog, toolspecModules } from './catalogs.mjs';
import { ENGINES } from './engines.mjs';

export function loadQueries() {
  const doc = parse(readFileSync(join(BENCH_DIR, 'search', 'queries.yaml'), 'utf8'));
  const list = (kind) =>
    doc[kind].map((q) => ({
      q: q.q,
      expect: Array.isArray(q.expect) ? q.expect : [q.expect],
      kind: kind === 'sentences' ? 'sentence' : 'keyword',
      holdout: q.holdout === true,
    }));
  return [...list('sentences'), ...list('keywords')];
}

const CUTOFF = 10;

/** Rank (1-based) of the first right tool, or null. */
const rankOf = (names, expect) => {
  const i = names.findIndex((n) => expect.includes(n));
  return i < 0 ? null : i + 1;
};

function metrics(ranks) {
  const n = ranks.length;
  if (n === 0) return { n: 0, hit1: null, hit5: null, mrr: null };
  const hit = (k) => ranks.filter((r) => r !== null && r <= k).length / n;
  const mrr = ranks.reduce((s, r) => s + (r !== null && r <= CUTOFF ? 1 / r : 0), 0) / n;
  const round = (x) => Math.round(x * 1000) / 1000;
  return { n, hit1: round(hit(1)), hit5: round(hit(5)), mrr: round(mrr) };
}

/** Figures per group of queries: all, sentences, keywords, each for tuning, holdout and both. */
function grouped(queries, ranks) {
  const out = {};
  for (const part of ['all', 'tuning', 'holdout']) {
    for (const kind of ['all', 'sentence', 'keyword']) {
      const picked = ranks.filter((_, i) => {
        const q = queries[i];
        return (part === 'all' || (part === 'holdout') === q.holdout) && (kind === 'all' || q.kind === kind);
      });
      out[`${part}.${kind}`] = metrics(picked);
    }
  }
  return out;
}

/** Each engine's figures on one catalog, and its misses (query, expected, what came first). */
function evaluate(entries, queries, modules, engines = Object.keys(ENGINES)) {
  const out = {};
  for (const name of engines) {
    const search = ENGINES[name](entries, modules);
    const results = queries.map((q) => search(q.q));
    const ranks = results.map((names, i) => rankOf(names, queries[i].expect));
    out[name] = {
      figures: grouped(queries, ranks),
      misses: queries
        .map((q, i) => ({ ...q, rank: ranks[i], top: results[i].slice(0, 3) }))
        .filter((m) => m.rank !== 1),
      search,
    };
  }
  return out;
}

/** Microseconds per query: median and 95th percentile over `rounds` passes of every query. */
function latency(search, queries, rounds) {
  const times = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      const t0 = performance.now();
      search(q.q);
      times.push((performance.now() - t0) * 1000);
    }
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return { p50_us: Math.round(at(0.5)), p95_us: Math.round(at(0.95)), max_us: Math.round(times.at(-1)) };
}

/** Every figure of the benchmark. */
export async function searchBenchmark({ source = false, quick = false } = {}) {
  const modules = await toolspecModules(source);
  const queries = loadQueries();
  const shipped = shippedCatalog(modules);
  const shippedNames = new Set(shipped.map((e) => e.tool.name));
  const shippedQueries = queries.filter((q) => q.expect.every((n) => shippedNames.has(n)));
  const withExamples = [...shipped, ...exampleCatalog(modules)];
  const github = githubCatalog();
  const scale = [...shipped, ...github];

  const t0 = performance.now();
  const built = ENGINES.toolspec(scale, modules);
  const buildMs = performance.now() - t0;
  const rounds = quick ? 3 : 15;
  const scaleEval = evaluate(scale, shippedQueries, modules, ['bm25', 'toolspec']);
  return {
    catalogs: { with_examples: withExamples.length, shipped: shipped.length, scale: scale.length },
    queries: {
      all: queries.length,
      sentences: queries.filter((q) => q.kind === 'sentence').length,
      keywords: queries.filter((q) => q.kind === 'keyword').length,
      holdout: queries.filter((q) => q.holdout).length,
      shipped: shippedQueries.length,
    },
    with_examples: evaluate(withExamples, queries, modules),
    shipped: evaluate(shipped, shippedQueries, modules),
    scale: scaleEval,
    scale_latency: {
      index_build_ms: Math.round(buildMs),
      toolspec: latency(built, shippedQueries, rounds),
      bm25: latency(scaleEval.bm25.search, shippedQueries, rounds),
    },
  };
}

function printReport(result, { tuning, misses }) {
  const parts = tuning ? ['tuning'] : ['all', 'tuning', 'holdout'];
  const pct = (x) => (x === null ? '  n/a' : `${(x * 100).toFixed(1).padStart(5)}%`);
  const lines = [];
  for (const cat of ['with_examples', 'shipped', 'scale']) {
    lines.push(`\n${cat} (${result.catalogs[cat]} tools)`);
    for (const [engine, { figures }] of Object.entries(result[cat])) {
      for (const part of parts) {
        for (const kind of ['all', 'sentence', 'keyword']) {
          const f = figures[`${part}.${kind}`];
          lines.push(
            `  ${engine.padEnd(9)} ${part.padEnd(8)} ${kind.padEnd(9)} n=${String(f.n).padStart(3)}  hit@1 ${pct(f.hit1)}  hit@5 ${pct(f.hit5)}  MRR ${f.mrr?.toFixed(3) ?? 'n/a'}`,
          );
        }
      }
    }
  }
  const l = result.scale_latency;
  lines.push(
    `\nscale latency: index built in ${l.index_build_ms} ms; per query toolspec p50 ${l.toolspec.p50_us} µs, p95 ${l.toolspec.p95_us} µs, max ${l.toolspec.max_us} µs; bm25 p50 ${l.bm25.p50_us} µs`,
  );
  if (misses) {
    for (const cat of ['with_examples', 'scale']) {
      const list = result[cat].toolspec.misses.filter((m) => !(tuning && m.holdout));
      lines.push(`\nmisses (${cat}, toolspec${tuning ? ', tuning only' : ''}): ${list.length}`);
      for (const m of list) {
        lines.push(
          `  [${m.kind[0]}] ${m.rank ?? '-'}  "${m.q}"  want ${m.expect.join('|')}  got ${m.top.join(', ')}`,
        );
      }
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      source: { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      tuning: { type: 'boolean', default: false },
      misses: { type: 'boolean', default: false },
    },
  });
  printReport(await searchBenchmark(values), values);
}
