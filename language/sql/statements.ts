/**
 * Lexical statement counting for Snowflake SQL text: how many `;`-separated statements a
 * batch holds, with semicolons inside strings, quoted identifiers, `$$` blocks and comments
 * ignored. Available to specs as the `sql_statement_count` template helper (and used by the
 * lint). It must never fill the SQL API's `parameters.multi_statement_count`: Snowflake
 * refuses a batch whose real count differs from the declared one, and that guard only holds
 * when the count is the caller's declaration (datastore_execute_query sends 1 unless told).
 *
 * Not a parser: Snowflake Scripting blocks written without `$$` (`BEGIN ... END;` with
 * inner semicolons) are counted per semicolon; callers can set the parameter themselves.
 */

/** Index just past the end of the quoted run that starts at `i` (quote char `q`); `''`/`""` doubling and `\` escapes in strings. */
function skipQuoted(sql: string, i: number, q: string): number {
  let j = i + 1;
  while (j < sql.length) {
    const c = sql[j];
    if (q === "'" && c === '\\') {
      j += 2;
      continue;
    }
    if (c === q) {
      if (sql[j + 1] === q) {
        j += 2;
        continue;
      }
      return j + 1;
    }
    j++;
  }
  return sql.length;
}

/** The statements of a batch (trimmed, comments kept inside statements, empty ones dropped). */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let start = 0;
  let hasCode = false;
  let i = 0;
  const flush = (end: number) => {
    if (hasCode) out.push(sql.slice(start, end).trim());
    hasCode = false;
  };
  while (i < sql.length) {
    const c = sql[i] as string;
    const next = sql[i + 1];
    if (c === "'" || c === '"') {
      hasCode = true;
      i = skipQuoted(sql, i, c);
    } else if (c === '$' && next === '$') {
      hasCode = true;
      const end = sql.indexOf('$$', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if ((c === '-' && next === '-') || (c === '/' && next === '/')) {
      const end = sql.indexOf('\n', i + 2);
      i = end < 0 ? sql.length : end + 1;
    } else if (c === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (c === ';') {
      flush(i);
      i++;
      start = i;
    } else {
      if (!/\s/.test(c)) hasCode = true;
      i++;
    }
  }
  flush(sql.length);
  return out;
}

/** Number of non-empty statements in a batch (0 for text with no code at all). */
export function countStatements(sql: string): number {
  return splitStatements(sql).length;
}
