/**
 * Streamable HTTP for `toolspec serve --http <port>`: a node:http server on loopback by default,
 * one SDK transport + server per MCP session (stateful, `Mcp-Session-Id`), at `/mcp`. Requests
 * whose Host or Origin is not loopback are refused while bound to loopback (DNS rebinding).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

export const MCP_PATH = '/mcp';
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export interface HttpServeOptions {
  readonly host: string;
  readonly port: number;
  /** A fresh MCP server for each session. */
  readonly createServer: () => Server;
}

export interface RunningHttp {
  /** `http://host:port/mcp` */
  readonly url: string;
  close(): Promise<void>;
}

export function isLoopback(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || host.startsWith('127.');
}

function hostnameOf(value: string): string {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname;
  } catch {
    return '';
  }
}

function jsonRpcError(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
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
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: Server }>();
  const guardHosts = isLoopback(options.host);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== MCP_PATH)
      return jsonRpcError(res, 404, `not found: the MCP endpoint is ${MCP_PATH}`);
    if (guardHosts) {
      const host = hostnameOf(req.headers.host ?? '');
      const origin = req.headers.origin;
      if (
        !isLoopback(host) ||
        (origin !== undefined && origin !== 'null' && !isLoopback(hostnameOf(origin)))
      ) {
        return jsonRpcError(res, 403, 'forbidden: this server only accepts loopback Host and Origin headers');
      }
    }
    const sessionId = req.headers['mcp-session-id'];
    const id = Array.isArray(sessionId) ? sessionId[0] : sessionId;
    const existing = id ? sessions.get(id) : undefined;
    if (req.method === 'POST') {
      const body = await readJson(req);
      if (!body.ok) return jsonRpcError(res, body.status, body.message);
      if (existing) return existing.transport.handleRequest(req, res, body.value);
      if (id) return jsonRpcError(res, 404, 'unknown or expired session; initialize again');
      if (!isInitializeRequest(body.value)) {
        return jsonRpcError(res, 400, 'bad request: no Mcp-Session-Id header and not an initialize request');
      }
      const server = options.createServer();
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => {
          sessions.set(sid, { transport, server });
        },
        onsessionclosed: (sid) => {
          sessions.delete(sid);
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await server.connect(transport);
      return transport.handleRequest(req, res, body.value);
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      if (!existing)
        return jsonRpcError(
          res,
          id ? 404 : 400,
          id ? 'unknown or expired session' : 'missing Mcp-Session-Id header',
        );
      return existing.transport.handleRequest(req, res);
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
    close: async () => {
      await Promise.all([...sessions.values()].map((s) => s.transport.close().catch(() => {})));
      sessions.clear();
      await new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      });
    },
  };
}
