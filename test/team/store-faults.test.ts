/**
 * Redis as a dependency that can fail (issue 30), over a real redis-server that the tests stall
 * (SIGSTOP), kill (SIGKILL) and start again on the same port (empty, as one without persistence
 * comes back), toolkits sharing it as replicas would, and the fake vendor that rotates refresh
 * tokens and revokes the grant when a spent one is reused.
 */

import { setTimeout as delay } from 'node:timers/promises';
import { createClient } from '@redis/client';
import {
  createToolkit,
  isToolError,
  loadSpecs,
  RedisStore,
  type ToolError,
  type Toolkit,
} from '@toolspec/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FaultyRedis,
  REDIS_MISSING,
  redisBinary,
  startFaultyRedis,
  startVendor,
  teamSpec,
  toolspec,
  type Vendor,
} from './support.js';

const available = redisBinary() !== null;
if (!available) console.warn(`test/team/store-faults.test.ts skipped: ${REDIS_MISSING}`);

async function outcome(p: Promise<unknown>): Promise<{ ok: unknown } | { error: ToolError }> {
  try {
    return { ok: await p };
  } catch (e) {
    if (isToolError(e)) return { error: e };
    throw e;
  }
}

/** Call until the store answers again (a client reconnects within about a second), at most `tries` times. */
async function onceBack(
  call: () => Promise<unknown>,
  tries = 60,
): Promise<{ ok: unknown } | { error: ToolError }> {
  for (let i = 0; ; i++) {
    const r = await outcome(call());
    if (!('error' in r) || r.error.code !== 'store_unavailable' || i >= tries) return r;
    await delay(250);
  }
}

