/**
 * What the team tests share: a real redis-server on a free port (no persistence), a fake OAuth
 * vendor (node:http) whose token endpoint rotates refresh tokens and revokes the grant when an
 * old one is reused, a small spec served from that vendor, and `toolspec serve --http` replicas.
 */
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startRedis as startRedisServer } from '../../bench/lib/redis.mjs';
import { REPO, spawnServeHttp } from '../mcp/support.js';
import { runChild, whenDone } from '../support/children.js';
import { listenOnLoopback } from '../support/listen.js';
import { CLI_FROM_SOURCES } from '../support/paths.js';

export { redisBinary } from '../../bench/lib/redis.mjs';

export const REDIS_MISSING =
  'redis-server is not installed on this machine (apt-get install -y redis-server); .ci/run installs it so CI never skips';

export interface Redis {
  readonly url: string;
  close(): Promise<void>;
}

/** A throwaway redis-server (bench/lib/redis.mjs), closed when the test (or, started in a beforeAll, the file) ends. */
export async function startRedis(): Promise<Redis> {
  const redis = await startRedisServer();
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= redis.close();
    return closing;
  };
  whenDone(close);
  return { url: redis.url, close };
}

/** A redis-server a test can stall (SIGSTOP), kill (SIGKILL) and start again on the same port (empty). */
export interface FaultyRedis extends Redis {
  pause(): void;
  resume(): void;
  kill(): Promise<void>;
  restart(): Promise<void>;
}

export async function startFaultyRedis(): Promise<FaultyRedis> {
  let redis = await startRedisServer();
  const port = redis.port;
  const close = () => redis.close();
  whenDone(close);
  return {
    url: redis.url,
    close,
    pause: () => {
      redis.child.kill('SIGSTOP');
    },
    resume: () => {
      redis.child.kill('SIGCONT');
    },
    kill: async () => {
      const { child } = redis;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    restart: async () => {
      redis = await startRedisServer({ port });
    },
  };
}

export interface VendorRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly traceparent: string | undefined;
  /** performance.now() at arrival (for rate measurements). */
  readonly at: number;
}

/**
 * The fake OAuth vendor. Access tokens are `at-<n>`; the configured one (`at-0`) has expired.
 * The token endpoint rotates: `rt-<n>` -> `at-<n+1>`, `rt-<n+1>`; reusing a spent refresh token
 * revokes the grant (every token of it stops working), as Microsoft's and Attio's endpoints do.
 * Extra grants (per caller) are static tokens that always work.
 */
export interface Vendor {
  readonly url: string;
  readonly requests: VendorRequest[];
  /** Refresh exchanges answered with new tokens. */
  refreshes: number;
  /** Refused refresh exchanges (spent or unknown refresh token). */
  refused: number;
  revoked: boolean;
  /** Static tokens that always work (callers' own connections), by token -> owner. */
  readonly staticTokens: Map<string, string>;
  /** Revoke the grant when a spent refresh token is reused (default true, as Microsoft and Attio do). */
  revokeOnReuse: boolean;
  /** Make an access token stop working (it expired). */
  expire(accessToken: string): void;
  /** How often each idempotency key (`request_id`) arrived, with its retry flag. */
  readonly writes: { requestId: string; retry: boolean }[];
  /** Answers to POST /writes, in order (then 201). */
  writeFailures: number;
  /** Awaited before a successful refresh is answered (the vendor has rotated already): a test acts meanwhile. */
  beforeRefreshAnswer: (() => Promise<void>) | null;
  close(): Promise<void>;
}

