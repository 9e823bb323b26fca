/**
 * Redaction scopes and encodings: every encoding a vendor may echo a secret in (URL-encoding in
 * either hex case and again, `+` for a space, JSON `\/` and `\uXXXX` escapes, base64 and
 * base64url inside longer text), a tool's output redacted without touching its shape or its
 * secret-named fields, a connection's secrets in a scope of its own under the deployment's, and a
 * bounded memory of rotated tokens per connection, also for tokens adopted from the store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthSession } from '../../runtime/auth/oauth2.js';
import { MemoryTokenStore } from '../../runtime/auth/stores.js';
import { MAX_ROTATED_SECRETS, Secrets } from '../../runtime/redact.js';
import { type Loopback, startLoopback } from './support/loopback.js';

const SECRET = 'sk/live+secret value=42';
const lowerHex = (t: string) => t.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
const unicode = (v: string, up: boolean) =>
  [...v]
    .map((c) => {
      const hex = c.charCodeAt(0).toString(16).padStart(4, '0');
      return `\\u${up ? hex.toUpperCase() : hex}`;
    })
    .join('');

const ENCODED: Readonly<Record<string, string>> = {
  'URL, upper-case hex': encodeURIComponent(SECRET),
  'URL, lower-case hex': lowerHex(encodeURIComponent(SECRET)),
  'form, lower-case hex': lowerHex(new URLSearchParams({ v: SECRET }).toString().slice(2)),
  'URL-encoded twice': encodeURIComponent(encodeURIComponent(SECRET)),
  'JSON \\/': SECRET.replace(/\//g, '\\/'),
  'JSON \\u, lower-case hex': unicode(SECRET, false),
  'JSON \\u, upper-case hex': unicode(SECRET, true),
  'JSON \\u00 mixed with \\/ and %2f': `sk\\/live%2bsecret\\u0020value=42`,
  base64: Buffer.from(SECRET).toString('base64'),
  'base64 unpadded': Buffer.from(SECRET).toString('base64').replace(/=+$/, ''),
  base64url: Buffer.from(SECRET).toString('base64url'),
  'base64 URL-encoded': encodeURIComponent(Buffer.from(SECRET).toString('base64')),
  'base64 JSON-escaped': Buffer.from(SECRET).toString('base64').replace(/\//g, '\\/'),
};

describe('every encoding of a secret, in errors and in outputs', () => {
  const s = new Secrets();
  s.add(SECRET);
  for (const [what, form] of Object.entries(ENCODED)) {
    it(what, () => {
      expect(s.redactText(`x ${form} y`)).toBe('x [redacted] y');
      expect(s.redactOutput({ [`k ${form}`]: [`x ${form} y`] })).toEqual({
        'k [redacted]': ['x [redacted] y'],
      });
    });
  }

  it('inside longer base64 in either alphabet (key:token, user:password, a request URL)', () => {
    const texts = [
      `key-0123456789:${SECRET}`,
      `u:${SECRET}`,
      `https://h.test/p?token=${encodeURIComponent(SECRET)}&a=1`,
    ];
    for (const t of texts) {
      for (const text of [Buffer.from(t).toString('base64'), Buffer.from(t).toString('base64url')]) {
        const shown = s.redactOutput(text);
        expect(shown).toContain('[redacted]');
        // No 8-character run of the encoded secret survives.
        const left = shown.split('[redacted]').map((p) => p.length);
        expect(Math.max(...left)).toBeLessThan(Buffer.from(t).toString('base64').length - 16);
      }
    }
  });

  it('an output keeps its shape and its secret-named fields that hold no secret', () => {
    const out = { code: 'card_declined', token: 'page-2', items: [{ n: 1 }, `${SECRET}`], ok: true };
    expect(s.redactOutput(out)).toEqual({
      code: 'card_declined',
      token: 'page-2',
      items: [{ n: 1 }, '[redacted]'],
      ok: true,
    });
    const clean = { a: 'text with % and \\ but no secret', b: [1, null, { c: 'Bearer of news' }] };
    expect(s.redactOutput(clean)).toBe(clean);
  });
});

describe('scopes: a connection has its own, under the deployment', () => {
  it("redacts its own and the deployment's secrets; siblings and the deployment do not hold its own", () => {
    const deployment = new Secrets();
    deployment.add('deployment-token-0001');
    const a = deployment.child();
    const b = deployment.child();
    a.add('caller-a-token-0002');
    b.add('caller-b-token-0003');
    expect(a.redactText('deployment-token-0001 caller-a-token-0002')).toBe('[redacted] [redacted]');
    expect(deployment.size).toBe(1);
    expect(b.size).toBe(1);
    // A secret the deployment learns later reaches every scope under it.
    deployment.add('deployment-later-0004');
    expect(b.redactText('deployment-later-0004')).toBe('[redacted]');
  });

  it(`keeps at most ${MAX_ROTATED_SECRETS} rotated tokens per connection, whatever the others hold`, () => {
    const deployment = new Secrets();
    const conns = Array.from({ length: 50 }, () => deployment.child());
    for (let i = 0; i < 2000; i++) conns[i % 50]?.addRotating(`rotated-${i}-abcdefgh`);
    for (const c of conns) expect(c.size).toBe(MAX_ROTATED_SECRETS);
    expect(deployment.size).toBe(0);
  });
});

describe('tokens adopted from the store are rotations', () => {
  let auth: Loopback;
  beforeAll(async () => {
    // The endpoint refuses every refresh: the session adopts what the store holds instead.
    auth = await startLoopback(() => ({ status: 400, body: { error: 'invalid_grant' } }));
  });
  afterAll(async () => {
    await auth.close();
  });

  it(`a connection remembers at most ${MAX_ROTATED_SECRETS} of them after 300 adoptions`, async () => {
    const secrets = new Secrets();
    const store = new MemoryTokenStore();
    const session = new OAuthSession({
      key: 'rt',
      options: {
        accessToken: 'configured-access-0001',
        refreshToken: 'configured-refresh-0001',
        expiresAt: Date.now() - 1000,
        tokenUrl: `${auth.url}/token`,
      },
      tokenUrl: null,
      skewSeconds: 60,
      dispatcher: (await import('undici')).getGlobalDispatcher(),
      store,
      secrets,
      logger: undefined,
      timeoutMs: 5000,
    });
    const tokens = (i: number) => ({
      accessToken: `adopted-access-${i}-xxxxxxxx`,
      refreshToken: `adopted-refresh-${i}-xxxxxxx`,
      expiresAt: Date.now() + 3_600_000,
    });
    await store.set('rt', tokens(0));
    expect(await session.authorization()).toBe(`Bearer ${tokens(0).accessToken}`);
    const configured = secrets.size;
    for (let i = 1; i <= 300; i++) {
      // Another replica rotated: the refresh is refused, the store's tokens are adopted.
      await store.set('rt', tokens(i));
      expect(await session.renew(`Bearer ${tokens(i - 1).accessToken}`)).toBe(true);
      expect(await session.authorization()).toBe(`Bearer ${tokens(i).accessToken}`);
    }
    expect(secrets.size).toBeLessThanOrEqual(configured + MAX_ROTATED_SECRETS);
    expect(secrets.redactText(tokens(300).accessToken)).toBe('[redacted]');
  });
});
