/**
 * The retry policy, as pure functions. Decided by the tool's declared effects and idempotency,
 * not by the HTTP method: a read or idempotent tool may be replayed after a transient failure;
 * a non-idempotent write only when the request certainly never reached the server, or when an
 * idempotency key makes the resubmission safe.
 */
import type { RetryOptions } from '../types.js';

export const DEFAULT_RETRY: RetryOptions = {
  maxRetries: 3,
  baseDelayMs: 200,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
};

/** Retry-After as milliseconds: delta-seconds or an HTTP-date; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | null {
  if (value === undefined) return null;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

/** Exponential backoff with full jitter: uniform in [0, min(max, base * 2^attempt)]. */
export function backoffDelay(
  attempt: number,
  retry: RetryOptions,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/** Statuses worth another attempt when the tool may be replayed (429 always: the vendor refused before doing anything). */
export function isTransientStatus(status: number): boolean {
  return (
    status === 408 || status === 429 || status === 500 || status === 502 || status === 503 || status === 504
  );
}

export interface ReplayFacts {
  /** Read-only or declared idempotent. */
  readonly replaySafe: boolean;
  /** Declares an idempotency key (resubmissions carry it plus the retry flag). */
  readonly keyed: boolean;
}

/** May a request that failed this way be sent again? */
export function mayRetry(facts: ReplayFacts, failure: { status?: number; mayHaveReached: boolean }): boolean {
  if (failure.status === 429) return true;
  if (!failure.mayHaveReached) return true;
  return facts.replaySafe || facts.keyed;
}
