/**
 * `serve --http` as an OAuth 2.0 resource server (mcp/server/auth.ts, jwt.ts), in process over
 * real loopback sockets: a real JWKS endpoint (node:http) publishing keys made with jose here;
 * valid tokens, and tokens refused for their audience, expiry, not-before, issuer, signature, an
 * unknown key id, a refused algorithm or a missing subject; the RFC 9728 metadata and the
 * `resource_metadata` challenge; the caller identity (`sub`) handed to each tool call in both
 * protocol eras, the bearer secret as the deployment (no caller); sessions bound to the principal
 * that opened them. The CLI's refusal to serve HTTP without a secret is checked at the end.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Toolkit } from '@toolspec/runtime';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadShippedSpecs } from '../../cli/shipped.js';
import {
  allowedOriginsFromEnv,
  HttpAuthConfigError,
  httpAuthFromEnv,
  type OAuthResourceConfig,
} from '../../mcp/server/auth-config.js';
import { catalogFromIR } from '../../mcp/server/catalog.js';
import { type RunningHttp, serveHttp } from '../../mcp/server/http.js';
import { LazyRunner } from '../../mcp/server/runner.js';
import { createToolServer } from '../../mcp/server/server.js';
import { runChild } from '../support/children.js';
import { type Listening, listenOnLoopback } from '../support/listen.js';
import { CLI, HTTP_TOKEN, REPO } from './support.js';
import { initialize, modern, send } from './wire.js';

const ir = loadShippedSpecs();
/** A tool with a declared poll: the stand-in toolkit reports its submission as still running. */
const POLLED = 'datastore_execute_query';
const entries = catalogFromIR(ir).filter((e) => e.set === 'notes' || e.tool.name === POLLED);
const ISSUER = 'https://issuer.test/';
const AUDIENCE = 'https://tools.example.com/mcp';
const TOOL = 'notes_user_list';

/** The callers the tool calls were made for, in order ('-' for none). */
const callers: string[] = [];
const runner = new LazyRunner(async () => ({
  toolkit: {
    ir,
    call: async (
      _name: string,
      _input: unknown,
      options?: { caller?: string; poll?: { handle?: string; pending: (h: string) => void } },
    ) => {
      callers.push(options?.caller ?? '-');
      if (options?.poll && options.poll.handle === undefined) options.poll.pending('statement-1');
      return { items: [], next_cursor: null, has_more: false };
    },
  } as unknown as Toolkit,
  close: async () => {},
}));

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let signing: KeyPair;
let other: KeyPair;
let rsa: KeyPair;
let jwks: Listening;
let jwksUrl = '';
let jwksFetches = 0;

beforeAll(async () => {
  signing = await generateKeyPair('ES256');
  other = await generateKeyPair('ES256');
  rsa = await generateKeyPair('RS256');
  const published: JWK[] = [
    { ...(await exportJWK(signing.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' },
    { ...(await exportJWK(rsa.publicKey)), kid: 'r1', alg: 'RS256', use: 'sig' },
  ];
  jwks = await listenOnLoopback(
    createServer((_req, res) => {
      jwksFetches++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: published }));
    }),
  );
  jwksUrl = `${jwks.origin}/jwks.json`;
});
afterAll(() => jwks.close());

let running: RunningHttp | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

async function start(
  oauth: Partial<OAuthResourceConfig> = {},
  bounds: { maxSessions?: number; maxSessionsTotal?: number } = {},
): Promise<string> {
  running = await serveHttp({
    ...bounds,
    host: '127.0.0.1',
    port: 0,
    createServer: () => createToolServer({ entries, runner, version: '9.9.9' }),
    auth: {
      token: HTTP_TOKEN,
      oauth: { issuer: ISSUER, audience: AUDIENCE, jwksUrl, algorithms: ['ES256'], ...oauth },
    },
  });
  return running.url;
}

interface TokenOptions {
  claims?: JWTPayload;
  key?: KeyPair;
  kid?: string;
  alg?: string;
  sub?: string | null;
  exp?: number;
  nbf?: number;
  aud?: string;
  iss?: string;
}

async function token(o: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ scope: 'tools', ...o.claims })
    .setProtectedHeader({ alg: o.alg ?? 'ES256', kid: o.kid ?? 'k1' })
    .setIssuer(o.iss ?? ISSUER)
    .setAudience(o.aud ?? AUDIENCE)
    .setIssuedAt(now - 10)
    .setExpirationTime(o.exp ?? now + 600);
  if (o.sub !== null) jwt.setSubject(o.sub ?? 'alice');
  if (o.nbf !== undefined) jwt.setNotBefore(o.nbf);
  return jwt.sign((o.key ?? signing).privateKey);
}

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
const call = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: TOOL, arguments: {} },
});

