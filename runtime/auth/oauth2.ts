/**
 * OAuth 2.0 bearer tokens for one connection: refreshed before expiry (by the set's skew) and
 * once after a 401, single-flight (concurrent callers share one refresh), rotated tokens
 * persisted through the TokenStore. A refused refresh (`invalid_grant`) is `reauthorize`.
 * With a shared store (replicas), tokens in the store win over the configured ones, the
 * refresh is single-flight across replicas (a lock with expiry; waiters read the new token),
 * rotated tokens are written once (compare-and-set), and a refresh refused because another
 * replica rotated first re-reads the store before giving up.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { ToolError } from '../errors.js';
import { parseBody, send } from '../http/transport.js';
import type { Secrets } from '../redact.js';
import type { Logger, OAuthOptions, SharedStore, StoredTokens, TokenStore } from '../types.js';
import type { AuthSession } from './types.js';

export interface OAuthSessionInit {
  /** The set name (messages, hints); the token-store key unless `storeKey` is given. */
  readonly key: string;
  readonly storeKey?: string | undefined;
  readonly options: OAuthOptions;
  readonly tokenUrl: string | null;
  readonly skewSeconds: number;
  readonly dispatcher: Dispatcher;
  readonly store: TokenStore;
  readonly secrets: Secrets;
  readonly logger: Logger | undefined;
  readonly timeoutMs: number;
  readonly now?: () => number;
}

function reauthorize(key: string, message: string, vendorCode?: string, status?: number): ToolError {
  return new ToolError({
    code: 'reauthorize',
    message: `connection "${key}": ${message}`,
    vendorCode,
    status,
    hint: `Authorize the "${key}" connection again (new refresh token or access token).`,
    retryable: false,
  });
}

