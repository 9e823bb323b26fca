/**
 * The MCP HTTP front (mcp/server/http.ts) in process, over real loopback sockets: the
 * DNS-rebinding guard (loopback means an IP literal in 127.0.0.0/8, ::1 or exactly localhost),
 * session bounds (count and idle time), JSON-RPC errors that echo the request id, the 2026-07-28
 * `server/discover` probe and a GET without a session.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { loadShippedSpecs } from '../../cli/shipped.js';
import { catalogueFromIR } from '../../mcp/server/catalogue.js';
import { isLoopback, type RunningHttp, serveHttp } from '../../mcp/server/http.js';
import { LazyRunner } from '../../mcp/server/runner.js';
import { createToolServer } from '../../mcp/server/server.js';

const ir = loadShippedSpecs();
const entries = catalogueFromIR(ir).filter((e) => e.set === 'notes');
const runner = new LazyRunner(async () => {
  throw new Error('no calls in these tests');
});

let running: RunningHttp | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

async function start(opts: { maxSessions?: number; sessionIdleMs?: number } = {}): Promise<RunningHttp> {
  running = await serveHttp({
    host: '127.0.0.1',
    port: 0,
    createServer: () => createToolServer({ entries, runner, version: '9.9.9' }),
    info: { name: 'toolspec', version: '9.9.9' },
    ...opts,
  });
  return running;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method,
        headers: {
          host: u.host,
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
          ...headers,
        },
      },
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

const initialize = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});

describe('the DNS-rebinding guard', () => {
  it('counts only IP literals in 127.0.0.0/8, ::1 and exactly localhost as loopback', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '127.255.255.254', 'localhost', 'LOCALHOST', '::1', '[::1]'])
      expect(isLoopback(h), h).toBe(true);
    for (const h of [
      '127.evil.com',
      '127.0.0.1.nip.io',
      'localhost.evil.com',
      '128.0.0.1',
      '127.0.0',
      '1270.0.0.1',
      'evil.com',
      '',
    ])
      expect(isLoopback(h), h).toBe(false);
  });

  it('refuses a Host or Origin that only looks like loopback, before any session exists', async () => {
    const { url } = await start();
    const port = new URL(url).port;
    for (const host of [`127.evil.com:${port}`, `127.0.0.1.nip.io:${port}`]) {
      const a = await send(url, 'POST', { host }, initialize(1));
      expect(a.status, host).toBe(403);
    }
    for (const origin of ['http://127.evil.com', `http://127.0.0.1.nip.io:${port}`]) {
      const a = await send(url, 'POST', { origin }, initialize(1));
      expect(a.status, origin).toBe(403);
    }
    expect(running?.sessionCount()).toBe(0);
    const ok = await send(url, 'POST', { origin: `http://localhost:${port}` }, initialize(1));
    expect(ok.status).toBe(200);
    expect(running?.sessionCount()).toBe(1);
  });
});

describe('sessions', () => {
  it('are capped in number: the least recently used is closed first', async () => {
    const { url } = await start({ maxSessions: 3 });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await send(url, 'POST', {}, initialize(i));
      expect(a.status).toBe(200);
      ids.push(String(a.headers['mcp-session-id']));
      expect(running?.sessionCount()).toBeLessThanOrEqual(3);
    }
    expect(running?.sessionCount()).toBe(3);
    const list = { jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} };
    const headers = (sid: string) => ({ 'mcp-session-id': sid, 'mcp-protocol-version': '2025-06-18' });
    const old = await send(url, 'POST', headers(ids[0] as string), list);
    expect(old.status).toBe(404);
    expect(JSON.parse(old.body).id).toBe(7);
    const recent = await send(url, 'POST', headers(ids[5] as string), list);
    expect(recent.status).toBe(200);
  });

  it('are closed after an idle time', async () => {
    const { url } = await start({ sessionIdleMs: 150 });
    const a = await send(url, 'POST', {}, initialize(1));
    const sid = String(a.headers['mcp-session-id']);
    expect(running?.sessionCount()).toBe(1);
    await new Promise((r) => setTimeout(r, 400));
    expect(running?.sessionCount()).toBe(0);
    const late = await send(
      url,
      'POST',
      { 'mcp-session-id': sid },
      { jsonrpc: '2.0', id: 'x', method: 'tools/list' },
    );
    expect(late.status).toBe(404);
    expect(JSON.parse(late.body).id).toBe('x');
  });
});

describe('probes and errors', () => {
  it('answers the 2026-07-28 server/discover probe with its id and the versions served, keeping no state', async () => {
    const { url } = await start();
    const a = await send(url, 'POST', {}, { jsonrpc: '2.0', id: 41, method: 'server/discover', params: {} });
    expect(a.status).toBe(200);
    const body = JSON.parse(a.body);
    expect(body.id).toBe(41);
    expect(body.result.supportedVersions).toContain('2025-11-25');
    expect(body.result.supportedVersions).toContain('2026-07-28');
    expect(body.result.serverInfo).toMatchObject({ name: 'toolspec', version: '9.9.9' });
    expect(body.result.capabilities.tools).toBeDefined();
    expect(running?.sessionCount()).toBe(0);
  });

  it('serves MCP 2026-07-28 with no session and no per-client state: any request stands alone', async () => {
    const { url } = await start();
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
    };
    const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' };
    const probe = await send(
      url,
      'POST',
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' },
      { jsonrpc: '2.0', id: 'd', method: 'server/discover', params: { _meta: meta } },
    );
    expect(probe.status, probe.body).toBe(200);
    expect(JSON.parse(probe.body).result.supportedVersions).toContain('2026-07-28');
    for (let i = 0; i < 3; i++) {
      const a = await send(url, 'POST', headers, {
        jsonrpc: '2.0',
        id: i,
        method: 'tools/list',
        params: { _meta: meta },
      });
      expect(a.status, a.body).toBe(200);
      expect(a.headers['mcp-session-id']).toBeUndefined();
      const body = JSON.parse(a.body);
      expect(body.id).toBe(i);
      expect(body.result.tools.length).toBe(entries.length);
      expect(body.result.tools[0].outputSchema).toBeDefined();
    }
    expect(running?.sessionCount()).toBe(0);
  });

  it('a GET without a session is 405 (no server stream), not a JSON-RPC error with id null', async () => {
    const { url } = await start();
    const a = await send(url, 'GET', { accept: 'text/event-stream' });
    expect(a.status).toBe(405);
    expect(a.headers.allow).toContain('POST');
  });

  it('every JSON-RPC error echoes the request id', async () => {
    const { url } = await start();
    const a = await send(url, 'POST', {}, { jsonrpc: '2.0', id: 'abc', method: 'tools/list' });
    expect(a.status).toBe(400);
    expect(JSON.parse(a.body).id).toBe('abc');
    const b = await send(
      url,
      'POST',
      { 'mcp-session-id': 'nope' },
      { jsonrpc: '2.0', id: 5, method: 'tools/list' },
    );
    expect(JSON.parse(b.body).id).toBe(5);
  });
});
