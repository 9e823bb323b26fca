/**
 * Output budget: a mapped output larger than the tool's `maxOutputBytes` is cut, and the cut is
 * described. A paging envelope drops trailing items and points `next_cursor` at the first
 * dropped one, so nothing is lost; any other output has its largest array (or longest string)
 * shortened, with a `_truncated` note saying what was cut and how to get the rest.
 */
import type { JsonValue } from '@toolspec/language';

export interface Truncation {
  readonly reason: 'max_output_bytes';
  readonly limit_bytes: number;
  readonly original_bytes: number;
  readonly dropped_items?: number;
  readonly path?: string;
  readonly dropped_chars?: number;
  readonly hint: string;
}

export const byteSize = (v: unknown): number => Buffer.byteLength(JSON.stringify(v) ?? '', 'utf8');

/** How many leading items fit when the envelope without items takes `overhead` bytes (at least one is kept). */
export function itemsThatFit(itemSizes: readonly number[], overhead: number, max: number): number {
  let total = overhead;
  for (let i = 0; i < itemSizes.length; i++) {
    total += (itemSizes[i] as number) + (i > 0 ? 1 : 0);
    if (total > max) return Math.max(1, i);
  }
  return itemSizes.length;
}

/** Envelope budgeting: returns how many items to keep (all when it fits). */
export function budgetItems(
  items: readonly JsonValue[],
  max: number,
  overhead = 400,
): { keep: number; size: number } {
  const sizes = items.map(byteSize);
  const size = sizes.reduce((a, b) => a + b + 1, overhead);
  if (size <= max) return { keep: items.length, size };
  return { keep: itemsThatFit(sizes, overhead, max), size };
}

type Found = { path: (string | number)[]; kind: 'array' | 'string'; size: number };

function largest(
  value: JsonValue,
  path: (string | number)[],
  depth: number,
  best: Found | null,
): Found | null {
  if (Array.isArray(value)) {
    const size = byteSize(value);
    if (value.length > 1 && (!best || best.kind === 'string' || size > best.size))
      best = { path, kind: 'array', size };
    if (depth > 0)
      for (let i = 0; i < value.length; i++)
        best = largest(value[i] as JsonValue, [...path, i], depth - 1, best);
  } else if (typeof value === 'string') {
    if (!best || (best.kind === 'string' && value.length > best.size))
      best = { path, kind: 'string', size: value.length };
  } else if (value && typeof value === 'object') {
    if (depth > 0)
      for (const [k, v] of Object.entries(value)) best = largest(v, [...path, k], depth - 1, best);
  }
  return best;
}

function setAt(root: JsonValue, path: readonly (string | number)[], v: JsonValue): JsonValue {
  if (path.length === 0) return v;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[head as number] = setAt(copy[head as number] as JsonValue, rest, v);
    return copy;
  }
  const obj = root as Record<string, JsonValue>;
  return { ...obj, [head as string]: setAt(obj[head as string] as JsonValue, rest, v) };
}

function getAt(root: JsonValue, path: readonly (string | number)[]): JsonValue {
  let cur: JsonValue = root;
  for (const p of path) cur = (cur as Record<string | number, JsonValue>)[p] as JsonValue;
  return cur;
}

/** Length of the longest prefix of `s` whose JSON takes at most `bytes` bytes of UTF-8 (no half surrogate pair). */
function prefixWithin(s: string, bytes: number): number {
  if (bytes <= 2) return 0;
  let lo = 0;
  let hi = s.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (byteSize(s.slice(0, mid)) <= bytes) lo = mid;
    else hi = mid - 1;
  }
  const last = s.charCodeAt(lo - 1);
  return lo > 0 && last >= 0xd800 && last <= 0xdbff ? lo - 1 : lo;
}

/** Budget a non-envelope output. Returns the value as is when it fits. */
export function budgetValue(value: JsonValue, max: number, hint: string): JsonValue {
  const json = JSON.stringify(value) ?? '';
  // UTF-8 takes at most 3 bytes per UTF-16 unit: most outputs are cleared without measuring.
  if (json.length * 3 <= max) return value;
  const original = Buffer.byteLength(json, 'utf8');
  if (original <= max) return value;
  const found = largest(value, [], 4, null);
  const pointer = found ? `/${found.path.join('/')}` : '';
  let out: JsonValue = value;
  let note: Truncation;
  if (found?.kind === 'array') {
    const arr = getAt(value, found.path) as JsonValue[];
    const rest = original - found.size;
    const { keep } = budgetItems(arr, max, rest + 600);
    out = setAt(value, found.path, arr.slice(0, keep));
    note = {
      reason: 'max_output_bytes',
      limit_bytes: max,
      original_bytes: original,
      dropped_items: arr.length - keep,
      path: pointer,
      hint,
    };
  } else if (found?.kind === 'string') {
    const s = getAt(value, found.path) as string;
    const keepChars = prefixWithin(s, byteSize(s) - (original - max) - 600);
    out = setAt(value, found.path, `${s.slice(0, keepChars)}…`);
    note = {
      reason: 'max_output_bytes',
      limit_bytes: max,
      original_bytes: original,
      dropped_chars: s.length - keepChars,
      path: pointer,
      hint,
    };
  } else {
    return {
      _truncated: { reason: 'max_output_bytes', limit_bytes: max, original_bytes: original, hint },
    } as JsonValue;
  }
  if (out !== null && typeof out === 'object' && !Array.isArray(out))
    return { ...out, _truncated: note as unknown as JsonValue };
  return { truncated_output: out, _truncated: note as unknown as JsonValue };
}
