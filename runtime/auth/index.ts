/** The auth-kind registry: set-level `auth.type` -> how a connection's session is made. */

import type { AuthIR } from '@toolspec/language';
import type { Dispatcher } from 'undici';
import type { Secrets } from '../redact.js';
import type { ConnectionOptions, Logger, TokenStore } from '../types.js';
import { apiKeySession, basicSession } from './api-key.js';
import { ClientCredentialsSession } from './client-credentials.js';
import { OAuthSession } from './oauth2.js';
import { staticSession } from './static.js';
import type { AuthSession } from './types.js';

export type { AuthSession, PlacedCredentials } from './types.js';

export interface AuthContext {
  /** The set name (what messages and hints name). */
  readonly key: string;
  /** Where the connection's tokens are kept in the store (default: `key`). */
  readonly storeKey?: string | undefined;
  readonly auth: AuthIR;
  readonly connection: ConnectionOptions;
  readonly dispatcher: Dispatcher;
  readonly store: TokenStore;
  readonly secrets: Secrets;
  readonly logger: Logger | undefined;
  readonly timeoutMs: number;
}

function staticToken(ctx: AuthContext): string | null {
  const token = ctx.connection.token ?? ctx.connection.oauth?.accessToken ?? null;
  ctx.secrets.add(token);
  return token;
}

export const AUTH_KINDS: Readonly<Record<AuthIR['kind'], (ctx: AuthContext) => AuthSession>> = {
  none: () => staticSession(null),
  bearer: (ctx) => staticSession(staticToken(ctx)),
  api_key: (ctx) =>
    apiKeySession(ctx.auth as Extract<AuthIR, { kind: 'api_key' }>, ctx.connection, ctx.secrets),
  basic: (ctx) => basicSession(ctx.auth as Extract<AuthIR, { kind: 'basic' }>, ctx.connection, ctx.secrets),
  oauth2_client_credentials: (ctx) =>
    new ClientCredentialsSession({
      key: ctx.key,
      auth: ctx.auth as Extract<AuthIR, { kind: 'oauth2_client_credentials' }>,
      connection: ctx.connection,
      dispatcher: ctx.dispatcher,
      secrets: ctx.secrets,
      logger: ctx.logger,
      timeoutMs: ctx.timeoutMs,
    }),
  oauth2: (ctx) => {
    const o = ctx.connection.oauth;
    if (!o?.refreshToken) return staticSession(staticToken(ctx));
    return new OAuthSession({
      key: ctx.key,
      storeKey: ctx.storeKey,
      options: { ...o, accessToken: o.accessToken ?? ctx.connection.token },
      tokenUrl: ctx.auth.kind === 'oauth2' ? ctx.auth.tokenUrl : null,
      skewSeconds: ctx.auth.kind === 'oauth2' ? ctx.auth.refreshSkewSeconds : 60,
      dispatcher: ctx.dispatcher,
      store: ctx.store,
      secrets: ctx.secrets,
      logger: ctx.logger,
      timeoutMs: ctx.timeoutMs,
    });
  },
};

export function createAuthSession(ctx: AuthContext): AuthSession {
  return AUTH_KINDS[ctx.auth.kind](ctx);
}
