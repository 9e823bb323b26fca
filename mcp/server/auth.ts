/**
 * Who may call `toolspec serve --http`, and as whom. Every request carries
 * `Authorization: Bearer <token>`; the token is either the deployment's bearer secret (compared in
 * constant time over SHA-256 digests, so neither its content nor its length leaks through timing)
 * or, when an OAuth issuer is configured, a JWT access token from that issuer (jwt.ts). The secret
 * is the deployment (no caller); a JWT is the caller named by its `sub`. Failures answer 401 with
 * a `WWW-Authenticate: Bearer` challenge, with `resource_metadata` (RFC 9728) when OAuth is
 * configured. No token is ever written into a message.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { checkAuthConfig, type HttpAuthConfig } from './auth-config.js';
import type { JwtOutcome } from './jwt.js';
import { authInfoFor, DEPLOYMENT, type Principal } from './principal.js';

export type AuthOutcome =
  | { readonly ok: true; readonly info: AuthInfo; readonly principal: Principal }
  | {
      readonly ok: false;
      readonly status: 401;
      /** The `WWW-Authenticate` value. */
      readonly challenge: string;
      /** The OAuth error code for the body: `invalid_token` when a token was sent, else `unauthorized`. */
      readonly error: 'invalid_token' | 'unauthorized';
      readonly message: string;
    };

export interface Authenticator {
  authenticate(req: IncomingMessage): Promise<AuthOutcome>;
  /** The RFC 9728 protected-resource metadata (null without OAuth). */
  protectedResource(req: IncomingMessage): Record<string, unknown> | null;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

function quoted(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** The bearer token of an `Authorization` header, or null. */
function bearerOf(header: string | undefined): string | null {
  const m = typeof header === 'string' ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
  return m ? (m[1] as string) : null;
}

export async function createAuthenticator(config: HttpAuthConfig, mcpPath: string): Promise<Authenticator> {
  checkAuthConfig(config);
  const secret = digest(config.token);
  const oauth = config.oauth;
  const verifyJwt: ((token: string) => Promise<JwtOutcome>) | null = oauth
    ? (await import('./jwt.js')).createJwtVerifier(oauth)
    : null;

  /** This server's MCP endpoint as its clients name it: the audience when it is a URL, else from the Host. */
  const resourceUrl = (req: IncomingMessage): string =>
    oauth && /^https?:\/\//i.test(oauth.audience)
      ? oauth.audience
      : `http://${req.headers.host ?? 'localhost'}${mcpPath}`;
  const metadataUrl = (req: IncomingMessage): string => {
    const u = new URL(resourceUrl(req));
    return `${u.origin}/.well-known/oauth-protected-resource${u.pathname === '/' ? '' : u.pathname}`;
  };

  const refuse = (req: IncomingMessage, message: string, presented: boolean): AuthOutcome => {
    const parts = ['Bearer realm="toolspec"'];
    if (oauth) parts.push(`resource_metadata=${quoted(metadataUrl(req))}`);
    if (presented) parts.push('error="invalid_token"', `error_description=${quoted(message)}`);
    return {
      ok: false,
      status: 401,
      challenge: parts.join(', '),
      error: presented ? 'invalid_token' : 'unauthorized',
      message,
    };
  };

  return {
    async authenticate(req) {
      const token = bearerOf(req.headers.authorization);
      if (token === null) {
        const what = oauth
          ? "the server's bearer secret or an access token from its issuer"
          : "the server's bearer secret";
        return refuse(req, `unauthorized: send "Authorization: Bearer <token>" with ${what}`, false);
      }
      if (timingSafeEqual(digest(token), secret)) {
        return {
          ok: true,
          principal: DEPLOYMENT,
          info: authInfoFor(DEPLOYMENT, { token: '', clientId: 'toolspec-deployment', scopes: [] }),
        };
      }
      if (verifyJwt === null || token.split('.').length !== 3)
        return refuse(req, 'unauthorized: the bearer token is not valid', true);
      const jwt = await verifyJwt(token);
      if (!jwt.ok) return refuse(req, `unauthorized: ${jwt.problem}`, true);
      const principal: Principal = Object.freeze({ caller: jwt.sub });
      return {
        ok: true,
        principal,
        info: authInfoFor(principal, {
          token,
          clientId: jwt.clientId,
          scopes: jwt.scopes,
          expiresAt: jwt.expiresAt,
        }),
      };
    },
    protectedResource(req) {
      if (!oauth) return null;
      return {
        resource: resourceUrl(req),
        authorization_servers: [oauth.issuer],
        bearer_methods_supported: ['header'],
        resource_name: 'toolspec',
      };
    },
  };
}
