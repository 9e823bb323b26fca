/**
 * A vendor error answer -> ToolError: code from the status, the vendor's code, message and
 * details read with the set's error pointers, a hint, and whether a retry is safe.
 */

import type { ErrorExtractionIR } from '@toolspec/language';
import { getPointer } from '@toolspec/language';
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
    const v = getPointer(body, p);
    if (typeof v === 'string' && v !== '') return v;
    if (typeof v === 'number') return String(v);
  }
  return undefined;
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
}

export function vendorError(init: VendorErrorInit): ToolError {
  const { tool, status, body, extraction, secrets } = init;
  const code = codeForStatus(status);
  const rawCode = firstString(body, extraction.code);
  const vendorCode = rawCode === undefined ? undefined : secrets.redactText(rawCode);
  // Redact first, then cut: a secret straddling the cut must not leave its first half behind.
  const extracted = firstString(body, extraction.message);
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
    status,
    vendorCode,
    vendorMessage,
    details,
    retryAfter: init.retryAfter,
    message: `${tool}: the vendor answered ${status}${vendorCode ? ` ${vendorCode}` : ''}${vendorMessage ? `: ${vendorMessage}` : ''}`,
    hint:
      code === 'unauthorized' && init.set
        ? `The credential of the "${init.set}" connection was refused: check its token (TOOLSPEC_${init.set.toUpperCase()}_TOKEN) or OAuth refresh settings.`
        : HINTS[code],
    retryable: transient && (code === 'rate_limited' || init.replaySafe),
  });
}
