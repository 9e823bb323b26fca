/**
 * Send one logical request: add credentials, send, renew once on 401, retry by policy
 * (Retry-After, exponential backoff with full jitter, never replaying an unsafe write), and
 * turn a vendor error answer into a ToolError.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { RateLimitedWaitIR, ResetHeaderIR } from '@toolspec/language';
import type { ToolkitContext, ToolRuntime } from '../context.js';
import { ToolError } from '../errors.js';
import type { HttpRequest } from '../http/request.js';
import { backoffDelay, isTransientStatus, mayRetry, parseRetryAfter } from '../http/retry.js';
import { type HttpResponse, parseBody, send, TransportFailure } from '../http/transport.js';
import { rateLimitedError } from '../limit/rate-limit.js';
import { brokenHeader, brokenHeaderError } from '../request/header-check.js';
import { type CallTrace, endAttempt, startAttempt } from '../telemetry/trace.js';
import { judgeAnswer, type RuleVerdict, vendorError } from './vendor-error.js';

/** A Unix time this small is no time but seconds from now (vendors differ on `x-ratelimit-reset`). */
const EPOCH_FLOOR_S = 1_000_000_000;

/** Milliseconds until the reset a header names, or null when it is absent or unreadable. */
function resetWaitMs(raw: string | undefined, format: ResetHeaderIR['format'], now: number): number | null {
  const v = raw?.trim();
  if (v === undefined || !/^\d+(\.\d+)?$/.test(v)) return null;
  const seconds = Number(v);
  if (format === 'delta_seconds' || seconds < EPOCH_FLOOR_S) return Math.ceil(seconds * 1000);
  return Math.max(0, Math.ceil(seconds * 1000 - now));
}

/**
 * The wait a rate-limited answer asks for: Retry-After; else the reset header the matched rule
 * names (epoch seconds), then the set's reset headers (`errors.rate_limited`, or `RateLimit-Reset`
 * and `X-RateLimit-Reset`); else the set's default wait; null when none applies.
 */
export function rateLimitWaitMs(
  headers: Readonly<Record<string, string>>,
  resetHeader: string | null,
  wait: RateLimitedWaitIR | null = null,
  now: number = Date.now(),
): number | null {
  const retryAfter = parseRetryAfter(headers['retry-after'], now);
  if (retryAfter !== null) return retryAfter;
  const declared: ResetHeaderIR[] =
    resetHeader === null ? [] : [{ name: resetHeader, format: 'epoch_seconds' }];
  for (const h of [...declared, ...(wait?.resetHeaders ?? [])]) {
    const ms = resetWaitMs(headers[h.name], h.format, now);
    if (ms !== null) return ms;
  }
  return wait?.defaultMs ?? null;
}

/** Append the auth's query-placed credentials (API keys in a query parameter) to a request path. */
function withCredentialQuery(path: string, query: readonly (readonly [string, string])[]): string {
  if (query.length === 0) return path;
  const pairs = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return `${path}${path.includes('?') ? '&' : '?'}${pairs}`;
}

export function abortedError(tool: string): ToolError {
  return new ToolError({ code: 'aborted', tool, message: `${tool}: the call was aborted`, retryable: false });
}

export async function sleep(ms: number, signal: AbortSignal | undefined, tool: string): Promise<void> {
  if (ms <= 0) return;
  try {
    await delay(ms, undefined, signal ? { signal } : undefined);
  } catch {
    throw abortedError(tool);
  }
}

function failureError(
  tool: string,
  f: TransportFailure,
  retryable: boolean,
  mayHaveReached: boolean,
): ToolError {
  const hints: Record<string, string> = {
    timeout: 'The vendor did not answer in time; retry later or narrow the request.',
    network_error: 'Could not reach the vendor; check the network and the connection base URL.',
    invalid_response: 'The vendor answer could not be read; narrow the request (smaller page) or report it.',
  };
  return new ToolError({
    code: f.code,
    tool,
    message: `${tool}: ${f.message}`,
    hint:
      !retryable && mayHaveReached && f.code !== 'invalid_response' && f.code !== 'aborted'
        ? 'The request may have reached the vendor and this tool is not idempotent: check whether it took effect before calling again.'
        : hints[f.code],
    retryable,
    details: mayHaveReached ? undefined : { sent: false },
  });
}

