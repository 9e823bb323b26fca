/**
 * The OAuth 2.0 resource-server side of `serve --http`: JWT access tokens from one configured
 * issuer, verified with `jose` (signature against the issuer's JWKS, fetched and cached, refetched
 * for an unknown `kid`; `iss`, `aud`, `exp`, `nbf`; only the listed asymmetric algorithms). Loaded
 * only when an issuer is configured. Messages describe the problem, never the token.
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import type { OAuthResourceConfig } from './auth-config.js';
import { DEFAULT_OAUTH_ALGORITHMS } from './auth-config.js';

/** Seconds of clock skew tolerated on `exp` and `nbf`. */
const CLOCK_TOLERANCE_S = 5;

export type JwtOutcome =
  | {
      readonly ok: true;
      readonly sub: string;
      readonly clientId: string;
      readonly scopes: string[];
      readonly expiresAt: number;
    }
  | { readonly ok: false; readonly problem: string };

/** Why a JWT was refused, in words that carry nothing of the token. */
function problemOf(e: unknown): string {
  if (e instanceof joseErrors.JWTExpired) return 'the access token has expired';
  if (e instanceof joseErrors.JWTClaimValidationFailed) {
    if (e.claim === 'aud') return 'the access token is not meant for this server (audience)';
    if (e.claim === 'iss') return 'the access token comes from another issuer';
    if (e.claim === 'nbf') return 'the access token is not valid yet';
    return `the access token's ${e.claim} claim is missing or invalid`;
  }
  if (e instanceof joseErrors.JWKSNoMatchingKey)
    return "the access token's signing key is not one of the issuer's";
  if (e instanceof joseErrors.JOSEAlgNotAllowed) return "the access token's algorithm is not accepted";
  if (e instanceof joseErrors.JWSSignatureVerificationFailed)
    return "the access token's signature is not valid";
  if (e instanceof joseErrors.JWKSTimeout || !(e instanceof joseErrors.JOSEError))
    return "the issuer's signing keys could not be fetched";
  return 'the access token is not valid';
}

export function createJwtVerifier(config: OAuthResourceConfig): (token: string) => Promise<JwtOutcome> {
  const keys = createRemoteJWKSet(new URL(config.jwksUrl));
  const algorithms = [...(config.algorithms ?? DEFAULT_OAUTH_ALGORITHMS)];
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: config.issuer,
        audience: config.audience,
        algorithms,
        requiredClaims: ['sub', 'exp'],
        clockTolerance: CLOCK_TOLERANCE_S,
      });
      // jose checks that sub is there, not what it is: 123 and "123" must not be one caller, nor an
      // object every other object's caller ("[object Object]").
      const sub = payload.sub as unknown;
      if (typeof sub !== 'string' || sub.trim() === '')
        return { ok: false, problem: "the access token's sub claim is not a non-empty string" };
      const clientId =
        typeof payload.client_id === 'string'
          ? payload.client_id
          : typeof payload.azp === 'string'
            ? payload.azp
            : sub;
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
      return { ok: true, sub, clientId, scopes, expiresAt: payload.exp as number };
    } catch (e) {
      return { ok: false, problem: problemOf(e) };
    }
  };
}
