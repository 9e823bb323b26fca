/**
 * One process of the `code` measurement: a sandbox toolkit warmed by a direct call, then (first,
 * in this fresh process) the engine's start-up with one trivial execute whose program makes the
 * same call, then warm rounds of the direct call against the same execute, interleaved. Prints
 * milliseconds as JSON: wall-clock, and for the start-up the process's CPU time too (what the
 * start-up costs a machine whose cores are shared with other work).
 */
import { now } from './clock.mjs';
import { createCodeRunner, createSandboxToolkit, loadShippedSpecs } from './toolspec.mjs';

const ROUNDS = Number(process.argv[2] ?? 20);
const TOOL = 'notes_page_get';
const INPUT = { page_id: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a' };
const PROGRAM = `return await tools.${TOOL}(${JSON.stringify(INPUT)})`;

const ir = loadShippedSpecs();
const { toolkit } = await createSandboxToolkit({ ir });
try {
  // Warm the toolkit (validator, connection, sandbox route) so both paths start from the same state.
  await toolkit.call(TOOL, INPUT);
  await toolkit.call(TOOL, INPUT);
  const cpuMs = (since) => {
    const u = process.cpuUsage(since);
    return (u.user + u.system) / 1000;
  };
  const direct = async () => {
    const t = now();
    await toolkit.call(TOOL, INPUT);
    return now() - t;
  };
  const c0 = process.cpuUsage();
  const directFirst = await direct();
  const directCpuMs = cpuMs(c0);
  const t0 = now();
  const c1 = process.cpuUsage();
  const runner = createCodeRunner(toolkit);
  const first = await runner.execute(PROGRAM);
  const coldMs = now() - t0;
  const coldCpuMs = cpuMs(c1);
  if (first.calls.length !== 1 || first.calls[0].outcome !== 'ok') throw new Error(JSON.stringify(first));
  const warm = [];
  for (let i = 0; i < ROUNDS; i++) {
    const d = await direct();
    const t = now();
    await runner.execute(PROGRAM);
    warm.push({ directMs: d, executeMs: now() - t });
  }
  process.stdout.write(
    `${JSON.stringify({ directFirstMs: directFirst, directCpuMs, coldMs, coldCpuMs, warm })}\n`,
  );
} finally {
  await toolkit.close();
}
