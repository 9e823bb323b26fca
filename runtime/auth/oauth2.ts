/**
 * OAuth 2.0 bearer tokens for one connection: refreshed before expiry (by the set's skew) and
 * once after a 401, single-flight (concurrent callers share one refresh), rotated tokens
 * persisted through the TokenStore. A refused refresh (`invalid_grant`) is `reauthorize`.
 * With a shared store (replicas), tokens in the store win over the configured ones, the
 * refresh is single-flight across replicas (a lock with expiry; waiters read the new token),
 * rotated tokens are written once (compare-and-set), and a refresh refused because another
 * replica rotated first re-reads the store before giving up.
 * The store can fail: nothing failed is kept (a failed first read is tried again by the next
 * call), and rotated tokens the store could not take are used here and written when it answers
 * again (on the next use, and every FLUSH_RETRY_MS), so the other replicas find them then.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { ToolError } from '../errors.js';
import { parseBody, send } from '../http/transport.js';
import type { Secrets } from '../redact.js';
import type {
  Logger,
  OAuthOptions,
  SharedStore,
  StoreCallOptions,
  StoredTokens,
  TokenStore,
} from '../types.js';
import type { AuthSession } from './types.js';
import { waitFor } from './wait.js';

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

/** How often rotated tokens the store could not take are offered to it again. */
const FLUSH_RETRY_MS = 250;
/** How many spent refresh tokens a session remembers (a store restored from an older copy holds one of them). */
const MAX_SPENT = 8;

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
  /**
   * Rotated tokens the store has not taken (it failed): `next` is in use here; `from` is the
   * refresh token the store may still hold (the one the first unsaved rotation started from).
   */
  private pending: { readonly next: StoredTokens; readonly from: string | undefined } | null = null;
  private flushing: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  /** Refresh tokens this session rotated away from (spent at the vendor): the last few, never worth keeping. */
  private readonly spent: string[] = [];

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

  /** What bounds a store operation that no single caller owns: the token request's timeout. */
  private get storeBound(): StoreCallOptions {
    return { timeoutMs: this.init.timeoutMs };
  }

  /** The first read of the store's tokens; a failure is not kept (the next call reads again). */
  private load(signal: AbortSignal | undefined, timeoutMs: number | undefined): Promise<void> {
    if (this.loading === null) {
      const p = (async () => {
        const stored = await this.init.store.get(this.storeKey, this.storeBound);
        const o = this.init.options;
        this.tokens ??= stored ?? {
          accessToken: o.accessToken ?? '',
          refreshToken: o.refreshToken,
          expiresAt: o.expiresAt,
        };
        this.init.secrets.add(this.tokens.accessToken);
        this.init.secrets.add(this.tokens.refreshToken);
      })();
      this.loading = p;
      p.catch(() => {
        if (this.loading === p) this.loading = null;
      });
    }
    return waitFor(this.loading, this.init.key, signal, timeoutMs);
  }

  /**
   * Rotated tokens obtained here: used from now on, and written to the store, at once or, when
   * it fails, on the next use and every FLUSH_RETRY_MS until it answers.
   */
  private async keep(next: StoredTokens, from: string | undefined): Promise<void> {
    this.pending = { next, from: this.pending ? this.pending.from : from };
    try {
      await this.flush();
    } catch (e) {
      this.init.logger?.({
        level: 'warn',
        event: 'oauth_tokens_unsaved',
        connection: this.init.key,
        message: this.init.secrets.redactText((e as Error).message),
      });
      this.scheduleFlush();
    }
  }

  private scheduleFlush(): void {
    if (this.retry !== null || this.pending === null) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.flush().then(
        () => {
          this.init.logger?.({ level: 'info', event: 'oauth_tokens_saved', connection: this.init.key });
        },
        () => this.scheduleFlush(),
      );
    }, FLUSH_RETRY_MS);
    this.retry.unref();
  }

  /** Write the pending tokens (single-flight); rejects while the store cannot take them. */
  private flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async write(): Promise<void> {
    const pending = this.pending;
    if (pending === null) return;
    const { store } = this.init;
    const bound = this.storeBound;
    const { next, from } = pending;
    let written = true;
    if (this.shared === null) await store.set(this.storeKey, next, bound);
    else {
      // Written once: only over what this rotation started from (or nothing, a store that lost it).
      const stored = await store.get(this.storeKey, bound);
      if (stored?.refreshToken !== next.refreshToken || stored?.accessToken !== next.accessToken) {
        const base = stored === undefined ? undefined : stored.refreshToken;
        // Over nothing (a store that lost it), what the rotation started from, or a token spent here
        // (a store restored from an older copy).
        const over =
          stored === undefined || base === from || (base !== undefined && this.spent.includes(base));
        written = over && (await this.shared.swap(this.storeKey, base, next, bound));
        if (!written) {
          // Another writer's tokens (an operator's, or a later rotation): they win.
          const now = await store.get(this.storeKey, bound);
          if (this.pending === pending) this.pending = null;
          if (now) this.adopt(now);
          return;
        }
      }
    }
    // A rotation made meanwhile starts from what was just written.
    this.pending =
      this.pending === pending
        ? null
        : { next: (this.pending as typeof pending).next, from: next.refreshToken };
    if (this.pending !== null) this.scheduleFlush();
  }

  private expiring(t: StoredTokens | undefined = this.tokens): boolean {
    if (!t || t.accessToken === '') return true;
    return (
      t.expiresAt !== undefined && this.now() >= t.expiresAt - (this.marginMs ?? this.init.skewSeconds * 1000)
    );
  }

  private adopt(stored: StoredTokens): void {
    this.tokens = stored;
    this.pending = null;
    this.marginMs = undefined;
    this.refused = undefined;
    // Adopted tokens are rotations too: the connection keeps only its last few.
    this.init.secrets.addRotating(stored.accessToken);
    this.init.secrets.addRotating(stored.refreshToken);
  }

  /** Adopt the store's tokens when another replica (or an operator) replaced the ones we hold. */
  private async adoptStored(used: StoredTokens | undefined): Promise<boolean> {
    const stored = await this.init.store.get(this.storeKey, this.storeBound);
    if (!stored || stored.accessToken === used?.accessToken || this.expiring(stored)) return false;
    // Older than what this session holds (a store restored from an older copy): not worth taking.
    if (stored.refreshToken !== undefined && this.spent.includes(stored.refreshToken)) return false;
    this.adopt(stored);
    return true;
  }

  /**
   * The refresh across replicas: whoever takes the lock refreshes (after checking the store once
   * more); the others wait for the store to hold a new token, and take over the lock if its
   * holder died (the lock expires).
   */
  private async sharedExchange(store: SharedStore): Promise<void> {
    // Tokens the store has not taken yet go first: what it holds may be older than ours.
    if (this.pending !== null) await this.flush();
    const used = this.tokens;
    const ttl = this.init.timeoutMs + 5_000;
    const until = Date.now() + 2 * ttl;
    for (let pause = 10; ; pause = Math.min(pause * 2, 100)) {
      if (await this.adoptStored(used)) return;
      const release = await store.lock(`refresh:${this.storeKey}`, ttl, this.storeBound);
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

  async authorization(signal?: AbortSignal, timeoutMs?: number): Promise<string | null> {
    if (this.tokens === undefined) await this.load(signal, timeoutMs);
    if (this.pending !== null) this.flush().catch(() => this.scheduleFlush());
    if (this.expiring()) {
      if (this.canRefresh()) await this.refresh(signal, timeoutMs);
      else if (!this.tokens?.accessToken) {
        throw reauthorize(this.init.key, 'no access token and no refresh token are configured');
      }
    }
    return `Bearer ${this.tokens?.accessToken ?? ''}`;
  }

  async renew(used: string | null, signal?: AbortSignal, timeoutMs?: number): Promise<boolean> {
    if (this.tokens === undefined) await this.load(signal, timeoutMs);
    if (used !== `Bearer ${this.tokens?.accessToken ?? ''}`) return true; // someone refreshed meanwhile
    if (!this.canRefresh()) return false;
    await this.refresh(signal, timeoutMs);
    return true;
  }

  /**
   * Single-flight: every caller during a refresh awaits the same exchange. The exchange is bound
   * to no caller's signal (one caller aborting must not fail the others); each caller stops
   * waiting on its own signal.
   */
  private async refresh(signal: AbortSignal | undefined, timeoutMs: number | undefined): Promise<void> {
    if (this.refused !== undefined && this.tokens?.refreshToken === this.refused) {
      await waitFor(this.reread(), this.init.key, signal, timeoutMs);
      if (!this.expiring()) return;
    }
    if (this.inflight === null) {
      const run = (this.shared ? this.sharedExchange(this.shared) : this.exchange()).finally(() => {
        this.inflight = null;
      });
      run.catch(() => {}); // handled by the callers; none may be left waiting
      this.inflight = run;
    }
    return waitFor(this.inflight, this.init.key, signal, timeoutMs);
  }

  /** After a refused refresh: adopt changed credentials from the store, or stay `reauthorize`. */
  private async reread(): Promise<void> {
    const stored = await this.init.store.get(this.storeKey, this.storeBound);
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
        const stored = await this.init.store.get(this.storeKey, this.storeBound).catch(() => undefined);
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
    if (usedRefresh !== undefined && usedRefresh !== next.refreshToken) {
      this.spent.push(usedRefresh);
      if (this.spent.length > MAX_SPENT) this.spent.shift();
    }
    this.tokens = next;
    this.refreshCount++;
    this.marginMs = Number.isFinite(expiresIn)
      ? Math.min(this.init.skewSeconds * 1000, (Math.max(expiresIn, 0) * 1000) / 2)
      : undefined;
    await this.keep(next, usedRefresh);
  }
}
