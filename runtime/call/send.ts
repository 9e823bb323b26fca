/**
 * Send one tool request and wait for its final answer: build (a resubmission of a keyed write
 * sets the retry flag), exchange (auth, retries), settle a pending answer by polling, parse.
 */
import type { ToolkitContext, ToolRuntime } from '../context.js';
import { ToolError } from '../errors.js';
import { parseBody } from '../http/transport.js';
import { buildRequest, type HttpRequest } from '../request/build.js';
import type { CallTrace } from '../telemetry/trace.js';
import type { CallOptions } from '../types.js';
import { exchange } from './exchange.js';
import { isPending, settle } from './poll.js';

export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Parsed body; undefined when the answer had none. */
  readonly body: unknown;
  /** Size of the answer's body on the wire. */
  readonly bytes: number;
}

export async function send(
  ctx: ToolkitContext,
  rt: ToolRuntime,
  values: Record<string, unknown>,
  opts: CallOptions | undefined,
  rewrite?: (req: HttpRequest) => HttpRequest,
  trace?: CallTrace,
): Promise<Answer> {
  const { plan, base } = rt;
  const flag = plan.tool.idempotency?.retryFlagInput ?? null;
  const resubmission = flag === null ? values : { ...values, [flag]: true };
  let first: HttpRequest | null = null;
  const build = (resubmit: boolean): HttpRequest => {
    let req = buildRequest(plan, base, resubmit ? resubmission : values, opts?.headers);
    if (rewrite) req = rewrite(req);
    first ??= req;
    return req;
  };
  let res = await exchange(ctx, rt, { signal: opts?.signal, build, trace });
  if (isPending(plan.tool.poll, res.status)) {
    res = await settle(ctx, rt, res, first as unknown as HttpRequest, values, opts?.signal);
  }
  let body: unknown;
  try {
    body = parseBody(res.text, res.headers['content-type'] ?? '');
  } catch (e) {
    throw new ToolError({
      code: 'invalid_response',
      tool: plan.tool.name,
      status: res.status,
      message: `${plan.tool.name}: ${(e as Error).message}`,
      hint: 'The vendor answer could not be read; try again later or report it.',
    });
  }
  return { status: res.status, headers: res.headers, body, bytes: res.bytes };
}
