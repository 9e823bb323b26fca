/**
 * tools/call results. Success: the output as structuredContent plus a compact text form that
 * stays within the tool's output budget and says how to continue (next page, or cut text).
 * Failure: isError with the typed error's code, message, the vendor's message, a hint and
 * whether a retry is safe — never a stack trace. The error carries no structuredContent (clients
 * check structuredContent against the tool's outputSchema even on errors): the typed error rides
 * in `_meta` under ERROR_META instead. Pure.
 */

import type { JsonValue } from '@toolspec/language';
import { asToolError } from '@toolspec/runtime/errors';

export interface TextContent {
  readonly type: 'text';
  readonly text: string;
}

export interface CallResult {
  readonly content: TextContent[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
  readonly [key: string]: unknown;
}

/** Where an error result carries the typed error (ToolError.toJSON()). */
export const ERROR_META = 'dev.toolspec/error';

export interface SuccessOptions {
  /** Largest text form in bytes (the tool's max_output_bytes). */
  readonly budgetBytes?: number | undefined;
  /** The input that carries the engine's next_cursor back (e.g. `cursor` or `start_cursor`). */
  readonly cursorInput?: string | undefined;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Cut a string to at most `bytes` UTF-8 bytes without splitting a character. */
export function cutUtf8(text: string, bytes: number): string {
  const buf = Buffer.from(text, 'utf8');
  if (buf.length <= bytes) return text;
  let end = Math.max(0, bytes);
  while (end > 0 && ((buf[end] ?? 0) & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8');
}

/**
 * The "how to continue" line for a paging envelope with more results (including one the
 * runtime cut to the tool's budget: `truncated.hint`), else null.
 */
export function continuation(
  tool: string,
  output: JsonValue,
  cursorInput: string | undefined,
): string | null {
  if (!isPlainObject(output) || output.has_more !== true) return null;
  const next = output.next_cursor;
  if (typeof next !== 'string' || next === '') return null;
  const truncated = output.truncated;
  const cut = isPlainObject(truncated) && typeof truncated.hint === 'string' ? `Cut: ${truncated.hint} ` : '';
  const how = cursorInput
    ? `call ${tool} again with the same input plus ${JSON.stringify({ [cursorInput]: next })}`
    : `pass next_cursor back to ${tool}`;
  return `has_more: true. ${cut}For the next page, ${how}.`;
}

export function successResult(tool: string, output: JsonValue, options: SuccessOptions = {}): CallResult {
  const structuredContent = isPlainObject(output) ? output : { result: output };
  let text = JSON.stringify(output) ?? 'null';
  const more = continuation(tool, output, options.cursorInput);
  const budget = options.budgetBytes;
  const size = Buffer.byteLength(text, 'utf8');
  if (budget !== undefined && size > budget) {
    const advice = more
      ? more
      : 'Narrow the request (filters, fewer fields, a smaller page size) to see the rest; the complete value is in structuredContent.';
    text = `${cutUtf8(text, budget)}\n[output cut at ${budget} of ${size} bytes] ${advice}`;
  } else if (more) {
    text = `${text}\n${more}`;
  }
  return { content: [{ type: 'text', text }], structuredContent };
}

/** An object output as structuredContent and as its JSON text, nothing appended (an answer that carries its own continuation). */
export function jsonResult(output: Record<string, unknown>): CallResult {
  return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
}

export function errorResult(e: unknown, tool: string | undefined): CallResult {
  const err = asToolError(e, tool);
  const json = err.toJSON();
  const lines = [`Error (${json.code}): ${json.message}`];
  if (json.vendor_message !== undefined) {
    lines.push(
      `Vendor message${json.status !== undefined ? ` (HTTP ${json.status})` : ''}: ${json.vendor_message}`,
    );
  }
  for (const issue of json.issues ?? []) lines.push(`- ${issue.field}: ${issue.message}`);
  if (json.hint !== undefined) lines.push(`Hint: ${json.hint}`);
  lines.push(
    `Retry safe: ${json.retryable ? `yes${json.retry_after !== undefined ? ` (after ${json.retry_after} s)` : ''}` : 'no'}`,
  );
  return {
    content: [{ type: 'text', text: lines.join('\n') }],
    isError: true,
    _meta: { [ERROR_META]: json },
  };
}
