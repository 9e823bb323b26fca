/**
 * OpenTelemetry spans through `@opentelemetry/api` only (the application installs an SDK, or
 * nothing: then every span is a no-op). One span per tool call (tool, set, effects, outcome code,
 * attempts, whether a token refresh happened, retry reasons) and a child span per HTTP attempt,
 * whose context goes to the vendor as a W3C `traceparent` header. Never inputs, URLs with
 * values, or secrets: an attempt names the tool's path template, not the filled path.
 */
import type { ProxyTracerProvider, Span, Tracer } from '@opentelemetry/api';
import type { ToolIR } from '@toolspec/language';

const TRACER = '@toolspec/runtime';

/**
 * `@opentelemetry/api` is an optional peer dependency: every application that registers an SDK has
 * it. Loaded once, in the background, when this module loads (a variable specifier, so bundlers
 * leave it to the runtime); absent, nothing is traced.
 */
type Api = typeof import('@opentelemetry/api');
let api: Api | undefined;
const OTEL_API: string = '@opentelemetry/api';
import(OTEL_API).then(
  (m: Api) => {
    api = m;
  },
  () => {},
);

/** SpanKind and SpanStatusCode values (numeric enums of the API, stable by specification). */
const INTERNAL = 0;
const CLIENT = 2;
const OK = 1;
const ERROR = 2;

/** What one tool call's span collects until it ends. */
export class CallTrace {
  attempts = 0;
  refreshed = false;
  readonly reasons: string[] = [];
  constructor(
    readonly tracer: Tracer,
    readonly span: Span,
  ) {}
}

/**
 * The tracer of an SDK the application registered, or undefined: then nothing is traced and a
 * call makes no span object at all (the API's no-op spans would still cost allocations).
 */
function sdkTracer(): Tracer | undefined {
  if (api === undefined) return undefined;
  const provider = api.trace.getTracerProvider() as Partial<ProxyTracerProvider>;
  return provider.getDelegateTracer ? provider.getDelegateTracer(TRACER) : api.trace.getTracer(TRACER);
}

/** The call's span, or undefined when no SDK is registered. */
export function startCall(tool: ToolIR): CallTrace | undefined {
  const tracer = sdkTracer();
  if (tracer === undefined) return undefined;
  const span = tracer.startSpan(`toolspec.call ${tool.name}`, {
    kind: INTERNAL,
    attributes: {
      'toolspec.tool': tool.name,
      'toolspec.set': tool.set,
      'toolspec.effects': tool.effects as string[],
    },
  });
  return new CallTrace(tracer, span);
}

/** End the call's span with its outcome: `ok` or the error's code. */
export function endCall(t: CallTrace, code: string): void {
  const { span } = t;
  span.setAttribute('toolspec.outcome', code);
  span.setAttribute('toolspec.attempts', t.attempts);
  span.setAttribute('toolspec.refreshed', t.refreshed);
  if (t.reasons.length > 0) span.setAttribute('toolspec.retry_reasons', t.reasons);
  span.setStatus(code === 'ok' ? { code: OK } : { code: ERROR, message: code });
  span.end();
}

/** A child span for one HTTP attempt; its context is propagated to the vendor in `headers.traceparent`. */
export function startAttempt(
  t: CallTrace,
  tool: ToolIR,
  method: string,
  origin: string,
  headers: Record<string, string>,
): Span {
  t.attempts++;
  const span = t.tracer.startSpan(
    `${method}`,
    {
      kind: CLIENT,
      attributes: {
        'http.request.method': method,
        'server.address': origin,
        'url.template': tool.request.path,
        'toolspec.attempt': t.attempts,
      },
    },
    (api as Api).trace.setSpan((api as Api).context.active(), t.span),
  );
  const sc = span.spanContext();
  if ((api as Api).isSpanContextValid(sc)) {
    headers.traceparent = `00-${sc.traceId}-${sc.spanId}-${(sc.traceFlags & 1) === 1 ? '01' : '00'}`;
  }
  return span;
}

export function endAttempt(span: Span, status: number | string): void {
  if (typeof status === 'number') {
    span.setAttribute('http.response.status_code', status);
    if (status >= 400) span.setStatus({ code: ERROR, message: String(status) });
  } else {
    span.setAttribute('error.type', status);
    span.setStatus({ code: ERROR, message: status });
  }
  span.end();
}
