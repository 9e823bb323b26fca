/** Reading fixed-position decimal digits (dates and times), without a regex match per value. */

/** The two-digit number at `i` of `s`: NaN unless both characters are ASCII digits (NaN then fails every range test). */
export function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : Number.NaN;
}
