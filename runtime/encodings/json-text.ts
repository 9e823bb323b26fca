/**
 * JSON bodies serialised once: the encodings that send a JSON value (json, graphql, sql) build
 * their payload here, and the text is remembered for that value object, so a dry run's
 * redaction scan (redact.ts) reads the same text instead of serialising the body again. A value
 * is never changed after it is encoded (paging builds new values), so the text stays its own.
 */
import type { JsonValue } from '@toolspec/language';
import type { EncodedBody } from './types.js';

const texts = new WeakMap<object, string>();

/** The encoded body of a JSON value sent as `application/json`. */
export function jsonBody(json: JsonValue): EncodedBody {
  const payload = JSON.stringify(json);
  if (json !== null && typeof json === 'object') texts.set(json, payload);
  return { json, payload, contentType: 'application/json' };
}

/** The JSON text of `value`: the payload it was encoded as, or a fresh serialisation. */
export function jsonText(value: unknown): string {
  return (value !== null && typeof value === 'object' && texts.get(value)) || (JSON.stringify(value) ?? '');
}
