/**
 * What a dry run shows of a connection's credentials: each where the request carries it, with its
 * scheme or prefix and the value replaced, `authorization: Bearer [redacted]`, `Basic [redacted]`,
 * `x-api-key: [redacted]`, a query key as `?key=[redacted]`; or, when the connection lacks it,
 * what to set: `Bearer [missing: TOOLSPEC_NOTES_TOKEN]`. No value of the connection is read, so no
 * secret can be shown. Made once per connection.
 */
import { missingName } from '../connections/missing.js';
import type { Connection } from '../context.js';
import { REDACTED } from '../redact.js';

export interface ShownCredentials {
  /** Lower-cased header name -> shown value. */
  readonly headers: Readonly<Record<string, string>>;
  /** `name=value` pairs (encoded) appended to the shown URL. */
  readonly query: string;
}

const shown = new WeakMap<Connection, ShownCredentials>();

/**
 * The credentials of `conn` as a dry run shows them. A toolkit with a connection resolver shows
 * the shape only: which connection a call will use is not known before the call.
 */
export function shownCredentials(conn: Connection): ShownCredentials {
  let out = shown.get(conn);
  if (out === undefined) {
    const known = conn.source !== 'resolver';
    const headers: Record<string, string> = {};
    const query: string[] = [];
    for (const slot of conn.credentials) {
      const value =
        known && slot.missing.length > 0
          ? `[missing: ${slot.missing.map((m) => missingName(conn, m)).join(' and ')}]`
          : REDACTED;
      if (slot.in === 'header') headers[slot.name] = `${slot.prefix}${value}`;
      else query.push(`${encodeURIComponent(slot.name)}=${encodeURIComponent(slot.prefix)}${value}`);
    }
    out = { headers, query: query.join('&') };
    shown.set(conn, out);
  }
  return out;
}

/** `url` with the shown query credentials appended, as the request carries them. */
export function withShownQuery(url: string, credentials: ShownCredentials): string {
  if (credentials.query === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${credentials.query}`;
}
