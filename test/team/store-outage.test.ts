/**
 * Issue 30's proof over real processes: three `toolspec serve --http` replicas on one real
 * redis-server, a fake vendor whose refresh tokens are single-use (a reused one revokes the
 * grant), Redis stalled (SIGSTOP) during a call, and Redis killed during a refresh and restarted
 * (empty) under 200 concurrent calls: no call hangs past its timeout, no replica answers
 * `reauthorize`, and exactly one refresh reaches the vendor per rotation.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deploymentEnv,
  type FaultyRedis,
  REDIS_MISSING,
  type Replica,
  redisBinary,
  startFaultyRedis,
  startReplica,
  startVendor,
  teamSpec,
  type Vendor,
} from './support.js';

const available = redisBinary() !== null;
if (!available) console.warn(`test/team/store-outage.test.ts skipped: ${REDIS_MISSING}`);

/** The tools' timeout (the language's default): a client that waits longer sees a hung call. */
const TOOL_TIMEOUT_MS = 30_000;

type Outcome = { readonly ok: true } | { readonly code: string } | { readonly hung: true };

/** A call's outcome: success, the typed error's code, or no answer within the tool's timeout. */
async function outcome(replica: Replica, tool: string, args: Record<string, unknown>): Promise<Outcome> {
  try {
    const r = await replica.call(tool, args, TOOL_TIMEOUT_MS);
    if (!r.isError) return { ok: true };
    const text = (r.content as { text?: string }[] | undefined)?.[0]?.text ?? '';
    return { code: /^Error \(([a-z_]+)\)/.exec(text)?.[1] ?? text };
  } catch {
    return { hung: true };
  }
}

const codes = (results: readonly Outcome[]) =>
  [...new Set(results.map((r) => ('ok' in r ? 'ok' : 'hung' in r ? 'hung' : r.code)))].sort();

describe.skipIf(!available)('replicas when Redis fails (toolspec serve --http)', { timeout: 240_000 }, () => {
  let redis: FaultyRedis;
  let vendor: Vendor;
  let replicas: Replica[] = [];

  beforeAll(async () => {
    [redis, vendor] = await Promise.all([startFaultyRedis(), startVendor()]);
    const spec = teamSpec(vendor.url, 50);
    replicas = await Promise.all([1, 2, 3].map(() => startReplica(spec, redis.url, deploymentEnv(vendor))));
  }, 180_000);

  afterAll(async () => {
    try {
      vendor.beforeRefreshAnswer = null;
      redis?.resume();
      await Promise.all(replicas.map((r) => r.kill()));
      await vendor?.close();
    } finally {
      await redis?.close();
    }
  }, 60_000);

  it('Redis stalled (SIGSTOP) during a call: the call ends with store_unavailable within its timeout', async () => {
    const replica = replicas[0] as Replica;
    redis.pause();
    // Resumed whatever happens, so a call that waits for Redis ends too.
    const resume = setTimeout(() => redis.resume(), 20_000);
    try {
      // team_item_peek takes a rate-limit token in the store before it sends.
      expect(await outcome(replica, 'team_item_peek', { item_id: 'stalled' })).toEqual({
        code: 'store_unavailable',
      });
    } finally {
      clearTimeout(resume);
      redis.resume();
    }
  });

  it('Redis killed during a refresh and restarted under 200 concurrent calls: no call hangs, no reauthorize, one refresh per rotation', async () => {
    let restarted: Promise<void> | undefined;
    // When the vendor has rotated (rt-0 is spent) and before it answers: Redis dies; it comes
    // back, empty, while the calls go on.
    vendor.beforeRefreshAnswer = async () => {
      vendor.beforeRefreshAnswer = null;
      await redis.kill();
      restarted = delay(1_500).then(() => redis.restart());
    };
    const during = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        await delay(i * 20);
        return outcome(replicas[i % 3] as Replica, 'team_item_get', { item_id: `o${i}` });
      }),
    );
    expect(restarted).toBeDefined();
    // Every call answered within its timeout: a success, or the store's typed error while it was down.
    expect(codes(during).filter((c) => c !== 'ok' && c !== 'store_unavailable')).toEqual([]);
    expect(during.some((r) => 'ok' in r)).toBe(true);

    // 200 more, as clients retry while Redis comes back: once it answers, every replica serves them.
    const after = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        for (let tries = 0; ; tries++) {
          const r = await outcome(replicas[i % 3] as Replica, 'team_item_get', { item_id: `a${i}` });
          if (!('code' in r) || r.code !== 'store_unavailable' || tries >= 60) return r;
          await delay(250);
        }
      }),
    );
    await restarted;
    expect(codes(after)).toEqual(['ok']);
    expect(vendor.refreshes).toBe(1);
    expect(vendor.refused).toBe(0);
    expect(vendor.revoked).toBe(false);

    // The next rotation, with Redis up: one refresh again, every call served.
    vendor.expire('at-1');
    const next = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        outcome(replicas[i % 3] as Replica, 'team_item_get', { item_id: `n${i}` }),
      ),
    );
    expect(codes(next)).toEqual(['ok']);
    expect(vendor.refreshes).toBe(2);
    expect(vendor.refused).toBe(0);
    expect(vendor.revoked).toBe(false);
  });
});
