/** Snowflake helpers: quoted identifiers and literals, statement counting, result rows as objects. */
import { convertRows } from '../sql/result-rows.js';
import { countStatements } from '../sql/statements.js';
import type { Helpers } from './registry.js';

type Json = unknown;

/** A Snowflake SQL API result body (`data` + `resultSetMetaData`) -> row objects. */
function sqlRows(body: Json): Json {
  const b = (body ?? {}) as { data?: unknown; resultSetMetaData?: unknown };
  return b.data === undefined ? [] : convertRows(b.data, b.resultSetMetaData);
}

/** A quoted SQL identifier: wrapped in double quotes, inner double quotes doubled. */
export function sqlIdent(value: Json): string {
  return `"${String(value).replaceAll('"', '""')}"`;
}

/** A SQL string literal: wrapped in single quotes, quotes and backslashes escaped. */
export function sqlLiteral(value: Json): string {
  return `'${String(value).replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** Dotted, quoted name from the non-empty parts (`"db"."schema"."table"`). */
function sqlQualified(parts: Json): string {
  return (Array.isArray(parts) ? parts : [parts])
    .filter((p) => p !== null && p !== undefined && p !== '')
    .map(sqlIdent)
    .join('.');
}

export const SNOWFLAKE_HELPERS: Helpers = {
  sql_ident: { arity: 1, fn: sqlIdent, description: 'Quoted SQL identifier.' },
  sql_literal: { arity: 1, fn: sqlLiteral, description: 'Escaped SQL string literal.' },
  sql_qualified: {
    arity: 1,
    fn: sqlQualified,
    description: 'Array of name parts -> dotted quoted identifier.',
  },
  sql_statement_count: {
    arity: 1,
    fn: (sql) => countStatements(String(sql ?? '')),
    description:
      'Number of `;`-separated statements in SQL text (strings, quoted names, $$ blocks and comments respected).',
  },
  sql_rows: {
    arity: 1,
    fn: sqlRows,
    description:
      'Snowflake result body -> its `data` rows as objects keyed by column name, values converted by `resultSetMetaData.rowType`.',
  },
};
