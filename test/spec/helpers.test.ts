/**
 * The list helper behind `csv_list`, `recipients` and `attendees`: the same items as its plain
 * definition (the text trimmed, a JSON array decoded, otherwise split on commas, each item
 * trimmed, empty ones left out) on written cases and on seeded random texts.
 */
import { describe, expect, it } from 'vitest';
import { toList, utcWallTime } from '../../language/helpers/helpers.js';
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

describe('utcWallTime (graph_datetime of a time with an offset and no zone)', () => {
  /** What graph_datetime gave before the fast path: Date's own parser and toISOString. */
  const reference = (s: string): string | null => {
    const d = new Date(s);
    return Number.isNaN(d.getTime()) ? null : d.toISOString().replace(/\.\d{3}Z$/, '');
  };
  const pick = <T>(xs: readonly T[], i: number): T => xs[i % xs.length] as T;

  it('agrees with Date wherever it answers, and answers the usual forms', () => {
    const years = ['2025', '2024', '1000', '0999', '9999', '0050', '1900'];
    const months = ['01', '02', '12', '00', '13'];
    const days = ['01', '28', '29', '30', '31', '00', '32'];
    const hours = ['00', '09', '23', '24'];
    const minutes = ['00', '30', '59', '60'];
    const seconds = ['', ':00', ':59', ':60', ':07.5', ':07.9999'];
    const offsets = ['Z', '+00:00', '-07:00', '+0530', '+23:59', '-24:00', '+10:60', 'z', '+5:30'];
    let answered = 0;
    for (let i = 0; i < 20000; i++) {
      const s = `${pick(years, i)}-${pick(months, i >> 1)}-${pick(days, i >> 2)}T${pick(hours, i >> 3)}:${pick(minutes, i >> 5)}${pick(seconds, i >> 7)}${pick(offsets, i >> 9)}`;
      const fast = utcWallTime(s);
      if (fast === null) continue;
      answered++;
      expect(fast, s).toBe(reference(s));
    }
    expect(answered).toBeGreaterThan(1000);
    expect(utcWallTime('2025-03-10T10:00:00-07:00')).toBe('2025-03-10T17:00:00');
    expect(utcWallTime('2025-12-31T23:30:00-01:00')).toBe('2026-01-01T00:30:00');
  });

  it('leaves to Date what it does not answer', () => {
    for (const s of [
      '2025-03-10T24:00:00Z',
      '0050-01-01T00:00:00Z',
      '1000-01-01T00:00:00+01:00',
      '2025-03-10 10:00Z',
    ])
      expect(utcWallTime(s), s).toBeNull();
  });
});
