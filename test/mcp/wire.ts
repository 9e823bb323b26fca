/**
 * Raw HTTP exchanges with the MCP front (test/mcp/http.test.ts, auth.test.ts): every header under
 * the test's control, the test bearer secret sent unless a header says otherwise.
 */
import { request } from 'node:http';
import { AUTH_HEADERS } from './support.js';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request; a header given as undefined is not sent (e.g. `{ authorization: undefined }`). */
export function send(
  url: string,
  method: string,
  headers: Record<string, string | undefined>,
  body?: unknown,
): Promise<Answer> {
  const u = new URL(url);
  const merged: Record<string, string | undefined> = {
    host: u.host,
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
    ...AUTH_HEADERS,
    ...headers,
  };
  const sent = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: u.hostname, port: u.port, path: u.pathname, method, headers: sent },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => {
          text += d.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

export const initialize = (id: number | string) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});

/** The `_meta` every 2026-07-28 request carries. */
export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
};

/** A 2026-07-28 request: routing headers and the per-request `_meta`. */
export function modern(
  url: string,
  method: string,
  id: number | string,
  params: Record<string, unknown> = {},
  headers: Record<string, string | undefined> = {},
): Promise<Answer> {
  return send(
    url,
    'POST',
    {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
      ...headers,
    },
    {
      jsonrpc: '2.0',
      id,
      method,
      params: { ...params, _meta: { ...MODERN_META, ...((params._meta as object) ?? {}) } },
    },
  );
}