export interface ExchangeOptions {
  readonly signal?: AbortSignal | undefined;
  /** Build the request; `resubmission` is true once an earlier attempt may have reached the server. */
  readonly build: (resubmission: boolean) => HttpRequest;
  /** Statuses that are answers, not errors, for this exchange (poll's pending status). */
  readonly accept?: ReadonlySet<number> | undefined;
  /** Override the tool's replay safety (status polls and cancels are safe to repeat). */
  readonly replaySafe?: boolean | undefined;
  /** Override the toolkit's retry count. */
  readonly maxRetries?: number | undefined;
  /** The call's span: attempts, refreshes and retry reasons are counted there. */
  readonly trace?: CallTrace | undefined;
}

/** Take a token of the connection's rate-limit bucket, waiting for it within the call's deadline. */
async function admit(ctx: ToolkitContext, rt: ToolRuntime, signal: AbortSignal | undefined): Promise<void> {
  const limit = rt.limit as NonNullable<ToolRuntime['limit']>;
  const tool = rt.plan.tool;
  const maxWait = Math.min(tool.timeoutMs, ctx.retry.maxRetryAfterMs);
  const taken = ctx.buckets.take(limit.bucket, limit.rate, limit.burst, maxWait, {
    signal,
    timeoutMs: tool.timeoutMs,
  });
  const wait = typeof taken === 'number' ? taken : await taken;
  if (wait < 0) throw rateLimitedError(tool.name, rt.conn.set.name, -wait);
  if (wait > 0) await sleep(wait, signal, tool.name);
}

