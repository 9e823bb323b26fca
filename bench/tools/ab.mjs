/**
 * Did a change make dry runs faster, on a machine whose speed moves by 1.5-3x from one moment to
 * the next? Loads the built packages of two checkouts into one process (this one, and another,
 * e.g. a `git worktree` of the commit before the change, built with `npm ci && npm run build`),
 * runs every shipped tool's dry runs in both, then times each named tool in alternating 15 ms
 * blocks, round after round: both sides always run in the same state of the machine.
 *
 *   node bench/tools/ab.mjs <other checkout> [tool,tool,...] [rounds]
 *     (default tools: the five slowest of the last full run; default rounds: 11)
 *
 * Prints, per tool, the fastest block of each side and the median over rounds of this side's time
 * divided by the other's (below 1: this checkout is faster).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { median } from '../lib/stats.mjs';

const here = resolve(new URL('../..', import.meta.url).pathname);
const other = process.argv[2] ? resolve(process.argv[2]) : null;
if (!other) throw new Error('usage: node bench/tools/ab.mjs <other checkout> [tool,tool,...] [rounds]');
const latest = JSON.parse(readFileSync(resolve(here, 'bench/results/latest.json'), 'utf8'));
const tools = process.argv[3]?.split(',') ?? Object.keys(latest.build?.slowest_10 ?? {}).slice(0, 5);
const rounds = Number(process.argv[4] ?? 11);

/** One checkout's toolkit over the shipped sets, every tool dry-run once, and the inputs that dry-run. */
async function side(root) {
  const { inputsOf, toolkitFor, usPerCall } = await import(resolve(root, 'bench/lib/dry-runs.mjs'));
  const { loadShippedSpecs } = await import(resolve(root, 'bench/lib/toolspec.mjs'));
  const ir = loadShippedSpecs();
  const toolkit = toolkitFor(ir);
  const inputs = new Map((await inputsOf(toolkit, ir)).map((c) => [c.tool, c.input]));
  for (const [tool, input] of inputs) await usPerCall(() => toolkit.dryRun(tool, input), 5);
  return { toolkit, inputs, usPerCall };
}

const [mine, theirs] = [await side(here), await side(other)];
const fastest = (xs) =>
  Math.min(...xs)
    .toFixed(2)
    .padStart(6);
const block = (s, tool) => s.usPerCall(() => s.toolkit.dryRun(tool, s.inputs.get(tool)), 15);
console.log(`this checkout (${here}) against ${other}, ${rounds} rounds of 15 ms blocks`);
for (const tool of tools) {
  if (!mine.inputs.has(tool) || !theirs.inputs.has(tool)) {
    console.log(`${tool}: no example dry-runs on both sides`);
    continue;
  }
  const a = [];
  const b = [];
  for (let r = 0; r < rounds; r++) {
    b.push(await block(theirs, tool));
    a.push(await block(mine, tool));
  }
  const ratio = median(a.map((x, i) => x / b[i]));
  console.log(`${tool.padEnd(40)} other ${fastest(b)} µs  this ${fastest(a)} µs  ratio ${ratio.toFixed(3)}`);
}
await Promise.all([mine.toolkit.close(), theirs.toolkit.close()]);
