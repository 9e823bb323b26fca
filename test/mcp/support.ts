/**
 * Drive the real `toolspec serve` CLI with the SDK's own client, over stdio (the client spawns
 * the server) or Streamable HTTP (we spawn it with --http 0 and the test bearer secret, and read
 * the URL from stderr). Sources run through tsx so the tests never depend on a stale dist/.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startChild, stopChild, whenDone } from '../support/children.js';
import { listenOnLoopback } from '../support/listen.js';
import { CLI_FROM_SOURCES } from '../support/paths.js';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
/** `node <CLI...> <args>` runs `toolspec serve` from the sources. */
export const CLI = [...CLI_FROM_SOURCES, 'serve'];
/** The bearer secret every HTTP test server is started with (TOOLSPEC_HTTP_TOKEN). */
export const HTTP_TOKEN = 'toolspec-test-secret-0123456789';
/** What every HTTP client in the tests sends. */
export const AUTH_HEADERS: Readonly<Record<string, string>> = { authorization: `Bearer ${HTTP_TOKEN}` };

export interface ServeProcess {
  /** `http://127.0.0.1:<port>/mcp` */
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** SIGTERM and wait for the exit (nothing when it has exited already). */
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** Start from this process's environment (default) or from PATH and HOME only. */
  readonly inheritEnv?: boolean;
  /** How long the server may take to listen (default 25 s). */
  readonly startTimeoutMs?: number;
  /** `node` arguments that run the `serve` command (default CLI: from the sources). */
  readonly node?: readonly string[];
}

/**
 * `toolspec serve <args> --http 0` as a child process with TOOLSPEC_HTTP_TOKEN=HTTP_TOKEN (unless
 * `env` says otherwise), resolved with its URL once it listens. A server that does not start in
 * time is stopped before the promise rejects; one that does is stopped when the test (or, started
 * in a beforeAll, the file) ends, if `stop()` was not called first (test/support/children.ts).
 */
export async function spawnServeHttp(
  args: readonly string[],
  env: Record<string, string> = {},
  options: SpawnOptions = {},
): Promise<ServeProcess> {
  const base =
    options.inheritEnv === false
      ? { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }
      : (process.env as Record<string, string>);
  const child = startChild(process.execPath, [...(options.node ?? CLI), ...args, '--http', '0'], {
    cwd: REPO,
    env: { ...base, NODE_NO_WARNINGS: '1', TOOLSPEC_HTTP_TOKEN: HTTP_TOKEN, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  const startTimeoutMs = options.startTimeoutMs ?? 25_000;
  let late = false;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      late = true;
      void stopChild(child).then(() =>
        reject(new Error(`server did not start in ${startTimeoutMs} ms (stopped):\n${err}`)),
      );
    }, startTimeoutMs);
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString('utf8');
      const m = /Streamable HTTP at (\S+)/.exec(err);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!late) reject(new Error(`server exited with ${code}:\n${err}`));
    });
  });
  return {
    url,
    child,
    stderr: () => err,
    stop: () => stopChild(child),
  };
}

export type TransportKind = 'stdio' | 'http';

export interface Served {
  readonly client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

function env(extra: Record<string, string>): Record<string, string> {
  return { ...getDefaultEnvironment(), NODE_NO_WARNINGS: '1', ...extra };
}

async function startStdio(
  args: readonly string[],
  extra: Record<string, string>,
  node: readonly string[],
): Promise<Served> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...node, ...args],
    cwd: REPO,
    env: env(extra),
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => {
    err += d.toString('utf8');
  });
  // The transport spawns the server: closing it stops the server, whether connecting failed or not.
  whenDone(() => transport.close());
  const client = new Client({ name: 'toolspec-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => err, close: () => client.close() };
}

async function startHttp(
  args: readonly string[],
  extra: Record<string, string>,
  node: readonly string[],
): Promise<Served> {
  const server = await spawnServeHttp(args, extra, { node });
  const client = new Client({ name: 'toolspec-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: AUTH_HEADERS } }),
  );
  return {
    client,
    stderr: () => server.stderr(),
    close: async () => {
      await client.close().catch(() => {});
      await server.stop();
    },
  };
}

/**
 * Start `toolspec serve <args>` and connect the SDK client over the given transport; `node` are the
 * `node` arguments that run the `serve` command (default: from the sources).
 */
export function serve(
  kind: TransportKind,
  args: readonly string[],
  extra: Record<string, string> = {},
  node: readonly string[] = CLI,
): Promise<Served> {
  return kind === 'stdio' ? startStdio(args, extra, node) : startHttp(args, extra, node);
}

/** The URL printed by `serve --http` for a running server (HTTP only). */
export function httpUrl(served: Served): string {
  return /Streamable HTTP at (\S+)/.exec(served.stderr())?.[1] ?? '';
}

export interface Upstream {
  readonly url: string;
  readonly requests: { method: string; url: string; body: string; authorization: string | undefined }[];
  /** What to answer; default 200 with the mini fixture's item. */
  reply: (req: IncomingMessage) => { status: number; body?: unknown };
  close(): Promise<void>;
}

/** A loopback vendor stand-in that counts requests. */
export async function startUpstream(): Promise<Upstream> {
  const requests: Upstream['requests'] = [];
  const upstream: Upstream = {
    url: '',
    requests,
    reply: () => ({ status: 200, body: { id: 'a1', name: 'First' } }),
    close: async () => {},
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (d: Buffer) => {
      body += d.toString('utf8');
    });
    req.on('end', () => {
      requests.push({
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        body,
        authorization: req.headers.authorization,
      });
      const r = upstream.reply(req);
      const payload = r.body === undefined ? '' : JSON.stringify(r.body);
      res.writeHead(r.status, payload ? { 'content-type': 'application/json' } : {});
      res.end(payload);
    });
  });
  const { origin, close } = await listenOnLoopback(server);
  return Object.assign(upstream, { url: origin, close });
}

/**
 * The mini fixture spec served from a loopback upstream with a static bearer token: a temp copy
 * of test/fixtures/specs/mini.yaml with its server URL and auth replaced.
 */
export function miniSpecFor(upstreamUrl: string): string {
  const text = readFileSync(join(REPO, 'test/fixtures/specs/mini.yaml'), 'utf8')
    .replace(/^ {2}url: .*$/m, `  url: ${upstreamUrl}`)
    .replace(/^ {2}variables:\n {4}tenant: .*\n/m, '')
    .replace(/^auth: .*$/m, 'auth: { type: bearer }')
    .replace(/^# yaml-language-server.*\n/m, '');
  const file = join(
    tmpdir(),
    `toolspec-mini-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.yaml`,
  );
  writeFileSync(file, text);
  return file;
}
