/**
 * Streamable HTTP for `toolspec serve --http <port>` at `/mcp`, one endpoint for both protocol
 * eras, on the v2 SDK. MCP 2026-07-28 requests (and its `server/discover` probe) go to the SDK's
 * per-request handler: a fresh server per request, no per-client state, so any replica can answer
 * any request. 2025-era clients get one SDK transport + server per session (`Mcp-Session-Id`);
 * sessions are bounded per caller and in all (the least recently used is closed first), closed after an idle
 * time, and bound to the principal that opened them. Every request passes the Host/Origin check
 * (guard.ts) and then authentication (auth.ts: the bearer secret or an OAuth access token; the
 * RFC 9728 metadata is the only thing answered without it). A GET without a session is 405 (no
 * server stream). A body that is not a JSON-RPC message (nor a non-empty batch of them) is -32600
 * (jsonrpc.ts); a batch is served only on a session that negotiated 2025-03-26. Every JSON-RPC
 * error this front or the SDK's session transport writes echoes the request id when there is one.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  type JSONRPCErrorResponse,
  type RequestId,
  type Server,
  SUPPORTED_PROTOCOL_VERSIONS,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { type Authenticator, createAuthenticator } from './auth.js';
import type { HttpAuthConfig } from './auth-config.js';
import { guardProblem, originPolicy } from './guard.js';
import { batchRefusal, checkMessage, readableId } from './jsonrpc.js';
import type { Principal } from './principal.js';
import { type SessionHandler, sessionHandler } from './session-handler.js';
import { TASKS_CAPABILITY } from './tasks.js';

export const MCP_PATH = '/mcp';
/** RFC 9728 protected-resource metadata, at the root and path-suffixed for MCP_PATH. */
const METADATA_PATHS = new Set([
  '/.well-known/oauth-protected-resource',
  `/.well-known/oauth-protected-resource${MCP_PATH}`,
]);
/** The stateless protocol revision, served by the SDK's per-request handler. */
const MODERN_VERSION = '2026-07-28';
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Defaults for the session bounds: per caller, and for the whole server. */
export const MAX_SESSIONS = 64;
export const MAX_SESSIONS_TOTAL = 1024;
export const SESSION_IDLE_MS = 15 * 60_000;

/** What `server/discover` answers besides the versions. */
export interface ServerInfo {
  readonly name: string;
  readonly version: string;
  readonly instructions?: string | undefined;
}

export interface HttpServeOptions {
  readonly host: string;
  readonly port: number;
  /** A fresh MCP server for each session. */
  readonly createServer: () => Server;
  /** Who may call (required on every bind address): the bearer secret, optionally OAuth. */
  readonly auth: HttpAuthConfig;
  /** Browser origins allowed besides loopback ones (e.g. `https://app.example.com`). */
  readonly allowedOrigins?: readonly string[] | undefined;
  readonly info?: ServerInfo | undefined;
  /** Most sessions one caller keeps at once (default MAX_SESSIONS): a caller's new session closes its own least recently used. */
  readonly maxSessions?: number | undefined;
  /** Most sessions kept at once for every caller together (default MAX_SESSIONS_TOTAL). */
  readonly maxSessionsTotal?: number | undefined;
  /** A session unused this long is closed (default SESSION_IDLE_MS). */
  readonly sessionIdleMs?: number | undefined;
}

type RpcId = RequestId | null;

export interface RunningHttp {
  /** `http://host:port/mcp` */
  readonly url: string;
  /** Sessions currently kept. */
  sessionCount(): number;
  close(): Promise<void>;
}

function jsonRpcError(
  res: ServerResponse,
  status: number,
  message: string,
  id: RpcId = null,
  code = -32000,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id }));
}

/** The error answer for a body that is not a JSON-RPC message nor a non-empty batch of them, else null. */
function invalidBody(value: unknown): JSONRPCErrorResponse | null {
  for (const item of Array.isArray(value) && value.length > 0 ? value : [value]) {
    const checked = checkMessage(item);
    if (!checked.ok) return checked.answer;
  }
  return null;
}

