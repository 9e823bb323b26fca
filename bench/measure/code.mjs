/**
 * 9. Code mode's cost on top of a direct call (issue 29): in fresh processes, the engine's
 * start-up (loading and compiling QuickJS's WebAssembly, a new instance with its own memory) plus
 * one trivial `execute` whose program makes one tool call, against that direct call; and, once the
 * engine is compiled, an execute (a new instance per program) against the direct call, interleaved.
 * The tool is notes_page_get against the offline sandbox (a loopback round trip).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { BENCH_DIR } from '../lib/paths.mjs';
import { median, round } from '../lib/stats.mjs';
import { fmt, row } from '../lib/table.mjs';

const PROCESSES = { full: 7, quick: 3 };
const ROUNDS = { full: 30, quick: 10 };

function child(rounds) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [join(BENCH_DIR, 'lib', 'code-start.mjs'), String(rounds)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    p.stdout.on('data', (d) => {
      out += d;
    });
    p.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`code-start exited ${code}`)),
    );
  });
}

export async function measure({ quick }) {
  const mode = quick ? 'quick' : 'full';
  const runs = [];
  for (let i = 0; i < PROCESSES[mode]; i++) runs.push(await child(ROUNDS[mode]));
  const coldOverhead = median(runs.map((r) => r.coldMs - r.directFirstMs));
  const coldCpuOverhead = median(runs.map((r) => r.coldCpuMs - r.directCpuMs));
  const directMs = median(runs.map((r) => r.directFirstMs));
  const warm = runs.flatMap((r) => r.warm);
  const warmDirect = median(warm.map((w) => w.directMs));
  const warmExecute = median(warm.map((w) => w.executeMs));
  const warmOverhead = median(warm.map((w) => w.executeMs - w.directMs));
  const figures = {
    processes: runs.length,
    warm_rounds: warm.length,
    direct_call_ms: round(directMs),
    cold_start_overhead_ms: round(coldOverhead),
    cold_start_cpu_overhead_ms: round(coldCpuOverhead),
    warm_direct_ms: round(warmDirect),
    warm_execute_ms: round(warmExecute),
    warm_overhead_ms: round(warmOverhead),
  };
  const sec = 'code';
  const rows = [
    row({
      section: sec,
      label: 'engine start-up + one trivial execute, on top of the direct call (median)',
      value: coldOverhead,
      shown: fmt.ms(coldOverhead),
      base: { label: 'direct call', value: directMs, shown: fmt.ms(directMs) },
      target: { on: 'value', max: 100, unit: ' ms' },
    }),
    row({
      section: sec,
      label: 'the same start-up in CPU time of the process, on top of the direct call',
      value: coldCpuOverhead,
      shown: fmt.ms(coldCpuOverhead),
    }),
    row({
      section: sec,
      label: 'execute with one call, engine compiled (new instance per program)',
      value: warmExecute,
      shown: fmt.ms(warmExecute),
      base: { label: 'direct call', value: warmDirect, shown: fmt.ms(warmDirect) },
    }),
    row({
      section: sec,
      label: 'its overhead on top of the direct call (median)',
      value: warmOverhead,
      shown: fmt.ms(warmOverhead),
    }),
  ];
  return { figures, rows };
}
