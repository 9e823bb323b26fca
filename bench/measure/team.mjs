/**
 * 7. A team deployment's per-call cost: the toolkit with the Redis store shared by replicas
 * against the same toolkit with the in-memory store, in the same run, against one node:http
 * server in a separate process answering a ~2 KB Notion page. Both connections carry a rate
 * limit (as the shipped sets declare one), so every call takes a token from a bucket: in memory,
 * or from Redis (leased a few at a time for a high limit). Also without a limit (Redis then holds
 * only tokens, read once), and with a vendor-like limit, where every request runs one Lua script
 * in Redis: its cost (redis_per_call_extra_us) is what a call to a real vendor pays on top. Sequential p50/p99, contenders interleaved in blocks. Skipped (figures say why)
 * when redis-server is not installed.
 */
import { join } from 'node:path';
import { startChildServer } from '../lib/child-server.mjs';
import { pageLatencies } from '../lib/latency.mjs';
import { ROOT, SERVERS } from '../lib/paths.mjs';
import { redisBinary, startRedis } from '../lib/redis.mjs';
import { round } from '../lib/stats.mjs';
import { fmt, row } from '../lib/table.mjs';
import { createToolkit, RedisStore } from '../lib/toolspec.mjs';

const PAGE_ID = '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a';
const TOKEN = 'secret_bench_token';
/**
 * High enough never to wait: what is measured is taking the token, not waiting for one. A replica
 * leases such a limit's tokens a few at a time (runtime/limit/rate-limit.ts).
 */
const LIMIT = '1000000/s,burst=1000000';
/** A vendor-like rate (no lease: every request asks the store) with a burst the run never drains. */
const PER_CALL = '150/s,burst=1000000';

const SETTINGS = {
  full: { warmup: 2000, rounds: 20, block: 250 },
  quick: { warmup: 300, rounds: 4, block: 150 },
};

export async function measure({ quick }) {
  if (redisBinary() === null) {
    return { figures: { skipped: 'redis-server is not installed' }, rows: [] };
  }
  const s = quick ? SETTINGS.quick : SETTINGS.full;
  const [server, redis] = await Promise.all([
    startChildServer(join(SERVERS, 'notion-page.mjs')),
    startRedis(),
  ]);
  const store = await RedisStore.connect(redis.url);
  const specs = [join(ROOT, 'specs', 'notes.yaml')];
  const kit = (rateLimit, tokenStore) =>
    createToolkit({
      specs,
      tokenStore,
      connections: { notes: { baseUrl: server.origin, token: TOKEN, rateLimit } },
    });
  const kits = {
    memory: kit(LIMIT, undefined),
    redis: kit(LIMIT, store),
    memory_no_limit: kit(undefined, undefined),
    redis_no_limit: kit(undefined, store),
    memory_per_call: kit(PER_CALL, undefined),
    redis_per_call: kit(PER_CALL, store),
  };
  const calls = Object.fromEntries(
    Object.entries(kits).map(([n, k]) => [n, () => k.call('notes_page_get', { page_id: PAGE_ID })]),
  );
  try {
    const fig = await pageLatencies(calls, PAGE_ID, s);
    const figures = {
      ...fig,
      redis_p50_ratio_vs_memory: round(fig.redis.p50_ms / fig.memory.p50_ms),
      redis_p99_ratio_vs_memory: round(fig.redis.p99_ms / fig.memory.p99_ms),
      redis_p50_ratio_vs_memory_no_limit: round(fig.redis_no_limit.p50_ms / fig.memory_no_limit.p50_ms),
      redis_p50_ratio_vs_memory_per_call: round(fig.redis_per_call.p50_ms / fig.memory_per_call.p50_ms),
      redis_per_call_extra_us: round((fig.redis_per_call.p50_ms - fig.memory_per_call.p50_ms) * 1000, 1),
    };
    const vs = (label, a, b, key, target) =>
      row({
        section: 'team',
        label,
        value: fig[a][key],
        shown: fmt.ms(fig[a][key]),
        base: { label: b.replace(/_/g, ' '), value: fig[b][key], shown: fmt.ms(fig[b][key]) },
        target,
      });
    const rows = [
      vs(`p50, Redis store + rate limit (${fig.redis.calls} calls)`, 'redis', 'memory', 'p50_ms', {
        max: 1.1,
      }),
      vs('p99, Redis store + rate limit', 'redis', 'memory', 'p99_ms'),
      vs('p50, Redis store, no limit', 'redis_no_limit', 'memory_no_limit', 'p50_ms', { max: 1.1 }),
      vs(
        'p50, Redis store, a vendor-like limit (every request asks Redis)',
        'redis_per_call',
        'memory_per_call',
        'p50_ms',
      ),
    ];
    return { figures, rows };
  } finally {
    for (const k of Object.values(kits)) await k.close();
    await store.close();
    await Promise.all([server.close(), redis.close()]);
  }
}
