/** Summary statistics over samples (milliseconds, seconds or counts; the caller knows the unit). */

/** Nearest-rank percentile of already sorted numbers (p in [0, 100]). */
export function percentileSorted(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function percentile(samples, p) {
  return percentileSorted(
    [...samples].sort((a, b) => a - b),
    p,
  );
}

export const median = (samples) => percentile(samples, 50);

export const mean = (samples) => samples.reduce((a, b) => a + b, 0) / samples.length;

/** a / b, NaN when either is missing. */
export function ratio(a, b) {
  return Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? a / b : Number.NaN;
}

/** Rounds to `digits` significant decimals for JSON output (keeps small numbers readable). */
export function round(x, digits = 3) {
  if (!Number.isFinite(x)) return null;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