export async function startVendor(): Promise<Vendor> {
  let n = 0;
  let current = 'rt-0';
  const spent = new Set<string>();
  const valid = new Set<string>();
  const vendor: Vendor = {
    url: '',
    requests: [],
    refreshes: 0,
    refused: 0,
    revoked: false,
    staticTokens: new Map(),
    revokeOnReuse: true,
    expire: (token) => {
      valid.delete(token);
    },
    writes: [],
    writeFailures: 0,
    beforeRefreshAnswer: null,
    close: async () => {},
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (d: Buffer) => {
      body += d.toString('utf8');
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://vendor');
      if (url.pathname === '/oauth/token') {
        const form = new URLSearchParams(body);
        const rt = form.get('refresh_token') ?? '';
        if (vendor.revoked || rt !== current) {
          vendor.refused++;
          if (spent.has(rt) && vendor.revokeOnReuse) {
            vendor.revoked = true;
            valid.clear();
          }
          return json(res, 400, { error: 'invalid_grant' });
        }
        spent.add(rt);
        n++;
        current = `rt-${n}`;
        valid.add(`at-${n}`);
        vendor.refreshes++;
        const answer = { access_token: `at-${n}`, refresh_token: current, expires_in: 3600 };
        const hold = vendor.beforeRefreshAnswer;
        // A slow endpoint widens the window in which replicas would race.
        setTimeout(() => {
          if (hold === null) json(res, 200, answer);
          else void hold().then(() => json(res, 200, answer));
        }, 100);
        return;
      }
      const authorization = req.headers.authorization;
      vendor.requests.push({
        method: req.method ?? 'GET',
        path: url.pathname + url.search,
        authorization,
        traceparent: req.headers.traceparent as string | undefined,
        at: performance.now(),
      });
      const token = authorization?.replace(/^Bearer /, '') ?? '';
      const owner = vendor.staticTokens.get(token) ?? (valid.has(token) ? 'deployment' : undefined);
      if (owner === undefined)
        return json(res, 401, { error: { code: 'unauthorized', message: 'bad token' } });
      if (url.pathname === '/writes' && req.method === 'POST') {
        const b = JSON.parse(body || '{}') as { request_id?: string; retry?: boolean };
        vendor.writes.push({ requestId: String(b.request_id), retry: b.retry === true });
        if (vendor.writeFailures > 0) {
          vendor.writeFailures--;
          // The write may have happened; the answer is lost (the connection drops).
          req.socket.destroy();
          return;
        }
        return json(res, 201, { id: `w${vendor.writes.length}`, owner });
      }
      if (url.pathname === '/items') {
        const page = Number(url.searchParams.get('cursor') ?? '0');
        return json(res, 200, {
          items: [{ id: `i${page}`, owner }],
          next: page < 3 ? String(page + 1) : null,
          more: page < 3,
        });
      }
      const m = /^\/items\/([^/]+)$/.exec(url.pathname);
      if (m) return json(res, 200, { id: m[1], owner });
      return json(res, 404, { error: { code: 'not_found', message: 'no route' } });
    });
  });
  const { origin, close } = await listenOnLoopback(server);
  return Object.assign(vendor, { url: origin, close });
}

/** A spec served from the vendor: an item read, a paged list, and a read limited to `rate`/s (burst 1). */
export function teamSpec(vendorUrl: string, rate = 5): string {
  const text = `toolspec: 1
set: team
title: Team API
description: The fake vendor of the team tests.
server:
  url: ${vendorUrl}
auth: { type: oauth2, token_url: ${vendorUrl}/oauth/token }
errors: { code: /error/code, message: /error/message }
paging:
  cursor_q: { style: cursor, in: query, cursor_param: cursor, items: /items, next: /next, has_more: /more }
tools:
  - name: team_item_get
    title: Get item
    description: Returns one item.
    effects: read
    method: GET
    path: /items/{item_id}
    inputs:
      item_id: { required: true, type: string, minLength: 1, description: The item id. }
    examples:
      - name: basic
        input: { item_id: a1 }
        request: { method: GET, path: /items/a1 }
        response: { status: 200, body: { id: a1, owner: x } }
        output: { id: a1, owner: x }
  - name: team_item_list
    title: List items
    description: Lists items.
    effects: read
    method: GET
    path: /items
    paging: cursor_q
    inputs:
      cursor: { type: string, description: Where to continue. }
    examples:
      - name: first page
        input: {}
        request: { method: GET, path: /items }
        response: { body: { items: [{ id: i0 }], next: null, more: false } }
        output: { items: [{ id: i0 }], next_cursor: null, has_more: false }
  - name: team_write
    title: Write
    description: Creates something; the request id makes a resubmission safe.
    effects: create
    method: POST
    path: /writes
    idempotency: { key: request_id, retry_flag: retry }
    inputs:
      text: { in: body, type: string, description: What to write. }
      request_id: { in: body, type: string, description: Idempotency key (generated when absent). }
      retry: { in: body, type: boolean, description: Set on a resubmission. }
    examples:
      - name: basic
        input: { text: hi, request_id: r1 }
        request: { method: POST, path: /writes, body: { text: hi, request_id: r1 } }
        response: { status: 201, body: { id: w1, owner: x } }
        output: { id: w1, owner: x }
  - name: team_item_peek
    title: Peek item
    description: Returns one item, under the vendor's rate limit.
    effects: read
    method: GET
    path: /items/{item_id}
    rate_limit: { rate: ${rate}, burst: 1 }
    inputs:
      item_id: { required: true, type: string, minLength: 1, description: The item id. }
    examples:
      - name: basic
        input: { item_id: a1 }
        request: { method: GET, path: /items/a1 }
        response: { status: 200, body: { id: a1, owner: x } }
        output: { id: a1, owner: x }
`;
  const file = join(
    tmpdir(),
    `toolspec-team-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.yaml`,
  );
  writeFileSync(file, text);
  return file;
}

