/** A caller's wait for work it shares with others (a token refresh, the store's first read). */
import { ToolError } from '../errors.js';

/**
 * Wait for `p`, or stop waiting when `signal` aborts (`aborted`) or after `timeoutMs` (`timeout`);
 * `p` itself runs on.
 */
export function waitFor<T>(
  p: Promise<T>,
  key: string,
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
): Promise<T> {
  if (!signal && timeoutMs === undefined) return p;
  const aborted = () =>
    new ToolError({
      code: 'aborted',
      message: 'the call was aborted while waiting for a token refresh',
      retryable: false,
    });
  if (signal?.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      done();
      reject(aborted());
    };
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            done();
            reject(
              new ToolError({
                code: 'timeout',
                message: `connection "${key}": timed out waiting for the token (refresh or shared store)`,
                retryable: true,
              }),
            );
          }, timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        done();
        resolve(v);
      },
      (e: unknown) => {
        done();
        reject(e);
      },
    );
  });
}
