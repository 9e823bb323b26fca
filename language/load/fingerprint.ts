/** Identifies a public input schema; the generator writes it beside each precompiled validator, and the runtime uses a validator only while it matches. */
import { createHash } from 'node:crypto';
import type { JsonSchema } from '../ir/ir.js';

export function schemaFingerprint(schema: JsonSchema): string {
  return createHash('sha256').update(JSON.stringify(schema)).digest('hex').slice(0, 16);
}