async function readJson(
  req: IncomingMessage,
): Promise<{ ok: true; value: unknown } | { ok: false; status: number; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY_BYTES) return { ok: false, status: 413, message: 'request body too large' };
    chunks.push(c as Buffer);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, status: 400, message: 'Parse error: the body is not JSON' };
  }
}

export async function serveHttp(options: HttpServeOptions): Promise<RunningHttp> {
  interface Session {
    transport: WebStandardStreamableHTTPServerTransport;
    /** The transport as a Node handler (session-handler.ts). */
    serve: SessionHandler;
    server: Server;
    lastUsed: number;
    /** Who opened it: only the same principal may use it. */
    principal: Principal;
  }
  const sessions = new Map<string, Session>();
  const policy = originPolicy(options.host, options.allowedOrigins);
  const auth: Authenticator = await createAuthenticator(options.auth, MCP_PATH);
  const maxSessions = options.maxSessions ?? MAX_SESSIONS;
  const maxSessionsTotal = Math.max(maxSessions, options.maxSessionsTotal ?? MAX_SESSIONS_TOTAL);
  const idleMs = options.sessionIdleMs ?? SESSION_IDLE_MS;

  const closeSession = (sid: string): void => {
    const s = sessions.get(sid);
    if (!s) return;
    sessions.delete(sid);
    void s.transport.close().catch(() => {});
  };
  /**
   * Idle sessions first; then, to make `room` for `opener`, that caller's own least recently used
   * sessions over its bound (one caller never closes another's to stay within its own), and the
   * least recently used of all over the server's bound.
   */
  const sweep = (room: number, opener?: Principal): void => {
    const now = Date.now();
    for (const [sid, s] of sessions) if (now - s.lastUsed >= idleMs) closeSession(sid);
    const byAge = [...sessions].sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    if (opener !== undefined) {
      // The deployment (the bearer secret's caller) is one caller too.
      const own = byAge.filter(([, s]) => s.principal.caller === opener.caller);
      while (own.length + room > maxSessions && own.length > 0)
        closeSession((own.shift() as [string, Session])[0]);
    }
    const all = byAge.filter(([sid]) => sessions.has(sid));
    while (sessions.size + room > maxSessionsTotal && all.length > 0)
      closeSession((all.shift() as [string, Session])[0]);
  };
  const sweeper = setInterval(() => sweep(0), Math.max(50, Math.min(idleMs / 2, 60_000)));
  sweeper.unref();

  /**
   * `server/discover` sent without the 2026-07-28 routing headers (the SDK's handler answers the
   * ones with them): what this server speaks, with no state kept.
   */
  const discover = (res: ServerResponse, rpcId: RpcId): void => {
    const info = options.info ?? { name: 'toolspec', version: '0.0.0' };
    const result: Record<string, unknown> = {
      supportedVersions: [MODERN_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v !== MODERN_VERSION)],
      capabilities: { tools: { listChanged: false }, ...TASKS_CAPABILITY },
      serverInfo: { name: info.name, version: info.version },
    };
    if (info.instructions) result.instructions = info.instructions;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: rpcId, result }));
  };

  // 2026-07-28: stateless, per request; the 2025 versions are served below (with sessions).
  const modern = createMcpHandler(() => options.createServer(), { legacy: 'reject', responseMode: 'json' });
  const serveModern = toNodeHandler(modern);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const refused = guardProblem(req, policy);
    if (refused !== null) return jsonRpcError(res, 403, refused);
    if (METADATA_PATHS.has(url.pathname)) {
      const doc = auth.protectedResource(req);
      if (doc === null) return jsonRpcError(res, 404, 'not found: no OAuth issuer is configured');
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=3600' });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(doc));
      return;
    }
    const authenticated = await auth.authenticate(req);
    if (!authenticated.ok) {
      // An OAuth error body (RFC 6750), as the SDK's own bearer helpers answer: not a JSON-RPC error.
      res.writeHead(authenticated.status, {
        'content-type': 'application/json',
        'www-authenticate': authenticated.challenge,
      });
      res.end(JSON.stringify({ error: authenticated.error, error_description: authenticated.message }));
      return;
    }
    // The SDK hands `req.auth` to the handlers (ctx.http.authInfo) of both eras.
    (req as IncomingMessage & { auth?: unknown }).auth = authenticated.info;
    const principal = authenticated.principal;
    if (url.pathname !== MCP_PATH)
      return jsonRpcError(res, 404, `not found: the MCP endpoint is ${MCP_PATH}`);
    const sessionId = req.headers['mcp-session-id'];
    const id = Array.isArray(sessionId) ? sessionId[0] : sessionId;
    let existing = id ? sessions.get(id) : undefined;
    if (existing && Date.now() - existing.lastUsed >= idleMs) {
      closeSession(id as string);
      existing = undefined;
    }
    // Another principal's session is, to this caller, a session that does not exist.
    if (existing && existing.principal.caller !== principal.caller) existing = undefined;
    if (existing) existing.lastUsed = Date.now();
    if (req.method === 'POST') {
      const body = await readJson(req);
      if (!body.ok)
        return jsonRpcError(res, body.status, body.message, null, body.status === 400 ? -32700 : -32000);
      const rpcId = readableId(body.value);
      const invalid = invalidBody(body.value);
      if (invalid !== null)
        return jsonRpcError(res, 400, invalid.error.message, invalid.id, invalid.error.code);
      if (existing) {
        const refused = Array.isArray(body.value)
          ? batchRefusal(existing.server.getNegotiatedProtocolVersion())
          : null;
        if (refused !== null) return jsonRpcError(res, 400, refused.error.message, null, refused.error.code);
        return existing.serve(req, res, body.value);
      }
      if (id) return jsonRpcError(res, 404, 'unknown or expired session; initialize again', rpcId);
      if (!(await isLegacyRequest(await toWebRequest(req, body.value), body.value))) {
        return serveModern(req, res, body.value);
      }
      const method = (body.value as { method?: unknown } | null)?.method;
      if (method === 'server/discover') return discover(res, rpcId);
      if (!isInitializeRequest(body.value)) {
        return jsonRpcError(
          res,
          400,
          'bad request: no Mcp-Session-Id header and not an initialize request',
          rpcId,
        );
      }
      sweep(1, principal);
      const server = options.createServer();
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => {
          sessions.set(sid, { transport, serve, server, lastUsed: Date.now(), principal });
        },
        onsessionclosed: (sid) => {
          sessions.delete(sid);
        },
      });
      const serve = sessionHandler(transport);
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await server.connect(transport);
      return serve(req, res, body.value);
    }
    if (req.method === 'GET' && !id) {
      // No server-initiated stream outside a session (and none at all under 2026-07-28).
      return jsonRpcError(res, 405, 'method not allowed: no server stream without a session', null, -32000, {
        allow: 'POST, DELETE',
      });
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      if (!existing)
        return jsonRpcError(
          res,
          id ? 404 : 400,
          id ? 'unknown or expired session' : 'missing Mcp-Session-Id header',
        );
      return existing.serve(req, res);
    }
    res.writeHead(405, { allow: 'GET, POST, DELETE' }).end();
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((e: unknown) =>
      jsonRpcError(res, 500, `internal error: ${e instanceof Error ? e.message : String(e)}`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${shownHost}:${port}${MCP_PATH}`,
    sessionCount: () => sessions.size,
    close: async () => {
      clearInterval(sweeper);
      await modern.close().catch(() => {});
      await Promise.all([...sessions.values()].map((s) => s.transport.close().catch(() => {})));
      sessions.clear();
      await new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      });
    },
  };
}
