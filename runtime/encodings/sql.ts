/**
 * `sql`: the tool's `sql` block compiled (runtime/sql/compile.ts) into a Snowflake SQL API
 * statement: `{statement, bindings}` merged over the body built from body-placed inputs and
 * the body template, then sent as JSON. Identifiers are quoted, values bound, SHOW patterns
 * escaped; the compiled statement always wins over a same-named body field.
 */

import type { JsonValue } from '@toolspec/language';
import { asSqlBlock, deepMerge } from '@toolspec/language';
import { compileSql } from '../sql/compile.js';
import { jsonBody } from './json-text.js';
import type { BodyEncoding } from './types.js';

export const sqlEncoding: BodyEncoding = {
  name: 'sql',
  hasBody: true,
  encode({ tool, body, vars, helpers }) {
    const spec = tool.request.encodingSpec;
    const compiled = spec === null ? null : compileSql(asSqlBlock(spec), vars, tool.name, helpers);
    const statement: Record<string, unknown> = compiled ? { statement: compiled.statement } : {};
    if (compiled && Object.keys(compiled.bindings).length > 0) statement.bindings = compiled.bindings;
    const json = deepMerge(body ?? {}, statement) as JsonValue;
    return jsonBody(json);
  },
};
