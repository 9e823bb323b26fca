/**
 * Is a slow `build` figure the code or the machine? Runs every shipped tool's dry runs in turn (as
 * the `build` measurement does), then, round after round, times 15 ms blocks of one tool's dry runs
 * next to 10 ms blocks of a fixed JavaScript loop and of `JSON.stringify` of a fixed value, which
 * no toolspec change can speed up or slow down. When the three columns rise and fall together, the
 * spread between rounds is the machine's state, not the dry run.
 *
 *   node bench/tools/machine-states.mjs [tool] [rounds]     (default: mail_create_calendar_event 20)
 *
 * Needs the built packages (`npm run build`). Prints one line per round, then the dry run's median
 * in the rounds where the fixed loop ran at its fastest and at its slowest third.
 */
import { inputsOf, toolkitFor, usPerCall } from '../lib/dry-runs.mjs';
import { median } from '../lib/stats.mjs';
import { loadShippedSpecs } from '../lib/toolspec.mjs';

const target = process.argv[2] ?? 'mail_create_calendar_event';
const rounds = Number(process.argv[3] ?? 20);

const ir = loadShippedSpecs();
const toolkit = toolkitFor(ir);
const inputs = new Map((await inputsOf(toolkit, ir)).map((c) => [c.tool, c.input]));
if (!inputs.has(target)) throw new Error(`no example of ${target} dry-runs`);

/** A fixed loop of allocation and property reads. */
function fixedLoop() {
  let acc = 0;
  for (let i = 0; i < 200; i++) {
    const o = { a: i, b: `x${i & 7}`, c: [i, i + 1] };
    acc += o.a + o.b.length + o.c[1];
  }
  return acc;
}

const fixedValue = JSON.parse(JSON.stringify(inputs.get(target)));
const others = [...inputs].filter(([name]) => name !== target);
for (const [name, input] of inputs) for (let i = 0; i < 300; i++) await toolkit.dryRun(name, input);
await usPerCall(fixedLoop, 20); // the references warmed up too
await usPerCall(() => JSON.stringify(fixedValue), 20);

const rows = [];
console.log('round   dry run µs   fixed loop µs   JSON.stringify µs');
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < 8; k++) {
    const [name, input] = others[(r * 8 + k) % others.length];
    await usPerCall(() => toolkit.dryRun(name, input), 10);
  }
  const dry = await usPerCall(() => toolkit.dryRun(target, inputs.get(target)), 15);
  const loop = await usPerCall(fixedLoop, 10);
  const stringify = await usPerCall(() => JSON.stringify(fixedValue), 10);
  rows.push({ dry, loop });
  console.log(
    `${String(r).padStart(5)} ${dry.toFixed(2).padStart(12)} ${loop.toFixed(2).padStart(15)} ${stringify.toFixed(2).padStart(19)}`,
  );
}

const byLoop = [...rows].sort((a, b) => a.loop - b.loop);
const third = Math.max(1, Math.floor(rows.length / 3));
const fast = byLoop.slice(0, third).map((x) => x.dry);
const slow = byLoop.slice(-third).map((x) => x.dry);
console.log(
  `${target}: ${median(fast).toFixed(2)} µs in the rounds where the fixed loop was fastest, ${median(slow).toFixed(2)} µs where it was slowest`,
);
await toolkit.close();
