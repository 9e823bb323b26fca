/**
 * One typed error family with stable codes. Every failure a caller can see is a ToolError:
 * it names the tool (and field, for input problems), carries the vendor's status, code and
 * message when there was a vendor answer, a hint, and whether retrying is safe.
 * Secrets never enter an error: messages are built from data that has been redacted.
 * `configuration` is the deployment's to fix, not the caller's input nor the vendor's answer: a
 * connection lacks a credential, a server variable or a usable base URL. Nothing was sent.
 * `store_unavailable`: the shared store (Redis) did not answer in time or could not be reached;
 * the call can be retried once it is back.
 * `program_error` and `limit_exceeded` are code mode's (@toolspec/code): an agent's program did not
 * compile or threw, or passed one of its limits (time, memory, stack, output, calls).
 */

export const ERROR_CODES = [
  'invalid_input',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'upstream_error',
  'timeout',
  'network_error',
  'invalid_response',
  'reauthorize',
  'aborted',
  'configuration',
  'store_unavailable',
  'program_error',
  'limit_exceeded',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ToolErrorInit {
  readonly code: ErrorCode;
  readonly message: string;
  readonly tool?: string | undefined;
  /** Input field the problem is about (JSON pointer-ish path such as `sorts/0/direction`). */
  readonly field?: string | undefined;
  /** What was expected, for input problems. */
  readonly expected?: string | undefined;
  readonly status?: number | undefined;
  readonly vendorCode?: string | undefined;
  readonly vendorMessage?: string | undefined;
  readonly hint?: string | undefined;
  readonly retryable?: boolean | undefined;
  /** Seconds the vendor asked us to wait (Retry-After). */
  readonly retryAfter?: number | undefined;
  readonly details?: Readonly<Record<string, unknown>> | undefined;
  /** Every input problem when there are several (invalid_input). */
  readonly issues?: readonly InputIssue[] | undefined;
  readonly cause?: unknown;
}

export interface InputIssue {
  readonly field: string;
  readonly message: string;
  readonly expected?: string | undefined;
}

/** The JSON shape of a ToolError (CLI stderr, MCP isError content, dry-run refusals). */
export interface ToolErrorJSON {
  readonly code: ErrorCode;
  readonly message: string;
  readonly tool?: string;
  readonly field?: string;
  readonly expected?: string;
  readonly status?: number;
  readonly vendor_code?: string;
  readonly vendor_message?: string;
  readonly hint?: string;
  readonly retryable: boolean;
  readonly retry_after?: number;
  readonly details?: Readonly<Record<string, unknown>>;
  readonly issues?: readonly InputIssue[];
}

const DEFAULT_RETRYABLE: Readonly<Record<ErrorCode, boolean>> = {
  invalid_input: false,
  unauthorized: false,
  forbidden: false,
  not_found: false,
  conflict: false,
  rate_limited: true,
  upstream_error: true,
  timeout: true,
  network_error: true,
  invalid_response: false,
  reauthorize: false,
  aborted: false,
  configuration: false,
  store_unavailable: true,
  program_error: false,
  limit_exceeded: false,
};

/**
 * The brand every ToolError carries, registered globally (`Symbol.for`), so two copies of the
 * runtime in one process (a bundle beside an installed package) recognise each other's errors.
 */
const TOOL_ERROR = Symbol.for('toolspec.error.ToolError');

export class ToolError extends Error {
  /** `instanceof ToolError` holds for a ToolError of any copy of the runtime. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[TOOL_ERROR] === true
    );
  }
  override name = 'ToolError';
  readonly [TOOL_ERROR] = true;
  readonly code: ErrorCode;
  readonly tool: string | undefined;
  readonly field: string | undefined;
  readonly expected: string | undefined;
  readonly status: number | undefined;
  readonly vendorCode: string | undefined;
  readonly vendorMessage: string | undefined;
  readonly hint: string | undefined;
  readonly retryable: boolean;
  readonly retryAfter: number | undefined;
  readonly details: Readonly<Record<string, unknown>> | undefined;
  readonly issues: readonly InputIssue[] | undefined;

  constructor(init: ToolErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.tool = init.tool;
    this.field = init.field;
    this.expected = init.expected;
    this.status = init.status;
    this.vendorCode = init.vendorCode;
    this.vendorMessage = init.vendorMessage;
    this.hint = init.hint;
    this.retryable = init.retryable ?? DEFAULT_RETRYABLE[init.code];
    this.retryAfter = init.retryAfter;
    this.details = init.details;
    this.issues = init.issues;
  }

  toJSON(): ToolErrorJSON {
    const out: Record<string, unknown> = { code: this.code, message: this.message };
    if (this.tool !== undefined) out.tool = this.tool;
    if (this.field !== undefined) out.field = this.field;
    if (this.expected !== undefined) out.expected = this.expected;
    if (this.status !== undefined) out.status = this.status;
    if (this.vendorCode !== undefined) out.vendor_code = this.vendorCode;
    if (this.vendorMessage !== undefined) out.vendor_message = this.vendorMessage;
    if (this.hint !== undefined) out.hint = this.hint;
    out.retryable = this.retryable;
    if (this.retryAfter !== undefined) out.retry_after = this.retryAfter;
    if (this.details !== undefined) out.details = this.details;
    if (this.issues !== undefined) out.issues = this.issues;
    return out as unknown as ToolErrorJSON;
  }
}

/** Whether `e` is a ToolError, of this copy of the runtime or of any other. */
export function isToolError(e: unknown): e is ToolError {
  return typeof e === 'object' && e !== null && (e as Record<symbol, unknown>)[TOOL_ERROR] === true;
}

/**
 * Any thrown value as a ToolError (what an adapter answers for a failure that is not one): an
 * unknown failure keeps only the first line of its message, never a stack.
 */
export function asToolError(e: unknown, tool: string | undefined): ToolError {
  if (e instanceof ToolError) return e;
  const message = e instanceof Error ? e.message : String(e);
  return new ToolError({
    code: 'upstream_error',
    tool,
    message: `${tool ? `${tool}: ` : ''}internal error: ${message.split('\n')[0] ?? message}`,
    retryable: false,
  });
}

/** Error code for a vendor HTTP status. */
export function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'not_found';
  if (status === 409 || status === 412) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 400 || status === 422) return 'invalid_input';
  return 'upstream_error';
}
