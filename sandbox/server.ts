/**
 * The offline sandbox: a loopback HTTP emulator of the vendor APIs, generated from the IR. It
 * matches each request to a tool by method + path template, checks the request against the
 * tool's declared vendor request shape (request-check.ts), and answers from the tool's examples
 * (answer.ts). It is a sandbox, never a fallback: only `--sandbox` (serve, call, demo) starts
 * it and points connections at it, and every response carries `x-toolspec-sandbox: 1`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authCredentials, type JsonValue, type SpecIR } from '@toolspec/language';
import type { ConnectionOptions } from '@toolspec/runtime';
import { REDACTED, Secrets } from '@toolspec/runtime';
import { answerBody, chooseExample, rewriteUrls } from './answer.js';
import { followUp } from './follow-up.js';
import type { IncomingRequest } from './incoming.js';
import { sandboxPaging } from './paging.js';
import { checkAuth, checkRequest, type Refusal } from './request-check.js';
import { buildMounts, matchRoute, type SandboxMount } from './routes.js';
import { vendorErrorBody } from './vendor-error.js';

/** The fake bearer token sandbox connections use. */
export const SANDBOX_TOKEN = 'toolspec-sandbox-token';
export const SANDBOX_HEADER = 'x-toolspec-sandbox';
/**
 * Request headers a sandbox client may add: the tool being called (several tools can share a
 * method and path, e.g. Notion's POST /v1/pages) and, optionally, the example to answer with.
 */
export const SANDBOX_TOOL_HEADER = 'x-toolspec-sandbox-tool';
export const SANDBOX_EXAMPLE_HEADER = 'x-toolspec-sandbox-example';
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** One request the sandbox received and what it answered (headers redacted). */
export interface SandboxExchange {
  readonly set: string | null;
  readonly tool: string | null;
  readonly example: string | null;
  readonly method: string;
  /** Path and query as received. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: JsonValue | null;
  readonly status: number;
  readonly response: JsonValue | null;
  /** Why the request was refused, when it was. */
  readonly refused: string | null;
}

export interface SandboxOptions {
  readonly ir: SpecIR;
  /** Default 127.0.0.1. */
  readonly host?: string | undefined;
  /** Default 0 (an ephemeral port). */
  readonly port?: number | undefined;
  /** Called after each answer (e.g. to print the session). */
  readonly onExchange?: ((exchange: SandboxExchange) => void) | undefined;
}

export interface Sandbox {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** The base URL that replaces a set's server URL. */
  baseUrl(set: string): string;
  /** A connection per set pointing at the sandbox with a fake token. */
  connections(): Record<string, ConnectionOptions>;
  /** Number of requests received so far. */
  readonly requestCount: number;
  close(): Promise<void>;
}

const secrets = new Secrets();
secrets.add(SANDBOX_TOKEN);

/** The runtime's header redaction, keeping the scheme of a bearer credential visible (`Bearer [redacted]`). */
export function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out = secrets.redactHeaders(headers);
  for (const [k, v] of Object.entries(headers)) {
    // The scheme stays visible; a basic credential's base64 hides the token from a plain match.
    if (k.toLowerCase() === 'authorization' && /^(bearer|basic)\s/i.test(v))
      out[k] = `${/^basic/i.test(v) ? 'Basic' : 'Bearer'} ${REDACTED}`;
  }
  return out;
}

