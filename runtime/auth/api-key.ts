/**
 * `api_key` and `basic`: static credentials read from the connection. An API key goes in a named
 * header or query parameter with an optional prefix (a key in `Authorization` is a custom
 * scheme: the raw key, `Token <key>`); basic sends `Basic base64(user:password)`. Every
 * value, and every encoded form the engine makes of it, is registered as a secret, except a basic
 * username beside a required password (an account's name or email, which results show).
 */
import type { AuthIR } from '@toolspec/language';
import type { Secrets } from '../redact.js';
import type { ConnectionOptions } from '../types.js';
import type { AuthSession, PlacedCredentials } from './types.js';

/** A credential by name: `credentials.<name>`, or the static `token` for the name `token`. */
export function credential(connection: ConnectionOptions, name: string): string | undefined {
  const v = connection.credentials?.[name] ?? (name === 'token' ? connection.token : undefined);
  return v === '' ? undefined : v;
}

function fixed(authorization: string | null, placed?: PlacedCredentials): AuthSession {
  const current = Promise.resolve(authorization);
  return { authorization: () => current, renew: async () => false, placed };
}

export function apiKeySession(
  auth: Extract<AuthIR, { kind: 'api_key' }>,
  connection: ConnectionOptions,
  secrets: Secrets,
): AuthSession {
  let authorization: string | null = null;
  const headers: Record<string, string> = {};
  const query: [string, string][] = [];
  for (const k of auth.keys) {
    const key = credential(connection, k.credential);
    if (key === undefined) continue;
    secrets.add(key);
    const value = `${k.prefix}${key}`;
    secrets.add(value);
    if (k.in === 'query') query.push([k.name, value]);
    else if (k.name.toLowerCase() === 'authorization') authorization = value;
    else headers[k.name.toLowerCase()] = value;
  }
  return fixed(authorization, { headers, query });
}

export function basicSession(
  auth: Extract<AuthIR, { kind: 'basic' }>,
  connection: ConnectionOptions,
  secrets: Secrets,
): AuthSession {
  const user = credential(connection, auth.username);
  const password = credential(connection, auth.password) ?? (auth.passwordOptional ? '' : undefined);
  if (user === undefined || password === undefined) return fixed(null);
  // The username is an identifier beside a password, the secret itself when the password is optional.
  if (auth.passwordOptional) secrets.add(user);
  secrets.add(password);
  const encoded = Buffer.from(`${user}:${password}`).toString('base64');
  secrets.add(encoded);
  return fixed(`Basic ${encoded}`);
}
