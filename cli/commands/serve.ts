/**
 * `toolspec serve`: the tool sets over MCP (stdio by default, Streamable HTTP with --http).
 * Kept lean for cold start: argument parsing here, everything else (the runtime, the MCP server) loaded on demand.
 */
import { commandArgs, SET_OPTIONS, setFilter } from '../args.js';

const HELP = `toolspec serve [options]

Serves the tool sets to MCP clients (stdio by default).
  --sets <a,b>       only these sets (e.g. notes, crm, mail, datastore); repeatable, comma-separated;
                     --set is the same
  --tools <glob>     only tools whose name matches (* and ?), e.g. "notes_page_*"; repeatable, comma-separated
  --read-only        only tools whose effects are all read (writes are refused too)
  --discovery        expose 3 tools (search the catalog, describe a tool, call a tool) instead of all
  --code             code mode: expose 2 tools, search (tools and their TypeScript declarations) and
                     execute (an async JavaScript program calling tools.<name>(input), run in a sandboxed engine)
  --code-timeout <s> code mode: seconds a program may run, its tool calls included (default 30)
  --http <port>      Streamable HTTP at http://<host>:<port>/mcp instead of stdio (0 = any free port)
  --host <addr>      HTTP bind address (default 127.0.0.1; loopback only accepts loopback Host/Origin)
  --token-file <F>   the HTTP bearer secret, read from a file (default: TOOLSPEC_HTTP_TOKEN)
  --allow-origin <o> a browser Origin allowed to call (e.g. https://app.example.com); repeatable,
                     comma-separated; also TOOLSPEC_HTTP_ALLOWED_ORIGINS
  --sandbox          answer every call from the built-in offline sandbox (the specs' examples, fake token):
                     no account, no network. Never used unless asked for.
  --specs <file>     serve these spec files; repeatable. Default: ./specs/*.yaml when the working
                     directory has them, else the shipped sets
  --shipped          serve the shipped sets even where ./specs/*.yaml exists
  --connections F    connections file (default: TOOLSPEC_CONNECTIONS)
  --store <url>      the store shared by replicas: redis://host:port/db (default: TOOLSPEC_REDIS_URL);
                     tokens, refresh locks, rate-limit buckets, idempotency keys, callers' connections
Replicas behind a load balancer share --store and TOOLSPEC_CURSOR_KEY (at least 32 characters).
Credentials come from the same environment variables and connections file as "toolspec call"
(TOOLSPEC_<SET>_TOKEN, _BASE_URL, _REFRESH_TOKEN, _CLIENT_ID, _CLIENT_SECRET, _TOKEN_URL,
TOOLSPEC_DATASTORE_ACCOUNT); they are never logged or echoed. Logs go to stderr.

HTTP authentication (required with --http, on every bind address, loopback included):
  every request sends "Authorization: Bearer <secret>", the secret being TOOLSPEC_HTTP_TOKEN or the
  --token-file content (at least 16 characters, e.g. \`openssl rand -hex 32\`); otherwise 401.
  Optionally also an OAuth 2.0 resource server: JWT access tokens from one issuer are accepted, and
  the token's "sub" is the caller (the secret is the deployment itself):
    TOOLSPEC_OAUTH_ISSUER      the tokens' "iss" (e.g. https://auth.example.com/)
    TOOLSPEC_OAUTH_AUDIENCE    the tokens' "aud": this server's public URL (https://tools.example.com/mcp)
    TOOLSPEC_OAUTH_JWKS_URL    the issuer's signing keys (https)
    TOOLSPEC_OAUTH_ALGORITHMS  accepted algorithms (default RS256,PS256,ES256,EdDSA)
  The RFC 9728 metadata is published at /.well-known/oauth-protected-resource[/mcp].`;

