/**
 * The engine-owned cursor: `ts1.` + base64url(JSON {t: tool, p: vendor position, k: skip}) + `.`
 * + an HMAC-SHA256 signature. Always signed: with the shared key (TOOLSPEC_CURSOR_KEY, the same
 * in every replica and every process that hands cursors on) or, when none is configured, with a
 * random key of this process. Opaque to callers; a cursor of another tool, one that does not
 * decode, one whose position has the wrong shape, or one unsigned, altered or signed with another
 * key (forged, or issued by another process without the shared key) is refused.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ToolError } from '../errors.js';
import { positionProblem } from './position-check.js';
import type { EnginePosition, VendorPosition } from './types.js';

/** The key cursors are signed with; `shared`: configured (TOOLSPEC_CURSOR_KEY), not this process's own. */
export interface CursorKey {
  readonly secret: string;
  readonly shared: boolean;
}

let ownKey: CursorKey | undefined;

/** The configured key, or the random key of this process (one for every toolkit it creates). */
export function cursorKeyOf(configured: string | null): CursorKey {
  if (configured !== null) return { secret: configured, shared: true };
  ownKey ??= { secret: randomBytes(32).toString('base64url'), shared: false };
  return ownKey;
}

const PREFIX = 'ts1.';

export function isEngineCursor(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

/**
 * A cursor's content without its signature: what a spec example states as `next_cursor` (a
 * signature depends on the key of the process that issued it, which no example can know).
 */
export function unsignedCursor(cursor: string): string {
  if (!isEngineCursor(cursor)) return cursor;
  const dot = cursor.indexOf('.', PREFIX.length);
  return dot < 0 ? cursor : cursor.slice(0, dot);
}

function signature(key: string, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

export function encodeCursor(tool: string, pos: VendorPosition | null, skip: number, key: CursorKey): string {
  const data: Record<string, unknown> = { t: tool, p: pos };
  if (skip > 0) data.k = skip;
  const text = PREFIX + Buffer.from(JSON.stringify(data)).toString('base64url');
  return `${text}.${signature(key.secret, text)}`;
}

/** What a refused signature means, and what to do about it, by where the key comes from. */
const SIGNATURE_HINT = {
  own: 'This process signs cursors with a random key of its own because TOOLSPEC_CURSOR_KEY is unset: a cursor from another process (an earlier `toolspec call`, another replica, a restarted server) is refused too. To continue a listing across processes, set the same TOOLSPEC_CURSOR_KEY (at least 32 characters) in each of them; otherwise pass back next_cursor exactly as this process returned it.',
  shared:
    'Cursors are signed with TOOLSPEC_CURSOR_KEY: a cursor from a process with another key (or none) is refused. Pass back next_cursor exactly as returned, to the same tool, from a process that shares the key.',
} as const;

/** The signed text of a cursor, or throws when its signature is missing or wrong. */
function verified(tool: string, field: string, value: string, key: CursorKey): string {
  const dot = value.indexOf('.', PREFIX.length);
  const where = key.shared
    ? 'cursors are signed with TOOLSPEC_CURSOR_KEY, and this one is not signed with it'
    : 'TOOLSPEC_CURSOR_KEY is unset, so this process signs with a key of its own: a cursor from another process continues only when both set the same TOOLSPEC_CURSOR_KEY';
  const hint = key.shared ? SIGNATURE_HINT.shared : SIGNATURE_HINT.own;
  if (dot < 0) throw bad(tool, field, `the cursor is not signed (${where})`, hint);
  const text = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(key.secret, text));
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw bad(
      tool,
      field,
      `the cursor's signature does not match: altered, forged or issued elsewhere (${where})`,
      hint,
    );
  return text;
}

function bad(tool: string, field: string, why: string, hint?: string): ToolError {
  return new ToolError({
    code: 'invalid_input',
    tool,
    field,
    expected: `the next_cursor returned by an earlier ${tool} call`,
    message: `${tool}: invalid input "${field}": ${why}`,
    hint: hint ?? 'Pass back next_cursor exactly as returned, to the same tool.',
  });
}

const STYLES = new Set(['cursor', 'offset', 'page_number', 'next_link', 'link_header', 'partitions']);

export function decodeCursor(tool: string, field: string, value: string, key: CursorKey): EnginePosition {
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
