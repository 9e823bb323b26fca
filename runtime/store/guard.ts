/**
 * How a shared store's commands fail: each one bounded by the store's command timeout, the
 * call's time and its abort signal, failing with the typed `store_unavailable` (a reason in words,
 * never empty, never the URL). A command past its time means the server stalled: no other is sent
 * until a probe, answered after it (in order), shows the server answers again.
 */
import { ToolError } from '../errors.js';
import type { StoreCallOptions } from '../types.js';

/** Why a command failed, in words that hold no secret (node's AggregateError has an empty message). */
export function reason(e: unknown): string {
  const err = e as { code?: unknown; message?: unknown; name?: unknown; errors?: unknown[] } | undefined;
  const inner = Array.isArray(err?.errors) ? (err.errors[0] as { code?: unknown } | undefined) : undefined;
  const code = typeof err?.code === 'string' ? err.code : typeof inner?.code === 'string' ? inner.code : '';
  const message =
    typeof err?.message === 'string' ? err.message.replace(/rediss?:\/\/\S*/gi, 'the Redis URL') : '';
  const text = message !== '' ? message : code !== '' ? code : String(err?.name ?? 'unknown error');
  return (code !== '' && !text.includes(code) ? `${text} (${code})` : text).slice(0, 120);
}

/** The typed error of a store that cannot answer. */
export function storeUnavailable(why: string): ToolError {
  return new ToolError({
    code: 'store_unavailable',
    message: `the shared store (Redis) is unavailable: ${why}`,
    hint: 'Check that the Redis store (TOOLSPEC_REDIS_URL / --store) is running and reachable; the call can be retried.',
    retryable: true,
  });
}

function abortedWhileWaiting(): ToolError {
  return new ToolError({
    code: 'aborted',
    message: 'the call was aborted while waiting for the shared store (Redis)',
    retryable: false,
  });
}

/** A missing Lua script is no failure: the caller loads it. */
const isNoScript = (e: unknown): boolean => String((e as Error)?.message).includes('NOSCRIPT');

export class CommandGuard {
  /** A command is overdue: the server stalled. */
  private stalled = false;

  constructor(
    private readonly commandTimeoutMs: number,
    private readonly probe: () => Promise<unknown>,
  ) {}

  /** The server answered (a probe, or a new connection). */
  answered(): void {
    this.stalled = false;
  }

  private stall(): void {
    if (this.stalled) return;
    this.stalled = true;
    const clear = () => this.answered();
    this.probe().then(clear, clear);
  }

  /** One command, bounded; a command left behind still runs and its answer is dropped. */
  run<T>(command: () => Promise<T>, options: StoreCallOptions | undefined): Promise<T> {
    const signal = options?.signal;
    if (signal?.aborted) return Promise.reject(abortedWhileWaiting());
    if (this.stalled) return Promise.reject(storeUnavailable('it is not answering'));
    const ms = Math.max(1, Math.min(this.commandTimeoutMs, options?.timeoutMs ?? Number.POSITIVE_INFINITY));
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const finish = (f: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        f();
      };
      const onAbort = () => finish(() => reject(abortedWhileWaiting()));
      const timer = setTimeout(
        () =>
          finish(() => {
            this.stall();
            reject(storeUnavailable(`it did not answer within ${ms} ms`));
          }),
        ms,
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      command().then(
        (v) => finish(() => resolve(v)),
        (e: unknown) => finish(() => reject(isNoScript(e) ? e : storeUnavailable(reason(e)))),
      );
    });
  }
}
