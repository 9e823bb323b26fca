/**
 * A connection without a credential its set's auth needs: the call fails before anything is sent
 * (no request, no DNS lookup) with a `configuration` error naming exactly what is missing, the way
 * it is given where the connection came from: an environment variable (`TOOLSPEC_NOTES_TOKEN`)
 * for connections read by `loadConnections` (the CLI, `toolspec serve`), the field path
 * (`connections.notes.token`) for connections given to `createToolkit`, the field of a caller's
 * stored connection in team mode. The dry run shows the same names in place of the secret.
 */
import type { MissingCredential } from '../auth/slots.js';
import type { Connection } from '../context.js';
import { ToolError } from '../errors.js';
import { envPrefix } from './env.js';

/** How a missing credential is named where its connection came from. */
function nameOf(conn: Connection, m: MissingCredential): string {
  const set = conn.set.name;
  switch (conn.source) {
    case 'environment':
      return `${envPrefix(set)}${m.variable}`;
    case 'options':
      return `connections.${set}.${m.field}`;
    case 'call':
    case 'resolver':
      return `connection.${m.field}`;
    case 'store':
      return m.field;
  }
}

/** A missing credential with what would do instead: `TOOLSPEC_NOTES_TOKEN (or TOOLSPEC_NOTES_REFRESH_TOKEN)`. */
export function missingName(conn: Connection, m: MissingCredential): string {
  return m.or ? `${nameOf(conn, m)} (or ${missingName(conn, m.or)})` : nameOf(conn, m);
}

function hint(conn: Connection, names: string): string {
  const set = conn.set.name;
  const fields = conn.missing.map((m) => JSON.stringify(m.field)).join(', ');
  switch (conn.source) {
    case 'environment':
      return `Set ${names} in the environment, or give ${fields} under "${set}" in the connections file (--connections, TOOLSPEC_CONNECTIONS). To try the tools without an account: --sandbox.`;
    case 'options':
      return `Give ${names} in createToolkit's connections.`;
    case 'call':
      return `Give ${fields} in the call's connection option.`;
    case 'resolver':
      return `The connection resolver's answer for the "${set}" set needs ${fields}.`;
    case 'store':
      return `An operator adds it: toolspec connections set --caller ${JSON.stringify(conn.caller)} --set ${set} --from-file <connection.json> (with ${fields}).`;
  }
}

/** The error of a call over a connection that lacks a credential (its `missing` is not empty). */
export function missingCredentialsError(tool: string, conn: Connection): ToolError {
  const set = conn.set.name;
  const names = conn.missing.map((m) => missingName(conn, m));
  const whose =
    conn.source === 'store'
      ? `caller ${JSON.stringify(conn.caller)}'s "${set}" connection`
      : `the "${set}" set`;
  const list = names.length === 1 ? `${names[0]} is` : `${names.join(' and ')} are`;
  return new ToolError({
    code: 'configuration',
    tool,
    field: nameOf(conn, conn.missing[0] as MissingCredential),
    message: `${tool}: missing credential for ${whose}: ${list} not set; nothing was sent`,
    hint: hint(conn, names.join(' and ')),
    retryable: false,
    details: {
      set,
      missing: conn.missing.map((m) => nameOf(conn, m)),
      ...(conn.caller === undefined ? {} : { caller: conn.caller }),
    },
  });
}