/** Wait for `p`, or stop waiting (aborted) when `signal` aborts; `p` itself runs on. */
function waitFor(p: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return p;
  const aborted = () =>
    new ToolError({
      code: 'aborted',
      message: 'the call was aborted while waiting for a token refresh',
      retryable: false,
    });
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

export class OAuthSession implements AuthSession {
  private tokens: StoredTokens | undefined;
  private loading: Promise<void> | null = null;
  private inflight: Promise<void> | null = null;
  /** The refresh token the endpoint refused: no new exchange until the credentials change. */
  private refused: string | undefined;
  /** Refresh margin (ms) for the current token: the set's skew, or half the lifetime of a shorter-lived token. */
  private marginMs: number | undefined;
  private readonly now: () => number;
  private readonly storeKey: string;
  private refreshCount = 0;
  private readonly shared: SharedStore | null;

  constructor(private readonly init: OAuthSessionInit) {
    this.now = init.now ?? Date.now;
    this.storeKey = init.storeKey ?? init.key;
    this.shared = (init.store as Partial<SharedStore>).shared === true ? (init.store as SharedStore) : null;
    const o = init.options;
    init.secrets.add(o.accessToken);
    init.secrets.add(o.refreshToken);
    init.secrets.add(o.clientSecret);
    // The Basic credential is base64 of `id:secret`; its encoded form is what an endpoint may echo.
    if (o.clientId && o.clientSecret) init.secrets.add(`${o.clientId}:${o.clientSecret}`);
  }

  private canRefresh(): boolean {
    return Boolean(this.tokens?.refreshToken && (this.init.options.tokenUrl ?? this.init.tokenUrl));
  }

  private load(): Promise<void> {
    this.loading ??= (async () => {
      const stored = await this.init.store.get(this.storeKey);
      const o = this.init.options;
      this.tokens = stored ?? {
        accessToken: o.accessToken ?? '',
        refreshToken: o.refreshToken,
        expiresAt: o.expiresAt,
      };
      this.init.secrets.add(this.tokens.accessToken);
      this.init.secrets.add(this.tokens.refreshToken);
    })();
    return this.loading;
  }

  private expiring(t: StoredTokens | undefined = this.tokens): boolean {
    if (!t || t.accessToken === '') return true;
    return (
      t.expiresAt !== undefined && this.now() >= t.expiresAt - (this.marginMs ?? this.init.skewSeconds * 1000)
    );
  }

  private adopt(stored: StoredTokens): void {
    this.tokens = stored;
    this.marginMs = undefined;
    this.refused = undefined;
    // Adopted tokens are rotations too: the connection keeps only its last few.
    this.init.secrets.addRotating(stored.accessToken);
    this.init.secrets.addRotating(stored.refreshToken);
  }

  /** Adopt the store's tokens when another replica (or an operator) replaced the ones we hold. */
  private async adoptStored(used: StoredTokens | undefined): Promise<boolean> {
    const stored = await this.init.store.get(this.storeKey);
    if (!stored || stored.accessToken === used?.accessToken || this.expiring(stored)) return false;
    this.adopt(stored);
    return true;
  }

  /**
   * The refresh across replicas: whoever takes the lock refreshes (after checking the store once
   * more); the others wait for the store to hold a new token, and take over the lock if its
   * holder died (the lock expires).
   */
  private async sharedExchange(store: SharedStore): Promise<void> {
    const used = this.tokens;
    const ttl = this.init.timeoutMs + 5_000;
    const until = Date.now() + 2 * ttl;
    for (let pause = 10; ; pause = Math.min(pause * 2, 100)) {
      if (await this.adoptStored(used)) return;
      const release = await store.lock(`refresh:${this.storeKey}`, ttl);
      if (release !== null) {
        try {
          if (await this.adoptStored(used)) return;
          await this.exchange();
        } finally {
          await release().catch(() => {});
        }
        return;
      }
      if (Date.now() > until) {
        throw new ToolError({
          code: 'timeout',
          message: `connection "${this.init.key}": timed out waiting for another replica's token refresh`,
          retryable: true,
        });
      }
      await delay(pause);
    }
  }

  refreshes(): number {
    return this.refreshCount;
  }

  async authorization(signal?: AbortSignal): Promise<string | null> {
    if (this.tokens === undefined) await this.load();
    if (this.expiring()) {
      if (this.canRefresh()) await this.refresh(signal);
      else if (!this.tokens?.accessToken) {
        throw reauthorize(this.init.key, 'no access token and no refresh token are configured');
      }
    }
    return `Bearer ${this.tokens?.accessToken ?? ''}`;
  }

  async renew(used: string | null, signal?: AbortSignal): Promise<boolean> {
    if (this.tokens === undefined) await this.load();
    if (used !== `Bearer ${this.tokens?.accessToken ?? ''}`) return true; // someone refreshed meanwhile
    if (!this.canRefresh()) return false;
    await this.refresh(signal);
    return true;
  }

  /**
   * Single-flight: every caller during a refresh awaits the same exchange. The exchange is bound
   * to no caller's signal (one caller aborting must not fail the others); each caller stops
   * waiting on its own signal.
   */
  private async refresh(signal?: AbortSignal): Promise<void> {
    if (this.refused !== undefined && this.tokens?.refreshToken === this.refused) {
      await this.reread();
      if (!this.expiring()) return;
    }
    if (this.inflight === null) {
      const run = (this.shared ? this.sharedExchange(this.shared) : this.exchange()).finally(() => {
        this.inflight = null;
      });
      run.catch(() => {}); // handled by the callers; none may be left waiting
      this.inflight = run;
    }
    return waitFor(this.inflight, signal);
  }

  /** After a refused refresh: adopt changed credentials from the store, or stay `reauthorize`. */
  private async reread(): Promise<void> {
    const stored = await this.init.store.get(this.storeKey);
    if (stored?.refreshToken && stored.refreshToken !== this.refused) {
      this.adopt(stored);
      return;
    }
    throw reauthorize(
      this.init.key,
      'the refresh token was refused earlier and the credentials have not changed since',
    );
  }

  private async exchange(signal?: AbortSignal): Promise<void> {
    const { key, options: o, dispatcher, secrets } = this.init;
    const tokenUrl = new URL((o.tokenUrl ?? this.init.tokenUrl) as string);
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: this.tokens?.refreshToken ?? '',
    });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (o.clientId && o.clientSecret) {
      headers.authorization = `Basic ${Buffer.from(`${o.clientId}:${o.clientSecret}`).toString('base64')}`;
    } else if (o.clientId) form.set('client_id', o.clientId);
    this.init.logger?.({ level: 'info', event: 'oauth_refresh', connection: key });
    let res: Awaited<ReturnType<typeof send>>;
    try {
      res = await send(
        dispatcher,
        {
          method: 'POST',
          origin: tokenUrl.origin,
          path: `${tokenUrl.pathname}${tokenUrl.search}`,
          headers,
          body: form.toString(),
          json: null,
        },
        {
          signal,
          headersTimeoutMs: this.init.timeoutMs,
          bodyTimeoutMs: this.init.timeoutMs,
          maxResponseBytes: 1 << 20,
        },
      );
    } catch (e) {
      const f = e as { code?: string; message?: string };
      throw new ToolError({
        code: f.code === 'aborted' ? 'aborted' : f.code === 'timeout' ? 'timeout' : 'network_error',
        message: `connection "${key}": token refresh failed: ${secrets.redactText(String(f.message))}`,
      });
    }
    const body = parseBody(res.text, res.headers['content-type'] ?? '', true) as
      | Record<string, unknown>
      | string;
    const b = typeof body === 'object' && body !== null ? body : {};
    if (res.status >= 400) {
      // The endpoint's own text may echo the form (refresh token) or the Basic credential.
      const code = typeof b.error === 'string' ? secrets.redactText(b.error).slice(0, 200) : undefined;
      this.init.logger?.({
        level: 'warn',
        event: 'oauth_refresh_refused',
        connection: key,
        status: res.status,
        vendor_code: code,
      });
      if (res.status < 500) {
        // Another replica (or process) may have rotated the token first: its tokens are in the store.
        const stored = await this.init.store.get(this.storeKey).catch(() => undefined);
        if (stored?.refreshToken && stored.refreshToken !== this.tokens?.refreshToken) {
          this.adopt(stored);
          return;
        }
        this.refused = this.tokens?.refreshToken;
        throw reauthorize(
          key,
          code === 'invalid_grant'
            ? 'the refresh token was refused (invalid_grant)'
            : `the token endpoint refused the refresh (${code ?? res.status})`,
          code,
          res.status,
        );
      }
      throw new ToolError({
        code: 'upstream_error',
        status: res.status,
        message: `connection "${key}": the token endpoint failed with status ${res.status}`,
      });
    }
    if (typeof b.access_token !== 'string' || b.access_token === '') {
      throw new ToolError({
        code: 'invalid_response',
        message: `connection "${key}": the token endpoint answered without an access_token`,
      });
    }
    const expiresIn = typeof b.expires_in === 'number' ? b.expires_in : Number(b.expires_in);
    const next: StoredTokens = {
      accessToken: b.access_token,
      refreshToken: typeof b.refresh_token === 'string' ? b.refresh_token : this.tokens?.refreshToken,
      expiresAt: Number.isFinite(expiresIn) ? this.now() + expiresIn * 1000 : undefined,
    };
    secrets.addRotating(next.accessToken);
    secrets.addRotating(next.refreshToken);
    const usedRefresh = this.tokens?.refreshToken;
    this.tokens = next;
    this.refreshCount++;
    this.marginMs = Number.isFinite(expiresIn)
      ? Math.min(this.init.skewSeconds * 1000, (Math.max(expiresIn, 0) * 1000) / 2)
      : undefined;
    if (this.shared === null) {
      await this.init.store.set(this.storeKey, next);
      return;
    }
    // Written once: only over the tokens this refresh started from (a later writer never loses its rotation).
    const stored = await this.init.store.get(this.storeKey);
    const expected = stored === undefined ? undefined : usedRefresh;
    if (!(await this.shared.swap(this.storeKey, expected, next))) {
      const now = await this.init.store.get(this.storeKey);
      if (now) this.adopt(now);
    }
  }
}
