/** A real node:http loopback server for runtime tests: records every request, answers as the test says. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../../support/listen.js';

export interface SeenRequest {
  readonly method: string;
  /** Raw request target (path + query, as sent). */
  readonly url: string;
  readonly path: string;
  readonly query: Record<string, string | string[]>;
  readonly headers: Record<string, string>;
  readonly rawBody: string;
  readonly body: unknown;
}

export interface Answer {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  /** JSON body (objects) or raw text (strings); undefined = no body. */
  readonly body?: unknown;
  readonly delayMs?: number;
  /** Destroy the socket instead of answering. */
  readonly destroy?: boolean;
  /** Custom handling (streaming, partial bodies). */
  readonly raw?: (res: ServerResponse) => void;
}

export type Handler = (req: SeenRequest, n: number) => Answer | Promise<Answer>;

export interface Loopback {
  readonly url: string;
  readonly origin: string;
  readonly requests: SeenRequest[];
  handler: Handler;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startLoopback(handler: Handler = () => ({ body: {} })): Promise<Loopback> {
  const requests: SeenRequest[] = [];
  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    const rawBody = await readBody(req);
    const u = new URL(req.url ?? '/', 'http://x');
    const query: Record<string, string | string[]> = {};
    for (const k of new Set(u.searchParams.keys())) {
      const all = u.searchParams.getAll(k);
      query[k] = all.length === 1 ? (all[0] as string) : all;
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      headers[k] = Array.isArray(v) ? v.join(', ') : String(v);
    let body: unknown = null;
    if (rawBody !== '') {
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = rawBody;
      }
    }
    const seen: SeenRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      path: u.pathname,
      query,
      headers,
      rawBody,
      body,
    };
    requests.push(seen);
    const a = await loop.handler(seen, requests.length);
    if (a.delayMs) await new Promise((r) => setTimeout(r, a.delayMs));
    if (a.destroy) {
      req.socket.destroy();
      return;
    }
    if (a.raw) {
      a.raw(res);
      return;
    }
    const isText = typeof a.body === 'string';
    const payload = a.body === undefined ? '' : isText ? (a.body as string) : JSON.stringify(a.body);
    res.writeHead(a.status ?? 200, {
      ...(a.body !== undefined && !isText ? { 'content-type': 'application/json' } : {}),
      ...(a.headers ?? {}),
    });
    res.end(payload);
  };
  const http: Server = createServer((req, res) => {
    onRequest(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  const { origin, close } = await listenOnLoopback(http);
  const loop: Loopback = { url: origin, origin, requests, handler, close };
  return loop;
}
