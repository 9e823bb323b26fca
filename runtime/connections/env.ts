/**
 * Connections from the environment and a connections file, in one place (used by `toolspec call`
 * and `toolspec serve`). Per set `<S>` (upper-cased set name):
 *   TOOLSPEC_<S>_TOKEN, TOOLSPEC_<S>_BASE_URL, TOOLSPEC_<S>_REFRESH_TOKEN, TOOLSPEC_<S>_CLIENT_ID,
 *   TOOLSPEC_<S>_CLIENT_SECRET, TOOLSPEC_<S>_TOKEN_URL, and TOOLSPEC_<S>_<VARIABLE> for each server
 *   variable (TOOLSPEC_DATASTORE_ACCOUNT for the Snowflake account).
 * The connections file (`--connections file.json` or TOOLSPEC_CONNECTIONS) holds the same as JSON:
 *   {"notes": {"token": "...", "baseUrl": "...", "variables": {...}, "headers": {...},
 *              "oauth": {"refreshToken", "clientId", "clientSecret", "tokenUrl", "accessToken", "expiresAt"}}}
 * Named credentials of the set's auth come from TOOLSPEC_<S>_<NAME> (TOOLSPEC_<S>_API_KEY,
 * TOOLSPEC_<S>_USERNAME, TOOLSPEC_<S>_PASSWORD, ...) or the file's "credentials" object.
 * TOOLSPEC_<S>_RATE_LIMIT (or the file's "rateLimit") replaces the spec's declared rate limit
 * for the connection: `off`, `10/s`, `600/m`, `10/s,burst=20`.
 * The environment wins over the file. TOOLSPEC_TOKEN_STORE names a file where rotated OAuth
 * tokens are kept (atomic writes, mode 0600); TOOLSPEC_REDIS_URL a Redis store shared by replicas
 * (runtime/store/open.ts). Errors here never include a credential. A toolkit made with what
 * `loadConnections` answered names a missing credential by its variable (connections/missing.ts).
 */
import { readFile } from 'node:fs/promises';
import type { ToolSetIR } from '@toolspec/language';
import { authCredentials } from '@toolspec/language';
import { FileTokenStore } from '../auth/stores.js';
import type { ConnectionOptions, OAuthOptions, TokenStore } from '../types.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface ConnectionSources {
  /** Default: process.env. */
  readonly env?: Env | undefined;
  /** Connections file; default: TOOLSPEC_CONNECTIONS from the environment. */
  readonly file?: string | undefined;
  /** The sets whose connections to resolve (their names and server variables). */
  readonly sets: readonly (Pick<ToolSetIR, 'name' | 'server'> & Partial<Pick<ToolSetIR, 'auth'>>)[];
}

export const envPrefix = (set: string): string => `TOOLSPEC_${set.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_`;

/** Read and shape-check a connections file. */
export async function readConnectionsFile(path: string): Promise<Record<string, ConnectionOptions>> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : 'not readable JSON';
    throw new Error(`connections file ${path}: ${why}`);
  }
  return checkConnections(data, `connections file ${path}`);
}

/** Shape-check connections keyed by set name (`source` names where they came from; no value is ever quoted). */
export function checkConnections(data: unknown, source: string): Record<string, ConnectionOptions> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new Error(`${source}: expected an object keyed by set name`);
  }
  for (const [set, c] of Object.entries(data)) {
    if (c === null || typeof c !== 'object' || Array.isArray(c)) {
      throw new Error(
        `${source}: "${set}" must be an object (token, baseUrl, variables, credentials, oauth, headers, rateLimit)`,
      );
    }
    for (const [k, v] of Object.entries(c as Record<string, unknown>)) {
      const ok =
        k === 'token' || k === 'baseUrl' || k === 'rateLimit'
          ? typeof v === 'string'
          : k === 'variables' || k === 'headers' || k === 'oauth' || k === 'credentials'
            ? v !== null && typeof v === 'object' && !Array.isArray(v)
            : false;
      if (!ok) throw new Error(`${source}: "${set}.${k}" is not a known field of the right type`);
    }
  }
  return data as Record<string, ConnectionOptions>;
}

