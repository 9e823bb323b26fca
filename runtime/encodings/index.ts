/**
 * The body-encoding registry, keyed by the spec language's `Encoding` union: adding an encoding
 * to the language fails to compile here until it has an entry. An entry is one file exporting a
 * `BodyEncoding` (the datastore set's `sql` compiles the tool's `sql` block into a Snowflake
 * statement with bindings and merges it into the body).
 */

import type { Encoding } from '@toolspec/language';
import { formEncoding } from './form.js';
import { graphqlEncoding } from './graphql.js';
import { jsonEncoding } from './json.js';
import { multipartEncoding } from './multipart.js';
import { noneEncoding } from './none.js';
import { rawEncoding } from './raw.js';
import { sqlEncoding } from './sql.js';
import type { BodyEncoding } from './types.js';

export type { BodyEncoding, EncodedBody, EncodeInput } from './types.js';

export const BODY_ENCODINGS: { readonly [E in Encoding]: BodyEncoding } = {
  json: jsonEncoding,
  none: noneEncoding,
  sql: sqlEncoding,
  form: formEncoding,
  multipart: multipartEncoding,
  graphql: graphqlEncoding,
  raw: rawEncoding,
};
