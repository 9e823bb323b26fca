/**
 * The list helper behind `csv_list`, `recipients` and `attendees`: the same items as its plain
 * definition (the text trimmed, a JSON array decoded, otherwise split on commas, each item
 * trimmed, empty ones left out) on written cases and on seeded random texts.
 */
import { describe, expect, it } from 'vitest';
import { toList } from '../../language/helpers/core.js';
import { prng } from '../support/prng.js';

/** The definition, written plainly. */
function reference(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  const items = (xs: readonly unknown[]) => xs.map((x) => String(x).trim()).filter((x) => x !== '');
  if (Array.isArray(value)) return items(value);
  const s = String(value).trim();
  if (s.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(s);
      if (Array.isArray(parsed)) return items(parsed);
    } catch {
      // comma splitting
    }
  }
  return items(s.split(','));
}

describe('toList', () => {
  const cases: unknown[] = [
    'a@x.com, b@x.com',
    ' a , ,b,, ',
    ',',
    '',
    ' ',
    '["a", " b ", ""]',
    ' \u00a0["a"]',
    '[not json, x]',
    '[1, 2]',
    'single',
    ['a ', ' ', 3],
    42,
    true,
    null,
    undefined,
    'a,\u2028b\u00a0,\u3000c',
    '["a,b", "c"]',
    '[ "x" ]\n',
    '\t["a"]\r\n',
    '["a\\"b", "c"]',
    '["\\u0041"]',
    '[""]',
    '[]',
    '[ ]',
    '["a",]',
    '["a" "b"]',
    '["a"] x',
    '["\u0001"]',
    '["\u00a0a\u00a0"]',
    '["a", 1]',
    '[["a"]]',
    '["\ud800"]',
  ];
  it('written cases', () => {
    for (const c of cases) expect(toList(c), JSON.stringify(c)).toEqual(reference(c));
  });

  it('seeded random texts of commas, spaces, brackets and letters', () => {
    const random = prng(20261126);
    const alphabet = [',', ' ', '\t', '\u00a0', '[', ']', '"', 'a', 'b', '1'];
    for (let n = 0; n < 2000; n++) {
      let text = '';
      const length = Math.floor(random() * 12);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      expect(toList(text), JSON.stringify(text)).toEqual(reference(text));
    }
  });

  it('seeded random JSON-like lists: strings with escapes, commas and spaces, other values, broken ends', () => {
    const random = prng(20261127);
    const pick = (xs: readonly string[]) => xs[Math.floor(random() * xs.length)] as string;
    const pieces = ['a', 'b@x.com', ' ', ',', '\\"', '\\n', '\\u0041', '\u0001', '\u00a0', '\\'];
    const spaces = ['', ' ', '\n', '\t', '\u00a0'];
    for (let n = 0; n < 3000; n++) {
      const items: string[] = [];
      const count = Math.floor(random() * 4);
      for (let i = 0; i < count; i++) {
        let inner = '';
        for (let k = Math.floor(random() * 4); k > 0; k--) inner += pick(pieces);
        items.push(random() < 0.9 ? `"${inner}"` : pick(['1', 'null', '["x"]', '{}', '"x']));
      }
      const text = `${pick(spaces)}[${pick(spaces)}${items.join(pick([',', ', ', ' ,', ',,']))}${pick(spaces)}${pick([']', ']', ']', '', '] x', ',]'])}${pick(spaces)}`;
      expect(toList(text), JSON.stringify(text)).toEqual(reference(text));
    }
  });
});
