/**
 * Peak RSS while something runs: a baseline after a full GC (run with --expose-gc), then
 * process.memoryUsage.rss() sampled on a short timer and at every `sample()` call.
 */
export function rssSampler(intervalMs = 2) {
  globalThis.gc?.();
  globalThis.gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sample = () => {
    const rss = process.memoryUsage.rss();
    if (rss > peak) peak = rss;
  };
  const timer = setInterval(sample, intervalMs);
  return {
    sample,
    /** Stops sampling; growth in MB (2^20 bytes) over the baseline. */
    stop() {
      clearInterval(timer);
      sample();
      return {
        baselineMb: baseline / 2 ** 20,
        peakMb: peak / 2 ** 20,
        growthMb: (peak - baseline) / 2 ** 20,
      };
    },
  };
}
