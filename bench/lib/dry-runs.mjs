/**
 * Dry runs of every tool of an IR, timed in blocks: what the `build` measurement and
 * tools/machine-states.mjs share (the `validate` measurement times its blocks here too).
 */
import { now } from './clock.mjs';
import { createToolkit } from './toolspec.mjs';

/** Microseconds per call of `fn` (sync or async) over about `ms` milliseconds, reading the clock every `batch` calls. */
export async function usPerCall(fn, ms, batch = 20) {
  let n = 0;
  const t0 = now();
  let t = t0;
  while (t - t0 < ms) {
    for (let i = 0; i < batch; i++) await fn();
    n += batch;
    t = now();
  }
  return ((t - t0) * 1000) / n;
}

/** A toolkit per IR whose connections only shape URLs (a dry run sends nothing). */
export function toolkitFor(ir) {
  const variables = (s) => Object.fromEntries(s.server.variables.map((v) => [v.name, v.default ?? 'bench']));
  return createToolkit({
    specs: ir,
    connections: Object.fromEntries(
      ir.sets.map((s) => [
        s.name,
        { baseUrl: 'http://127.0.0.1:9', token: 'secret_bench_token_0123456789', variables: variables(s) },
      ]),
    ),
  });
}

/** The first example input of each tool whose dry run succeeds. */
export async function inputsOf(toolkit, ir) {
  const out = [];
  for (const tool of ir.tools) {
    for (const ex of tool.examples) {
      try {
        await toolkit.dryRun(tool.name, ex.input);
        out.push({ tool: tool.name, input: ex.input });
        break;
      } catch {
        // an example that needs a cursor or state: try the next
      }
    }
  }
  return out;
}
