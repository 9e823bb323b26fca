/**
 * The engine-owned cursor: `ts1.` + base64url(JSON {t: tool, p: vendor position, k: skip}),
 * followed by `.` + an HMAC-SHA256 signature when a cursor key is configured.
 * Opaque to callers; a cursor of another tool, one that does not decode, one whose position has
 * the wrong shape, or (with a key) one unsigned or altered, is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ToolError } from '../errors.js';
import { positionProblem } from './position-check.js';
import type { EnginePosition, VendorPosition } from './types.js';

const PREFIX = 'ts1.';

export function isEngineCursor(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

function signature(key: string, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

export function encodeCursor(
  tool: string,
  pos: VendorPosition | null,
  skip = 0,
  key?: string | null,
): string {
  const data: Record<string, unknown> = { t: tool, p: pos };
  if (skip > 0) data.k = skip;
  const text = PREFIX + Buffer.from(JSON.stringify(data)).toString('base64url');
  return key ? `${text}.${signature(key, text)}` : text;
}

/** The signed text of a cursor, or throws when a key is configured and the signature is missing or wrong. */
function verified(tool: string, field: string, value: string, key: string | null | undefined): string {
  const dot = value.indexOf('.', PREFIX.length);
  const text = dot < 0 ? value : value.slice(0, dot);
  if (!key) return text;
  if (dot < 0) throw bad(tool, field, 'the cursor is not signed (a cursor key is configured)');
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(key, text));
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw bad(tool, field, 'the cursor was altered (its signature does not match)');
  return text;
}

function bad(tool: string, field: string, why: string): ToolError {
  return new ToolError({
    code: 'invalid_input',
    tool,
    field,
    expected: `the next_cursor returned by an earlier ${tool} call`,
    message: `${tool}: invalid input "${field}": ${why}`,
    hint: 'Pass back next_cursor exactly as returned, to the same tool.',
  });
}

const STYLES = new Set(['cursor', 'offset', 'page_number', 'next_link', 'link_header', 'partitions']);

export function decodeCursor(
  tool: string,
  field: string,
  value: string,
  key?: string | null,
): EnginePosition {
  if (!isEngineCursor(value)) throw bad(tool, field, 'not a cursor issued by this engine');
  const text = verified(tool, field, value, key);
  let data: { t?: unknown; p?: unknown; k?: unknown };
  try {
    data = JSON.parse(Buffer.from(text.slice(PREFIX.length), 'base64url').toString('utf8')) as typeof data;
  } catch {
    throw bad(tool, field, 'the cursor is damaged');
  }
  if (data.t !== tool) {
    throw bad(
      tool,
      field,
      `the cursor belongs to another tool${typeof data.t === 'string' ? ` (${data.t})` : ''}`,
    );
  }
  const p = data.p as Record<string, unknown> | null;
  if (p !== null && (typeof p !== 'object' || !STYLES.has(String(p.style)))) {
    throw bad(tool, field, 'the cursor is damaged');
  }
  const problem = p === null ? null : positionProblem(p);
  if (problem) throw bad(tool, field, `the cursor is damaged (${problem})`);
  const skip = typeof data.k === 'number' && Number.isInteger(data.k) && data.k > 0 ? data.k : 0;
  return { tool, pos: p as VendorPosition | null, skip };
}
