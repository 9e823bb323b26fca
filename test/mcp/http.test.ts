/**
 * The MCP HTTP front (mcp/server/http.ts) in process, over real loopback sockets: the bearer
 * secret on every request of both eras, the Host/Origin check on every bind address (loopback
 * means an IP literal in 127.0.0.0/8, ::1 or exactly localhost), session bounds (count and idle
 * time), JSON-RPC errors that echo the request id, the 2026-07-28 `server/discover` probe and a
 * GET without a session. OAuth access tokens: test/mcp/auth.test.ts.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { loadShippedSpecs } from '../../cli/shipped.js';
import { HttpAuthConfigError } from '../../mcp/server/auth-config.js';
import { catalogFromIR } from '../../mcp/server/catalog.js';
import { isLoopback } from '../../mcp/server/guard.js';
import { type HttpServeOptions, type RunningHttp, serveHttp } from '../../mcp/server/http.js';
import { LazyRunner } from '../../mcp/server/runner.js';
import { createToolServer } from '../../mcp/server/server.js';
import { HTTP_TOKEN } from './support.js';
import { initialize, modern, send } from './wire.js';

const ir = loadShippedSpecs();
const entries = catalogFromIR(ir).filter((e) => e.set === 'notes');
const runner = new LazyRunner(async () => {
  throw new Error('no calls in these tests');
});

let running: RunningHttp | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

async function start(opts: Partial<HttpServeOptions> = {}): Promise<RunningHttp> {
  running = await serveHttp({
    host: '127.0.0.1',
    port: 0,
    createServer: () => createToolServer({ entries, runner, version: '9.9.9' }),
    auth: { token: HTTP_TOKEN },
    info: { name: 'toolspec', version: '9.9.9' },
    ...opts,
  });
  return running;
}

const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list', params: {} });

describe('the bearer secret', () => {
  it('is required to start, on every bind address, loopback included, and must not be short', async () => {
    for (const host of ['127.0.0.1', '0.0.0.0']) {
      const err = await start({ host, auth: { token: '' } }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpAuthConfigError);
      expect(String(err)).toContain('TOOLSPEC_HTTP_TOKEN');
      expect(String(err)).toContain('--token-file');
    }
    const short = await start({ auth: { token: 'tooshort' } }).catch((e: unknown) => e);
    expect(short).toBeInstanceOf(HttpAuthConfigError);
    expect(String(short)).toMatch(/at least 16 characters/);
    expect(String(short)).not.toContain('tooshort');
  });

  it('is checked on every request of both eras: 401 with a Bearer challenge otherwise', async () => {
    const { url } = await start();
    const wrong = [
      undefined,
      'Basic dXNlcjpwYXNz',
      'Bearer',
      `Bearer ${HTTP_TOKEN}x`,
      `Bearer ${HTTP_TOKEN.slice(0, -1)}`,
      `Bearer ${HTTP_TOKEN.toUpperCase()}`,
    ];
    for (const authorization of wrong) {
      for (const a of [
        await send(url, 'POST', { authorization }, initialize(1)),
        await modern(url, 'tools/list', 2, {}, { authorization }),
        await modern(url, 'server/discover', 3, {}, { authorization }),
        await send(url, 'POST', { authorization }, { jsonrpc: '2.0', id: 4, method: 'server/discover' }),
        await send(url, 'GET', { authorization, accept: 'text/event-stream' }),
      ]) {
        expect(a.status, String(authorization)).toBe(401);
        const challenge = String(a.headers['www-authenticate']);
        expect(challenge).toMatch(/^Bearer realm="toolspec"/);
        const presented = /^Bearer \S/.test(authorization ?? '');
        expect(challenge.includes('error="invalid_token"'), String(authorization)).toBe(presented);
        expect(challenge).not.toContain('resource_metadata');
        expect(a.body).not.toContain(HTTP_TOKEN);
        expect(JSON.parse(a.body).error).toBe(presented ? 'invalid_token' : 'unauthorized');
      }
    }
    expect(running?.sessionCount()).toBe(0);
    const ok = await send(url, 'POST', {}, initialize(1));
    expect(ok.status).toBe(200);
    const sid = String(ok.headers['mcp-session-id']);
    // A session is no credential: each of its requests is authenticated again.
    const stolen = await send(url, 'POST', { 'mcp-session-id': sid, authorization: undefined }, list(2));
    expect(stolen.status).toBe(401);
    const again = await send(
      url,
      'POST',
      { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-06-18' },
      list(3),
    );
    expect(again.status).toBe(200);
    const stateless = await modern(url, 'tools/list', 4);
    expect(stateless.status, stateless.body).toBe(200);
    expect(JSON.parse(stateless.body).result.tools.length).toBe(entries.length);
  });

  it('takes the scheme name in any case', async () => {
    const { url } = await start();
    const a = await send(url, 'POST', { authorization: `bearer ${HTTP_TOKEN}` }, initialize(1));
    expect(a.status).toBe(200);
  });

  it('keeps the OAuth metadata routes closed without an issuer', async () => {
    const { url } = await start();
    const origin = new URL(url).origin;
    const a = await send(`${origin}/.well-known/oauth-protected-resource`, 'GET', {
      authorization: undefined,
    });
    expect(a.status).toBe(404);
  });
});

describe('the Host/Origin check on a non-loopback bind address', () => {
  it('refuses an Origin the operator did not list, and passes requests without one', async () => {
    const { url } = await start({ host: '0.0.0.0', allowedOrigins: ['https://app.example.com'] });
    const port = new URL(url).port;
    const at = `http://127.0.0.1:${port}/mcp`;
    // Any Host (the public name is not known), no Origin: a non-browser client.
    const plain = await send(at, 'POST', { host: `tools.example.com:${port}` }, initialize(1));
    expect(plain.status).toBe(200);
    for (const origin of [
      'https://evil.example.com',
      'http://app.example.com',
      'null',
      `http://localhost:${port}`,
    ]) {
      const a = await send(at, 'POST', { origin }, initialize(2));
      expect(a.status, origin).toBe(403);
    }
    const listed = await send(at, 'POST', { origin: 'https://app.example.com' }, initialize(3));
    expect(listed.status).toBe(200);
    // The check comes first: a refused Origin learns nothing about the secret.
    const noAuth = await send(
      at,
      'POST',
      { origin: 'https://evil.example.com', authorization: undefined },
      initialize(4),
    );
    expect(noAuth.status).toBe(403);
  });

  it('refuses an allowed-origin entry that is not an origin', async () => {
    await expect(start({ allowedOrigins: ['app.example.com'] })).rejects.toThrow(/not an origin/);
  });
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
    const headers = (sid: string) => ({ 'mcp-session-id': sid, 'mcp-protocol-version': '2025-06-18' });
    const old = await send(url, 'POST', headers(ids[0] as string), list(7));
    expect(old.status).toBe(404);
    expect(JSON.parse(old.body).id).toBe(7);
    const recent = await send(url, 'POST', headers(ids[5] as string), list(7));
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

describe('JSON-RPC errors of the 2025 session transport', () => {
  /** A 2025 session opened with `version`; the headers its later requests send. */
  async function session(url: string, version: string): Promise<Record<string, string>> {
    const init = initialize(0);
    const a = await send(url, 'POST', {}, { ...init, params: { ...init.params, protocolVersion: version } });
    expect(a.status, a.body).toBe(200);
    const headers = {
      'mcp-session-id': String(a.headers['mcp-session-id']),
      'mcp-protocol-version': version,
    };
    await send(url, 'POST', headers, { jsonrpc: '2.0', method: 'notifications/initialized' });
    return headers;
  }
  const errorOf = (body: string) =>
    JSON.parse(body) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };

  it('echo the request id: 406 for Accept, 415, an unsupported MCP-Protocol-Version, "Server already initialized"', async () => {
    const { url } = await start();
    const opening = await send(url, 'POST', { accept: 'application/json' }, initialize('first'));
    expect(opening.status).toBe(406);
    expect(errorOf(opening.body).id).toBe('first');
    const headers = await session(url, '2025-06-18');
    const accept = await send(url, 'POST', { ...headers, accept: 'application/json' }, list(11));
    expect(accept.status).toBe(406);
    expect(errorOf(accept.body).id).toBe(11);
    const media = await send(url, 'POST', { ...headers, 'content-type': 'text/plain' }, list(12));
    expect(media.status).toBe(415);
    expect(errorOf(media.body).id).toBe(12);
    const version = await send(url, 'POST', { ...headers, 'mcp-protocol-version': '1999-01-01' }, list(13));
    expect(version.status).toBe(400);
    expect(errorOf(version.body)).toMatchObject({
      id: 13,
      error: { message: expect.stringMatching(/1999-01-01/) },
    });
    const again = await send(url, 'POST', headers, initialize('again'));
    expect(again.status).toBe(400);
    expect(errorOf(again.body)).toMatchObject({
      id: 'again',
      error: { message: expect.stringMatching(/already initialized/) },
    });
    // The session still serves.
    expect(JSON.parse(sse(await send(url, 'POST', headers, list(14)))).id).toBe(14);
  });

  it('answer what is not a JSON-RPC request with -32600 and the id when readable', async () => {
    const { url } = await start();
    const headers = await session(url, '2025-06-18');
    const nullId = await send(url, 'POST', headers, { jsonrpc: '2.0', id: null, method: 'tools/list' });
    expect(nullId.status).toBe(400);
    expect(errorOf(nullId.body)).toMatchObject({ id: null, error: { code: -32600 } });
    const noVersion = await send(url, 'POST', headers, { id: 21, method: 'tools/list' });
    expect(errorOf(noVersion.body)).toMatchObject({
      id: 21,
      error: { code: -32600, message: expect.stringMatching(/"jsonrpc" must be "2.0"/) },
    });
    const empty = await send(url, 'POST', headers, []);
    expect(empty.status).toBe(400);
    expect(errorOf(empty.body)).toMatchObject({ id: null, error: { code: -32600 } });
  });

  it('free a GET stream whose client went away: reopening it is not a 409', async () => {
    const { url } = await start();
    const headers = await session(url, '2025-06-18');
    for (let i = 0; i < 2; i++) {
      const { status, close } = await openStream(url, headers);
      expect(status, `GET stream ${i + 1}`).toBe(200);
      await close();
    }
  });

  it('answer a batch only on a session that negotiated 2025-03-26', async () => {
    const { url } = await start();
    const later = await send(url, 'POST', await session(url, '2025-06-18'), [list(31), list(32)]);
    expect(later.status).toBe(400);
    expect(errorOf(later.body)).toMatchObject({
      id: null,
      error: { code: -32600, message: expect.stringMatching(/2025-03-26/) },
    });
    const batched = await send(url, 'POST', await session(url, '2025-03-26'), [list(33), list(34)]);
    expect(batched.status, batched.body).toBe(200);
    const ids = sse(batched)
      .split('\n')
      .flatMap((l) => [JSON.parse(l)].flat() as { id: unknown }[])
      .map((m) => m.id);
    expect(ids.sort()).toEqual([33, 34]);
  });
});

/** A session's GET event stream: its status, and a close that waits until the server saw the disconnect. */
function openStream(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; close: () => Promise<void> }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'GET',
        headers: {
          host: u.host,
          accept: 'text/event-stream',
          authorization: `Bearer ${HTTP_TOKEN}`,
          ...headers,
        },
      },
      (res) => {
        res.resume();
        resolve({
          status: res.statusCode ?? 0,
          close: () =>
            new Promise<void>((done) => {
              req.socket?.once('close', () => setImmediate(done));
              req.destroy();
            }),
        });
      },
    );
    req.on('error', (e) => (e.message.includes('socket hang up') ? undefined : reject(e)));
    req.end();
  });
}

/** The JSON-RPC messages of an SSE answer, one per line. */
function sse(answer: { body: string }): string {
  return answer.body
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => l.slice('data: '.length))
    .join('\n');
}