describe('JWT access tokens from the configured issuer', () => {
  it('accepts a valid token, with the keys fetched once and cached', async () => {
    const url = await start();
    const before = jwksFetches;
    for (const sub of ['alice', 'bob', 'alice']) {
      const a = await modern(url, 'tools/list', 1, {}, bearer(await token({ sub })));
      expect(a.status, a.body).toBe(200);
    }
    expect(jwksFetches - before).toBe(1);
  });

  it('refuses each bad token with 401, invalid_token and the reason, never echoing the token', async () => {
    const url = await start();
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, Promise<string>, RegExp][] = [
      ['wrong audience', token({ aud: 'https://other.example.com/mcp' }), /audience/],
      ['expired', token({ exp: now - 120 }), /expired/],
      ['not valid yet', token({ nbf: now + 600 }), /not valid yet/],
      ['other issuer', token({ iss: 'https://evil.test/' }), /another issuer/],
      ['bad signature', token({ key: other }), /signature is not valid/],
      ['unknown kid', token({ key: other, kid: 'k9' }), /signing key is not one of the issuer's/],
      ['algorithm not allowed', token({ key: rsa, kid: 'r1', alg: 'RS256' }), /algorithm is not accepted/],
      ['no subject', token({ sub: null }), /sub claim is missing/],
      [
        'a numeric subject',
        token({ sub: null, claims: { sub: 123 as unknown as string } }),
        /sub claim is not a non-empty string/,
      ],
      [
        'an object subject',
        token({ sub: null, claims: { sub: { id: 1 } as unknown as string } }),
        /sub claim is not/,
      ],
      ['an empty subject', token({ sub: null, claims: { sub: '' } }), /sub claim is not/],
      [
        'unsigned (alg none)',
        Promise.resolve(
          `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
            JSON.stringify({ sub: 'alice', iss: ISSUER, aud: AUDIENCE, exp: now + 600 }),
          ).toString('base64url')}.`,
        ),
        /not valid|algorithm/,
      ],
    ];
    for (const [what, pending, reason] of cases) {
      const t = await pending;
      for (const a of [
        await modern(url, 'tools/list', 1, {}, bearer(t)),
        await send(url, 'POST', bearer(t), initialize(2)),
      ]) {
        expect(a.status, what).toBe(401);
        const challenge = String(a.headers['www-authenticate']);
        expect(challenge, what).toContain('error="invalid_token"');
        expect(challenge, what).toMatch(reason);
        expect(JSON.parse(a.body).error_description, what).toMatch(reason);
        expect(a.body + challenge, what).not.toContain(t);
      }
    }
    expect(running?.sessionCount()).toBe(0);
  });

  it('publishes RFC 9728 metadata without authentication, and points the challenge at it', async () => {
    const url = await start();
    const origin = new URL(url).origin;
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
    ]) {
      const a = await send(`${origin}${path}`, 'GET', { authorization: undefined });
      expect(a.status, path).toBe(200);
      expect(JSON.parse(a.body)).toEqual({
        resource: AUDIENCE,
        authorization_servers: [ISSUER],
        bearer_methods_supported: ['header'],
        resource_name: 'toolspec',
      });
    }
    const a = await send(url, 'POST', { authorization: undefined }, initialize(1));
    expect(a.status).toBe(401);
    expect(a.headers['www-authenticate']).toBe(
      'Bearer realm="toolspec", resource_metadata="https://tools.example.com/.well-known/oauth-protected-resource/mcp"',
    );
  });

  it('derives the resource from the request when the audience is not a URL', async () => {
    const url = await start({ audience: 'toolspec-api' });
    const u = new URL(url);
    const doc = await send(`${u.origin}/.well-known/oauth-protected-resource/mcp`, 'GET', {});
    expect(JSON.parse(doc.body).resource).toBe(`http://${u.host}/mcp`);
    const a = await send(url, 'POST', { authorization: undefined }, initialize(1));
    expect(String(a.headers['www-authenticate'])).toContain(
      `resource_metadata="http://${u.host}/.well-known/oauth-protected-resource/mcp"`,
    );
    const ok = await modern(url, 'tools/list', 2, {}, bearer(await token({ aud: 'toolspec-api' })));
    expect(ok.status).toBe(200);
  });

  it('refuses an unusable OAuth configuration before listening', async () => {
    await expect(start({ jwksUrl: 'http://keys.example.com/jwks.json' })).rejects.toThrow(/must be https/);
    await expect(start({ algorithms: ['HS256'] })).rejects.toThrow(/not an asymmetric/);
    await expect(start({ audience: '' })).rejects.toThrow(/TOOLSPEC_OAUTH_AUDIENCE/);
  });
});