export async function exchange(
  ctx: ToolkitContext,
  rt: ToolRuntime,
  opts: ExchangeOptions,
): Promise<HttpResponse> {
  const { plan, conn } = rt;
  const tool = plan.tool.name;
  const facts = {
    replaySafe: opts.replaySafe ?? plan.tool.facts.replaySafe,
    keyed: plan.tool.idempotency !== null,
  };
  const maxRetries = opts.maxRetries ?? ctx.retry.maxRetries;
  const timeout = plan.tool.timeoutMs;
  const sendOpts = {
    signal: opts.signal,
    headersTimeoutMs: Math.min(ctx.transport.headersTimeoutMs, timeout),
    bodyTimeoutMs: Math.min(ctx.transport.bodyTimeoutMs, timeout),
    maxResponseBytes: ctx.transport.maxResponseBytes,
  };
  let attempt = 0;
  let renewed = false;
  let reached = false;
  const rules = [...plan.tool.errorRules, ...conn.set.errors.rules];
  /** Before the next attempt: the vendor's wait when it gives one (-1 past the cap: no retry), else backoff. */
  const retryDelay = (vendorWaitMs: number | null): number =>
    vendorWaitMs === null
      ? backoffDelay(attempt, ctx.retry, ctx.random)
      : vendorWaitMs > ctx.retry.maxRetryAfterMs
        ? -1
        : vendorWaitMs;
  /** The typed error for a vendor answer that ends the call. */
  const failure = (res: HttpResponse, waitMs: number | null, verdict: RuleVerdict | null) =>
    vendorError({
      tool,
      set: conn.set.name,
      status: res.status,
      body: parseBody(res.text, res.headers['content-type'] ?? '', true),
      extraction: conn.set.errors,
      secrets: conn.secrets,
      retryAfter: waitMs === null ? undefined : Math.ceil(waitMs / 1000),
      replaySafe: facts.replaySafe || facts.keyed,
      verdict,
      auth: conn.set.auth,
    });
  const trace = opts.trace;
  for (;;) {
    if (opts.signal?.aborted) throw abortedError(tool);
    let req = opts.build(reached);
    const refreshesBefore = trace === undefined ? 0 : (conn.auth.refreshes?.() ?? 0);
    const authorization = await conn.auth.authorization(opts.signal, timeout);
    if (trace !== undefined && (conn.auth.refreshes?.() ?? 0) !== refreshesBefore) trace.refreshed = true;
    if (authorization !== null) req.headers.authorization = authorization;
    const placed = conn.auth.placed;
    if (placed) {
      Object.assign(req.headers, placed.headers);
      if (placed.query.length > 0) req = { ...req, path: withCredentialQuery(req.path, placed.query) };
    }
    const broken = brokenHeader(req.headers);
    if (broken !== null) throw brokenHeaderError(tool, conn.set.name, broken);
    if (rt.limit !== null) await admit(ctx, rt, opts.signal);
    const span =
      trace === undefined ? undefined : startAttempt(trace, plan.tool, req.method, req.origin, req.headers);
    let res: HttpResponse;
    try {
      res = await send(ctx.dispatcher, req, sendOpts);
      if (span !== undefined) endAttempt(span, res.status);
    } catch (e) {
      const f =
        e instanceof TransportFailure ? e : new TransportFailure('network_error', 'request failed', true);
      if (span !== undefined) endAttempt(span, f.code);
      if (f.code === 'aborted') throw abortedError(tool);
      reached ||= f.mayHaveReached;
      const retryable =
        f.code !== 'invalid_response' && mayRetry(facts, { mayHaveReached: f.mayHaveReached });
      if (retryable && attempt < maxRetries) {
        const wait = backoffDelay(attempt, ctx.retry, ctx.random);
        conn.logger?.({
          level: 'warn',
          event: 'retry',
          tool,
          attempt: attempt + 1,
          reason: f.code,
          delay_ms: wait,
        });
        trace?.reasons.push(f.code);
        await sleep(wait, opts.signal, tool);
        attempt++;
        continue;
      }
      throw failureError(tool, f, retryable, reached);
    }
    const status = res.status;
    if (conn.logger) {
      conn.logger({
        level: 'debug',
        event: 'http',
        tool,
        method: req.method,
        url: conn.secrets.redactUrl(`${req.origin}${req.path}`),
        status,
        attempt: attempt + 1,
      });
    }
    let verdict: RuleVerdict | null = null;
    if (rules.length > 0 && !opts.accept?.has(status)) {
      const parsed = parseBody(res.text, res.headers['content-type'] ?? '', true);
      verdict = judgeAnswer(
        rules,
        conn.set.errors,
        { status, headers: res.headers, body: parsed },
        plan.helpers,
      );
    }
    if (verdict === null && (status < 300 || opts.accept?.has(status))) return res;
    reached = true;
    // An error rule's verdict decides when it matched; otherwise the status does.
    if ((verdict ? verdict.code === 'unauthorized' : status === 401) && !renewed) {
      renewed = true;
      if (await conn.auth.renew(authorization, opts.signal, timeout)) {
        if (trace !== undefined) {
          trace.refreshed = true;
          trace.reasons.push('unauthorized_renewed');
        }
        conn.logger?.({
          level: 'info',
          event: 'retry',
          tool,
          attempt: attempt + 1,
          reason: 'unauthorized_renewed',
        });
        continue;
      }
    }
    let waitMs: number | null;
    let retryable: boolean;
    if (verdict !== null) {
      waitMs =
        verdict.code === 'rate_limited'
          ? rateLimitWaitMs(res.headers, verdict.rule.resetHeader, conn.set.errors.rateLimited)
          : null;
      // An upstream error is worth another attempt only when the status says so (a 200 answer
      // with an unknown vendor code is an answer, not a passing failure).
      const transient =
        verdict.code === 'rate_limited' || (verdict.code === 'upstream_error' && isTransientStatus(status));
      // A rate-limited answer was refused before anything happened: always safe to send again.
      const mayResend = verdict.code === 'rate_limited' || mayRetry(facts, { status, mayHaveReached: true });
      retryable = transient && mayResend;
    } else {
      waitMs =
        status === 429
          ? rateLimitWaitMs(res.headers, null, conn.set.errors.rateLimited)
          : parseRetryAfter(res.headers['retry-after']);
      retryable = isTransientStatus(status) && mayRetry(facts, { status, mayHaveReached: true });
    }
    if (retryable && attempt < maxRetries) {
      // A rule's rate-limit wait, or Retry-After on 429 and 503; other transient answers back off.
      const wait = retryDelay(verdict !== null || status === 429 || status === 503 ? waitMs : null);
      if (wait >= 0) {
        conn.logger?.({ level: 'warn', event: 'retry', tool, attempt: attempt + 1, status, delay_ms: wait });
        trace?.reasons.push(verdict?.code ?? `status_${status}`);
        await sleep(wait, opts.signal, tool);
        attempt++;
        continue;
      }
    }
    throw failure(res, waitMs, verdict);
  }
}
