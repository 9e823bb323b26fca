/**
 * JSON-RPC 2.0 message checks shared by the stdio and HTTP fronts: what the SDK accepts passes
 * (its own schemas decide), anything else gets an Invalid Request answer that says what is wrong
 * and echoes the request id whenever one can be read.
 */
import {
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResponse,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  ProtocolErrorCode,
  type RequestId,
} from '@modelcontextprotocol/server';

export type Checked =
  | { readonly ok: true; readonly message: JSONRPCMessage }
  | { readonly ok: false; readonly answer: JSONRPCErrorResponse };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The id of a request-shaped value, when it is one JSON-RPC allows (a string or an integer), else null. */
export function readableId(value: unknown): RequestId | null {
  if (!isObject(value)) return null;
  const { id } = value;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : null;
}

/** A JSON-RPC error answer (`id` null when the request's could not be read). */
export function errorAnswer(id: RequestId | null, code: number, message: string): JSONRPCErrorResponse {
  // JSON-RPC 2.0 requires `id: null` when the request's id cannot be read; the SDK's type has no null.
  return { jsonrpc: '2.0', id: id as RequestId, error: { code, message } };
}

/** A value in a few words, never its content (which may be large). */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'a non-finite number';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** What keeps `value` from being a JSON-RPC request, notification or response, in words. */
function whatIsWrong(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? 'an empty batch' : 'a batch is not a single message';
  if (!isObject(value)) return `a message is a JSON object, not ${kindOf(value)}`;
  if (value.jsonrpc !== '2.0') return '"jsonrpc" must be "2.0"';
  if ('id' in value && readableId(value) === null)
    return `"id" must be a string or an integer, not ${kindOf(value.id)}`;
  const isResponse = 'result' in value || 'error' in value;
  if (!('method' in value) && !isResponse) return 'a request needs a "method"';
  if ('method' in value && typeof value.method !== 'string') return '"method" must be a string';
  if ('params' in value && !isObject(value.params)) return '"params" must be an object';
  return isResponse ? 'not a valid response' : 'not a valid request or notification';
}

/** The message when `value` is one the SDK accepts, else the Invalid Request answer for it. */
export function checkMessage(value: unknown): Checked {
  if (isJSONRPCRequest(value) || isJSONRPCNotification(value) || isJSONRPCResponse(value))
    return { ok: true, message: value as JSONRPCMessage };
  return {
    ok: false,
    answer: errorAnswer(
      readableId(value),
      ProtocolErrorCode.InvalidRequest,
      `Invalid Request: ${whatIsWrong(value)}`,
    ),
  };
}

/** Protocol versions whose JSON-RPC takes batches: 2025-03-26 added them, 2025-06-18 removed them. */
export const BATCH_VERSIONS: ReadonlySet<string> = new Set(['2025-03-26']);

/** The answer to a batch on a connection that negotiated `version` (undefined: none), or null when batches are allowed. */
export function batchRefusal(version: string | undefined): JSONRPCErrorResponse | null {
  if (version !== undefined && BATCH_VERSIONS.has(version)) return null;
  return errorAnswer(
    null,
    ProtocolErrorCode.InvalidRequest,
    `Invalid Request: JSON-RPC batches are answered only under protocol version ${[...BATCH_VERSIONS].join(', ')} (this connection: ${version ?? 'no version negotiated by initialize'}); send the messages one at a time`,
  );
}

export const PARSE_ERROR = errorAnswer(
  null,
  ProtocolErrorCode.ParseError,
  'Parse error: the message is not JSON',
);
