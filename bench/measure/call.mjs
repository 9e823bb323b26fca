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
import { FIXTURES, ROOT, SERVERS } from '../lib/paths.mjs';
import { median, percentile, round } from '../lib/stats.mjs';
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

async function sequentialBlock(call, n) {
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = now();
    await call();
    out[i] = now() - t0;
  }
  return out;
}

/** Calls per second with `CONCURRENCY` callers sharing `total` calls. */
async function throughputBlock(call, total) {
  let left = total;
  const worker = async () => {
    while (left-- > 0) await call();
  };
  const t0 = now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return total / ((now() - t0) / 1000);
}

export async function measure({ quick }) {
  const s = quick ? SETTINGS.quick : SETTINGS.full;
  const server = await startChildServer(join(SERVERS, 'notion-page.mjs'));
  const { calls, close } = contenders(server.origin);
  const names = Object.keys(calls);
  try {
    for (const name of names) {
      const page = await calls[name]();
      if (page?.id !== PAGE_ID) throw new Error(`${name} did not return the page`);
      await sequentialBlock(calls[name], s.warmup);
    }
    const lat = await interleaved(names, s.rounds, (n) => sequentialBlock(calls[n], s.block));
    const rps = await interleaved(names, s.rpsRounds, (n) => throughputBlock(calls[n], s.rpsCalls));

    const fig = {};
    for (const n of names) {
      fig[n] = {
        p50_ms: round(median(lat[n]), 4),
        p99_ms: round(percentile(lat[n], 99), 4),
        calls: lat[n].length,
        rps_c16: round(median(rps[n]), 0),
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
      response_bytes: Buffer.byteLength(
        JSON.stringify(JSON.parse(readFileSync(join(FIXTURES, 'notion-page.json'), 'utf8'))),
      ),
    };
    const lb = (n, key, f) => ({ label: LABELS[n], value: fig[n][key], shown: f(fig[n][key]) });
    const sec = 'call';
    const rows = [
      row({
        section: sec,
        label: `p50 latency (${t.calls} seq. calls)`,
        value: t.p50_ms,
        shown: fmt.ms(t.p50_ms),
        base: lb('undici', 'p50_ms', fmt.ms),
        target: { max: 1.15 },
      }),
      row({
        section: sec,
        label: 'p50 latency',
        value: t.p50_ms,
        shown: fmt.ms(t.p50_ms),
        base: lb('fetch', 'p50_ms', fmt.ms),
      }),
      row({
        section: sec,
        label: 'p50 latency',
        value: t.p50_ms,
        shown: fmt.ms(t.p50_ms),
        base: lb('official_sdk', 'p50_ms', fmt.ms),
      }),
      row({
        section: sec,
        label: 'p99 latency',
        value: t.p99_ms,
        shown: fmt.ms(t.p99_ms),
        base: lb('undici', 'p99_ms', fmt.ms),
      }),
      row({
        section: sec,
        label: `throughput, concurrency ${CONCURRENCY}`,
        value: t.rps_c16,
        shown: fmt.rate(t.rps_c16),
        base: lb('undici', 'rps_c16', fmt.rate),
        target: { min: 0.75 },
      }),
      row({
        section: sec,
        label: `throughput, concurrency ${CONCURRENCY}`,
        value: t.rps_c16,
        shown: fmt.rate(t.rps_c16),
        base: lb('fetch', 'rps_c16', fmt.rate),
      }),
      row({
        section: sec,
        label: `throughput, concurrency ${CONCURRENCY}`,
        value: t.rps_c16,
        shown: fmt.rate(t.rps_c16),
        base: lb('official_sdk', 'rps_c16', fmt.rate),
        target: { min: 2.5 },
      }),
    ];
    return { figures, rows };
  } finally {
    await close();
    await server.close();
  }
}
