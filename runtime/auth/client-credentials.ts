/**
 * OAuth 2.0 client credentials (RFC 6749 section 4.4): an access token obtained with the
 * client's id and secret (HTTP Basic or in the form), with the declared scopes; obtained again
 * before it expires and once after a 401, single-flight.
 */
import type { AuthIR } from '@toolspec/language';
import type { Dispatcher } from 'undici';
import { ToolError } from '../errors.js';
import { parseBody, send } from '../http/transport.js';
import type { Secrets } from '../redact.js';
import type { ConnectionOptions, Logger } from '../types.js';
import type { AuthSession } from './types.js';

export interface ClientCredentialsInit {
  readonly key: string;
  readonly auth: Extract<AuthIR, { kind: 'oauth2_client_credentials' }>;
  readonly connection: ConnectionOptions;
  readonly dispatcher: Dispatcher;
  readonly secrets: Secrets;
  readonly logger: Logger | undefined;
  readonly timeoutMs: number;
  readonly now?: () => number;
}

export class ClientCredentialsSession implements AuthSession {
  /** The token, when it expires, and when it is renewed: the set's skew before, or half its lifetime for a shorter-lived token. */
  private token: { value: string; expiresAt: number | undefined; renewAt: number | undefined } | null = null;
  private inflight: Promise<void> | null = null;
  private readonly now: () => number;

  constructor(private readonly init: ClientCredentialsInit) {
    this.now = init.now ?? Date.now;
    init.secrets.add(init.connection.oauth?.clientSecret);
  }

  private fail(message: string, status?: number, vendorCode?: string): ToolError {
    const { key } = this.init;
    return new ToolError({
      code: status !== undefined && status >= 500 ? 'upstream_error' : 'reauthorize',
      message: `connection "${key}": ${message}`,
      status,
      vendorCode,
      hint: `Check the "${key}" connection's client id and secret (TOOLSPEC_${key.toUpperCase()}_CLIENT_ID, TOOLSPEC_${key.toUpperCase()}_CLIENT_SECRET) and token URL.`,
      retryable: status !== undefined && status >= 500,
    });
  }

  private fresh(): boolean {
    const t = this.token;
    if (!t) return false;
    return t.renewAt === undefined || this.now() < t.renewAt;
  }

  async authorization(signal?: AbortSignal): Promise<string | null> {
    if (!this.fresh()) await this.obtain(signal);
    return `Bearer ${this.token?.value ?? ''}`;
  }

  async renew(used: string | null, signal?: AbortSignal): Promise<boolean> {
    if (used !== `Bearer ${this.token?.value ?? ''}`) return true;
    this.token = null;
    await this.obtain(signal);
    return true;
  }

  private obtain(signal?: AbortSignal): Promise<void> {
    this.inflight ??= this.exchange(signal).finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async exchange(signal?: AbortSignal): Promise<void> {
    const { auth, connection, secrets, key } = this.init;
    const o = connection.oauth ?? {};
    const tokenUrl = o.tokenUrl ?? auth.tokenUrl;
    if (!tokenUrl || !o.clientId || !o.clientSecret) {
      throw this.fail('a client id, a client secret and a token URL are needed to obtain a token');
    }
    const url = new URL(tokenUrl);
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (auth.scopes.length > 0) form.set('scope', auth.scopes.join(' '));
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (auth.clientAuth === 'client_secret_basic') {
      const basic = Buffer.from(
        `${encodeURIComponent(o.clientId)}:${encodeURIComponent(o.clientSecret)}`,
      ).toString('base64');
      secrets.add(basic);
      headers.authorization = `Basic ${basic}`;
    } else {
      form.set('client_id', o.clientId);
      form.set('client_secret', o.clientSecret);
    }
    this.init.logger?.({ level: 'info', event: 'oauth_client_credentials', connection: key });
    let res: Awaited<ReturnType<typeof send>>;
    try {
      res = await send(
        this.init.dispatcher,
        {
          method: 'POST',
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
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
      throw new ToolError({
        code: 'network_error',
        message: `connection "${key}": the token request failed: ${secrets.redactText(String((e as Error).message))}`,
      });
    }
    const parsed = parseBody(res.text, res.headers['content-type'] ?? '', true);
    const b = (parsed !== null && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
    if (res.status >= 400) {
      const code = typeof b.error === 'string' ? b.error : undefined;
      throw this.fail(`the token endpoint refused the client (${code ?? res.status})`, res.status, code);
    }
    if (typeof b.access_token !== 'string' || b.access_token === '') {
      throw this.fail('the token endpoint answered without an access_token');
    }
    secrets.addRotating(b.access_token);
    const expiresIn = Number(b.expires_in);
    const lifetimeMs = Number.isFinite(expiresIn) ? Math.max(expiresIn, 0) * 1000 : undefined;
    const now = this.now();
    // A token living less than the skew would be renewed before every call: renew it at half its life.
    const marginMs =
      lifetimeMs === undefined ? 0 : Math.min(this.init.auth.refreshSkewSeconds * 1000, lifetimeMs / 2);
    this.token = {
      value: b.access_token,
      expiresAt: lifetimeMs === undefined ? undefined : now + lifetimeMs,
      renewAt: lifetimeMs === undefined ? undefined : now + lifetimeMs - marginMs,
    };
  }
}
