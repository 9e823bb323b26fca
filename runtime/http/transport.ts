/**
 * One HTTP exchange over undici: keep-alive dispatcher, headers/body timeouts, abort, and a
 * response size cap enforced while the body arrives (the exchange is aborted past the cap). Failures
 * become `TransportFailure`s that say whether the request may have reached the server, which
 * is what the retry policy needs.
 */
import type { Dispatcher } from 'undici';
import type { ErrorCode } from '../errors.js';
import { type HttpRequest, payloadOf } from './request.js';

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

/** An abort by the caller's signal, as undici reports one (classify maps it to `aborted`). */
function abortError(): Error {
  const e = new Error('the call was aborted');
  e.name = 'AbortError';
  return e;
}

/**
 * One exchange through `dispatcher.dispatch` with a handler that collects the body itself: no
 * response stream is created (undici's `request()` wraps every body in a Readable), which is
 * most of a small call's client work. The cap is checked on the declared length and on every
 * chunk; past it the exchange is aborted and the body abandoned.
 */
export function send(dispatcher: Dispatcher, req: HttpRequest, opts: SendOptions): Promise<HttpResponse> {
  const { signal } = opts;
  if (signal?.aborted) return Promise.reject(classify(abortError(), signal));
  return new Promise<HttpResponse>((resolve, reject) => {
    const max = opts.maxResponseBytes;
    let controller: Dispatcher.DispatchController | null = null;
    let status = 0;
    let headers: Record<string, string> = {};
    let chunks: Buffer[] = [];
    let bytes = 0;
    let settled = false;
    const onAbort = () => controller?.abort(abortError());
    const finish = (error: unknown, response?: HttpResponse) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (response) resolve(response);
      else reject(classify(error, signal));
    };
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        if (signal?.aborted) c.abort(abortError());
      },
      onResponseStart(c, statusCode, raw) {
        if (statusCode < 200) return; // informational answers precede the real one
        status = statusCode;
        headers = flatHeaders(raw as Record<string, string | string[] | undefined>);
        chunks = [];
        bytes = 0;
        if (Number(headers['content-length'] ?? Number.NaN) > max) c.abort(tooLarge(max));
      },
      onResponseData(c, chunk) {
        bytes += chunk.length;
        if (bytes > max) c.abort(tooLarge(max));
        else chunks.push(chunk);
      },
      onResponseEnd() {
        const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
        let text = body.toString('utf8');
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a UTF-8 byte order mark is not content
        finish(null, { status, headers, text, bytes });
      },
      onResponseError(_c, error) {
        finish(error);
      },
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      dispatcher.dispatch(
        {
          origin: req.origin,
          path: req.path,
          method: req.method as Dispatcher.HttpMethod,
          headers: req.headers,
          body: payloadOf(req),
          headersTimeout: opts.headersTimeoutMs,
          bodyTimeout: opts.bodyTimeoutMs,
        },
        handler,
      );
    } catch (e) {
      finish(e);
    }
  });
}
