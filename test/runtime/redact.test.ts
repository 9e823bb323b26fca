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
});
