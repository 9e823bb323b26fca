/** Secret hygiene helpers: known values, credential shapes, secret headers and query parameters. */
import { describe, expect, it } from 'vitest';
import { SECRET_PARAMS } from '../../language/ir/facts.js';
import { REDACTED, Secrets } from '../../runtime/redact.js';

describe('Secrets', () => {
  const s = new Secrets();
  s.add('sk-live-1234567890');
  s.add('ab'); // too short to be a secret worth hunting: ignored

  it('replaces registered values anywhere in text and values', () => {
    expect(s.redactText('key sk-live-1234567890 leaked')).toBe('key [redacted] leaked');
    expect(s.redactValue({ a: ['x sk-live-1234567890'], refresh_token: 'anything' })).toEqual({
      a: ['x [redacted]'],
      refresh_token: '[redacted]',
    });
    expect(s.redactText('ab stays')).toBe('ab stays');
  });

  it('redacts Bearer and Basic credentials but not ordinary words', () => {
    expect(s.redactText('use a Bearer secret_bench_token now')).toBe('use a Bearer [redacted] now');
    expect(s.redactText('Basic dXNlcjpwYXNzd29yZA==')).toBe('Basic [redacted]');
    expect(s.redactText('Basic information about the Bearer token')).toBe(
      'Basic information about the Bearer token',
    );
  });

  it('redacts secret headers and query parameters', () => {
    expect(s.redactHeaders({ Authorization: 'Bearer x', Cookie: 'a=b', 'X-Other': 'v' })).toEqual({
      Authorization: '[redacted]',
      Cookie: '[redacted]',
      'X-Other': 'v',
    });
    expect(s.redactUrl('https://h/p?a=1&access_token=zzz&client_secret=q')).toBe(
      'https://h/p?a=1&access_token=[redacted]&client_secret=[redacted]',
    );
  });

  it('redacts a header value again once a secret it holds becomes known (plain or rotated)', () => {
    const t = new Secrets();
    const headers = { 'X-Trace': 'trace tok-later-0001', 'X-Old': 'rot-later-0002 here' };
    expect(t.redactHeaders(headers)).toEqual(headers);
    t.add('tok-later-0001');
    t.addRotating('rot-later-0002');
    expect(t.redactHeaders(headers)).toEqual({ 'X-Trace': 'trace [redacted]', 'X-Old': '[redacted] here' });
  });
});

