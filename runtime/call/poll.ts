/**
 * Submit -> poll -> result (IR `poll`, generic): while the vendor answers a pending status,
 * poll the status path with backoff, bounded by the timeout input (seconds) or the default; on
 * abort or timeout the declared `cancel` request is sent upstream before failing.
 */

import type { PollIR } from '@toolspec/language';
import { getPointer } from '@toolspec/language';
import type { ToolkitContext, ToolRuntime } from '../context.js';
import { ToolError } from '../errors.js';
import type { HttpRequest } from '../http/request.js';
import { type HttpResponse, parseBody } from '../http/transport.js';
import { encodeSegment, pathValueProblem } from '../http/uri.js';
import { getRequest } from '../paging/params.js';
import { abortedError, exchange, sleep } from './exchange.js';

export function isPending(poll: PollIR | null, status: number): boolean {
  return poll?.whileStatus.includes(status) ?? false;
}

export function handleOf(rt: ToolRuntime, poll: PollIR, res: HttpResponse): string {
  const h = getPointer(parseBody(res.text, res.headers['content-type'] ?? '', true), poll.handlePointer);
  if (typeof h !== 'string' || h === '') {
    throw new ToolError({
      code: 'invalid_response',
      tool: rt.plan.tool.name,
      status: res.status,
      message: `${rt.plan.tool.name}: the pending answer has no handle at ${poll.handlePointer}`,
    });
  }
  // The handle fills a path segment of the poll and cancel requests: checked like a path input.
  const problem = pathValueProblem(h);
  if (problem !== null) {
    throw new ToolError({
      code: 'invalid_response',
      tool: rt.plan.tool.name,
      status: res.status,
      message: `${rt.plan.tool.name}: the pending answer's handle cannot fill a path segment (expected ${problem})`,
      retryable: false,
    });
  }
  return h;
}

export function requestFor(
  rt: ToolRuntime,
  template: HttpRequest,
  method: string,
  path: string,
  handle: string,
): HttpRequest {
  const req = getRequest(
    template,
    rt.base.origin,
    `${rt.base.basePath}${path.replaceAll('{handle}', encodeSegment(handle))}`,
  );
  return { ...req, method };
}

export async function cancelUpstream(
  ctx: ToolkitContext,
  rt: ToolRuntime,
  template: HttpRequest,
  handle: string,
): Promise<void> {
  const cancel = rt.plan.tool.poll?.cancel;
  if (!cancel) return;
  try {
    await exchange(ctx, rt, {
      build: () => requestFor(rt, template, cancel.method, cancel.path, handle),
      replaySafe: true,
      maxRetries: 0,
    });
    rt.conn.logger?.({ level: 'info', event: 'poll_cancelled', tool: rt.plan.tool.name });
  } catch {
    rt.conn.logger?.({ level: 'warn', event: 'poll_cancel_failed', tool: rt.plan.tool.name });
  }
}

/** Wait for a pending answer to settle; returns the final answer (or the pending one in async mode). */
export async function settle(
  ctx: ToolkitContext,
  rt: ToolRuntime,
  first: HttpResponse,
  template: HttpRequest,
  vars: Readonly<Record<string, unknown>>,
  signal: AbortSignal | undefined,
): Promise<HttpResponse> {
  const poll = rt.plan.tool.poll;
  if (poll === null || !isPending(poll, first.status)) return first;
  if (poll.skipWhenInput !== null && vars[poll.skipWhenInput] === true) return first;
  const tool = rt.plan.tool.name;
  const handle = handleOf(rt, poll, first);
  const seconds = poll.timeoutInput !== null ? Number(vars[poll.timeoutInput]) : Number.NaN;
  const budgetMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : poll.defaultTimeoutSeconds) * 1000;
  const deadline = Date.now() + budgetMs;
  const pending = new Set(poll.whileStatus);
  let interval = poll.intervalMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) {
      await cancelUpstream(ctx, rt, template, handle);
      throw new ToolError({
        code: 'timeout',
        tool,
        message: `${tool}: still running after ${Math.round(budgetMs / 1000)} s; the request was cancelled upstream`,
        hint: poll.timeoutInput
          ? `Raise "${poll.timeoutInput}"${poll.skipWhenInput ? ` or submit with "${poll.skipWhenInput}": true and check the status later` : ''}.`
          : 'Narrow the request or try again later.',
        details: { handle },
      });
    }
    try {
      await sleep(Math.min(interval, left), signal, tool);
      interval = Math.min(poll.maxIntervalMs, interval * poll.multiplier);
      const res = await exchange(ctx, rt, {
        signal,
        build: () => requestFor(rt, template, poll.method, poll.path, handle),
        accept: pending,
        replaySafe: true,
      });
      if (!pending.has(res.status)) return res;
    } catch (e) {
      if (e instanceof ToolError && e.code === 'aborted') {
        await cancelUpstream(ctx, rt, template, handle);
        throw abortedError(tool);
      }
      throw e;
    }
  }
}
