/**
 * Send one tool request and wait for its final answer: build (a resubmission of a keyed write
 * sets the retry flag), exchange (auth, retries), settle a pending answer by polling, parse.
 * With CallOptions.poll the caller drives the polling instead: one submission or one status
 * request, and a pending answer is reported (with its handle) rather than waited for.
 */
import type { ToolkitContext, ToolRuntime } from '../context.js';
import { ToolError } from '../errors.js';
import type { HttpRequest } from '../http/request.js';
import { parseBody } from '../http/transport.js';
import { buildRequest } from '../request/build.js';
import type { CallTrace } from '../telemetry/trace.js';
import type { CallOptions } from '../types.js';
import { abortedError, exchange } from './exchange.js';
import { cancelUpstream, handleOf, isPending, requestFor, settle } from './poll.js';

export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Parsed body; undefined when the answer had none. */
  readonly body: unknown;
  /** Size of the answer's body on the wire. */
  readonly bytes: number;
  /** The body as it came (what redaction tests before walking the parsed body). */
  readonly text: string;
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
  const resubmission = flag === null ? values : Object.assign({}, values, { [flag]: true });
  let first: HttpRequest | null = null;
  const build = (resubmit: boolean): HttpRequest => {
    let req = buildRequest(plan, base, resubmit ? resubmission : values, opts?.headers);
    if (rewrite) req = rewrite(req);
    first ??= req;
    return req;
  };
  const poll = plan.tool.poll;
  const control = poll === null ? undefined : opts?.poll;
  let res: Awaited<ReturnType<typeof exchange>>;
  if (poll !== null && control?.handle !== undefined) {
    // Continue a submission made earlier: its request (never sent again) lends the status request its headers.
    const template = build(false);
    const handle = control.handle;
    if (control.cancel) {
      await cancelUpstream(ctx, rt, template, handle);
      throw abortedError(plan.tool.name);
    }
    res = await exchange(ctx, rt, {
      signal: opts?.signal,
      build: () => requestFor(rt, template, poll.method, poll.path, handle),
      accept: new Set(poll.whileStatus),
      replaySafe: true,
      trace,
    });
  } else {
    res = await exchange(ctx, rt, { signal: opts?.signal, build, trace });
  }
  if (poll !== null && isPending(poll, res.status)) {
    if (control) control.pending(handleOf(rt, poll, res));
    else res = await settle(ctx, rt, res, first as unknown as HttpRequest, values, opts?.signal);
  }
  return {
    status: res.status,
    headers: res.headers,
    body: plan.tool.response.format === 'text' ? textAnswer(res.text) : jsonAnswer(plan.tool.name, res),
    bytes: res.bytes,
    text: res.text,
  };
}

/** A text tool's answer: its body as text (undefined when it has none, so `response.empty` applies). */
const textAnswer = (text: string): string | undefined => (text === '' ? undefined : text);

/**
 * The answer's JSON value (undefined when it has no body). Every tool reads JSON: text that is
 * not JSON (an HTML page a proxy answers 200 with, plain text) is an `invalid_response`, never
 * the tool's result; JSON sent under another content type (`text/plain`) is read.
 */
function jsonAnswer(
  tool: string,
  res: { status: number; text: string; headers: Readonly<Record<string, string>> },
): unknown {
  const type = res.headers['content-type'] ?? '';
  let body: unknown;
  try {
    body = parseBody(res.text, type);
  } catch (e) {
    throw new ToolError({
      code: 'invalid_response',
      tool,
      status: res.status,
      message: `${tool}: ${(e as Error).message}`,
      hint: 'The vendor answer could not be read; try again later or report it.',
    });
  }
  // parseBody hands back the text itself when the content type is not JSON's (a JSON string
  // value never equals its own text: it loses its quotes).
  if (body !== res.text) return body;
  try {
    return JSON.parse(res.text) as unknown;
  } catch {
    throw new ToolError({
      code: 'invalid_response',
      tool,
      status: res.status,
      message: `${tool}: the vendor answered with something that is not JSON (content-type ${type || 'none'})`,
      hint: 'The vendor may be down or behind a proxy answering with its own page; retry later, or report it with the tool name.',
    });
  }
}
