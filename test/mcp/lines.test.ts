/**
 * The bounded line framing of the stdio wire (mcp/server/lines.ts), chunk by chunk: lines split
 * anywhere (inside a UTF-8 character too), `\r\n`, the bound itself, and an oversized line reported
 * once and dropped up to its newline, the lines after it intact.
 */
import { describe, expect, it } from 'vitest';
import { splitLines } from '../../mcp/server/lines.js';

function run(maxBytes: number, chunks: readonly (string | Buffer)[]): string[] {
  const seen: string[] = [];
  const feed = splitLines(maxBytes, { line: (t) => seen.push(t), oversized: () => seen.push('<oversized>') });
  for (const c of chunks) feed(typeof c === 'string' ? Buffer.from(c) : c);
  return seen;
}

describe('splitLines', () => {
  it('joins a line split across chunks, inside a UTF-8 character too, and strips \\r', () => {
    const euro = Buffer.from('€');
    expect(run(100, ['{"a":"', euro.subarray(0, 1), euro.subarray(1), '"}\r\n{"b":1}\n{"c"'])).toEqual([
      '{"a":"€"}',
      '{"b":1}',
    ]);
  });

  it('takes a line of exactly the bound and reports a longer one once, dropping it up to its newline', () => {
    expect(run(4, ['abcd\n'])).toEqual(['abcd']);
    expect(run(4, ['ab', 'cde', 'fgh', 'ij\nok\n'])).toEqual(['<oversized>', 'ok']);
    expect(run(4, ['abcdefgh\nok\nabcde'])).toEqual(['<oversized>', 'ok', '<oversized>']);
  });
});
