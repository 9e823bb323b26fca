/** JSON bodies: the encodings that send a JSON value (json, graphql, sql) build their payload here. */
import type { JsonValue } from '@toolspec/language';
import type { EncodedBody } from './types.js';

/** The encoded body of a JSON value sent as `application/json`: its text is written when it is sent (`payloadOf`). */
export function jsonBody(json: JsonValue): EncodedBody {
  return { json, payload: null, contentType: 'application/json' };
}
