/**
 * 1. Per-call cost on loopback: toolkit `notes_page_get` vs raw undici vs the official
 * @notionhq/client (pages.retrieve) vs Node's fetch, all against ONE node:http server in a
 * separate process answering a ~2 KB Notion page. Sequential latency (p50, p99) over thousands
 * of calls after warm-up, and throughput at concurrency 16; contenders interleaved in blocks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@notionhq/client';
import { request } from 'undici';
import { startChildServer } from '../lib/child-server.mjs';
import { now } from '../lib/clock.mjs';
import { interleaved } from '../lib/interleave.mjs';
import { pageLatencies } from '../lib/latency.mjs';
import { FIXTURES, ROOT, SERVERS } from '../lib/paths.mjs';
import { median, round } from '../lib/stats.mjs';
import { fmt, row } from '../lib/table.mjs';
import { createToolkit } from '../lib/toolspec.mjs';

const PAGE_ID = '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a';
const TOKEN = 'secret_bench_token';
const NOTION_VERSION = '2025-09-03';
const CONCURRENCY = 16;

const SETTINGS = {
  full: { warmup: 2000, rounds: 20, block: 250, rpsRounds: 8, rpsCalls: 2000 },
  quick: { warmup: 300, rounds: 4, block: 150, rpsRounds: 2, rpsCalls: 500 },
};

/** Each contender: one call that resolves to the parsed page. */
function contenders(origin) {
  // Only the notes set: loading the others costs start-up time and nothing per call.
  const toolkit = createToolkit({
    specs: [join(ROOT, 'specs', 'notes.yaml')],
    connections: { notes: { baseUrl: origin, token: TOKEN } },
  });
  const url = `${origin}/v1/pages/${PAGE_ID}`;
  const headers = { authorization: `Bearer ${TOKEN}`, 'notion-version': NOTION_VERSION };
  const notion = new Client({ auth: TOKEN, baseUrl: origin, notionVersion: NOTION_VERSION });
  return {
    calls: {
      toolkit: () => toolkit.call('notes_page_get', { page_id: PAGE_ID }),
      undici: async () => {
        const res = await request(url, { headers });
        if (res.statusCode !== 200) throw new Error(`undici: status ${res.statusCode}`);
        return res.body.json();
      },
      fetch: async () => {
        const res = await fetch(url, { headers });
        if (!res.ok) throw new Error(`fetch: status ${res.status}`);
        return res.json();
      },
      official_sdk: () => notion.pages.retrieve({ page_id: PAGE_ID }),
    },
    close: () => toolkit.close(),
  };
}

const LABELS = { toolkit: 'toolkit', undici: 'raw undici', fetch: 'fetch', official_sdk: '@notionhq/client' };

/**
 * Calls per second with `CONCURRENCY` callers sharing `total` calls, and this process's CPU
 * time per call (less sensitive to other load on the machine than wall time).
 */
async function throughputBlock(call, total) {
  let left = total;
  const worker = async () => {
    while (left-- > 0) await call();
  };
  const t0 = now();
  const cpu0 = process.cpuUsage();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const cpu = process.cpuUsage(cpu0);
  return { rps: total / ((now() - t0) / 1000), cpuUs: (cpu.user + cpu.system) / total };
}

export async function measure({ quick }) {
  const s = quick ? SETTINGS.quick : SETTINGS.full;
  const server = await startChildServer(join(SERVERS, 'notion-page.mjs'));
  const { calls, close } = contenders(server.origin);
  const names = Object.keys(calls);
  try {
    const lat = await pageLatencies(calls, PAGE_ID, s);
    const rps = await interleaved(names, s.rpsRounds, (n) => throughputBlock(calls[n], s.rpsCalls));

    const fig = {};
    for (const n of names) {
      fig[n] = {
        ...lat[n],
        rps_c16: round(median(rps[n].map((r) => r.rps)), 0),
        cpu_us_per_call_c16: round(median(rps[n].map((r) => r.cpuUs)), 1),
      };
    }
    const t = fig.toolkit;
    const figures = {
      ...fig,
      p50_ratio_vs_undici: round(t.p50_ms / fig.undici.p50_ms),
      p99_ratio_vs_undici: round(t.p99_ms / fig.undici.p99_ms),
      p50_ratio_vs_fetch: round(t.p50_ms / fig.fetch.p50_ms),
      p50_ratio_vs_official_sdk: round(t.p50_ms / fig.official_sdk.p50_ms),
      rps_ratio_vs_undici: round(t.rps_c16 / fig.undici.rps_c16),
      rps_ratio_vs_fetch: round(t.rps_c16 / fig.fetch.rps_c16),
      rps_ratio_vs_official_sdk: round(t.rps_c16 / fig.official_sdk.rps_c16),
      cpu_ratio_vs_undici: round(t.cpu_us_per_call_c16 / fig.undici.cpu_us_per_call_c16),
      cpu_ratio_vs_official_sdk: round(t.cpu_us_per_call_c16 / fig.official_sdk.cpu_us_per_call_c16),
      response_bytes: Buffer.byteLength(
        JSON.stringify(JSON.parse(readFileSync(join(FIXTURES, 'notion-page.json'), 'utf8'))),
      ),
    };
    const vs = (label, key, f, other, target) =>
      row({
        section: 'call',
        label,
        value: t[key],
        shown: f(t[key]),
        base: { label: LABELS[other], value: fig[other][key], shown: f(fig[other][key]) },
        target,
      });
    const c16 = `throughput, concurrency ${CONCURRENCY}`;
    const cpu = `client CPU per call, concurrency ${CONCURRENCY}`;
    const rows = [
      vs(`p50 latency (${t.calls} sequential calls)`, 'p50_ms', fmt.ms, 'undici', { max: 1.0 }),
      vs('p50 latency', 'p50_ms', fmt.ms, 'fetch'),
      vs('p50 latency', 'p50_ms', fmt.ms, 'official_sdk'),
      vs('p99 latency', 'p99_ms', fmt.ms, 'undici'),
      vs(c16, 'rps_c16', fmt.rate, 'undici', { min: 0.95 }),
      vs(c16, 'rps_c16', fmt.rate, 'fetch'),
      vs(c16, 'rps_c16', fmt.rate, 'official_sdk', { min: 3.0 }),
      vs(cpu, 'cpu_us_per_call_c16', fmt.us, 'undici', { max: 0.8 }),
      vs(cpu, 'cpu_us_per_call_c16', fmt.us, 'official_sdk'),
    ];
    return { figures, rows };
  } finally {
    await close();
    await server.close();
  }
}
