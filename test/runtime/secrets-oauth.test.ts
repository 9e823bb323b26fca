/**
 * Secrets in every encoding stay out of every output, and OAuth under faults: a refused refresh
 * stays refused until the credentials change, short-lived tokens are not refreshed per call, one
 * caller's abort does not fail the others, a line break in a credential is a configuration error.
 * The single-flight guard and its "someone already refreshed" shortcut are pinned.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryTokenStore } from '../../runtime/auth/stores.js';
import { MAX_ROTATED_SECRETS, Secrets } from '../../runtime/redact.js';
import type { OAuthOptions } from '../../runtime/types.js';
import { failure, testKit } from './support/fixture.js';
import { type Loopback, startLoopback } from './support/loopback.js';

let api: Loopback;
let auth: Loopback;
let tokenCalls = 0;
let valid = 'new-access-token-1';

beforeAll(async () => {
  api = await startLoopback();
  auth = await startLoopback();
});
afterAll(async () => {
  await api.close();
  await auth.close();
});
beforeEach(() => {
  tokenCalls = 0;
  valid = 'new-access-token-1';
  api.requests.length = 0;
  auth.requests.length = 0;
  api.handler = (r) =>
    r.headers.authorization === `Bearer ${valid}`
      ? { body: { id: 'a1', name: 'ok' } }
      : { status: 401, body: { error: { code: 'unauthorized', message: 'bad token' } } };
  auth.handler = async () => {
    tokenCalls++;
    await new Promise((r) => setTimeout(r, 30));
    return {
      body: { access_token: 'new-access-token-1', refresh_token: 'refresh-token-2', expires_in: 3600 },
    };
  };
});

const oauth = (extra: Partial<OAuthOptions> = {}): OAuthOptions => ({
  accessToken: 'old-access-token-0',
  refreshToken: 'refresh/token+1 with=odd&chars',
  clientId: 'client-1',
  clientSecret: 'client-secret-xyz',
  tokenUrl: `${auth.url}/token`,
  ...extra,
});

const enc = {
  url: (s: string) => encodeURIComponent(s),
  form: (s: string) => new URLSearchParams({ v: s }).toString().slice(2),
  b64: (s: string) => Buffer.from(s).toString('base64'),
  b64url: (s: string) => Buffer.from(s).toString('base64url'),
};

describe('every encoding of a secret is redacted', () => {
  it('raw, URL-encoded, form-encoded, base64 and base64url, alone or inside longer base64', () => {
    const s = new Secrets();
    const secret = 'sk/live+secret value=42';
    s.add(secret);
    for (const form of [secret, enc.url(secret), enc.form(secret), enc.b64(secret), enc.b64url(secret)]) {
      expect(s.redactText(`x ${form} y`)).toBe('x [redacted] y');
    }
    for (const prefix of ['a:', 'ab:', 'abc:']) {
      const text = enc.b64(`${prefix}${secret}`);
      expect(s.redactText(text)).toContain('[redacted]');
      // No 8-character run of the encoded secret survives.
      const leftover = s.redactText(text).replace('[redacted]', ' ');
      expect(leftover.length).toBeLessThan(12);
    }
  });

  it('keeps a bounded list of rotated tokens, the newest redacted', () => {
    const s = new Secrets();
    s.add('static-secret-000');
    const before = s.size;
    for (let i = 0; i < 500; i++) s.addRotating(`rotated-token-${i}-abcdefgh`);
    expect(s.redactText('rotated-token-499-abcdefgh')).toBe('[redacted]');
    expect(s.redactText(`rotated-token-${500 - MAX_ROTATED_SECRETS}-abcdefgh`)).toBe('[redacted]');
    expect(s.redactText('static-secret-000')).toBe('[redacted]');
    expect(s.size).toBeLessThanOrEqual(before + MAX_ROTATED_SECRETS * 12);
    expect(s.redactText('rotated-token-0-abcdefgh')).toBe('rotated-token-0-abcdefgh');
  });
});

describe('connection headers are secrets', () => {
  const HEADER = 'tenant-key-5f1e9a7c';
  it('a dry run prints them redacted', async () => {
    const { toolkit } = testKit(api.url, { token: 'tok-static-123456', headers: { 'X-Tenant-Key': HEADER } });
    const dry = await toolkit.dryRun('rt_item_get', { item_id: 'a1' });
    expect(JSON.stringify(dry)).not.toContain(HEADER);
    expect(dry.headers['x-tenant-key']).toBe('[redacted]');
    await toolkit.close();
  });

  it('a vendor 500 echoing the request headers (raw and base64) leaks none of them', async () => {
    api.handler = (r) => ({
      status: 500,
      body: { error: { code: 'boom', message: `echo ${JSON.stringify(r.headers)} ${enc.b64(HEADER)}` } },
    });
    const { toolkit, logs } = testKit(api.url, {
      token: 'tok-static-123456',
      headers: { 'X-Tenant-Key': HEADER },
    });
    const e = await failure(toolkit.call('rt_item_get', { item_id: 'a1' }));
    const printed = JSON.stringify(e.toJSON()) + e.message + JSON.stringify(logs);
    expect(printed).toContain('echo');
    for (const s of [HEADER, enc.b64(HEADER), 'tok-static-123456']) expect(printed).not.toContain(s);
    await toolkit.close();
  });

  it('a secret straddling the 300-character cut of a text error body leaves no half behind', async () => {
    const token = 'tok-straddle-ABCDEFGHIJKLMNOP';
    api.handler = () => ({
      status: 500,
      headers: { 'content-type': 'text/plain' },
      body: `${'x'.repeat(290)}${token} tail`,
    });
    const { toolkit } = testKit(api.url, { token });
    const e = await failure(toolkit.call('rt_item_get', { item_id: 'a1' }));
    expect(e.vendorMessage).toBeDefined();
    expect(JSON.stringify(e.toJSON())).not.toContain('tok-');
    expect((e.vendorMessage as string).length).toBeLessThanOrEqual(300);
    await toolkit.close();
  });
});

describe('the token endpoint echoing its request', () => {
  it('leaks neither the URL-encoded refresh token nor the base64 client credential', async () => {
    auth.handler = (r) => ({
      status: 400,
      body: { error: `bad request: ${r.rawBody} auth=${r.headers.authorization}` },
    });
    const o = oauth();
    const { toolkit, logs } = testKit(api.url, { oauth: o });
    const e = await failure(toolkit.call('rt_item_get', { item_id: 'a1' }));
    expect(e.code).toBe('reauthorize');
    const printed = JSON.stringify(e.toJSON()) + e.message + JSON.stringify(logs);
    expect(printed).toContain('bad request');
    for (const s of [
      o.refreshToken as string,
      enc.url(o.refreshToken as string),
      enc.form(o.refreshToken as string),
      enc.b64('client-1:client-secret-xyz'),
      'client-secret-xyz',
    ])
      expect(printed).not.toContain(s);
    await toolkit.close();
  });
});

describe('OAuth under faults', () => {
  it('after invalid_grant stays reauthorize without asking the endpoint again, until the credentials change', async () => {
    auth.handler = () => {
      tokenCalls++;
      return { status: 400, body: { error: 'invalid_grant' } };
    };
    const store = new MemoryTokenStore();
    const { toolkit } = testKit(api.url, { oauth: oauth() }, { tokenStore: store });
    for (let i = 0; i < 5; i++) {
      const e = await failure(toolkit.call('rt_item_get', { item_id: 'a1' }));
      expect(e.code).toBe('reauthorize');
    }
    expect(tokenCalls).toBe(1);
    // New credentials arrive through the token store: the next call uses them.
    await store.set('rt', { accessToken: 'new-access-token-1', refreshToken: 'refresh-token-9' });
    expect(await toolkit.call('rt_item_get', { item_id: 'a1' })).toEqual({ id: 'a1', name: 'ok' });
    expect(tokenCalls).toBe(1);
    await toolkit.close();
  });

  it('a token living shorter than the refresh margin is not refreshed before every call', async () => {
    auth.handler = () => {
      tokenCalls++;
      return { body: { access_token: 'new-access-token-1', expires_in: 30 } };
    };
    const { toolkit } = testKit(api.url, { oauth: oauth({ expiresAt: Date.now() - 1000 }) });
    for (let i = 0; i < 12; i++) await toolkit.call('rt_item_get', { item_id: 'a1' });
    expect(tokenCalls).toBe(1);
    await toolkit.close();
  });

  it('one caller aborting does not fail the others waiting on the same refresh', async () => {
    auth.handler = async () => {
      tokenCalls++;
      await new Promise((r) => setTimeout(r, 150));
      return { body: { access_token: 'new-access-token-1', expires_in: 3600 } };
    };
    const { toolkit } = testKit(api.url, { oauth: oauth({ expiresAt: Date.now() - 1000 }) });
    const ac = new AbortController();
    const first = toolkit.call('rt_item_get', { item_id: 'a1' }, { signal: ac.signal });
    const others = Array.from({ length: 3 }, () => toolkit.call('rt_item_get', { item_id: 'a2' }));
    setTimeout(() => ac.abort(), 20);
    expect((await failure(first)).code).toBe('aborted');
    expect(await Promise.all(others)).toEqual(Array(3).fill({ id: 'a1', name: 'ok' }));
    expect(tokenCalls).toBe(1);
    await toolkit.close();
  });

  it('skips the refresh after a 401 when another caller refreshed meanwhile', async () => {
    // Caller A refreshes on its 401; caller B's 401 (sent with the old token) arrives after that
    // refresh: B replays with the new token without a second refresh.
    let firstOld = true;
    api.handler = async (r) => {
      if (r.headers.authorization === `Bearer ${valid}`) return { body: { id: 'a1', name: 'ok' } };
      if (!firstOld) await new Promise((res) => setTimeout(res, 150));
      firstOld = false;
      return { status: 401, body: {} };
    };
    const { toolkit } = testKit(api.url, { oauth: oauth() });
    const results = await Promise.all([
      toolkit.call('rt_item_get', { item_id: 'a1' }),
      toolkit.call('rt_item_get', { item_id: 'a2' }),
    ]);
    expect(results).toHaveLength(2);
    expect(tokenCalls).toBe(1);
    await toolkit.close();
  });

  for (const [what, connection] of [
    ['a static token', { token: 'tok-good\r\nX-Injected: 1' }],
    ['a connection header', { token: 'tok-good-123456', headers: { 'X-Tenant': 'a\nb' } }],
  ] as const) {
    it(`a line break in ${what} is a configuration error, not retried, nothing sent`, async () => {
      const { toolkit } = testKit(api.url, connection);
      const e = await failure(toolkit.call('rt_item_get', { item_id: 'a1' }));
      expect(e.code).toBe('configuration');
      expect(e.retryable).toBe(false);
      expect(e.field).toBe('connections.rt');
      expect(e.hint).toMatch(/line break|CR, LF/);
      expect(api.requests).toHaveLength(0);
      await toolkit.close();
    });
  }

  it('a refreshed token with a line break is a configuration error too', async () => {
    auth.handler = () => ({ body: { access_token: 'bad\r\ntoken-value', expires_in: 3600 } });
    const { toolkit } = testKit(api.url, { oauth: oauth({ expiresAt: Date.now() - 1000 }) });
    const e = await failure(toolkit.call('rt_item_get', { item_id: 'a1' }));
    expect(e.code).toBe('configuration');
    expect(e.retryable).toBe(false);
    expect(api.requests).toHaveLength(0);
    await toolkit.close();
  });
});
