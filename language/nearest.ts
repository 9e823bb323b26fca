/**
 * "Did you mean …?": the names nearest to a mistyped one (a tool, an option, a command) by
 * Levenshtein distance, case ignored, accepted up to a third of the longer name (at least 1, at
 * most 3 edits), so a suggestion is a likely typo and never an unrelated name.
 */

/** Edits (insert, delete, replace) turning `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const replace = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(replace, (previous[j] as number) + 1, (current[j - 1] as number) + 1));
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/**
 * The candidates nearest to `name` (every one at the smallest distance, in the order given), or
 * none when no candidate is near enough to be a typo of it. `name` itself is never suggested.
 */
export function nearest(name: string, candidates: Iterable<string>): string[] {
  const wrong = name.toLowerCase();
  let best: string[] = [];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const d = editDistance(wrong, candidate.toLowerCase());
    const limit = Math.min(3, Math.max(1, Math.floor(Math.max(name.length, candidate.length) / 3)));
    if (d > limit || d > bestDistance) continue;
    if (d < bestDistance) {
      best = [];
      bestDistance = d;
    }
    if (!best.includes(candidate)) best.push(candidate);
  }
  return best;
}
