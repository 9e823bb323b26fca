/** Monotonic time in milliseconds. */
import { performance } from 'node:perf_hooks';

export const now = () => performance.now();

/** Runs `fn` and returns its duration in milliseconds. */
export async function timed(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}
