/**
 * `toolspec serve` wiring: catalog -> selection -> MCP server (stdio or Streamable HTTP), with
 * the toolkit (and, with --sandbox, the offline sandbox) created lazily behind tools/call.
 * Heavy modules (spec loader, toolkit, sandbox, HTTP transport) are imported on demand.
 */
import type { CodeLimits } from '@toolspec/code';
import type { SpecIR } from '@toolspec/language';
import type { TokenStore } from '@toolspec/runtime';
import type { SandboxExchange } from '@toolspec/sandbox';
import type { HttpAuthConfig } from './auth-config.js';
import { type GeneratedCatalog, loadCatalog } from './catalog.js';
import { withServedMentions } from './mentions.js';
import { type Backend, LazyRunner } from './runner.js';
import { selectTools } from './select.js';
import { createToolServer } from './server.js';

export interface ServeOptions {
  readonly sets?: readonly string[] | undefined;
  readonly tools?: readonly string[] | undefined;
  readonly readOnly?: boolean | undefined;
  readonly discovery?: boolean | undefined;
  /** Code mode: `search` (tools and their TypeScript declarations) and `execute` (a program calling them). */
  readonly code?: boolean | undefined;
  /** Code mode's limits per program (time, memory, stack, result size, calls, logs); @toolspec/code's defaults otherwise. */
  readonly codeLimits?: CodeLimits | undefined;
  /**
   * Streamable HTTP instead of stdio. `auth` is required on every bind address: the bearer secret
   * every request must send, optionally an OAuth issuer (httpAuthFromEnv reads both from the
   * environment). `allowedOrigins`: browser origins allowed besides loopback ones.
   */
  readonly http?:
    | {
        readonly port: number;
        readonly host: string;
        readonly auth: HttpAuthConfig;
        readonly allowedOrigins?: readonly string[] | undefined;
      }
    | undefined;
  /** Point every connection at the built-in offline sandbox with a fake token. */
  readonly sandbox?: boolean | undefined;
  /** The specs to serve, loaded on demand (on the first call, or for the catalog when there is no generated one). */
  readonly specs: () => SpecIR | Promise<SpecIR>;
  /**
   * The generated catalogs of these specs (`catalogs` of a generated `catalog.ts`, imported on
   * demand), which answer tools/list without loading the specs.
   */
  readonly catalog?: (() => Promise<readonly GeneratedCatalog[]>) | undefined;
  /** The server version announced to clients. */
  readonly version?: string | undefined;
  /**
   * Connections file (default TOOLSPEC_CONNECTIONS); with the TOOLSPEC_<SET>_* environment
   * variables it is resolved by runtime/connections/env.ts, as for `toolspec call`. Ignored
   * with `sandbox`. The file is checked at start, the connections built on the first call.
   */
  readonly connectionsFile?: string | undefined;
  /**
   * The store shared by replicas (`redis://…`; default TOOLSPEC_REDIS_URL), else
   * TOOLSPEC_TOKEN_STORE (a file), else memory. Opened at start, so a bad URL fails at once.
   */
  readonly store?: string | undefined;
  /** Operator messages (stderr); never receives credentials. */
  readonly log?: ((line: string) => void) | undefined;
}

