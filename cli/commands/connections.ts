/**
 * `toolspec connections set|delete`: an operator keeps named callers' connections in the shared
 * store (Redis), where `toolspec serve` finds the connection of each authenticated caller. The
 * connection (the same JSON as one set's entry of a connections file) is read from a file or
 * stdin, never from the command line, and never printed.
 */
import { readFile } from 'node:fs/promises';
import { commandArgs, usageError } from '../args.js';
import { parseJsonText } from '../json-text.js';

const HELP = `toolspec connections set --caller <id> --set <set> (--from-file F | --from-stdin) [--store redis://…]
toolspec connections delete --caller <id> --set <set> [--store redis://…]

Keeps a named caller's connection of one set in the shared store (default: TOOLSPEC_REDIS_URL).
delete, and set with a connection different from the stored one, also remove the OAuth tokens
kept for the old connection (so they never serve a connection set later).
The caller is the identity the HTTP server authenticates (the OAuth token's subject); its calls
use only its own connections. The connection is JSON, like one set's entry of a connections file:
  {"token": "..."}  or  {"oauth": {"refreshToken": "...", "clientId": "...", "clientSecret": "..."}}
  (plus baseUrl, variables, credentials, headers, rateLimit)
  --caller <id>      the caller's identity
  --set <set>        the tool set (notes, crm, mail, datastore, or one of --specs)
  --from-file F      read the connection from file F
  --from-stdin       read the connection from stdin
  --store <url>      the Redis store (redis://host:port/db); default TOOLSPEC_REDIS_URL
Secrets are never taken from arguments (they would show in the process list and shell history).`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function run(args: string[]): Promise<number> {
  const parsed = await commandArgs('connections', HELP, {
    args,
    allowPositionals: true,
    options: {
      caller: { type: 'string' },
      set: { type: 'string' },
      'from-file': { type: 'string' },
      'from-stdin': { type: 'boolean' },
      store: { type: 'string' },
    },
  });
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const action = positionals[0];
  const { caller, set } = values;
  const usage = (why: string): number => usageError('connections', why);
  if ((action !== 'set' && action !== 'delete') || positionals.length > 1)
    return usage('expected "set" or "delete"');
  if (!caller) return usage('--caller is required');
  if (!set) return usage('--set is required');
  const url = values.store || process.env.TOOLSPEC_REDIS_URL;
  if (!url) return usage('no store: give --store redis://… or set TOOLSPEC_REDIS_URL');
  const { RedisStore, checkConnections } = await import('@toolspec/runtime');
  let text: string | undefined;
  if (action === 'set') {
    const file = values['from-file'];
    if ((file === undefined) === !values['from-stdin'])
      return usage('give exactly one of --from-file F or --from-stdin');
    try {
      text = file === undefined ? await readStdin() : await readFile(file, 'utf8');
    } catch {
      return usage(`--from-file ${file}: not readable`);
    }
  }
  let store: Awaited<ReturnType<typeof RedisStore.connect>> | undefined;
  try {
    store = await RedisStore.connect(url);
    if (action === 'delete') {
      const gone = await store.deleteConnection(caller, set);
      process.stderr.write(
        `toolspec connections: ${gone ? 'deleted the' : 'no'} "${set}" connection of caller "${caller}"${gone ? ' and its stored tokens' : ''}\n`,
      );
      return 0;
    }
    const data = parseJsonText(text as string, 'the connection');
    const conn = checkConnections({ [set]: data }, 'the connection')[set];
    await store.setConnection(caller, set, conn as NonNullable<typeof conn>);
    process.stderr.write(`toolspec connections: stored the "${set}" connection of caller "${caller}"\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`toolspec connections: ${(e as Error).message}\n`);
    return 1;
  } finally {
    await store?.close().catch(() => {});
  }
}