/** The deployment's connection in the environment: the expired access token and the first refresh token. */
export function deploymentEnv(vendor: Vendor): Record<string, string> {
  return {
    TOOLSPEC_TEAM_TOKEN: 'at-0',
    TOOLSPEC_TEAM_REFRESH_TOKEN: 'rt-0',
    TOOLSPEC_TEAM_CLIENT_ID: 'team-client',
    TOOLSPEC_TEAM_TOKEN_URL: `${vendor.url}/oauth/token`,
  };
}

export const HTTP_TOKEN = 'team-test-bearer-secret-0123456789abcdef';
export const CURSOR_KEY = 'team-test-cursor-key-0123456789abcdef0123';

export interface Replica {
  readonly url: string;
  readonly client: Client;
  readonly child: ChildProcess;
  stderr(): string;
  call(
    tool: string,
    args: Record<string, unknown>,
    timeoutMs?: number,
  ): Promise<{ isError?: boolean; structuredContent?: unknown; content?: unknown }>;
  kill(): Promise<void>;
}

/** Run `toolspec <args>` with `stdin` as its input; resolves its exit code and stderr. */
export function toolspec(
  args: readonly string[],
  stdin: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runChild(process.execPath, [...CLI_FROM_SOURCES, ...args], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_NO_WARNINGS: '1', ...env },
    stdin,
  });
}

/** An MCP client of a running replica, sending `bearer` (the HTTP secret or an OAuth access token). */
export async function connectClient(url: string, bearer: string): Promise<Client> {
  const client = new Client({ name: 'toolspec-team-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${bearer}` } },
    }),
  );
  return client;
}

/** Spawn `toolspec serve --http 0 --specs <spec> --store <redis>` and connect an MCP client. */
export async function startReplica(
  spec: string,
  redisUrl: string,
  env: Record<string, string>,
): Promise<Replica> {
  const serve = await spawnServeHttp(
    ['--specs', spec, '--store', redisUrl],
    { TOOLSPEC_HTTP_TOKEN: HTTP_TOKEN, TOOLSPEC_CURSOR_KEY: CURSOR_KEY, ...env },
    { inheritEnv: false, startTimeoutMs: 60_000 },
  );
  const client = await connectClient(serve.url, HTTP_TOKEN);
  return {
    url: serve.url,
    client,
    child: serve.child,
    stderr: serve.stderr,
    call: (name, args, timeoutMs = 60_000) =>
      client.callTool({ name, arguments: args }, undefined, { timeout: timeoutMs }) as ReturnType<
        Replica['call']
      >,
    kill: async () => {
      await client.close().catch(() => {});
      await serve.stop();
    },
  };
}

/** The most timestamps (ms) within any window of `ms`. */
export function maxInWindow(at: readonly number[], ms: number): number {
  const s = [...at].sort((x, y) => x - y);
  let best = 0;
  let j = 0;
  for (let i = 0; i < s.length; i++) {
    while ((s[i] as number) - (s[j] as number) >= ms) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}