export async function run(args: string[]): Promise<number> {
  const parsed = await commandArgs('serve', HELP, {
    args,
    options: {
      ...SET_OPTIONS,
      tools: { type: 'string', multiple: true },
      'read-only': { type: 'boolean' },
      discovery: { type: 'boolean' },
      code: { type: 'boolean' },
      'code-timeout': { type: 'string' },
      http: { type: 'string' },
      host: { type: 'string' },
      'token-file': { type: 'string' },
      'allow-origin': { type: 'string', multiple: true },
      sandbox: { type: 'boolean' },
      specs: { type: 'string', multiple: true },
      shipped: { type: 'boolean' },
      connections: { type: 'string' },
      store: { type: 'string' },
    },
  });
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  let port: number | undefined;
  if (values.http !== undefined) {
    port = Number(values.http);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      process.stderr.write(`toolspec serve: --http expects a port number (0-65535), got "${values.http}"\n`);
      return 2;
    }
  } else {
    for (const flag of ['host', 'token-file', 'allow-origin'] as const) {
      if (values[flag] !== undefined) {
        process.stderr.write(`toolspec serve: --${flag} only applies with --http <port>\n`);
        return 2;
      }
    }
  }

  let codeTimeout: number | undefined;
  if (values['code-timeout'] !== undefined) {
    codeTimeout = Number(values['code-timeout']);
    if (!values.code || !Number.isFinite(codeTimeout) || codeTimeout <= 0 || codeTimeout > 3600) {
      process.stderr.write(
        `toolspec serve: --code-timeout expects seconds (more than 0, at most 3600) with --code, got "${values['code-timeout']}"\n`,
      );
      return 2;
    }
  }
  if (values.code && values.discovery) {
    process.stderr.write('toolspec serve: --code and --discovery are two different tool sets: choose one\n');
    return 2;
  }

  // The same rule as createToolkit's (runtime/context.ts), checked before anything starts.
  const cursorKey = process.env.TOOLSPEC_CURSOR_KEY;
  if (cursorKey && cursorKey.length < 32) {
    process.stderr.write(
      `toolspec serve: TOOLSPEC_CURSOR_KEY must be at least 32 characters long (it has ${cursorKey.length})\n`,
    );
    return 2;
  }

  // Only paths before the first answer: the spec loader is imported on the first call (or warm-up).
  const [{ serve, splitList, httpAuthFromEnv, allowedOriginsFromEnv }, paths] = await Promise.all([
    import('@toolspec/mcp'),
    import('../paths.js'),
  ]);
  let http: Parameters<typeof serve>[0]['http'];
  if (port !== undefined) {
    try {
      http = {
        port,
        host: values.host ?? '127.0.0.1',
        auth: httpAuthFromEnv(process.env, values['token-file']),
        allowedOrigins: allowedOriginsFromEnv(process.env, values['allow-origin']),
      };
    } catch (e) {
      process.stderr.write(`toolspec serve: ${e instanceof Error ? e.message : String(e)}\n`);
      return 2;
    }
  }
  const choice = paths.chooseSpecs(values.specs, values.shipped);
  const note = paths.projectNote(choice);
  if (note) process.stderr.write(`toolspec serve: ${note}\n`);
  // After `npm run generate` (or an edited spec) without a build, the built catalog is old: serve the specs.
  const stale = choice.source === 'shipped' && paths.builtArtifactsStale();
  if (stale) {
    process.stderr.write(
      'toolspec serve: the built artifacts of the shipped sets are older than their specs or generated/ (no npm run build since): serving the specs as they are (npm run build starts faster)\n',
    );
  }
  let running: Awaited<ReturnType<typeof serve>>;
  try {
    const connections = values.sandbox ? undefined : (values.connections ?? process.env.TOOLSPEC_CONNECTIONS);
    if (connections) {
      const { checkJsonFile } = await import('../json-text.js');
      await checkJsonFile(connections, `connections file ${connections}`);
    }
    running = await serve({
      sets: splitList(setFilter(values)),
      tools: splitList(values.tools),
      readOnly: values['read-only'],
      discovery: values.discovery,
      code: values.code,
      codeLimits: codeTimeout === undefined ? undefined : { timeoutMs: codeTimeout * 1000 },
      http,
      sandbox: values.sandbox,
      specs: async () => (await import('../shipped.js')).loadChosenSpecs(choice),
      catalog:
        choice.source === 'shipped' && !stale
          ? async () => (await import('@toolspec/sets/catalog')).catalogs
          : undefined,
      version: paths.packageVersion(),
      connectionsFile: values.connections,
      store: values.store,
    });
  } catch (e) {
    process.stderr.write(`toolspec serve: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  // No signal handlers: SIGINT/SIGTERM keep their default (immediate exit), which also works
  // while the toolkit is loading synchronously. A stdio client closing stdin gets a drained close.
  await running.closed;
  // A toolkit still loading in the background must not keep a closed server alive.
  setTimeout(() => process.exit(process.exitCode ?? 0), 200).unref();
  return 0;
}