describe('the caller of each tool call', () => {
  it('is the token subject under 2026-07-28, and no one for the bearer secret', async () => {
    const url = await start();
    callers.length = 0;
    const a = await modern(
      url,
      'tools/call',
      1,
      { name: TOOL, arguments: {} },
      bearer(await token({ sub: 'alice' })),
    );
    expect(a.status, a.body).toBe(200);
    expect(JSON.parse(a.body).result.isError).toBeFalsy();
    await modern(url, 'tools/call', 2, { name: TOOL, arguments: {} }, bearer(await token({ sub: 'bob' })));
    await modern(url, 'tools/call', 3, { name: TOOL, arguments: {} });
    expect(callers).toEqual(['alice', 'bob', '-']);
  });

  it('is the token subject for a 2025 session, which only its opener can use', async () => {
    const url = await start();
    callers.length = 0;
    const alice = bearer(await token({ sub: 'alice' }));
    const opened = await send(url, 'POST', alice, initialize(1));
    expect(opened.status).toBe(200);
    const sid = String(opened.headers['mcp-session-id']);
    const inSession = { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-06-18' };
    await send(
      url,
      'POST',
      { ...alice, ...inSession },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    );
    const own = await send(url, 'POST', { ...alice, ...inSession }, call(2));
    expect(own.status, own.body).toBe(200);
    for (const other of [bearer(await token({ sub: 'mallory' })), bearer(HTTP_TOKEN)]) {
      const a = await send(url, 'POST', { ...other, ...inSession }, call(3));
      expect(a.status).toBe(404);
      expect(JSON.parse(a.body).id).toBe(3);
    }
    expect(callers).toEqual(['alice']);
  });

  it("keeps each caller's sessions within its own bound: opening more closes its own, never another caller's", async () => {
    const url = await start({}, { maxSessions: 2 });
    const open = async (who: Record<string, string>) =>
      String((await send(url, 'POST', who, initialize(1))).headers['mcp-session-id']);
    const usable = async (who: Record<string, string>, sid: string) =>
      (
        await send(
          url,
          'POST',
          { ...who, 'mcp-session-id': sid, 'mcp-protocol-version': '2025-06-18' },
          call(2),
        )
      ).status === 200;
    const alice = bearer(await token({ sub: 'alice' }));
    const mallory = bearer(await token({ sub: 'mallory' }));
    const deployment = bearer(HTTP_TOKEN);
    const alices = [await open(alice)];
    const deployments = [await open(deployment)];
    const mallorys: string[] = [];
    for (let i = 0; i < 5; i++) mallorys.push(await open(mallory));
    expect(await usable(alice, alices[0] as string)).toBe(true);
    expect(await usable(deployment, deployments[0] as string)).toBe(true);
    // Mallory keeps her two newest; her older ones are closed.
    expect(await Promise.all(mallorys.map((sid) => usable(mallory, sid)))).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(running?.sessionCount()).toBe(4);
  });

  it('owns the tasks it starts: a task opens only for the caller it was made for', async () => {
    const url = await start();
    callers.length = 0;
    const tasks = {
      _meta: {
        'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
      },
    };
    const alice = bearer(await token({ sub: 'alice' }));
    const created = await modern(
      url,
      'tools/call',
      1,
      { name: POLLED, arguments: { statement: 'select 1' }, ...tasks },
      alice,
    );
    const task = JSON.parse(created.body).result;
    expect(task, created.body).toMatchObject({ resultType: 'task', status: 'working' });
    const get = (headers: Record<string, string>) =>
      modern(url, 'tasks/get', 2, { taskId: task.taskId, ...tasks }, { 'mcp-name': task.taskId, ...headers });
    for (const stranger of [bearer(await token({ sub: 'bob' })), bearer(HTTP_TOKEN)]) {
      const refused = JSON.parse((await get(stranger)).body);
      expect(refused.error?.code).toBe(-32602);
    }
    const answer = await get(alice);
    const own = JSON.parse(answer.body).result;
    expect(own, answer.body).toMatchObject({
      taskId: task.taskId,
      status: 'completed',
      result: { resultType: 'complete' },
    });
    expect(callers).toEqual(['alice', 'alice']);
    // A replica that does not serve the tool does not follow its tasks.
    const other = await serveHttp({
      host: '127.0.0.1',
      port: 0,
      createServer: () =>
        createToolServer({
          entries: entries.filter((e) => e.tool.name !== POLLED),
          runner,
          version: '9.9.9',
        }),
      auth: {
        token: HTTP_TOKEN,
        oauth: { issuer: ISSUER, audience: AUDIENCE, jwksUrl, algorithms: ['ES256'] },
      },
    });
    try {
      const elsewhere = await modern(
        other.url,
        'tasks/get',
        3,
        { taskId: task.taskId, ...tasks },
        { 'mcp-name': task.taskId, ...alice },
      );
      expect(JSON.parse(elsewhere.body).error?.code).toBe(-32602);
    } finally {
      await other.close();
    }
  });

  it('reaches the tool from the MCP SDK client sending the token in its request headers', async () => {
    const url = await start();
    callers.length = 0;
    const client = new Client({ name: 'toolspec-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: bearer(await token({ sub: 'carol' })) },
      }),
    );
    try {
      const listed = await client.listTools();
      expect(listed.tools.length).toBe(entries.length);
      const r = await client.callTool({ name: TOOL, arguments: {} });
      expect(r.isError).toBeFalsy();
    } finally {
      await client.close();
    }
    expect(callers).toEqual(['carol']);
  });
});

