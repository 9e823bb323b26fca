/** Sandbox refusals shaped like the vendor's own errors (the set's `errors` pointers), so the runtime reports them as it would a real refusal. */
import type { ToolSetIR } from '../spec/ir.js';
import { putPointer } from './json-pointer.js';

export const SANDBOX_MESSAGE_PREFIX = 'toolspec sandbox: ';

export function vendorErrorBody(set: ToolSetIR, code: string, message: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  putPointer(body, set.errors.code[0] ?? '/code', code);
  putPointer(body, set.errors.message[0] ?? '/message', `${SANDBOX_MESSAGE_PREFIX}${message}`);
  return body;
}
