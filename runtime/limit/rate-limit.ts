/**
 * Per-connection rate limits: the spec's `rate_limit` (set or tool) as a token bucket, replaced
 * per connection by the operator (`rateLimit` / TOOLSPEC_<SET>_RATE_LIMIT). One process keeps its
 * buckets in memory; replicas sharing a store take tokens there (atomic, runtime/store/redis.ts).
 * A call waits for its token within its deadline before sending, else fails with `rate_limited`.
 */
import type { RateLimitIR, ToolIR, ToolSetIR } from '@toolspec/language';
import { ToolError } from '../errors.js';
import type { ConnectionOptions, SharedStore, StoreCallOptions } from '../types.js';

/** The bucket one tool's requests take from, on one connection. */
export interface RateRule {
  readonly bucket: string;
  readonly rate: number;
  readonly burst: number;
}

/** Takes tokens: a number now (memory) or later (a shared store); see SharedStore.take. */
export interface Buckets {
  take(
    bucket: string,
    rate: number,
    burst: number,
    maxWaitMs: number,
    options?: StoreCallOptions,
  ): number | Promise<number>;
}

const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600 };
const OVERRIDE = /^\s*(\d+(?:\.\d+)?)\s*\/\s*([smh])\s*(?:,\s*burst\s*=\s*(\d+)\s*)?$/;

/** `off`, `10/s`, `600/m`, `10/s,burst=20` -> a limit, or 'off'; anything else is a typed error naming the set. */
export function parseRateLimit(set: string, text: string): RateLimitIR | 'off' {
  if (text.trim().toLowerCase() === 'off') return 'off';
  const m = OVERRIDE.exec(text);
  const rate = m ? Number(m[1]) / (UNIT_SECONDS[m[2] as string] as number) : 0;
  if (!m || !(rate > 0)) {
    throw new ToolError({
      code: 'invalid_input',
      field: `connections.${set}.rateLimit`,
      expected: '`off`, `<n>/s`, `<n>/m` or `<n>/h`, optionally followed by `,burst=<n>`',
      message: `connection "${set}": rate limit "${text.slice(0, 40)}" is not understood`,
      hint: `Set TOOLSPEC_${set.toUpperCase()}_RATE_LIMIT to e.g. off, 10/s or 10/s,burst=20.`,
    });
  }
  const burst = m[3] === undefined ? Math.max(1, Math.ceil(rate)) : Math.max(1, Number(m[3]));
  return { rate, burst };
}

/**
 * The rule for a tool on a connection: the operator's override (one bucket for the connection),
 * else the declared limit when the connection talks to the declared server: the tool's own
 * bucket, else the set's writes bucket for a tool that writes, else the set's bucket.
 */
export function rateRuleFor(
  set: ToolSetIR,
  tool: ToolIR,
  conn: ConnectionOptions,
  connectionId: string,
): RateRule | null {
  if (conn.rateLimit !== undefined && conn.rateLimit !== '') {
    const o = parseRateLimit(set.name, conn.rateLimit);
    return o === 'off' ? null : { bucket: `${connectionId}`, ...o };
  }
  if (conn.baseUrl) return null;
  if (tool.rateLimit) return { bucket: `${connectionId}#${tool.name}`, ...tool.rateLimit };
  const limit = set.rateLimit;
  if (limit === null) return null;
  if (limit.writes !== null && !tool.facts.readOnly)
    return { bucket: `${connectionId}#writes`, ...limit.writes };
  return { bucket: connectionId, rate: limit.rate, burst: limit.burst };
}

/**
 * The in-process token bucket with reservations: a taken token may drive the level negative,
 * and the taker waits until its token would have been there; past `maxWaitMs` nothing is taken.
 */
export class MemoryBuckets implements Buckets {
  private readonly levels = new Map<string, { tokens: number; at: number }>();
  constructor(private readonly now: () => number = () => performance.now()) {}

  take(bucket: string, rate: number, burst: number, maxWaitMs: number): number {
    const t = this.now();
    const b = this.levels.get(bucket);
    const tokens = b ? Math.min(burst, b.tokens + ((t - b.at) * rate) / 1000) : burst;
    const wait = tokens >= 1 ? 0 : Math.ceil(((1 - tokens) * 1000) / rate);
    if (wait > maxWaitMs) {
      if (b) {
        b.tokens = tokens;
        b.at = t;
      } else this.levels.set(bucket, { tokens, at: t });
      return -wait;
    }
    if (b) {
      b.tokens = tokens - 1;
      b.at = t;
    } else this.levels.set(bucket, { tokens: tokens - 1, at: t });
    return wait;
  }
}

/**
 * Buckets in a shared store, with short local leases when the limit is high: a replica takes a
 * few tokens at once (at most an eighth of the burst, 10 ms worth of the rate) and spends them
 * without a round trip, for at most the time they stand for. Every token still comes out of the
 * shared bucket, so replicas together never exceed it by more than a lease; vendors' usual limits
 * (a few to a hundred per second) get leases of one token, i.e. every request asks the store.
 */
export class SharedBuckets implements Buckets {
  private readonly leases = new Map<string, { left: number; until: number }>();
  constructor(private readonly store: SharedStore) {}

  take(
    bucket: string,
    rate: number,
    burst: number,
    maxWaitMs: number,
    options?: StoreCallOptions,
  ): number | Promise<number> {
    const size = Math.floor(Math.min(burst / 8, rate / 100));
    if (size < 2) return this.store.take(bucket, rate, burst, maxWaitMs, options);
    const lease = this.leases.get(bucket);
    if (lease !== undefined && lease.left > 0 && performance.now() < lease.until) {
      lease.left--;
      return 0;
    }
    return this.renew(bucket, rate, burst, maxWaitMs, size, options);
  }

  private async renew(
    bucket: string,
    rate: number,
    burst: number,
    maxWaitMs: number,
    size: number,
    options: StoreCallOptions | undefined,
  ): Promise<number> {
    const got = await this.store.lease(bucket, rate, burst, size, options);
    if (got === 0) return this.store.take(bucket, rate, burst, maxWaitMs, options);
    this.leases.set(bucket, { left: got - 1, until: performance.now() + (1000 * got) / rate });
    return 0;
  }
}

/** The typed error of a call that cannot get a token within its deadline. */
export function rateLimitedError(tool: string, set: string, waitMs: number): ToolError {
  return new ToolError({
    code: 'rate_limited',
    tool,
    message: `${tool}: the "${set}" connection's rate limit allows no request within this call's deadline`,
    hint: 'Wait for retry_after seconds before calling again.',
    retryable: true,
    retryAfter: Math.max(1, Math.ceil(waitMs / 1000)),
    details: { sent: false },
  });
}
