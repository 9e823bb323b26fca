/**
 * A vendor error answer -> ToolError: code from the status, the vendor's code, message and
 * details read with the set's error pointers, a hint, and whether a retry is safe.
 */

import type { AuthIR, ErrorExtractionIR, ErrorRuleIR, Helpers } from '@toolspec/language';
import { authCredentials, evaluateTemplate, getPointer } from '@toolspec/language';
import { codeForStatus, type ErrorCode, ToolError } from '../errors.js';
import type { Secrets } from '../redact.js';

const HINTS: Partial<Record<ErrorCode, string>> = {
  unauthorized: 'The credential was refused: check the connection token (or refresh token) for this set.',
  forbidden:
    'The credential lacks access to this resource or capability; share it with the integration or grant the scope.',
  not_found: 'Check the id; the object may not exist or may not be shared with this connection.',
  conflict: 'The object changed or already exists; fetch it again and retry with current data.',
  rate_limited: 'The vendor is rate limiting; wait for retry_after seconds before calling again.',
  upstream_error: 'The vendor failed; retrying later may help.',
  timeout: 'The vendor did not answer in time; retry later or narrow the request.',
  invalid_input: 'The vendor refused the input; see vendor_message and fix the named fields.',
};

function firstString(body: unknown, pointers: readonly string[]): string | undefined {
  for (const p of pointers) {
    const v = getPointer(body, p, true);
    if (typeof v === 'string' && v !== '') return v;
    if (typeof v === 'number') return String(v);
  }
  return undefined;
}

/** An answer an error rule matched: the code it gives and the pointers it reads. */
export interface RuleVerdict {
  readonly rule: ErrorRuleIR;
  readonly code: ErrorCode;
  readonly vendorCode: string | undefined;
}

/** One template object per rule, so the evaluator compiles each condition once. */
const CONDITIONS = new WeakMap<ErrorRuleIR, { $eval: string }>();
function conditionOf(rule: ErrorRuleIR): { $eval: string } {
  let c = CONDITIONS.get(rule);
  if (!c) {
    c = { $eval: rule.when };
    CONDITIONS.set(rule, c);
  }
  return c;
}

/**
 * The first rule (tool rules, then the set's) whose `when` holds for the answer; an expression
 * that fails to evaluate does not match. The code: `codes[vendor code]`, else the rule's `code`,
 * else the status's (a 2xx answer without either is an upstream error).
 */
export function judgeAnswer(
  rules: readonly ErrorRuleIR[],
  extraction: ErrorExtractionIR,
  answer: { status: number; headers: Readonly<Record<string, string>>; body: unknown },
  helpers: Helpers,
): RuleVerdict | null {
  const vars = { status: answer.status, headers: answer.headers, body: answer.body ?? null };
  for (const rule of rules) {
    let hit: unknown;
    try {
      hit = evaluateTemplate(conditionOf(rule), vars, helpers);
    } catch {
      continue;
    }
    if (hit !== true) continue;
    const vendorCode = firstString(
      answer.body,
      rule.vendorCode.length > 0 ? rule.vendorCode : extraction.code,
    );
    const mapped = vendorCode === undefined ? undefined : rule.codes[vendorCode];
    const code: ErrorCode =
      mapped ?? rule.code ?? (answer.status >= 400 ? codeForStatus(answer.status) : 'upstream_error');
    return { rule, code, vendorCode };
  }
  return null;
}

/** `TOOLSPEC_<SET>_<NAME>` for each credential the set's auth reads. */
export function credentialVariables(set: string, auth: AuthIR): string[] {
  const prefix = `TOOLSPEC_${set.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_`;
  return authCredentials(auth).map((n) => `${prefix}${n.toUpperCase()}`);
}

export interface VendorErrorInit {
  readonly tool: string;
  /** The tool's set (names the connection in hints). */
  readonly set?: string | undefined;
  readonly status: number;
  readonly body: unknown;
  readonly extraction: ErrorExtractionIR;
  readonly secrets: Secrets;
  /** Seconds from Retry-After, when given. */
  readonly retryAfter?: number | undefined;
  /** Whether calling again with the same input is safe (the tool's replay policy). */
  readonly replaySafe: boolean;
  /** The error rule that matched the answer, if any (its code and pointers win). */
  readonly verdict?: RuleVerdict | null | undefined;
  /** The set's auth, so an unauthorized hint names the variables that apply. */
  readonly auth?: AuthIR | undefined;
}

export function vendorError(init: VendorErrorInit): ToolError {
  const { tool, status, body, extraction, secrets, verdict } = init;
  const code = verdict?.code ?? codeForStatus(status);
  const rawCode = verdict ? verdict.vendorCode : firstString(body, extraction.code);
  const vendorCode = rawCode === undefined ? undefined : secrets.redactText(rawCode);
  const messagePointers =
    verdict && verdict.rule.vendorMessage.length > 0 ? verdict.rule.vendorMessage : extraction.message;
  const blamed = firstString(body, extraction.field);
  const field = blamed === undefined ? undefined : secrets.redactText(blamed);
  // Redact first, then cut: a secret straddling the cut must not leave its first half behind.
  const extracted = firstString(body, messagePointers);
  const vendorMessage =
    extracted !== undefined
      ? secrets.redactText(extracted)
      : typeof body === 'string'
        ? secrets.redactText(body).slice(0, 300)
        : undefined;
  let details: Record<string, unknown> | undefined;
  for (const [name, pointer] of Object.entries(extraction.details)) {
    const v = getPointer(body, pointer);
    if (v === undefined) continue;
    details ??= {};
    details[name] = secrets.redactValue(v);
  }
  const transient = code === 'rate_limited' || code === 'upstream_error' || code === 'timeout';
  return new ToolError({
    code,
    tool,
    field,
    status,
    vendorCode,
    vendorMessage,
    details,
    retryAfter: init.retryAfter,
    message: `${tool}: the vendor answered ${status}${vendorCode ? ` ${vendorCode}` : ''}${vendorMessage ? `: ${vendorMessage}` : ''}`,
    hint: code === 'unauthorized' && init.set ? unauthorizedHint(init.set, init.auth) : HINTS[code],
    retryable: transient && (code === 'rate_limited' || init.replaySafe),
  });
}

function unauthorizedHint(set: string, auth: AuthIR | undefined): string {
  if (auth === undefined || auth.kind === 'bearer' || auth.kind === 'oauth2' || auth.kind === 'none') {
    return `The credential of the "${set}" connection was refused: check its token (TOOLSPEC_${set.toUpperCase()}_TOKEN) or OAuth refresh settings.`;
  }
  const vars = credentialVariables(set, auth);
  return `The credential of the "${set}" connection was refused: check ${vars.join(' and ')} (or the connections file's "${set}.credentials"${auth.kind === 'oauth2_client_credentials' ? ' / "oauth"' : ''}).`;
}