describe.skipIf(!available)('Redis faults (library)', { timeout: 120_000 }, () => {
  let redis: FaultyRedis;
  let vendor: Vendor;
  let spec: string;
  const stores: RedisStore[] = [];
  const kits: Toolkit[] = [];

  beforeAll(async () => {
    [redis, vendor] = await Promise.all([startFaultyRedis(), startVendor()]);
    spec = teamSpec(vendor.url, 20);
  });
  afterAll(async () => {
    try {
      for (const k of kits) await k.close().catch(() => {});
      for (const s of stores) await s.close().catch(() => {});
      await vendor?.close();
    } finally {
      redis?.resume();
      await redis?.close();
    }
  });

  async function kit(
    prefix: string,
    connection: NonNullable<Parameters<typeof createToolkit>[0]['connections']>,
  ): Promise<Toolkit> {
    const store = await RedisStore.connect(redis.url, { prefix });
    stores.push(store);
    const toolkit = createToolkit({ specs: loadSpecs([spec]), tokenStore: store, connections: connection });
    kits.push(toolkit);
    return toolkit;
  }

  it('a stalled Redis (SIGSTOP) ends a call with store_unavailable, not a wait for Redis; calls work once it answers', async () => {
    vendor.staticTokens.set('stall-token', 'stall');
    const toolkit = await kit('stall:', { team: { token: 'stall-token', rateLimit: '100/s' } });
    expect(await toolkit.call('team_item_peek', { item_id: 'up' })).toMatchObject({ owner: 'stall' });
    redis.pause();
    // Resumed whatever happens, so a call that waits for Redis ends too (and is seen to succeed).
    const resume = setTimeout(() => redis.resume(), 20_000);
    try {
      const stalled = await outcome(toolkit.call('team_item_peek', { item_id: 'stalled' }));
      const next = await outcome(toolkit.call('team_item_peek', { item_id: 'stalled-again' }));
      for (const r of [stalled, next]) {
        expect('error' in r && r.error.code).toBe('store_unavailable');
        const e = (r as { error: ToolError }).error;
        expect(e.retryable).toBe(true);
        expect(e.message).toMatch(/shared store \(Redis\) is unavailable: \S/);
        expect(JSON.stringify(e.toJSON())).not.toContain('stall-token');
      }
    } finally {
      clearTimeout(resume);
      redis.resume();
    }
    expect(await onceBack(() => toolkit.call('team_item_peek', { item_id: 'back' }))).toEqual({
      ok: { id: 'back', owner: 'stall' },
    });
  });

  it('Redis down at the first token read: the connection works once Redis is back, without a restart', async () => {
    vendor.staticTokens.set('first-read-token', 'first');
    const toolkit = await kit('first:', {
      team: {
        token: 'first-read-token',
        oauth: { refreshToken: 'rt-unused', clientId: 'c', tokenUrl: `${vendor.url}/oauth/token` },
      },
    });
    await redis.kill();
    const down = await outcome(toolkit.call('team_item_get', { item_id: 'down' }));
    expect('error' in down && down.error.code).toBe('store_unavailable');
    expect((down as { error: ToolError }).error.message).toMatch(/is unavailable: \S/);
    await redis.restart();
    expect(await onceBack(() => toolkit.call('team_item_get', { item_id: 'up' }))).toEqual({
      ok: { id: 'up', owner: 'first' },
    });
  });

  it('Redis killed during a refresh: the rotated token is kept, written when Redis is back, and found by the others; one refresh, never reauthorize', async () => {
    const rotating = await startVendor();
    try {
      const conn = {
        team: {
          token: 'at-0',
          oauth: { refreshToken: 'rt-0', clientId: 'c', tokenUrl: `${rotating.url}/oauth/token` },
        },
      };
      const specs = loadSpecs([teamSpec(rotating.url)]);
      const replica = async () => {
        const store = await RedisStore.connect(redis.url, { prefix: 'rotate:' });
        stores.push(store);
        const toolkit = createToolkit({ specs, tokenStore: store, connections: conn });
        kits.push(toolkit);
        return toolkit;
      };
      const [a, b] = [await replica(), await replica()];
      // The vendor has rotated (rt-0 is spent) when Redis dies; then it answers with at-1/rt-1.
      rotating.beforeRefreshAnswer = async () => {
        rotating.beforeRefreshAnswer = null;
        await redis.kill();
      };
      const first = await outcome(a.call('team_item_get', { item_id: 'a1' }));
      expect(first).toEqual({ ok: { id: 'a1', owner: 'deployment' } });
      expect(rotating.refreshes).toBe(1);
      // Redis is down: a uses the rotated token it holds; b cannot read the store.
      expect(await outcome(a.call('team_item_get', { item_id: 'a2' }))).toEqual({
        ok: { id: 'a2', owner: 'deployment' },
      });
      const bDown = await outcome(b.call('team_item_get', { item_id: 'b1' }));
      expect('error' in bDown && bDown.error.code).toBe('store_unavailable');
      await redis.restart();
      // Back (empty): b finds a's rotated tokens in the store instead of refreshing with the spent rt-0.
      expect(await onceBack(() => b.call('team_item_get', { item_id: 'b2' }))).toEqual({
        ok: { id: 'b2', owner: 'deployment' },
      });
      const c = await replica();
      expect(await c.call('team_item_get', { item_id: 'c1' })).toEqual({ id: 'c1', owner: 'deployment' });
      expect(rotating.refreshes).toBe(1);
      expect(rotating.refused).toBe(0);
      expect(rotating.revoked).toBe(false);
    } finally {
      rotating.beforeRefreshAnswer = null;
      await rotating.close();
    }
  });

  it('a Redis that is not there fails `toolspec connections` with a clear message instead of waiting for it', async () => {
    await redis.kill();
    try {
      const r = await toolspec(['connections', 'delete', '--caller', 'a', '--set', 'team'], '', {
        TOOLSPEC_REDIS_URL: redis.url,
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/cannot connect to the Redis store at redis:\/\/127\.0\.0\.1:\d+\/0: \S/);
    } finally {
      await redis.restart();
    }
  });

  it('a store restored from an older copy (a spent refresh token) is written over, not taken', async () => {
    const rotating = await startVendor();
    try {
      const store = await RedisStore.connect(redis.url, { prefix: 'restore:' });
      stores.push(store);
      const toolkit = createToolkit({
        specs: loadSpecs([teamSpec(rotating.url)]),
        tokenStore: store,
        connections: {
          team: {
            token: 'at-0',
            oauth: { refreshToken: 'rt-0', clientId: 'c', tokenUrl: `${rotating.url}/oauth/token` },
          },
        },
      });
      kits.push(toolkit);
      expect(await toolkit.call('team_item_get', { item_id: 'r1' })).toMatchObject({ owner: 'deployment' });
      // Redis comes back with what it held before that rotation (AOF without the last second).
      await store.set('team', { accessToken: 'at-0', refreshToken: 'rt-0' });
      rotating.expire('at-1');
      expect(await toolkit.call('team_item_get', { item_id: 'r2' })).toMatchObject({ owner: 'deployment' });
      expect([rotating.refreshes, rotating.refused, rotating.revoked]).toEqual([2, 0, false]);
      expect((await store.get('team'))?.refreshToken).toBe('rt-2');
    } finally {
      await rotating.close();
    }
  });

  it('`toolspec connections delete`, and a connection set again with other values, remove the caller’s stored tokens', async () => {
    const rotating = await startVendor();
    const raw = createClient({ url: redis.url });
    await raw.connect();
    try {
      rotating.staticTokens.set('alice2-token', 'alice2');
      rotating.staticTokens.set('bob2-token', 'bob2');
      const tokenUrl = `${rotating.url}/oauth/token`;
      const env = { TOOLSPEC_REDIS_URL: redis.url };
      const setConn = async (caller: string, conn: unknown) => {
        const r = await toolspec(
          ['connections', 'set', '--caller', caller, '--set', 'team', '--from-stdin'],
          JSON.stringify(conn),
          env,
        );
        expect(r.code, r.stderr).toBe(0);
      };
      const tokensOf = (caller: string) => raw.keys(`toolspec:tokens/caller/${caller}/team*`);
      const store = await RedisStore.connect(redis.url);
      stores.push(store);
      const toolkit = createToolkit({ specs: loadSpecs([teamSpec(rotating.url)]), tokenStore: store });
      kits.push(toolkit);
      const as = (caller: string, id: string) => toolkit.call('team_item_get', { item_id: id }, { caller });

      // Each caller's OAuth connection refreshes once (at-0 has expired): its rotated tokens are stored.
      await setConn('alice', { token: 'at-0', oauth: { refreshToken: 'rt-0', clientId: 'c', tokenUrl } });
      expect(await as('alice', 'a1')).toEqual({ id: 'a1', owner: 'deployment' });
      await setConn('bob', { token: 'at-0', oauth: { refreshToken: 'rt-1', clientId: 'c', tokenUrl } });
      expect(await as('bob', 'b1')).toEqual({ id: 'b1', owner: 'deployment' });
      expect(rotating.refreshes).toBe(2);
      expect(await tokensOf('alice')).toHaveLength(1);
      expect(await tokensOf('bob')).toHaveLength(1);

      // Deleted: the connection and its tokens; set again (another account): its own token is used.
      const del = await toolspec(['connections', 'delete', '--caller', 'alice', '--set', 'team'], '', env);
      expect(del.code, del.stderr).toBe(0);
      expect(await tokensOf('alice')).toEqual([]);
      await setConn('alice', {
        token: 'alice2-token',
        oauth: { refreshToken: 'rt-alice2', clientId: 'c', tokenUrl },
      });
      expect(await as('alice', 'a2')).toEqual({ id: 'a2', owner: 'alice2' });

      // Set again with other values, without a delete: the old connection's tokens go too.
      await setConn('bob', {
        token: 'bob2-token',
        oauth: { refreshToken: 'rt-bob2', clientId: 'c', tokenUrl },
      });
      expect(await tokensOf('bob')).toEqual([]);
      expect(await as('bob', 'b2')).toEqual({ id: 'b2', owner: 'bob2' });
      expect(rotating.refreshes).toBe(2);
    } finally {
      await raw.close().catch(() => {});
      await rotating.close();
    }
  });
});
