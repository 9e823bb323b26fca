/** Sandbox refusals shaped like the vendor's own errors (the set's `errors` pointers), so the runtime reports them as it would a real refusal. */

import type { ToolSetIR } from '@toolspec/language';
import { withPointer } from '@toolspec/language';

export const SANDBOX_MESSAGE_PREFIX = 'toolspec sandbox: ';

export function vendorErrorBody(set: ToolSetIR, code: string, message: string): Record<string, unknown> {
  const withCode = withPointer({}, set.errors.code[0] ?? '/code', code);
  return withPointer(
    withCode,
    set.errors.message[0] ?? '/message',
    `${SANDBOX_MESSAGE_PREFIX}${message}`,
  ) as Record<string, unknown>;
}
