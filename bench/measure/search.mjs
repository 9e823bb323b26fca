/**
 * 8. The discovery search (`search`): hit@1, hit@5 and MRR of toolspec's search against a plain
 * BM25 engine and the search as it was, on the task queries of bench/search/queries.yaml, and the
 * time per query among 2,400+ tools. The evaluation itself is bench/search/run.mjs.
 */

import { fmt, row } from '../lib/table.mjs';
import { searchBenchmark } from '../search/run.mjs';

const pct = (x) => (x === null ? 'n/a' : `${(x * 100).toFixed(1)}%`);

export async function measure({ quick }) {
  const result = await searchBenchmark({ quick });
  const figures = {
    catalogs: result.catalogs,
    queries: result.queries,
    scale_latency: result.scale_latency,
  };
  for (const cat of ['with_examples', 'shipped', 'scale']) {
    figures[cat] = Object.fromEntries(Object.entries(result[cat]).map(([engine, r]) => [engine, r.figures]));
  }
  const rows = [];
  const quality = (cat, label, group, metric, target) => {
    const mine = figures[cat].toolspec[group][metric];
    const bm25 = figures[cat].bm25[group][metric];
    const shown = metric === 'mrr' ? (x) => x.toFixed(3) : pct;
    rows.push(
      row({
        section: 'search',
        label: `${label} (n=${figures[cat].toolspec[group].n})`,
        value: mine,
        shown: shown(mine),
        base: { label: 'BM25', value: bm25, shown: shown(bm25) },
        target: target && { min: target, on: 'value', unit: '' },
      }),
    );
  };
  const n = result.catalogs;
  quality('shipped', `${n.shipped} tools: right tool first, all queries`, 'all.all', 'hit1', 0.8);
  quality('shipped', `${n.shipped} tools: right tool in the first five`, 'all.all', 'hit5', 0.95);
  quality('shipped', `${n.shipped} tools: first, sentences`, 'all.sentence', 'hit1');
  quality('shipped', `${n.shipped} tools: first, keyword queries`, 'all.keyword', 'hit1');
  quality('shipped', `${n.shipped} tools: first, held-out queries`, 'holdout.all', 'hit1');
  quality('shipped', `${n.shipped} tools: first five, held-out queries`, 'holdout.all', 'hit5');
  quality('shipped', `${n.shipped} tools: MRR`, 'all.all', 'mrr');
  quality('with_examples', `${n.with_examples} tools (with the example vendors): first`, 'all.all', 'hit1');
  quality(
    'with_examples',
    `${n.with_examples} tools (with the example vendors): first five`,
    'all.all',
    'hit5',
  );
  quality('scale', `${n.scale} tools: right shipped tool in the first five`, 'all.all', 'hit5', 0.9);
  quality('scale', `${n.scale} tools: right shipped tool first`, 'all.all', 'hit1');
  const before = figures.shipped.before['all.all'];
  rows.push(
    row({
      section: 'search',
      label: `${n.shipped} tools: the search before issue 28, first five`,
      value: before.hit5,
      shown: pct(before.hit5),
    }),
  );
  const l = result.scale_latency;
  rows.push(
    row({
      section: 'search',
      label: `${n.scale} tools: time per query, p50`,
      value: l.toolspec.p50_us / 1000,
      shown: fmt.ms(l.toolspec.p50_us / 1000),
      base: { label: 'BM25', value: l.bm25.p50_us / 1000, shown: fmt.ms(l.bm25.p50_us / 1000) },
      target: { max: 10, on: 'value', unit: ' ms' },
    }),
    row({
      section: 'search',
      label: `${n.scale} tools: time per query, p95`,
      value: l.toolspec.p95_us / 1000,
      shown: fmt.ms(l.toolspec.p95_us / 1000),
      target: { max: 10, on: 'value', unit: ' ms' },
    }),
    row({
      section: 'search',
      label: `${n.scale} tools: index built once per catalog`,
      value: l.index_build_ms,
      shown: fmt.ms(l.index_build_ms),
    }),
  );
  return { figures, rows };
}
