/** Deterministic JSON: sorted keys where order is arbitrary, 2-space indent, LF, trailing newline. */

/**
 * Keys whose object value is an ordered list of names chosen by the author: kept in declaration
 * order (the order an agent reads the inputs in). Every other object's keys are sorted.
 */
const ORDERED_MAPS = new Set(['properties']);

export function canonicalize(value: unknown, keepOrder = false): unknown {
  if (Array.isArray(value)) return value.map((v) => canonicalize(v));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (!keepOrder) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) out[k] = canonicalize(v, ORDERED_MAPS.has(k) && !keepOrder);
  return out;
}

/** Canonical JSON text of a value (schema keywords sorted, `properties` in declaration order). */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(canonicalize(value), null, 2)}\n`;
}

/** JSON text with a leading `$comment` (the provenance header) followed by the sorted members. */
export function jsonFile(comment: string, value: Record<string, unknown>): string {
  const body = canonicalize(value) as Record<string, unknown>;
  return `${JSON.stringify({ $comment: comment, ...body }, null, 2)}\n`;
}

/**
 * JSON text as a TypeScript string literal, for generated modules that hold data: single-quoted,
 * one line of the text per source line (its indentation dropped; line continuations join them),
 * so the module diffs line by line. A string literal and one JSON.parse load as fast as reading a
 * JSON file; an object literal of the same data takes about twice as long to load.
 */
export function jsonLiteral(json: string): string {
  const lines = json.split('\n').map((l) => l.trimStart().replace(/[\\'\u2028\u2029]/g, escapeChar));
  return `'${lines.join('\\\n')}'`;
}

const escapeChar = (c: string): string =>
  c === '\u2028' ? '\\u2028' : c === '\u2029' ? '\\u2029' : `\\${c}`;

/** The JSON text a `jsonLiteral` holds (given the literal, quotes included). */
export function jsonOfLiteral(literal: string): string {
  return literal
    .slice(1, -1)
    .replace(/\\(\n|u2028|u2029|[\\'])/g, (_, c: string) =>
      c === '\n' ? '' : c === 'u2028' ? '\u2028' : c === 'u2029' ? '\u2029' : c,
    );
}
