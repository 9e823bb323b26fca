/**
 * Issue 15's proof over real processes: three `toolspec serve --http` replicas share one real
 * redis-server, the test dispatching MCP calls round-robin (what any load balancer does), against
 * a fake OAuth vendor whose access token has expired and whose token endpoint rotates refresh
 * tokens and revokes the grant when a spent one is reused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deploymentEnv,
  maxInWindow,
  REDIS_MISSING,
  type Redis,
  type Replica,
  redisBinary,
  startRedis,
  startReplica,
  startVendor,
  teamSpec,
  type Vendor,
} from './support.js';

const available = redisBinary() !== null;
if (!available) console.warn(`test/team/replicas.test.ts skipped: ${REDIS_MISSING}`);

const RATE = 5;

describe.skipIf(!available)('replicas sharing Redis (toolspec serve --http)', { timeout: 180_000 }, () => {
  let redis: Redis;
  let vendor: Vendor;
  let spec: string;
  let replicas: Replica[] = [];

  beforeAll(async () => {
    [redis, vendor] = await Promise.all([startRedis(), startVendor()]);
    spec = teamSpec(vendor.url, RATE);
    replicas = await Promise.all([1, 2, 3].map(() => startReplica(spec, redis.url, deploymentEnv(vendor))));
  }, 180_000);

  afterAll(async () => {
    try {
      await Promise.all(replicas.map((r) => r.kill()));
      await vendor?.close();
    } finally {
      await redis?.close();
    }
  }, 60_000);

  it('200 concurrent calls over three replicas succeed with exactly one refresh; a fourth replica uses the rotated token', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (replicas[i % 3] as Replica).call('team_item_get', { item_id: `c${i}` }),
      ),
    );
    const failed = results.filter((r) => r.isError);
    expect(failed).toEqual([]);
    expect(results.map((r) => (r.structuredContent as { owner?: string }).owner)).toEqual(
      Array(200).fill('deployment'),
    );
    expect(vendor.refreshes).toBe(1);
    expect(vendor.refused).toBe(0);
    expect(vendor.revoked).toBe(false);

    // Started afterwards with the original environment (expired at-0, spent rt-0): the store's tokens win.
    const fourth = await startReplica(spec, redis.url, deploymentEnv(vendor));
    replicas.push(fourth);
    const from = vendor.requests.length;
    const late = await fourth.call('team_item_get', { item_id: 'late' });
    expect(late.isError).toBeFalsy();
    expect(vendor.refreshes).toBe(1);
    expect(vendor.refused).toBe(0);
    expect(vendor.requests.slice(from).map((r) => r.authorization)).toEqual(['Bearer at-1']);
  });

  it('a cursor returned by one replica continues on another', async () => {
    const first = await (replicas[0] as Replica).call('team_item_list', {});
    const page1 = first.structuredContent as { items: { id: string }[]; next_cursor: string };
    expect(page1.items.map((i) => i.id)).toEqual(['i0']);
    const second = await (replicas[1] as Replica).call('team_item_list', { cursor: page1.next_cursor });
    expect(second.isError).toBeFalsy();
    const page2 = second.structuredContent as { items: { id: string }[]; next_cursor: string };
    expect(page2.items.map((i) => i.id)).toEqual(['i1']);
    const third = await (replicas[2] as Replica).call('team_item_list', { cursor: page2.next_cursor });
    expect((third.structuredContent as { items: { id: string }[] }).items.map((i) => i.id)).toEqual(['i2']);
  });

  it('a declared rate limit of N per second holds across the replicas (measured at the vendor)', async () => {
    const from = vendor.requests.length;
    const n = 4 * RATE;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        (replicas[i % 3] as Replica).call('team_item_peek', { item_id: `p${i}` }),
      ),
    );
    expect(results.filter((r) => r.isError)).toEqual([]);
    const at = vendor.requests.slice(from).map((r) => r.at);
    expect(at).toHaveLength(n);
    // RATE per second with a burst of 1: at most RATE + 1 in any second (+1 for timer granularity).
    expect(maxInWindow(at, 1000)).toBeLessThanOrEqual(RATE + 2);
  });

  it('one replica killed mid-load: the calls on the others all succeed', async () => {
    const [a, b, doomed] = replicas as [Replica, Replica, Replica];
    let done = 0;
    let killed: Promise<void> | null = null;
    const calls = Array.from({ length: 90 }, (_, i) => {
      const target = [a, b, doomed][i % 3] as Replica;
      // A dead replica's calls fail fast (a front's upstream timeout), not after a minute.
      return target.call('team_item_get', { item_id: `k${i}` }, target === doomed ? 5_000 : 60_000).then(
        (r) => {
          done++;
          if (done === 20) killed = doomed.child.kill('SIGKILL') ? Promise.resolve() : null;
          return { target, ok: !r.isError };
        },
        () => ({ target, ok: false }),
      );
    });
    const results = await Promise.all(calls);
    expect(killed).not.toBeNull();
    const survivors = results.filter((r) => r.target !== doomed);
    expect(survivors).toHaveLength(60);
    expect(survivors.every((r) => r.ok)).toBe(true);
    // A front would send the dead replica's failed calls to a live one: they succeed there.
    const retried = await Promise.all(
      results
        .filter((r) => r.target === doomed && !r.ok)
        .map((_, i) => a.call('team_item_get', { item_id: `r${i}` })),
    );
    expect(retried.every((r) => !r.isError)).toBe(true);
    expect(vendor.revoked).toBe(false);
  });
});
