/**
 * 2. Paging: collect 100,000 items over 1,000 pages (`call(..., {all: true})`) and stream the
 * same with `toolkit.pages()`; time of each and peak RSS growth while streaming. Synthetic
 * cursor-paged set (fixtures/paging.yaml) against a loopback server in a separate process.
 */
import { join } from 'node:path';
import { startChildServer } from '../lib/child-server.mjs';
import { now } from '../lib/clock.mjs';
import { interleaved } from '../lib/interleave.mjs';
import { rssSampler } from '../lib/memory.mjs';
import { FIXTURES, SERVERS } from '../lib/paths.mjs';
import { median, round } from '../lib/stats.mjs';
import { fmt, row } from '../lib/table.mjs';
import { createToolkit } from '../lib/toolspec.mjs';

const TOOL = 'bench_items_list';
const PAGES = 1000;
const PER_PAGE = 100;
const ITEMS = PAGES * PER_PAGE;
const ROUNDS = { full: 3, quick: 1 };

async function stream(toolkit) {
  const mem = rssSampler();
  const t0 = now();
  let items = 0;
  let pages = 0;
  for await (const page of toolkit.pages(TOOL, {}, { maxPages: PAGES + 1 })) {
    items += page.items.length;
    pages++;
    mem.sample();
  }
  const ms = now() - t0;
  return { items, pages, s: ms / 1000, ...mem.stop() };
}

async function collect(toolkit) {
  const mem = rssSampler();
  const t0 = now();
  const out = await toolkit.call(TOOL, {}, { all: true, maxItems: ITEMS, maxPages: PAGES + 1 });
  const ms = now() - t0;
  const m = mem.stop();
  return { items: out.items.length, has_more: out.has_more, s: ms / 1000, ...m };
}

export async function measure({ quick }) {
  const server = await startChildServer(join(SERVERS, 'paging.mjs'), [String(PAGES)]);
  const toolkit = createToolkit({
    specs: [join(FIXTURES, 'paging.yaml')],
    connections: { bench: { baseUrl: server.origin } },
  });
  try {
    // Warm-up (JIT, connection) before any baseline.
    const warm = quick ? 10 : 3;
    for await (const _ of toolkit.pages(TOOL, {}, { maxPages: PAGES / warm }));
    await toolkit.call(TOOL, {}, { all: true, maxItems: ITEMS / warm, maxPages: PAGES });
    const runs = await interleaved(['stream', 'collect'], quick ? ROUNDS.quick : ROUNDS.full, (name) =>
      name === 'stream' ? stream(toolkit) : collect(toolkit),
    );
    for (const r of [...runs.stream, ...runs.collect]) {
      if (r.items !== ITEMS) throw new Error(`expected ${ITEMS} items, got ${r.items}`);
    }
    // Times: the median round; memory: the worst round.
    const pick = (rs) => ({
      s: median(rs.map((r) => r.s)),
      growthMb: Math.max(...rs.map((r) => r.growthMb)),
    });
    const s = pick(runs.stream);
    const c = pick(runs.collect);
    const figures = {
      items: ITEMS,
      pages: PAGES,
      stream_s: round(s.s),
      stream_items_per_s: round(ITEMS / s.s, 0),
      stream_rss_growth_mb: round(s.growthMb, 1),
      collect_s: round(c.s),
      collect_items_per_s: round(ITEMS / c.s, 0),
      collect_rss_growth_mb: round(c.growthMb, 1),
    };
    const sec = 'paging';
    const rows = [
      row({
        section: sec,
        label: `stream ${ITEMS} items / ${PAGES} pages (pages())`,
        value: s.s,
        shown: `${fmt.s(s.s)}, ${fmt.rate(ITEMS / s.s, ' items/s')}`,
      }),
      row({
        section: sec,
        label: 'peak RSS growth while streaming',
        value: s.growthMb,
        shown: fmt.mb(s.growthMb),
        target: { on: 'value', max: 50, unit: ' MB' },
      }),
      row({
        section: sec,
        label: `collect ${ITEMS} items (call all:true)`,
        value: c.s,
        shown: `${fmt.s(c.s)}, ${fmt.rate(ITEMS / c.s, ' items/s')}`,
        base: { label: 'stream', value: s.s, shown: fmt.s(s.s) },
      }),
      row({
        section: sec,
        label: 'peak RSS growth while collecting',
        value: c.growthMb,
        shown: fmt.mb(c.growthMb),
      }),
    ];
    return { figures, rows };
  } finally {
    await toolkit.close();
    await server.close();
  }
}
