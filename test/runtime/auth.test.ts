/** OAuth 2.0 refresh (before expiry, on 401, single-flight), refused refresh, token stores, static tokens. */
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FileTokenStore, MemoryTokenStore } from '../../runtime/auth/stores.js';
import type { OAuthOptions } from '../../runtime/types.js';
import { failure, testKit } from './support/fixture.js';
import { type Loopback, startLoopback } from './support/loopback.js';

let api: Loopback;
let auth: Loopback;
let tokenCalls = 0;
/** The access token the API currently accepts. */
let valid = 'new-access-token-1';

const SECRETS = [
  'old-access-token-0',
  'refresh-token-1',
  'refresh-token-2',
  'client-secret-xyz',
  'new-access-token-1',
];

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
  refreshToken: 'refresh-token-1',
  clientId: 'client-1',
  clientSecret: 'client-secret-xyz',
  tokenUrl: `${auth.url}/token`,
  ...extra,
});

describe('OAuth 2.0 refresh', () => {
  it('refreshes before expiry (within the set skew) and persists the rotated refresh token', async () => {
    const store = new MemoryTokenStore();
    const { toolkit } = testKit(
      api.url,
      { oauth: oauth({ expiresAt: Date.now() + 30_000 }) },
      { tokenStore: store },
    );
    expect(await toolkit.call('rt_item_get', { item_id: 'a1' })).toEqual({ id: 'a1', name: 'ok' });
    expect(tokenCalls).toBe(1);
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.headers.authorization).toBe('Bearer new-access-token-1');
    expect(api.requests[0]?.headers['x-rt-token-type']).toBe('OAUTH');
    const form = new URLSearchParams(auth.requests[0]?.rawBody);
    expect(form.get('grant_type')).toBe('refresh_token');
    expect(form.get('refresh_token')).toBe('refresh-token-1');
    expect(auth.requests[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('client-1:client-secret-xyz').toString('base64')}`,
    );
    const stored = await store.get('rt');
    expect(stored?.accessToken).toBe('new-access-token-1');
    expect(stored?.refreshToken).toBe('refresh-token-2');
    expect(stored?.expiresAt).toBeGreaterThan(Date.now());
    await toolkit.close();
  });

  it('does not refresh a token that is far from expiry', async () => {
    valid = 'old-access-token-0';
    const { toolkit } = testKit(api.url, { oauth: oauth({ expiresAt: Date.now() + 3_600_000 }) });
    await toolkit.call('rt_item_get', { item_id: 'a1' });
    expect(tokenCalls).toBe(0);
    await toolkit.close();
  });

  it('refreshes once on a 401 and replays the request with the new token', async () => {
    const { toolkit } = testKit(api.url, { oauth: oauth() });
    expect(await toolkit.call('rt_item_get', { item_id: 'a1' })).toEqual({ id: 'a1', name: 'ok' });
    expect(tokenCalls).toBe(1);
    expect(api.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer old-access-token-0',
      'Bearer new-access-token-1',
    ]);
    await toolkit.close();
  });

  it('makes exactly one refresh for ten concurrent 401s', async () => {
    const { toolkit } = testKit(api.url, { oauth: oauth() });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => toolkit.call('rt_item_get', { item_id: `a${i}` })),
    );
    expect(results).toHaveLength(10);
    expect(tokenCalls).toBe(1);
    expect(api.requests.filter((r) => r.headers.authorization === 'Bearer new-access-token-1')).toHaveLength(
      10,
    );
    await toolkit.close();
  });

  it('gives up after one refresh when the new token is refused too', async () => {
    valid = 'never';
    const { toolkit } = testKit(api.url, { oauth: oauth() });
    const e = await failure(toolkit.call('rt_item_get', { item_id: 'a1' }));
    expect(e.code).toBe('unauthorized');
    expect(tokenCalls).toBe(1);
    expect(api.requests).toHaveLength(2);
    await toolkit.close();
  });

  it('turns a refused refresh (invalid_grant) into reauthorize, with no secret anywhere', async () => {
    auth.handler = () => ({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'refresh token refresh-token-1 is revoked' },
    });
    const { toolkit, logs } = testKit(api.url, { oauth: oauth() });
    const e = await failure(toolkit.call('rt_item_get', { item_id: 'a1' }));
    expect(e.code).toBe('reauthorize');
    expect(e.vendorCode).toBe('invalid_grant');
    expect(e.retryable).toBe(false);
    expect(e.hint).toContain('Authorize');
    const printed = JSON.stringify(e.toJSON()) + String(e.message) + String(e.stack) + JSON.stringify(logs);
    for (const s of SECRETS) expect(printed).not.toContain(s);
    await toolkit.close();
  });

  it('uses tokens from the store in preference to the configured ones', async () => {
    const store = new MemoryTokenStore({
      rt: {
        accessToken: 'new-access-token-1',
        refreshToken: 'refresh-token-2',
        expiresAt: Date.now() + 3_600_000,
      },
    });
    const { toolkit } = testKit(api.url, { oauth: oauth() }, { tokenStore: store });
    await toolkit.call('rt_item_get', { item_id: 'a1' });
    expect(tokenCalls).toBe(0);
    expect(api.requests[0]?.headers.authorization).toBe('Bearer new-access-token-1');
    await toolkit.close();
  });
});

describe('static tokens', () => {
  it('sends the token and maps a 401 to unauthorized without a refresh loop', async () => {
    valid = 'static-token-0123456789';
    const { toolkit } = testKit(api.url);
    await toolkit.call('rt_item_get', { item_id: 'a1' });
    valid = 'other';
    const e = await failure(toolkit.call('rt_item_get', { item_id: 'a1' }));
    expect(e.code).toBe('unauthorized');
    expect(e.status).toBe(401);
    expect(e.vendorMessage).toBe('bad token');
    expect(e.hint).toContain('TOOLSPEC_RT_TOKEN');
    expect(api.requests).toHaveLength(2);
    expect(tokenCalls).toBe(0);
    await toolkit.close();
  });
});

describe('FileTokenStore', () => {
  it('writes atomically with mode 0600 and reads back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolspec-tokens-'));
    const path = join(dir, 'tokens.json');
    const store = new FileTokenStore(path);
    expect(await store.get('rt')).toBeUndefined();
    await Promise.all([
      store.set('rt', { accessToken: 'a', refreshToken: 'r' }),
      store.set('other', { accessToken: 'b' }),
    ]);
    expect(await store.get('rt')).toEqual({ accessToken: 'a', refreshToken: 'r' });
    expect(await store.get('other')).toEqual({ accessToken: 'b' });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['tokens.json']);
    expect(JSON.parse(await readFile(path, 'utf8'))).toHaveProperty('rt');
  });

  it('persists a rotated refresh token from a toolkit refresh', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolspec-tokens-'));
    const store = new FileTokenStore(join(dir, 'tokens.json'));
    const { toolkit } = testKit(api.url, { oauth: oauth() }, { tokenStore: store });
    await toolkit.call('rt_item_get', { item_id: 'a1' });
    expect((await new FileTokenStore(join(dir, 'tokens.json')).get('rt'))?.refreshToken).toBe(
      'refresh-token-2',
    );
    await toolkit.close();
  });
});