describe('toolspec serve --http (CLI)', () => {
  const serve = (args: string[], env: Record<string, string>) =>
    runChild(process.execPath, [...CLI, ...args], {
      cwd: REPO,
      env: {
        ...(process.env as Record<string, string>),
        NODE_NO_WARNINGS: '1',
        ...env,
        TOOLSPEC_HTTP_TOKEN: env.TOOLSPEC_HTTP_TOKEN ?? '',
      },
    });

  it('refuses to start without a bearer secret, on loopback too, saying how to configure one', async () => {
    for (const host of ['127.0.0.1', '0.0.0.0']) {
      const r = await serve(['--sandbox', '--http', '0', '--host', host], {});
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('TOOLSPEC_HTTP_TOKEN');
      expect(r.stderr).toContain('--token-file');
      expect(r.stderr).not.toContain('Streamable HTTP at');
    }
    const short = await serve(['--sandbox', '--http', '0'], { TOOLSPEC_HTTP_TOKEN: 'abc123secret' });
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/at least 16 characters/);
    expect(short.stderr).not.toContain('abc123secret');
    const missing = await serve(['--sandbox', '--http', '0', '--token-file', '/nonexistent/secret'], {});
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('ENOENT');
  }, 60_000);
});

describe('the configuration from the environment and flags', () => {
  const oauthEnv = {
    TOOLSPEC_HTTP_TOKEN: HTTP_TOKEN,
    TOOLSPEC_OAUTH_ISSUER: ISSUER,
    TOOLSPEC_OAUTH_AUDIENCE: AUDIENCE,
    TOOLSPEC_OAUTH_JWKS_URL: 'https://issuer.test/jwks.json',
  };

  it('reads the secret from TOOLSPEC_HTTP_TOKEN or a token file (which wins), and OAuth from its four variables', () => {
    expect(httpAuthFromEnv({ TOOLSPEC_HTTP_TOKEN: HTTP_TOKEN })).toEqual({
      token: HTTP_TOKEN,
      oauth: undefined,
    });
    const dir = mkdtempSync(join(tmpdir(), 'toolspec-token-'));
    try {
      const file = join(dir, 'secret');
      writeFileSync(file, 'from-the-file-0123456789abcdef\n');
      expect(httpAuthFromEnv({ TOOLSPEC_HTTP_TOKEN: HTTP_TOKEN }, file).token).toBe(
        'from-the-file-0123456789abcdef',
      );
      writeFileSync(file, '');
      expect(() => httpAuthFromEnv({}, file)).toThrow(/the file is empty/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(httpAuthFromEnv({ ...oauthEnv, TOOLSPEC_OAUTH_ALGORITHMS: 'ES256, EdDSA' }).oauth).toEqual({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwksUrl: 'https://issuer.test/jwks.json',
      algorithms: ['ES256', 'EdDSA'],
    });
  });

  it('refuses half an OAuth configuration, naming what is missing, and OAuth without the secret', () => {
    const { TOOLSPEC_OAUTH_JWKS_URL: _, ...noJwks } = oauthEnv;
    expect(() => httpAuthFromEnv(noJwks)).toThrow(/TOOLSPEC_OAUTH_JWKS_URL/);
    const { TOOLSPEC_HTTP_TOKEN: __, ...noSecret } = oauthEnv;
    const e = (() => {
      try {
        httpAuthFromEnv(noSecret);
      } catch (err) {
        return err;
      }
    })();
    expect(e).toBeInstanceOf(HttpAuthConfigError);
    expect(String(e)).toContain('TOOLSPEC_HTTP_TOKEN');
  });

  it('lists allowed origins from TOOLSPEC_HTTP_ALLOWED_ORIGINS and --allow-origin', () => {
    expect(
      allowedOriginsFromEnv({ TOOLSPEC_HTTP_ALLOWED_ORIGINS: 'https://a.example, https://b.example' }, [
        'https://c.example,https://d.example',
      ]),
    ).toEqual(['https://a.example', 'https://b.example', 'https://c.example', 'https://d.example']);
  });
});
