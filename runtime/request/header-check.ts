/**
 * Header values from configuration (tokens, connection headers, refreshed tokens) must be one
 * line: a CR, LF or NUL would split the request. Such a value is a configuration error, known
 * before sending and never fixed by retrying.
 */
import { ToolError } from '../errors.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: line breaks and NUL are what is refused
const BREAK = /[\r\n\u0000]/;

/** The name of the first header whose value carries a line break or NUL, or null. */
export function brokenHeader(headers: Readonly<Record<string, string>>): string | null {
  for (const k in headers) if (BREAK.test(headers[k] as string)) return k;
  return null;
}

export function brokenHeaderError(tool: string, set: string, header: string): ToolError {
  const what = header === 'authorization' ? 'token' : `"${header}" header value`;
  return new ToolError({
    code: 'configuration',
    tool,
    field: `connections.${set}`,
    expected: 'header values and tokens on one line (no CR, LF or NUL)',
    message: `${tool}: the "${set}" connection's ${what} contains a line break or NUL; nothing was sent`,
    hint: `Fix the "${set}" connection's ${header === 'authorization' ? `token (TOOLSPEC_${set.toUpperCase()}_TOKEN or the OAuth settings)` : 'headers'}: a header value cannot contain CR, LF or NUL. Retrying will not help.`,
    retryable: false,
  });
}