/** Credentials with their own connection field (token, OAuth client) are read there, not as named credentials. */
const OWN_FIELDS = new Set(['token', 'refresh_token', 'client_id', 'client_secret']);

function fromEnv(env: Env, set: ConnectionSources['sets'][number]): ConnectionOptions {
  const p = envPrefix(set.name);
  const get = (k: string): string | undefined => {
    const v = env[p + k];
    return v === undefined || v === '' ? undefined : v;
  };
  const out: { -readonly [K in keyof ConnectionOptions]: ConnectionOptions[K] } = {};
  if (get('TOKEN')) out.token = get('TOKEN');
  if (get('BASE_URL')) out.baseUrl = get('BASE_URL');
  if (get('RATE_LIMIT')) out.rateLimit = get('RATE_LIMIT');
  const variables: Record<string, string> = {};
  for (const v of set.server.variables) {
    const value = get(v.name.toUpperCase());
    if (value !== undefined) variables[v.name] = value;
  }
  if (Object.keys(variables).length > 0) out.variables = variables;
  const credentials: Record<string, string> = {};
  for (const name of set.auth ? authCredentials(set.auth) : []) {
    if (OWN_FIELDS.has(name)) continue;
    const value = get(name.toUpperCase());
    if (value !== undefined) credentials[name] = value;
  }
  if (Object.keys(credentials).length > 0) out.credentials = credentials;
  const oauth: { -readonly [K in keyof OAuthOptions]: OAuthOptions[K] } = {};
  if (get('REFRESH_TOKEN')) oauth.refreshToken = get('REFRESH_TOKEN');
  if (get('CLIENT_ID')) oauth.clientId = get('CLIENT_ID');
  if (get('CLIENT_SECRET')) oauth.clientSecret = get('CLIENT_SECRET');
  if (get('TOKEN_URL')) oauth.tokenUrl = get('TOKEN_URL');
  if (Object.keys(oauth).length > 0) out.oauth = oauth;
  return out;
}

function merge(file: ConnectionOptions | undefined, env: ConnectionOptions): ConnectionOptions {
  if (!file) return env;
  return {
    ...file,
    ...env,
    variables: file.variables || env.variables ? { ...file.variables, ...env.variables } : undefined,
    headers: file.headers,
    credentials:
      file.credentials || env.credentials ? { ...file.credentials, ...env.credentials } : undefined,
    oauth: file.oauth || env.oauth ? { ...file.oauth, ...env.oauth } : undefined,
  };
}

/** What `loadConnections` answered: a toolkit given one names missing credentials by their variables. */
const loaded = new WeakSet<object>();

/** Whether `connections` is what `loadConnections` answered (the environment and the connections file). */
export function fromEnvironment(connections: object): boolean {
  return loaded.has(connections);
}

/** Every configured set's connection (sets with nothing configured are left out). */
export async function loadConnections(
  sources: ConnectionSources,
): Promise<Record<string, ConnectionOptions>> {
  const env = sources.env ?? process.env;
  const path = sources.file ?? env.TOOLSPEC_CONNECTIONS;
  const file = path ? await readConnectionsFile(path) : {};
  const out: Record<string, ConnectionOptions> = {};
  for (const set of sources.sets) {
    const c = merge(file[set.name], fromEnv(env, set));
    const clean = Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined));
    if (Object.keys(clean).length > 0) out[set.name] = clean as ConnectionOptions;
  }
  loaded.add(out);
  return out;
}

/** The token store named by TOOLSPEC_TOKEN_STORE, if any. */
export function tokenStoreFromEnv(env: Env = process.env): TokenStore | undefined {
  const path = env.TOOLSPEC_TOKEN_STORE;
  return path ? new FileTokenStore(path) : undefined;
}
