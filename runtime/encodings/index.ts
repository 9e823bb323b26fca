/**
 * The body-encoding registry. Adding an encoding = one file exporting a `BodyEncoding` and one
 * line here (the datastore set adds `sql`, which compiles the tool's `sql` block into a
 * Snowflake statement with bindings and merges it into the body).
 */
import { jsonEncoding } from './json.js';
import { noneEncoding } from './none.js';
import { sqlEncoding } from './sql.js';
import type { BodyEncoding } from './types.js';

export type { BodyEncoding, EncodedBody, EncodeInput } from './types.js';

export const BODY_ENCODINGS: Readonly<Record<string, BodyEncoding>> = {
  json: jsonEncoding,
  none: noneEncoding,
  sql: sqlEncoding,
};
