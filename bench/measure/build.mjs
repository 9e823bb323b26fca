/**
 * 6. Request building for EVERY tool: the cost of `toolkit.dryRun` (coerce, validate, build the
 * request, redact; nothing sent) with each tool's first example input that dry-runs, for the
 * shipped sets and the zoo specs under examples/specs/ when present. Side by side: every block of
 * one tool's dry runs follows a block of raw undici round trips on loopback (GETs of a ~2 KB JSON
 * page from a server in another process), and the tool's ratio is the median over rounds of its
 * time per dry run divided by that block's undici p50, so both are measured in the same state of a
 * shared machine. Reported: the tool with the highest ratio (the target: every request built in
 * half a loopback round trip, itself hundreds of times shorter than a vendor's), its time, and the median time of all tools. A dry run shows the JSON body
 * it built and does not write its text; a call writes it when it sends (`payloadOf`): that cost for
 * the slowest tool is reported beside it (`slowest_payload_us`), so nothing a call pays is hidden.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { startChildServer } from '../lib/child-server.mjs';
import { now } from '../lib/clock.mjs';
import { inputsOf, toolkitFor, usPerCall } from '../lib/dry-runs.mjs';
import { ROOT, SERVERS } from '../lib/paths.mjs';
import { median, round } from '../lib/stats.mjs';
import { fmt, row } from '../lib/table.mjs';
import { loadShippedSpecs, loadSpecs } from '../lib/toolspec.mjs';

const SETTINGS = {
  full: { blockMs: 25, rounds: 5, undiciMs: 15 },
  quick: { blockMs: 8, rounds: 3, undiciMs: 8 },
};

/** Raw undici GETs of a ~2 KB JSON page on loopback; `p50(ms)`: the median round trip of one block, in microseconds. */
async function undiciRoundTrips() {
  const server = await startChildServer(join(SERVERS, 'notion-page.mjs'));
  const url = `${server.origin}/v1/pages/7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a`;
  const once = async () => {
    const res = await request(url, { headers: { authorization: 'Bearer t' } });
    await res.body.json();
  };
  for (let i = 0; i < 200; i++) await once();
  return {
    async p50(ms) {
      const samples = [];
      const start = now();
      while (now() - start < ms) {
        const t0 = now();
        await once();
        samples.push((now() - t0) * 1000);
      }
      return median(samples);
    },
    close: () => server.close(),
  };
}

function zooSpecs() {
  const dir = join(ROOT, 'examples', 'specs');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => join(dir, f));
}

export async function measure({ quick }) {
  const s = SETTINGS[quick ? 'quick' : 'full'];
  const irs = [loadShippedSpecs(), ...zooSpecs().map((f) => loadSpecs([f]))];
  /** Per tool: [dry run µs, undici p50 µs of the block before it] per round. */
  const samples = {};
  /** Per tool: the JSON body its dry run shows (null: none). */
  const bodies = {};
  const undici = await undiciRoundTrips();
  try {
    for (const ir of irs) {
      const toolkit = toolkitFor(ir);
      try {
        const cases = await inputsOf(toolkit, ir);
        for (const c of cases) await usPerCall(() => toolkit.dryRun(c.tool, c.input), s.blockMs); // warm-up
        for (const c of cases) {
          samples[c.tool] = [];
          bodies[c.tool] = (await toolkit.dryRun(c.tool, c.input)).body;
        }
        for (let r = 0; r < s.rounds; r++) {
          for (const c of cases) {
            const base = await undici.p50(s.undiciMs);
            samples[c.tool].push([await usPerCall(() => toolkit.dryRun(c.tool, c.input), s.blockMs), base]);
          }
        }
      } finally {
        await toolkit.close();
      }
    }
  } finally {
    await undici.close();
  }
  const perTool = {};
  const ratios = {};
  for (const [tool, xs] of Object.entries(samples)) {
    perTool[tool] = round(median(xs.map(([us]) => us)), 2);
    ratios[tool] = median(xs.map(([us, base]) => us / base));
  }
  const ranked = Object.entries(ratios)
    .sort((a, b) => b[1] - a[1])
    .map(([tool]) => [tool, perTool[tool]]);
  const [slowestTool, slowestUs] = ranked[0];
  const undiciUs = median(Object.values(samples).flatMap((xs) => xs.map(([, base]) => base)));
  const slowestBody = bodies[slowestTool];
  const payloadBlocks = [];
  for (let r = 0; r < s.rounds && slowestBody !== null; r++)
    payloadBlocks.push(await usPerCall(() => JSON.stringify(slowestBody), s.blockMs));
  const payloadUs = payloadBlocks.length === 0 ? 0 : median(payloadBlocks);
  const figures = {
    tools: ranked.length,
    slowest_tool: slowestTool,
    slowest_us: slowestUs,
    median_us: round(median(Object.values(perTool)), 2),
    slowest_payload_us: round(payloadUs, 2),
    undici_p50_us: round(undiciUs, 1),
    slowest_ratio_vs_undici_p50: round(ratios[slowestTool], 3),
    slowest_10: Object.fromEntries(ranked.slice(0, 10)),
    per_tool_us: Object.fromEntries(Object.entries(perTool).sort((a, b) => a[0].localeCompare(b[0]))),
  };
  const rows = [
    row({
      section: 'build',
      label: `dry run, slowest of ${ranked.length} tools (${slowestTool})`,
      value: slowestUs,
      shown: fmt.us(slowestUs),
      base: { label: 'raw undici p50', value: undiciUs, shown: fmt.us(undiciUs) },
      ratio: ratios[slowestTool],
      target: { max: 0.5 },
    }),
    row({
      section: 'build',
      label: `its JSON payload written (when a call sends it; not part of a dry run)`,
      value: payloadUs,
      shown: fmt.us(payloadUs),
    }),
    row({
      section: 'build',
      label: `dry run, median of ${ranked.length} tools`,
      value: figures.median_us,
      shown: fmt.us(figures.median_us),
      base: { label: 'raw undici p50', value: undiciUs, shown: fmt.us(undiciUs) },
    }),
    ...ranked
      .slice(1, 5)
      .map(([tool, us]) =>
        row({ section: 'build', label: `dry run, ${tool}`, value: us, shown: fmt.us(us) }),
      ),
  ];
  return { figures, rows };
}
