/**
 * How `serve --http` is told who may call: the deployment's bearer secret (required on every bind
 * address) and, optionally, an OAuth issuer whose JWT access tokens are accepted too. Read from
 * the environment and flags by the CLI (httpAuthFromEnv), or given by an embedding application;
 * checked before the server listens. Errors say how to configure, never what a secret is.
 */
import { readFileSync } from 'node:fs';
import { isLoopback } from './guard.js';

/** Shortest accepted bearer secret. */
export const MIN_SECRET_LENGTH = 16;
/** The algorithms accepted from the issuer unless the operator lists others. */
export const DEFAULT_OAUTH_ALGORITHMS: readonly string[] = ['RS256', 'PS256', 'ES256', 'EdDSA'];
/** Asymmetric JWS algorithms (a JWKS publishes public keys; symmetric ones and `none` have no place here). */
const ASYMMETRIC: readonly string[] = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

/** An OAuth 2.0 authorization server whose JWT access tokens this server accepts. */
export interface OAuthResourceConfig {
  /** The `iss` the tokens must carry (published as the authorization server). */
  readonly issuer: string;
  /**
   * The `aud` the tokens must carry: this server's resource identifier, usually its public URL
   * (`https://tools.example.com/mcp`), which is then also the `resource` of the RFC 9728 metadata.
   */
  readonly audience: string;
  /** Where the issuer publishes its signing keys (https; http only on loopback). */
  readonly jwksUrl: string;
  /** Accepted `alg` values (default DEFAULT_OAUTH_ALGORITHMS). */
  readonly algorithms?: readonly string[] | undefined;
}

export interface HttpAuthConfig {
  /** The deployment's bearer secret (required; at least MIN_SECRET_LENGTH characters). */
  readonly token: string;
  readonly oauth?: OAuthResourceConfig | undefined;
}

/** The configuration is unusable; the message says how to fix it and never contains a secret. */
export class HttpAuthConfigError extends Error {
  override readonly name = 'HttpAuthConfigError';
}

export const MISSING_SECRET =
  'serving over HTTP needs a bearer secret, on every bind address: set TOOLSPEC_HTTP_TOKEN ' +
  '(or pass --token-file <file>) to a random string of at least 16 characters, e.g. `openssl rand -hex 32`, ' +
  'and have clients send "Authorization: Bearer <secret>"';

/** Reject a configuration that cannot be safe, before the server listens. */
export function checkAuthConfig(config: HttpAuthConfig): void {
  if (typeof config?.token !== 'string' || config.token === '') throw new HttpAuthConfigError(MISSING_SECRET);
  if (config.token.length < MIN_SECRET_LENGTH) {
    throw new HttpAuthConfigError(
      `the HTTP bearer secret is too short: use at least ${MIN_SECRET_LENGTH} characters (e.g. \`openssl rand -hex 32\`)`,
    );
  }
  const oauth = config.oauth;
  if (!oauth) return;
  for (const [name, value] of [
    ['TOOLSPEC_OAUTH_ISSUER', oauth.issuer],
    ['TOOLSPEC_OAUTH_AUDIENCE', oauth.audience],
    ['TOOLSPEC_OAUTH_JWKS_URL', oauth.jwksUrl],
  ] as const) {
    if (!value)
      throw new HttpAuthConfigError(
        `OAuth needs ${name} too (the issuer, audience and JWKS URL go together)`,
      );
  }
  let jwks: URL;
  try {
    jwks = new URL(oauth.jwksUrl);
  } catch {
    throw new HttpAuthConfigError('TOOLSPEC_OAUTH_JWKS_URL is not a URL');
  }
  if (jwks.protocol !== 'https:' && !(jwks.protocol === 'http:' && isLoopback(jwks.hostname))) {
    throw new HttpAuthConfigError('TOOLSPEC_OAUTH_JWKS_URL must be https (http only on a loopback address)');
  }
  const algorithms = oauth.algorithms ?? DEFAULT_OAUTH_ALGORITHMS;
  if (algorithms.length === 0) throw new HttpAuthConfigError('TOOLSPEC_OAUTH_ALGORITHMS lists no algorithm');
  for (const alg of algorithms) {
    if (!ASYMMETRIC.includes(alg)) {
      throw new HttpAuthConfigError(
        `TOOLSPEC_OAUTH_ALGORITHMS: "${alg}" is not an asymmetric JWS algorithm (expected some of ${ASYMMETRIC.join(', ')})`,
      );
    }
  }
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * The HTTP authentication the environment configures: the secret from `tokenFile` (flag) or
 * TOOLSPEC_HTTP_TOKEN; OAuth from TOOLSPEC_OAUTH_ISSUER, _AUDIENCE, _JWKS_URL and _ALGORITHMS
 * (comma-separated). Checked (checkAuthConfig); throws HttpAuthConfigError.
 */
export function httpAuthFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  tokenFile?: string | undefined,
): HttpAuthConfig {
  let token = env.TOOLSPEC_HTTP_TOKEN ?? '';
  if (tokenFile !== undefined) {
    try {
      token = readFileSync(tokenFile, 'utf8').replace(/\r?\n$/, '');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new HttpAuthConfigError(`--token-file ${tokenFile}: cannot read the file (${code})`);
    }
    if (token === '') throw new HttpAuthConfigError(`--token-file ${tokenFile}: the file is empty`);
  }
  const issuer = env.TOOLSPEC_OAUTH_ISSUER ?? '';
  const audience = env.TOOLSPEC_OAUTH_AUDIENCE ?? '';
  const jwksUrl = env.TOOLSPEC_OAUTH_JWKS_URL ?? '';
  const algorithms = list(env.TOOLSPEC_OAUTH_ALGORITHMS);
  const oauth =
    issuer || audience || jwksUrl
      ? { issuer, audience, jwksUrl, algorithms: algorithms.length > 0 ? algorithms : undefined }
      : undefined;
  const config: HttpAuthConfig = { token, oauth };
  checkAuthConfig(config);
  return config;
}

/** Browser origins allowed by TOOLSPEC_HTTP_ALLOWED_ORIGINS (comma-separated) and --allow-origin. */
export function allowedOriginsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  flags: readonly string[] = [],
): string[] {
  return [...list(env.TOOLSPEC_HTTP_ALLOWED_ORIGINS), ...flags.flatMap((f) => list(f))];
}