function parseQuery(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const all = search.getAll(key);
    out[key] = all.length === 1 ? (all[0] as string) : all;
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: JsonValue | null;
  readonly set: string | null;
  readonly tool: string | null;
  readonly example: string | null;
  readonly refused: string | null;
}

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const mounts = buildMounts(options.ir);
  const issuedLinks = new Set<string>();
  let requestCount = 0;
  let origin = '';

  const refusal = (mount: SandboxMount | null, r: Refusal, tool: string | null = null): Reply => ({
    status: r.status,
    headers: {},
    body: (mount
      ? vendorErrorBody(mount.set, r.code, r.message)
      : { code: r.code, message: `toolspec sandbox: ${r.message}` }) as JsonValue,
    set: mount?.set.name ?? null,
    tool,
    example: null,
    refused: r.message,
  });

  const answer = (method: string, url: URL, incoming: Omit<IncomingRequest, 'path'>): Reply => {
    if (method === 'GET' && url.pathname === '/') {
      const sets = Object.fromEntries(mounts.map((m) => [m.set.name, `${origin}${m.mount}`]));
      return {
        status: 200,
        headers: {},
        body: { sandbox: 'toolspec', sets },
        set: null,
        tool: null,
        example: null,
        refused: null,
      };
    }
    const { mount, match } = matchRoute(mounts, method, url.pathname);
    if (!mount) {
      const known = mounts.map((m) => m.mount).join(', ');
      return refusal(null, {
        status: 404,
        code: 'not_found',
        message: `no tool set is mounted at ${url.pathname} (mounts: ${known})`,
      });
    }
    if (!match) {
      const rel = url.pathname.slice(mount.mount.length) || '/';
      return refusal(mount, {
        status: 404,
        code: 'not_found',
        message: `no ${mount.set.name} tool is declared for ${method} ${rel}`,
      });
    }
    const req: IncomingRequest = { ...incoming, method, path: match.path };
    const auth = checkAuth(mount.set, req);
    if (auth) return refusal(mount, auth);
    const issued = issuedLinks.has(`${url.pathname}${url.search}`);
    const named = req.headers[SANDBOX_TOOL_HEADER];
    const candidates = named ? match.candidates.filter((r) => r.tool.name === named) : match.candidates;
    const base = `${origin}${mount.mount}`;
    if (candidates.length === 0) {
      const namedTool = mount.set.tools.find((t) => t.name === named);
      const follow = namedTool ? followUp(namedTool, method, match.path, req) : null;
      if (follow) {
        return {
          status: follow.status,
          headers: {},
          body: rewriteUrls(follow.body, mount.serverUrl, base),
          set: mount.set.name,
          tool: follow.choice.tool.name,
          example: follow.choice.example.name,
          refused: null,
        };
      }
      return refusal(mount, {
        status: 404,
        code: 'not_found',
        message: `${named} is not declared for ${method} ${match.path} (tools here: ${match.candidates.map((r) => r.tool.name).join(', ')})`,
      });
    }
    let first: { refusal: Refusal; tool: string } | null = null;
    const accepted = [];
    for (const route of candidates) {
      const values = route.pattern.exec(match.path)?.slice(1) ?? [];
      const params = new Map(route.vars.map((name, i) => [name, values[i] ?? '']));
      const problem = checkRequest(mount.set, route.tool, params, req, issued);
      if (!problem) accepted.push(route.tool);
      else first ??= { refusal: problem, tool: route.tool.name };
    }
    if (accepted.length === 0 && first) return refusal(mount, first.refusal, first.tool);
    const exampleName = req.headers[SANDBOX_EXAMPLE_HEADER];
    const choice = chooseExample(accepted, req, exampleName);
    if (!choice) {
      const tool = accepted[0]?.name ?? 'tool';
      const message = exampleName
        ? `${tool} has no example named "${exampleName}"`
        : `${tool} has no example to answer from`;
      return refusal(mount, { status: exampleName ? 404 : 501, code: 'no_example', message }, tool);
    }
    const body = rewriteUrls(answerBody(choice, req, issued), mount.serverUrl, base);
    const global = new RegExp(mount.serverUrl.source.replace(/^\^/, ''), 'g');
    const headers = Object.fromEntries(
      Object.entries(choice.example.response.headers).map(([k, v]) => [k, v.replace(global, base)]),
    );
    const paging = choice.tool.paging;
    const next = paging ? sandboxPaging(paging).issuedLink(paging, body) : null;
    if (next?.startsWith(origin)) {
      const u = new URL(next);
      issuedLinks.add(`${u.pathname}${u.search}`);
    }
    return {
      status: choice.example.response.status,
      headers,
      body,
      set: mount.set.name,
      tool: choice.tool.name,
      example: choice.example.name,
      refused: null,
    };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    requestCount++;
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      headers[k] = Array.isArray(v) ? v.join(', ') : String(v ?? '');
    const rawBody = await readBody(req);
    let reply: Reply;
    let body: JsonValue | undefined;
    if (rawBody === null) {
      reply = refusal(null, { status: 413, code: 'payload_too_large', message: 'request body over 10 MiB' });
    } else {
      if (rawBody.trim() !== '') {
        try {
          body = JSON.parse(rawBody) as JsonValue;
        } catch {
          body = undefined;
        }
      }
      const query = parseQuery(url.searchParams);
      reply = answer(method, url, { method, query, headers, rawBody, body });
    }
    const noBody = reply.body === null || reply.status === 204 || reply.status === 304;
    const payload = noBody ? '' : JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      ...reply.headers,
      ...(noBody ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      [SANDBOX_HEADER]: '1',
    });
    res.end(payload);
    options.onExchange?.({
      set: reply.set,
      tool: reply.tool,
      example: reply.example,
      method,
      url: `${url.pathname}${url.search}`,
      headers: redactHeaders(headers),
      body: body ?? (rawBody ? rawBody : null),
      status: reply.status,
      response: noBody ? null : reply.body,
      refused: reply.refused,
    });
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json', [SANDBOX_HEADER]: '1' });
      res.end(
        JSON.stringify({
          code: 'sandbox_error',
          message: `toolspec sandbox: ${e instanceof Error ? e.message : String(e)}`,
        }),
      );
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const byName = new Map(mounts.map((m) => [m.set.name, m]));
  const baseUrl = (set: string): string => {
    const m = byName.get(set);
    if (!m) throw new Error(`toolspec sandbox: no tool set named "${set}"`);
    return `${origin}${m.mount}`;
  };
  return {
    origin,
    baseUrl,
    connections: () =>
      Object.fromEntries(
        mounts.map((m) => [
          m.set.name,
          {
            baseUrl: `${origin}${m.mount}`,
            token: SANDBOX_TOKEN,
            // Every named credential of the set's auth (API keys, user name, password): none is missing.
            credentials: Object.fromEntries(authCredentials(m.set.auth).map((n) => [n, SANDBOX_TOKEN])),
            variables: Object.fromEntries(
              m.set.server.variables.map((v) => [v.name, v.default ?? 'sandbox']),
            ),
          },
        ]),
      ),
    get requestCount() {
      return requestCount;
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
