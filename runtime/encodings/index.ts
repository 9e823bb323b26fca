/**
 * The body-encoding registry, keyed by the spec language's `Encoding` union: adding an encoding
 * to the language fails to compile here until it has an entry. An entry is one file exporting a
 * `BodyEncoding` (the datastore set's `sql` compiles the tool's `sql` block into a Snowflake
 * statement with bindings and merges it into the body).
 */

import type { Encoding } from '@toolspec/language';
import { jsonEncoding } from './json.js';
import { noneEncoding } from './none.js';
import { sqlEncoding } from './sql.js';
import type { BodyEncoding } from './types.js';

export type { BodyEncoding, EncodedBody, EncodeInput } from './types.js';

export const BODY_ENCODINGS: { readonly [E in Encoding]: BodyEncoding } = {
  json: jsonEncoding,
  none: noneEncoding,
  sql: sqlEncoding,
};
