/**
 * The authenticated principal of an HTTP request, as the tool handlers see it: carried in the
 * SDK's pass-through `AuthInfo.extra` (ctx.http.authInfo). A module of its own, free of the
 * authentication code, so the stdio path loads none of it.
 */
import type { AuthInfo } from '@modelcontextprotocol/server';

/** What the tool calls of an authenticated request run as. */
export interface Principal {
  /** The access token's subject; undefined for the deployment's bearer secret. */
  readonly caller: string | undefined;
}

/** The deployment itself (the bearer secret). */
export const DEPLOYMENT: Principal = Object.freeze({ caller: undefined });

/** The AuthInfo handed to the SDK for a principal. */
export function authInfoFor(principal: Principal, fields: Omit<AuthInfo, 'extra'>): AuthInfo {
  return { ...fields, extra: { principal } };
}

/** The principal an AuthInfo was made for (authInfoFor), if any. */
export function principalOf(info: AuthInfo | undefined): Principal | undefined {
  const p = info?.extra?.principal;
  return typeof p === 'object' && p !== null ? (p as Principal) : undefined;
}
