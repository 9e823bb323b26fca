/** Per-connection credentials. A typed registry of auth kinds lives in ./index.ts. */

export interface AuthSession {
  /**
   * The Authorization header value for the next attempt (refreshing first when near expiry); null
   * = none. A wait (the store, another caller's refresh) ends with the signal or after `timeoutMs`.
   */
  authorization(signal?: AbortSignal, timeoutMs?: number): Promise<string | null>;
  /**
   * After a 401 for a request sent with `used`: obtain a new credential (single-flight per
   * connection). Resolves true when a different credential is now available, false when none can be.
   */
  renew(used: string | null, signal?: AbortSignal, timeoutMs?: number): Promise<boolean>;
  /** How many times this session obtained a new token (tracing tells a call that waited for one). */
  refreshes?(): number;
  /** Credentials placed beside Authorization (API keys in named headers or query parameters). */
  readonly placed?: PlacedCredentials | undefined;
}

export interface PlacedCredentials {
  /** Lower-cased header name -> value. */
  readonly headers: Readonly<Record<string, string>>;
  /** Query parameters appended to every request. */
  readonly query: readonly (readonly [string, string])[];
}
