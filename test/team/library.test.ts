/**
 * The shared store at library level: several toolkits (as replicas would be) sharing one real
 * redis-server against the fake OAuth vendor: one refresh for all, the store's tokens win over
 * the configured ones, callers use only their own connections, rate limits hold across toolkits,
 * idempotency keys are reused by a retried write, and a short cursor key is refused.
 */
import {
  createToolkit,
  isToolError,
  loadSpecs,
  MemoryTokenStore,
  RedisStore,
  type ToolError,
  type Toolkit,
} from '@toolspec/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  maxInWindow,
  REDIS_MISSING,
  type Redis,
  redisBinary,
  startRedis,
  startVendor,
  teamSpec,
  type Vendor,
} from './support.js';

const available = redisBinary() !== null;
if (!available) console.warn(`test/team/library.test.ts skipped: ${REDIS_MISSING}`);

async function failure(p: Promise<unknown>): Promise<ToolError> {
  try {
    await p;
  } catch (e) {
    if (isToolError(e)) return e;
    throw e;
  }
  throw new Error('expected a ToolError');
}

describe.skipIf(!available)('shared store (library)', () => {
  let redis: Redis;
  let vendor: Vendor;
  let spec: string;
  const stores: RedisStore[] = [];
  const kits: Toolkit[] = [];

  beforeAll(async () => {
    [redis, vendor] = await Promise.all([startRedis(), startVendor()]);
    spec = teamSpec(vendor.url, 20);
  });
  afterAll(async () => {
    try {
      for (const k of kits) await k.close().catch(() => {});
      for (const s of stores) await s.close().catch(() => {});
      await vendor?.close();
    } finally {
      await redis?.close();
    }
  });

  async function kit(
    prefix: string,
    extra: Partial<Parameters<typeof createToolkit>[0]> = {},
  ): Promise<Toolkit> {
    const store = await RedisStore.connect(redis.url, { prefix });
    stores.push(store);
    const toolkit = createToolkit({
      specs: loadSpecs([spec]),
      tokenStore: store,
      connections: {
        team: {
          token: 'at-0',
          oauth: { refreshToken: 'rt-0', clientId: 'c', tokenUrl: `${vendor.url}/oauth/token` },
        },
      },
      ...extra,
    });
    kits.push(toolkit);
    return toolkit;
  }

  it('toolkits sharing the store refresh an expired token once, and a later one uses the rotated token', async () => {
    const [a, b, c] = await Promise.all([kit('lib:'), kit('lib:'), kit('lib:')]);
    const all = [a, b, c] as Toolkit[];
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (all[i % 3] as Toolkit).call('team_item_get', { item_id: `x${i}` }),
      ),
    );
    expect(results).toHaveLength(60);
    expect(vendor.refreshes).toBe(1);
    expect(vendor.revoked).toBe(false);
    const before = vendor.requests.length;
    const late = await kit('lib:');
    expect(await late.call('team_item_get', { item_id: 'late' })).toEqual({
      id: 'late',
      owner: 'deployment',
    });
    expect(vendor.refreshes).toBe(1);
    // Its one request carried the rotated token (no 401 first).
    expect(vendor.requests.slice(before).map((r) => r.authorization)).toEqual(['Bearer at-1']);
  });

  it("callers use their own connections from the store and never reach another caller's", async () => {
    vendor.staticTokens.set('alice-token', 'alice');
    vendor.staticTokens.set('bob-token', 'bob');
    const toolkit = await kit('lib:');
    const store = stores.at(-1) as RedisStore;
    await store.setConnection('alice', 'team', { token: 'alice-token' });
    await store.setConnection('bob', 'team', { token: 'bob-token' });
    expect(await toolkit.call('team_item_get', { item_id: 'a' }, { caller: 'alice' })).toEqual({
      id: 'a',
      owner: 'alice',
    });
    expect(await toolkit.call('team_item_get', { item_id: 'b' }, { caller: 'bob' })).toEqual({
      id: 'b',
      owner: 'bob',
    });
    // A caller without a connection gets a typed error naming the set and itself; never another's.
    const e = await failure(toolkit.call('team_item_get', { item_id: 'c' }, { caller: 'carol' }));
    expect(e.code).toBe('configuration');
    expect(e.message).toContain('"team" connection for caller "carol"');
    expect(e.details).toEqual({ set: 'team', caller: 'carol' });
    expect(JSON.stringify(e.toJSON())).not.toMatch(/alice-token|bob-token|at-\d|rt-\d/);
    // A caller named like another caller's key cannot spell it.
    const sneaky = await failure(toolkit.call('team_item_get', { item_id: 'd' }, { caller: 'alice/team' }));
    expect(sneaky.code).toBe('configuration');
    // After bob's connection is removed, bob is refused (no fallback to the deployment's or alice's).
    await store.deleteConnection('bob', 'team');
    const gone = await failure(toolkit.call('team_item_get', { item_id: 'e' }, { caller: 'bob' }));
    expect(gone.message).toContain('caller "bob"');
    // The deployment (no caller) still uses its own connection.
    expect(await toolkit.call('team_item_get', { item_id: 'f' })).toMatchObject({ owner: 'deployment' });
  });

  it('a resolver and a per-call connection', async () => {
    vendor.staticTokens.set('given-token', 'given');
    const asked: unknown[] = [];
    const conn = { token: 'alice-token' };
    const resolved = createToolkit({
      specs: loadSpecs([spec]),
      connections: (req) => {
        asked.push(req);
        return req.caller === 'alice' ? conn : undefined;
      },
    });
    kits.push(resolved);
    expect(await resolved.call('team_item_get', { item_id: 'r' }, { caller: 'alice' })).toMatchObject({
      owner: 'alice',
    });
    expect(asked).toEqual([{ set: 'team', tool: 'team_item_get', caller: 'alice' }]);
    const e = await failure(resolved.call('team_item_get', { item_id: 'r' }, { caller: 'mallory' }));
    expect(e.message).toContain('caller "mallory"');
    expect(
      await resolved.call('team_item_get', { item_id: 'g' }, { connection: { token: 'given-token' } }),
    ).toMatchObject({ owner: 'given' });
  });

  it('a declared rate limit holds across toolkits sharing the store (measured at the vendor)', async () => {
    const a = await kit('lib:');
    const b = await kit('lib:');
    await a.call('team_item_get', { item_id: 'warm' });
    await b.call('team_item_get', { item_id: 'warm' });
    const from = vendor.requests.length;
    const n = 30;
    await Promise.all(
      Array.from({ length: n }, (_, i) => (i % 2 ? a : b).call('team_item_peek', { item_id: `p${i}` })),
    );
    const at = vendor.requests.slice(from).map((r) => r.at);
    expect(at).toHaveLength(n);
    // 20/s with a burst of 1: no 1-second window holds more than 20 + 1 (+1 for clock granularity).
    expect(maxInWindow(at, 1000)).toBeLessThanOrEqual(22);
  });

  it('an operator override switches a limit off; past the deadline the answer is rate_limited with retry_after', async () => {
    await kit('lib:');
    const fast = createToolkit({
      specs: loadSpecs([spec]),
      tokenStore: stores.at(-1),
      connections: { team: { token: 'alice-token', rateLimit: 'off' } },
    });
    kits.push(fast);
    const from = vendor.requests.length;
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => fast.call('team_item_peek', { item_id: `o${i}` })),
    );
    expect(
      maxInWindow(
        vendor.requests.slice(from).map((r) => r.at),
        1000,
      ),
    ).toBeGreaterThan(22);
    // One token per hour and a deadline shorter than the wait: the second call is refused before sending.
    const slow = createToolkit({
      specs: loadSpecs([spec]),
      tokenStore: stores.at(-1),
      connections: { team: { token: 'alice-token', rateLimit: '1/h' } },
    });
    kits.push(slow);
    await slow.call('team_item_peek', { item_id: 's1' });
    const sent = vendor.requests.length;
    const e = await failure(slow.call('team_item_peek', { item_id: 's2' }));
    expect(e.code).toBe('rate_limited');
    expect(e.retryAfter).toBeGreaterThan(0);
    expect(vendor.requests.length).toBe(sent);
    const bad = createToolkit({
      specs: loadSpecs([spec]),
      connections: { team: { token: 'alice-token', rateLimit: 'fast please' } },
    });
    kits.push(bad);
    const b = await failure(bad.call('team_item_peek', { item_id: 's3' }));
    expect(b.code).toBe('invalid_input');
    expect(b.message).toContain('rate limit');
  });

  it('a store-kept idempotency key is reused by a retried write', async () => {
    const store = await RedisStore.connect(redis.url, { prefix: 'lib5:' });
    stores.push(store);
    const first = await store.claim('idem/x', 'key-1', 60_000);
    const again = await store.claim('idem/x', 'key-2', 60_000);
    expect([first, again]).toEqual(['key-1', 'key-1']);
    await store.forget('idem/x');
    expect(await store.claim('idem/x', 'key-3', 60_000)).toBe('key-3');
  });

  it('a keyed write retried on another toolkit reuses the in-flight key, as a resubmission', async () => {
    vendor.staticTokens.set('writer-token', 'writer');
    const store = await RedisStore.connect(redis.url, { prefix: 'lib7:' });
    stores.push(store);
    const writer = () =>
      createToolkit({
        specs: loadSpecs([spec]),
        tokenStore: store,
        connections: { team: { token: 'writer-token' } },
        retry: { maxRetries: 0 },
      });
    const [a, b] = [writer(), writer()];
    kits.push(a, b);
    vendor.writeFailures = 1;
    const from = vendor.writes.length;
    const lost = await failure(a.call('team_write', { text: 'hello' }));
    expect(lost.code).toBe('network_error');
    // The client retries the same request; it lands on the other toolkit (replica).
    expect(await b.call('team_write', { text: 'hello' })).toMatchObject({ owner: 'writer' });
    const sent = vendor.writes.slice(from);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.requestId).toBe(sent[0]?.requestId);
    expect(sent.map((w) => w.retry)).toEqual([false, true]);
    // After the success the key is dropped: a new write gets a new key.
    await b.call('team_write', { text: 'hello' });
    expect(vendor.writes.at(-1)?.requestId).not.toBe(sent[0]?.requestId);
    // Different content, different key.
    await a.call('team_write', { text: 'other' });
    expect(new Set(vendor.writes.slice(from).map((w) => w.requestId)).size).toBe(3);
  });

  it("a refresh refused because another process rotated first adopts the store's tokens", async () => {
    const rotating = await startVendor();
    rotating.revokeOnReuse = false;
    try {
      const shared = new MemoryTokenStore();
      const conn = {
        team: {
          token: 'at-0',
          oauth: { refreshToken: 'rt-0', clientId: 'c', tokenUrl: `${rotating.url}/oauth/token` },
        },
      };
      const specs = loadSpecs([teamSpec(rotating.url)]);
      const b = createToolkit({ specs, tokenStore: shared, connections: conn });
      kits.push(b);
      await b.call('team_item_get', { item_id: '1' }); // b refreshes: at-1, rt-1 (stored)
      const a = createToolkit({ specs, tokenStore: shared, connections: conn });
      kits.push(a);
      rotating.expire('at-1');
      await a.call('team_item_get', { item_id: '2' }); // a (from the store) refreshes: at-2, rt-2
      expect(rotating.refreshes).toBe(2);
      rotating.expire('at-1');
      // b still holds at-1/rt-1: its refresh with rt-1 is refused, and it takes the store's tokens.
      expect(await b.call('team_item_get', { item_id: '3' })).toMatchObject({ owner: 'deployment' });
      expect(rotating.refused).toBe(1);
      expect(rotating.requests.at(-1)?.authorization).toBe('Bearer at-2');
    } finally {
      await rotating.close();
    }
  });

  it('compare-and-set writes rotated tokens once', async () => {
    const store = await RedisStore.connect(redis.url, { prefix: 'lib6:' });
    stores.push(store);
    expect(await store.swap('c', undefined, { accessToken: 'a1', refreshToken: 'r1' })).toBe(true);
    expect(await store.swap('c', undefined, { accessToken: 'a9', refreshToken: 'r9' })).toBe(false);
    expect(await store.swap('c', 'r1', { accessToken: 'a2', refreshToken: 'r2' })).toBe(true);
    expect(await store.swap('c', 'r1', { accessToken: 'a3', refreshToken: 'r3' })).toBe(false);
    expect(await store.get('c')).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
    const release = await store.lock('l', 10_000);
    expect(release).not.toBeNull();
    expect(await store.lock('l', 10_000)).toBeNull();
    await release?.();
    expect(await store.lock('l', 10_000)).not.toBeNull();
  });

  it('a store that goes away fails calls at once with a typed error, not a hang', async () => {
    const own = await startRedis();
    const store = await RedisStore.connect(own.url, { prefix: 'gone:' });
    stores.push(store);
    const toolkit = createToolkit({
      specs: loadSpecs([spec]),
      tokenStore: store,
      connections: { team: { token: 'alice-token', rateLimit: '100/s' } },
    });
    kits.push(toolkit);
    expect(await toolkit.call('team_item_peek', { item_id: 'up' })).toMatchObject({ owner: 'alice' });
    await own.close();
    const e = await failure(toolkit.call('team_item_peek', { item_id: 'down' }));
    expect(e.code).toBe('store_unavailable');
    expect(e.retryable).toBe(true);
    // Says what is unavailable and why, never with an empty reason nor the URL.
    expect(e.message).toMatch(/shared store \(Redis\) is unavailable: \S/);
    expect(e.message).not.toContain(own.url);
  });

  it('refuses a cursor key shorter than 32 characters', () => {
    expect(() => createToolkit({ specs: loadSpecs([spec]), cursorKey: 'short' })).toThrow(
      /at least 32 characters/,
    );
  });
});
