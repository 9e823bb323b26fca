/**
 * Where each auth kind puts its credential on a request (header or query parameter, with the
 * scheme or prefix before the secret) and which credentials a connection lacks for it. What a
 * call checks before sending anything, and what a dry run shows in place of the secret.
 */
import type { AuthIR } from '@toolspec/language';
import type { ConnectionOptions } from '../types.js';
import { credential } from './api-key.js';

/** One credential a connection lacks. */
export interface MissingCredential {
  /** Its path in a connection (`token`, `credentials.api_key`, `oauth.clientId`). */
  readonly field: string;
  /** Its environment variable after the set's `TOOLSPEC_<SET>_` prefix (`TOKEN`, `API_KEY`). */
  readonly variable: string;
  /** What would do instead (oauth2: a refresh token instead of an access token). */
  readonly or?: MissingCredential | undefined;
}

/** Where a credential goes on every request, and what of it the connection lacks. */
export interface CredentialSlot {
  readonly in: 'header' | 'query';
  /** The header (lower-cased) or query parameter name. */
  readonly name: string;
  /** What comes before the secret: the scheme (`Bearer `, `Basic `) or an API key's prefix. */
  readonly prefix: string;
  /** Empty when the connection has everything this slot needs. */
  readonly missing: readonly MissingCredential[];
}

const TOKEN: MissingCredential = { field: 'token', variable: 'TOKEN' };
const CLIENT_ID: MissingCredential = { field: 'oauth.clientId', variable: 'CLIENT_ID' };
const CLIENT_SECRET: MissingCredential = { field: 'oauth.clientSecret', variable: 'CLIENT_SECRET' };
const TOKEN_URL: MissingCredential = { field: 'oauth.tokenUrl', variable: 'TOKEN_URL' };
const ACCESS_OR_REFRESH: MissingCredential = {
  ...TOKEN,
  or: { field: 'oauth.refreshToken', variable: 'REFRESH_TOKEN' },
};

const given = (v: string | undefined | null): boolean => v !== undefined && v !== null && v !== '';

/** A named credential of the set's auth (`credentials.<name>`; the name `token` is the connection's token). */
function named(connection: ConnectionOptions, name: string): MissingCredential[] {
  if (credential(connection, name) !== undefined) return [];
  return [name === 'token' ? TOKEN : { field: `credentials.${name}`, variable: name.toUpperCase() }];
}

const bearer = (missing: MissingCredential[]): CredentialSlot[] => [
  { in: 'header', name: 'authorization', prefix: 'Bearer ', missing },
];

type Slots<K extends AuthIR['kind']> = (
  auth: Extract<AuthIR, { kind: K }>,
  connection: ConnectionOptions,
) => CredentialSlot[];

/** The registry: one entry per auth kind (the compiler lists a new kind here). */
const SLOTS: { readonly [K in AuthIR['kind']]: Slots<K> } = {
  none: () => [],
  // The static token, or an OAuth access token given without a refresh token (auth/index.ts).
  bearer: (_auth, c) => bearer(given(c.token) || given(c.oauth?.accessToken) ? [] : [TOKEN]),
  oauth2: (auth, c) => {
    if (given(c.token) || given(c.oauth?.accessToken)) return bearer([]);
    if (!given(c.oauth?.refreshToken)) return bearer([ACCESS_OR_REFRESH]);
    return bearer(given(c.oauth?.tokenUrl) || given(auth.tokenUrl) ? [] : [TOKEN_URL]);
  },
  oauth2_client_credentials: (auth, c) =>
    bearer([
      ...(given(c.oauth?.clientId) ? [] : [CLIENT_ID]),
      ...(given(c.oauth?.clientSecret) ? [] : [CLIENT_SECRET]),
      ...(given(c.oauth?.tokenUrl) || given(auth.tokenUrl) ? [] : [TOKEN_URL]),
    ]),
  basic: (auth, c) => [
    {
      in: 'header',
      name: 'authorization',
      prefix: 'Basic ',
      missing: [...named(c, auth.username), ...(auth.passwordOptional ? [] : named(c, auth.password))],
    },
  ],
  api_key: (auth, c) =>
    auth.keys.map((k) => ({
      in: k.in,
      name: k.in === 'header' ? k.name.toLowerCase() : k.name,
      prefix: k.prefix,
      missing: named(c, k.credential),
    })),
};

/** Where the set's credentials go on a request, each with what the connection lacks for it. */
export function credentialSlots(auth: AuthIR, connection: ConnectionOptions): readonly CredentialSlot[] {
  return (SLOTS[auth.kind] as Slots<AuthIR['kind']>)(auth, connection);
}

/** Every credential the slots lack, each once. */
export function missingCredentials(slots: readonly CredentialSlot[]): readonly MissingCredential[] {
  const out = new Map<string, MissingCredential>();
  for (const s of slots) for (const m of s.missing) if (!out.has(m.field)) out.set(m.field, m);
  return [...out.values()];
}
