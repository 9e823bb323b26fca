/**
 * The nearest of some names to a mistyped one (an option, a command), for "did you mean …?":
 * the Levenshtein distance, accepted up to a third of the longer name (at least 1, at most 3).
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

/** The name of `names` nearest to `wrong`, or undefined when none is near enough to be a typo. */
export function nearest(wrong: string, names: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const name of names) {
    const d = editDistance(wrong.toLowerCase(), name.toLowerCase());
    const limit = Math.min(3, Math.max(1, Math.floor(Math.max(wrong.length, name.length) / 3)));
    if (d <= limit && d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return best;
}
