/**
 * Sequential per-call latency of several contenders that each fetch the same Notion page:
 * check the answer, warm up, then blocks interleaved round by round (one contender never gets
 * a quieter machine than another). Figures per contender: p50 and p99 in ms, and the call count.
 */
import { now } from './clock.mjs';
import { interleaved } from './interleave.mjs';
import { median, percentile, round } from './stats.mjs';

/** `n` sequential calls; the latency of each in ms. */
export async function sequentialBlock(call, n) {
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = now();
    await call();
    out[i] = now() - t0;
  }
  return out;
}

/**
 * `calls`: name -> a call resolving to the page; `settings`: {warmup, rounds, block}. Each answer is
 * checked to be the page with `pageId` before anything is timed.
 */
export async function pageLatencies(calls, pageId, settings) {
  const names = Object.keys(calls);
  for (const name of names) {
    const page = await calls[name]();
    if (page?.id !== pageId) throw new Error(`${name} did not return the page`);
    await sequentialBlock(calls[name], settings.warmup);
  }
  const lat = await interleaved(names, settings.rounds, (n) => sequentialBlock(calls[n], settings.block));
  return Object.fromEntries(
    names.map((n) => [
      n,
      { p50_ms: round(median(lat[n]), 4), p99_ms: round(percentile(lat[n], 99), 4), calls: lat[n].length },
    ]),
  );
}
