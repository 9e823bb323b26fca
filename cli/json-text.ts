/**
 * JSON text the CLI reads (a tool's input, a connection, a connections file), parsed by
 * JSON.parse; text it refuses gets an error naming the line and column of the fault. Node's own
 * message gives an offset only, and for some faults none but the text itself (which may hold a
 * secret): such faults are located by jsonc-parser's scanner, and no part of the text is ever
 * quoted.
 */
import { readFile } from 'node:fs/promises';
import { type ParseError, ParseErrorCode, parse } from 'jsonc-parser';

/** JSON text that does not parse: where (1-based line and column) and why. */
export class JsonTextError extends Error {
  constructor(
    readonly what: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${what} is not valid JSON at line ${line}, column ${column}: ${reason}`);
  }
}

/** Why, in words, for each fault jsonc-parser reports. */
const REASONS: Readonly<Record<ParseErrorCode, string>> = {
  [ParseErrorCode.InvalidSymbol]: 'unexpected character',
  [ParseErrorCode.InvalidNumberFormat]: 'invalid number',
  [ParseErrorCode.PropertyNameExpected]: 'expected a property name',
  [ParseErrorCode.ValueExpected]: 'expected a value',
  [ParseErrorCode.ColonExpected]: "expected ':' after a property name",
  [ParseErrorCode.CommaExpected]: "expected ',' or a closing bracket",
  [ParseErrorCode.CloseBraceExpected]: "expected '}'",
  [ParseErrorCode.CloseBracketExpected]: "expected ']'",
  [ParseErrorCode.EndOfFileExpected]: 'unexpected text after the JSON value',
  [ParseErrorCode.InvalidCommentToken]: 'comments are not allowed',
  [ParseErrorCode.UnexpectedEndOfComment]: 'comments are not allowed',
  [ParseErrorCode.UnexpectedEndOfString]: 'unterminated string',
  [ParseErrorCode.UnexpectedEndOfNumber]: 'incomplete number',
  [ParseErrorCode.InvalidUnicode]: 'invalid \\u escape',
  [ParseErrorCode.InvalidEscapeCharacter]: 'invalid escape in a string',
  [ParseErrorCode.InvalidCharacter]: 'control character in a string',
};

/** Line and column (1-based) of an offset in `text`. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split(/\r\n|\r|\n/);
  return { line: lines.length, column: (lines.at(-1) as string).length + 1 };
}

/** Where and why JSON.parse refused `text`: its offset when it gives one, else jsonc-parser's first fault. */
function fault(text: string, message: string): { offset: number; reason: string } {
  const at = /^(.*?)(?: in JSON)? at position (\d+)/.exec(message);
  if (at) {
    const reason = (at[1] as string).replace(/^\w/, (c) => c.toLowerCase());
    return { offset: Number(at[2]), reason };
  }
  if (/^Unexpected end of JSON input/.test(message)) {
    return { offset: text.length, reason: 'unexpected end of input' };
  }
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  return first
    ? { offset: first.offset, reason: REASONS[first.error] ?? 'not JSON' }
    : { offset: 0, reason: 'not JSON' };
}

/** The value of JSON `text`; a JsonTextError naming `what` (e.g. "--input") and where the fault is. */
export function parseJsonText(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    const { offset, reason } = fault(text, (e as Error).message);
    const { line, column } = lineColumn(text, offset);
    throw new JsonTextError(what, line, column, reason);
  }
}

/**
 * Check that a JSON file read by another part (the runtime reads the connections file) parses,
 * so a fault is reported with its line and column; a file that cannot be read is left to that
 * part to report.
 */
export async function checkJsonFile(path: string, what: string): Promise<void> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return;
  }
  parseJsonText(text, what);
}
