/**
 * `graphql`: a POST of `{query, variables}` (GraphQL over HTTP): the tool's `graphql` document,
 * with the body built from body-placed inputs and the body template as its variables. GraphQL
 * `errors[]` (with status 200 or 400) are typed by the set's error rules.
 */
import type { JsonValue } from '@toolspec/language';
import { jsonBody } from './json-text.js';
import type { BodyEncoding } from './types.js';

export const graphqlEncoding: BodyEncoding = {
  name: 'graphql',
  hasBody: true,
  encode({ tool, body }) {
    const spec = tool.request.encodingSpec as { query?: string } | null;
    const json: JsonValue = { query: spec?.query ?? '', variables: body ?? {} };
    return jsonBody(json);
  },
};
