/**
 * The engine-owned cursor: `ts1.` + base64url(JSON {t: tool, p: vendor position, k: skip}).
 * Opaque to callers; a cursor of another tool, or one that does not decode, is refused.
 */
import { ToolError } from '../errors.js';
import type { EnginePosition, VendorPosition } from './types.js';

const PREFIX = 'ts1.';

export function isEngineCursor(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

export function encodeCursor(tool: string, pos: VendorPosition | null, skip = 0): string {
  const data: Record<string, unknown> = { t: tool, p: pos };
  if (skip > 0) data.k = skip;
  return PREFIX + Buffer.from(JSON.stringify(data)).toString('base64url');
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

export function decodeCursor(tool: string, field: string, value: string): EnginePosition {
  if (!isEngineCursor(value)) throw bad(tool, field, 'not a cursor issued by this engine');
  let data: { t?: unknown; p?: unknown; k?: unknown };
  try {
    data = JSON.parse(Buffer.from(value.slice(PREFIX.length), 'base64url').toString('utf8')) as typeof data;
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
  const skip = typeof data.k === 'number' && Number.isInteger(data.k) && data.k > 0 ? data.k : 0;
  return { tool, pos: p as VendorPosition | null, skip };
}