/** The plain definition redactValue keeps: a deep copy with every key and string redacted, and strings under secret names replaced. */
function naiveRedact(s: Secrets, value: unknown): unknown {
  if (typeof value === 'string') return s.redactText(value);
  if (Array.isArray(value)) return value.map((v) => naiveRedact(s, v));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const shown =
        SECRET_PARAMS.has(k.toLowerCase()) && typeof v === 'string' ? REDACTED : naiveRedact(s, v);
      Object.defineProperty(out, s.redactText(k), {
        value: shown,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

describe('Secrets.redactValue: the plain deep redaction, the value itself when nothing changes', () => {
  const s = new Secrets();
  s.add('sk-live-1234567890');
  s.addRotating('rotated-token-abcdef');
  s.add('pass"word\\1234'); // characters JSON escapes: the walk reads strings, not JSON text
  const cases: unknown[] = [
    { a: 'plain', b: [1, true, null, { c: 'text' }] },
    { a: 'x sk-live-1234567890 y' },
    { nested: { deep: ['rotated-token-abcdef'] } },
    { a: `line\nBearer abcdefgh12345` },
    { a: 'Bearer\tabcdefgh12345' },
    { Token: 'not a secret but a secret name' },
    { 'to\u212Aen': 'Kelvin sign lower-cases to k' },
    { code: 42, 'x"code': 'quoted' },
    { code: { language: 'js', rich_text: [] }, type: 'code' },
    { CODE: 'string under a secret name' },
    { a: 'c2stbGl2ZS0xMjM0NTY3ODkw' }, // base64 of the secret
    { a: 'sk-live-1234567890'.toUpperCase() },
    { a: 'é✓ sk-live-1234567890' },
    { a: 'basic facts only' },
    { a: 'x pass"word\\1234' },
    { 'sk-live-1234567890': 'a secret as a key' },
    { first: 'clean', list: ['clean', { deep: 'Basic dXNlcjpwYXNzd29yZA==' }], last: 'clean' },
    JSON.parse('{"__proto__": {"polluted": "sk-live-1234567890"}, "b": 1}'),
    'sk-live-1234567890',
    [],
  ];
  for (const value of cases) {
    it(JSON.stringify(value), () => {
      const before = structuredClone(value);
      const shown = s.redactValue(value);
      expect(shown).toEqual(naiveRedact(s, value));
      expect(JSON.stringify(shown)).toBe(JSON.stringify(naiveRedact(s, value)));
      expect(value).toEqual(before); // never modified
    });
  }

  it('returns the value itself when nothing in it changes', () => {
    const value = { a: 'plain', b: [1, { c: 'text' }] };
    expect(s.redactValue(value)).toBe(value);
    const codeBlock = { type: 'code', code: { language: 'js', rich_text: [] } };
    expect(s.redactValue(codeBlock)).toBe(codeBlock);
    const mixed = { clean: { c: 'text' }, leak: 'x sk-live-1234567890' };
    expect(s.redactValue(mixed)).toEqual({ clean: { c: 'text' }, leak: 'x [redacted]' });
    expect(
      Object.getPrototypeOf(s.redactValue(JSON.parse('{"__proto__": {"k": "sk-live-1234567890"}}'))),
    ).toBe(Object.prototype);
  });

  it('redacts a key (and what is under it) once a secret it holds becomes known', () => {
    const t = new Secrets();
    const value = { 'tok-later-0001': { note: 'rot-later-0002 here' } };
    expect(t.redactValue(value)).toBe(value);
    t.add('tok-later-0001');
    expect(t.redactValue(value)).toEqual({ '[redacted]': { note: 'rot-later-0002 here' } });
    t.addRotating('rot-later-0002');
    expect(t.redactValue(value)).toEqual({ '[redacted]': { note: '[redacted] here' } });
  });

  it('still tests every key after many distinct clean keys', () => {
    const t = new Secrets();
    t.add('tok-many-0001');
    for (let i = 0; i < 3000; i++) expect(t.redactValue({ [`key${i}`]: i })).toEqual({ [`key${i}`]: i });
    expect(t.redactValue({ 'tok-many-0001': 1 })).toEqual({ '[redacted]': 1 });
  });
});

describe('Secrets.holds: the search of an answer text', () => {
  const token = 'tok_9f8e7d6c5b4a';
  const spellings = (v: string): string[] => [
    v,
    encodeURIComponent(`/${v}`).replace(/t/g, '%74'),
    `%2574${v.slice(1)}`,
    JSON.stringify(v).slice(1, -1).replace(/o/g, '\\u006f'),
    `\\u0074${v.slice(1)}`,
    `\\\\u0074${v.slice(1)}`,
    Buffer.from(`id:${v}`).toString('base64'),
  ];
  // One token has a few forms (each searched alone); five have many (one alternation).
  for (const count of [1, 5]) {
    const s = new Secrets();
    const tokens = Array.from({ length: count }, (_, i) => `${token}${i}`);
    for (const t of tokens) s.add(t);
    it(`${count} secret(s): found in every spelling, and not in texts whose escapes cannot hide one`, () => {
      for (const t of tokens)
        for (const text of spellings(t)) expect(s.holds(`{"a": "x ${text} y"}`), text).toBe(true);
      expect(s.holds('https://h/p?q=a%20b%2Fc&d=%E2%9C%93 "quoted \\" and \\\\ runs"')).toBe(false);
      expect(s.holds(`${token.slice(0, -1)} ${token.slice(1)}`)).toBe(false);
    });
  }
});
