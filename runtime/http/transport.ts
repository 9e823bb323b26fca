/**
 * One HTTP exchange over undici: keep-alive dispatcher, headers/body timeouts, abort, and a
 * response size cap enforced while streaming (the body is abandoned past the cap). Failures
 * become `TransportFailure`s that say whether the request may have reached the server, which
 * is what the retry policy needs.
 */
import type { Dispatcher } from 'undici';
import type { ErrorCode } from '../errors.js';
import type { HttpRequest } from '../request/build.js';

export interface HttpResponse {
  readonly status: number;
  /** Lower-cased names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as text ('' when there was none); parse with `parseBody`. */
  readonly text: string;
  readonly bytes: number;
}

export interface SendOptions {
  readonly signal?: AbortSignal | undefined;
  readonly headersTimeoutMs: number;
  readonly bodyTimeoutMs: number;
  readonly maxResponseBytes: number;
}

/** A failed exchange (no usable HTTP answer). */
export class TransportFailure extends Error {
  override name = 'TransportFailure';
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** False only when the request certainly never left (connect failures). */
    readonly mayHaveReached: boolean,
  ) {
    super(message);
  }
}

const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CONNECT',
]);

function errCode(e: unknown): string {
  const err = e as { code?: unknown; cause?: { code?: unknown } };
  return String(err.code ?? err.cause?.code ?? '');
}

/** Classify an undici/socket error. The message never includes request data. */
export function classify(e: unknown, signal: AbortSignal | undefined): TransportFailure {
  if (e instanceof TransportFailure) return e;
  const code = errCode(e);
  if (signal?.aborted || (e as Error).name === 'AbortError' || code === 'UND_ERR_ABORTED') {
    return new TransportFailure('aborted', 'the call was aborted', true);
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return new TransportFailure('timeout', 'connect timed out', false);
  if (code === 'UND_ERR_HEADERS_TIMEOUT') {
    return new TransportFailure('timeout', 'timed out waiting for the response headers', true);
  }
  if (code === 'UND_ERR_BODY_TIMEOUT')
    return new TransportFailure('timeout', 'timed out reading the response body', true);
  if (CONNECT_CODES.has(code))
    return new TransportFailure('network_error', `could not connect (${code})`, false);
  return new TransportFailure('network_error', `connection failed${code ? ` (${code})` : ''}`, true);
}

function flatHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k in raw) {
    const v = raw[k];
    if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

function tooLarge(max: number): TransportFailure {
  return new TransportFailure('invalid_response', `the response body exceeds the ${max}-byte limit`, true);
}

/**
 * Parse a finished body: JSON when it says or looks like JSON, text for text/*; undefined when
 * empty. Malformed JSON is invalid_response, unless `lenient` (error answers), which keeps the text.
 */
export function parseBody(text: string, contentType: string, lenient = false): unknown {
  if (text === '') return undefined;
  if (contentType === 'application/json' || contentType.startsWith('application/json;')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      if (lenient) return text;
      throw new TransportFailure('invalid_response', 'the response body is not valid JSON', true);
    }
  }
  const ct = contentType.toLowerCase();
  const looksJson = ct.includes('json') || ct === '' || /^\s*[{["]/.test(text);
  if (looksJson && !(ct.startsWith('text/') && !ct.includes('json'))) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      if (lenient) return text;
      throw new TransportFailure('invalid_response', 'the response body is not valid JSON', true);
    }
  }
  return text;
}

export async function send(
  dispatcher: Dispatcher,
  req: HttpRequest,
  opts: SendOptions,
): Promise<HttpResponse> {
  let res: Dispatcher.ResponseData;
  try {
    res = await dispatcher.request({
      origin: req.origin,
      path: req.path,
      method: req.method as Dispatcher.HttpMethod,
      headers: req.headers,
      body: req.body,
      signal: opts.signal,
      headersTimeout: opts.headersTimeoutMs,
      bodyTimeout: opts.bodyTimeoutMs,
    });
  } catch (e) {
    throw classify(e, opts.signal);
  }
  const headers = flatHeaders(res.headers);
  const max = opts.maxResponseBytes;
  const declared = Number(headers['content-length'] ?? Number.NaN);
  if (declared > max) {
    abandon(res.body);
    throw tooLarge(max);
  }
  if (declared <= max) {
    // Length known and within the cap: read it in one go (HTTP/1.1 framing bounds it).
    try {
      const text = await res.body.text();
      return { status: res.statusCode, headers, text, bytes: declared };
    } catch (e) {
      throw classify(e, opts.signal);
    }
  }
  const { text, bytes } = await readCapped(res.body, max, opts.signal);
  return { status: res.statusCode, headers, text, bytes };
}

/** Drop a body we will not read. Destroying it emits an abort error, which must not go unheard. */
function abandon(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => {});
  body.destroy();
}

/** Read a body of unknown length, abandoning it (and failing) as soon as it passes `max` bytes. */
function readCapped(
  body: Dispatcher.ResponseData['body'],
  max: number,
  signal: AbortSignal | undefined,
): Promise<{ text: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > max) {
        abandon(body);
        reject(tooLarge(max));
        return;
      }
      chunks.push(chunk);
    });
    body.once('end', () => {
      const text =
        chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8');
      resolve({ text, bytes });
    });
    body.once('error', (e) => reject(classify(e, signal)));
  });
}
