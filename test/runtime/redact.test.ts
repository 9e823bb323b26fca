/** Secret hygiene helpers: known values, credential shapes, secret headers and query parameters. */
import { describe, expect, it } from 'vitest';
import { Secrets } from '../../runtime/redact.js';

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

describe('Secrets.redactJson: the same answer as redactValue, from one scan of the JSON text', () => {
  const s = new Secrets();
  s.add('sk-live-1234567890');
  s.addRotating('rotated-token-abcdef');
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
    'sk-live-1234567890',
    [],
  ];
  for (const value of cases) {
    it(JSON.stringify(value), () => {
      expect(s.redactJson(value)).toEqual(s.redactValue(value));
    });
  }

  it('returns the value itself when nothing in it could be redacted', () => {
    const value = { a: 'plain', b: [1, { c: 'text' }] };
    expect(s.redactJson(value)).toBe(value);
    const codeBlock = { type: 'code', code: { language: 'js', rich_text: [] } };
    expect(s.redactJson(codeBlock)).toBe(codeBlock);
    expect(s.redactJson({ a: 'x sk-live-1234567890' })).toEqual({ a: 'x [redacted]' });
  });

  it('walks every value when a secret holds a character JSON escapes', () => {
    const q = new Secrets();
    q.add('pass"word\\1234');
    const value = { a: 'x pass"word\\1234' };
    expect(q.redactJson(value)).toEqual({ a: 'x [redacted]' });
    const clean = { a: 'clean' };
    expect(q.redactJson(clean)).not.toBe(clean);
  });
});