export interface RunningServe {
  readonly toolCount: number;
  /** The MCP endpoint with --http. */
  readonly url: string | null;
  /** Resolves when the client disconnects (stdio) or close() is called. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** How long a closing server waits for calls in flight. */
const DRAIN_MS = 10_000;

export const SANDBOX_NOTICE =
  "SANDBOX MODE: every tool call is answered by the built-in offline sandbox from the specs' examples; no vendor account, credential or network is used, and nothing real is read or changed.";

async function createBackend(
  options: ServeOptions,
  loaded: SpecIR | null,
  log: (line: string) => void,
  store: TokenStore | undefined,
): Promise<Backend> {
  const ir = loaded ?? (await options.specs());
  if (options.sandbox) {
    const { createSandboxToolkit } = await import('@toolspec/sandbox');
    // Each request the sandbox answers, one line (no headers: the operator sees what a session sent).
    const onExchange = (x: SandboxExchange) =>
      log(
        `toolspec serve: sandbox ${x.method} ${x.url} ${x.status} ${x.tool ?? '-'} ${JSON.stringify(x.body)?.slice(0, 400) ?? ''}`,
      );
    const { sandbox, toolkit } = await createSandboxToolkit({ ir, readOnly: options.readOnly, onExchange });
    log(
      `toolspec serve: sandbox listening at ${sandbox.origin} (offline emulator; fake token; not a vendor API)`,
    );
    return { toolkit, close: () => toolkit.close() };
  }
  const { createToolkit, loadConnections } = await import('@toolspec/runtime');
  const connections = await loadConnections({ sets: ir.sets, file: options.connectionsFile });
  const toolkit = createToolkit({
    specs: ir,
    connections,
    readOnly: options.readOnly,
    tokenStore: store,
  });
  return { toolkit, close: () => toolkit.close() };
}

export async function serve(options: ServeOptions): Promise<RunningServe> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const connectionsFile = options.connectionsFile ?? process.env.TOOLSPEC_CONNECTIONS;
  if (!options.sandbox && connectionsFile) {
    // Fail at start, not on the first call, when the file is missing or malformed (no secrets in the message).
    const { readConnectionsFile } = await import('@toolspec/runtime');
    await readConnectionsFile(connectionsFile);
  }
  let store: TokenStore | undefined;
  if (
    !options.sandbox &&
    (options.store || process.env.TOOLSPEC_REDIS_URL || process.env.TOOLSPEC_TOKEN_STORE)
  ) {
    const { openTokenStore } = await import('@toolspec/runtime');
    store = await openTokenStore({ store: options.store });
  }
  const closeStore = async () => {
    await (store as { close?: () => Promise<void> } | undefined)?.close?.();
  };
  const catalog = await loadCatalog(options.specs, options.catalog);
  const entries = withServedMentions(selectTools(catalog.entries, options), catalog.entries);
  const runner = new LazyRunner(() => createBackend(options, catalog.ir, log, store));
  const sets = [...new Set(entries.map((e) => e.set))].sort();
  const instructions = [
    `toolspec serves ${entries.length} tool(s) from the set(s) ${sets.join(', ') || '(none)'}${options.readOnly ? ' (read-only)' : ''}.`,
    options.discovery ? 'Discovery mode: search the catalog, describe a tool, then call it by name.' : '',
    options.code
      ? 'Code mode: search finds tools and their TypeScript declarations; execute runs a program calling them (await tools.<name>(input)) and returns only its result.'
      : '',
    'List tools return {items, next_cursor, has_more}; pass next_cursor back to get the next page.',
    options.sandbox ? SANDBOX_NOTICE : '',
  ]
    .filter((l) => l !== '')
    .join(' ');
  const version = options.version ?? '0.0.0';
  const make = () =>
    createToolServer({
      entries,
      runner,
      discovery: options.discovery,
      code: options.code,
      codeLimits: options.codeLimits,
      readOnly: options.readOnly,
      version,
      instructions,
      onFirstList: () => runner.warm(),
    });

  let resolveClosed: () => void = () => {};
  const closed = new Promise<void>((r) => {
    resolveClosed = r;
  });
  let closing: Promise<void> | null = null;
  let stopTransport: () => Promise<void> = async () => {};
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await runner.drain(DRAIN_MS);
      await stopTransport().catch(() => {});
      await runner.close().catch(() => {});
      await closeStore().catch(() => {});
      resolveClosed();
    })();
    return closing;
  };

  const what = `${entries.length} tool(s)${options.discovery ? ' behind 3 discovery tools' : ''}${options.code ? ' behind the code-mode tools search and execute' : ''} from ${sets.join(', ') || 'no sets'}${options.readOnly ? ', read-only' : ''}`;
  if (options.sandbox) log(`toolspec serve: ${SANDBOX_NOTICE}`);
  let url: string | null = null;
  if (options.http) {
    const { serveHttp } = await import('./http.js');
    const running = await serveHttp({
      host: options.http.host,
      port: options.http.port,
      auth: options.http.auth,
      allowedOrigins: options.http.allowedOrigins,
      createServer: make,
      info: { name: 'toolspec', version, instructions },
    });
    url = running.url;
    stopTransport = () => running.close();
    log(`toolspec serve: ${what}; Streamable HTTP at ${running.url}`);
  } else {
    // The SDK's stdio entry picks the era from the opening message (2026-07-28 or initialize)
    // and pins one server from the factory for the connection; the wire under it answers what
    // the SDK would drop (stdio.ts).
    const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
    const { AnsweringStdioTransport } = await import('./stdio.js');
    const handle = serveStdio(make, { transport: new AnsweringStdioTransport({ log }) });
    stopTransport = () => handle.close();
    process.stdin.once('end', () => void close());
    log(`toolspec serve: ${what}; stdio`);
  }
  return { toolCount: entries.length, url, closed, close };
}
