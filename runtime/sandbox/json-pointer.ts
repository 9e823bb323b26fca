/** Minimal RFC 6901 reads and writes on plain JSON data (the sandbox edits copies of example bodies). */
import { pathOf } from '../spec/diagnostics.js';

function walk(doc: unknown, keys: readonly string[]): unknown {
  let cur: unknown = doc;
  for (const key of keys) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

export function getPointer(doc: unknown, pointer: string): unknown {
  return walk(doc, pathOf(pointer));
}

/** Set (or, with `undefined`, delete) the value at `pointer` when its parent exists; the root is never replaced. */
export function setPointer(doc: unknown, pointer: string, value: unknown): void {
  const keys = pathOf(pointer);
  const last = keys.pop();
  const parent = walk(doc, keys);
  if (last === undefined || typeof parent !== 'object' || parent === null) return;
  if (value === undefined) delete (parent as Record<string, unknown>)[last];
  else (parent as Record<string, unknown>)[last] = value;
}

/** Set the value at `pointer`, creating intermediate objects (used to build vendor-shaped error bodies). */
export function putPointer(doc: Record<string, unknown>, pointer: string, value: unknown): void {
  const keys = pathOf(pointer);
  const last = keys.pop();
  if (last === undefined) return;
  let cur = doc;
  for (const key of keys) {
    const next = cur[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) cur[key] = {};
    cur = cur[key] as Record<string, unknown>;
  }
  cur[last] = value;
}
