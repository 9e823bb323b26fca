/** JSON bodies: the encodings that send a JSON value (json, graphql, sql) build their payload here. */
import type { JsonValue } from '@toolspec/language';
import type { EncodedBody } from './types.js';

/** The encoded body of a JSON value sent as `application/json` (its text is also `jsonText`, which a dry run's redaction scans). */
export function jsonBody(json: JsonValue): EncodedBody {
  const payload = JSON.stringify(json);
  return { json, payload, jsonText: payload, contentType: 'application/json' };
}
