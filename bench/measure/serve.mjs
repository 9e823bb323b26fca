/**
 * 4. Cold start of `toolspec serve` over stdio (built CLI): spawn -> initialize -> the answer
 * to the first tools/list with every tool, vs a bare server listing the same tools (no
 * validation) on the SDK toolspec serves with (servers/bare-mcp-v2.mjs, the v2
 * `@modelcontextprotocol/server`: the target) and on the v1 `@modelcontextprotocol/sdk`
 * (servers/bare-mcp.mjs, shown), interleaved; the same cold start on a busy machine (one
 * busy-looping process per core beside it: a client such as the AI SDK gives its first probe one
 * second); and with `serve --sandbox`, the latency of the first tools/call right after that first
 * list.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { now } from '../lib/clock.mjs';
import { interleaved } from '../lib/interleave.mjs';
import { initialize, spawnMcp } from '../lib/mcp-stdio.mjs';
import { CLI, SERVERS } from '../lib/paths.mjs';
import { median, round } from '../lib/stats.mjs';
import { fmt, row } from '../lib/table.mjs';

const ROUNDS = { full: 15, quick: 5 };
/** Each sandbox start loads the specs on the first call: seconds per round. */
const SANDBOX_ROUNDS = { full: 7, quick: 1 };
const FIRST_CALL = { name: 'notes_page_get', arguments: { page_id: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a' } };

/** Spawn, initialize, list; optionally call once. Times in seconds. */
async function coldStart(args, call) {
  const t0 = now();
  const client = spawnMcp(args);
  try {
    await initialize(client);
    const { tools } = await client.request('tools/list');
    const listS = (now() - t0) / 1000;
    if (!call) return { listS, tools };
    const t1 = now();
    const result = await client.request('tools/call', call);
    if (result.isError) throw new Error(`first tools/call failed: ${JSON.stringify(result.content)}`);
    return { listS, tools, callS: (now() - t1) / 1000 };
  } finally {
    await client.close();
  }
}

/** One busy-looping process per core until `stop()`: the machine of a user whose build is running. */
function busyMachine() {
  const children = Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return {
    stop: () => {
      for (const c of children) c.kill('SIGKILL');
    },
  };
}

export async function measure({ quick }) {
  const mode = quick ? 'quick' : 'full';
  const work = join(tmpdir(), 'toolspec-bench', 'serve');
  mkdirSync(work, { recursive: true });
  // The bare server lists exactly what toolspec lists.
  const { tools } = await coldStart([CLI, 'serve']);
  const catalog = join(work, 'catalog.json');
  writeFileSync(catalog, JSON.stringify({ tools }));

  const runs = {
    toolspec: () => coldStart([CLI, 'serve']),
    bare_sdk: () => coldStart([join(SERVERS, 'bare-mcp-v2.mjs'), catalog]),
    bare_sdk_v1: () => coldStart([join(SERVERS, 'bare-mcp.mjs'), catalog]),
    sandbox: () => coldStart([CLI, 'serve', '--sandbox'], FIRST_CALL),
  };
  const check = (name) => async () => {
    const r = await runs[name]();
    if (r.tools.length !== tools.length)
      throw new Error(`${name} listed ${r.tools.length} tools, not ${tools.length}`);
    return r;
  };
  const samples = {
    ...(await interleaved(['toolspec', 'bare_sdk', 'bare_sdk_v1'], ROUNDS[mode], (name) => check(name)())),
    ...(await interleaved(['sandbox'], SANDBOX_ROUNDS[mode], check('sandbox'))),
  };
  const busy = busyMachine();
  let busySamples;
  try {
    busySamples = (await interleaved(['toolspec'], SANDBOX_ROUNDS[mode], check('toolspec'))).toolspec;
  } finally {
    busy.stop();
  }
  const busyS = median(busySamples.map((r) => r.listS));
  const med = (name, key) => median(samples[name].map((r) => r[key]));
  const coldS = med('toolspec', 'listS');
  const bareS = med('bare_sdk', 'listS');
  const bareV1S = med('bare_sdk_v1', 'listS');
  const sandboxListS = med('sandbox', 'listS');
  const callS = med('sandbox', 'callS');
  const figures = {
    tools: tools.length,
    catalog_bytes: Buffer.byteLength(JSON.stringify({ tools })),
    rounds: samples.toolspec.length,
    sandbox_rounds: samples.sandbox.length,
    cold_start_s: round(coldS),
    bare_sdk_cold_start_s: round(bareS),
    cold_start_ratio_vs_bare_sdk: round(coldS / bareS),
    bare_sdk_v1_cold_start_s: round(bareV1S),
    cold_start_ratio_vs_bare_sdk_v1: round(coldS / bareV1S),
    busy_cold_start_s: round(busyS),
    sandbox_cold_start_s: round(sandboxListS),
    first_call_s: round(callS),
    first_call_ready_s: round(med('sandbox', 'listS') + callS),
  };
  const sec = 'serve';
  const rows = [
    row({
      section: sec,
      label: `cold start to tools/list (${tools.length} tools, median)`,
      value: coldS,
      shown: fmt.s(coldS),
      target: { on: 'value', max: 0.5, unit: ' s' },
    }),
    row({
      section: sec,
      label: 'cold start vs a bare server on the same MCP SDK (v2)',
      value: coldS,
      shown: fmt.s(coldS),
      base: { label: 'bare SDK v2', value: bareS, shown: fmt.s(bareS) },
      target: { max: 1.0 },
    }),
    row({
      section: sec,
      label: `cold start to tools/list with ${availableParallelism()} busy-looping processes beside it`,
      value: busyS,
      shown: fmt.s(busyS),
      target: { on: 'value', max: 1.0, unit: ' s' },
    }),
    row({
      section: sec,
      label: 'cold start vs a bare server on the v1 SDK',
      value: coldS,
      shown: fmt.s(coldS),
      base: { label: 'bare SDK v1', value: bareV1S, shown: fmt.s(bareV1S) },
    }),
    row({
      section: sec,
      label: 'first tools/call after list (--sandbox)',
      value: callS,
      shown: fmt.s(callS),
    }),
  ];
  return { figures, rows };
}
