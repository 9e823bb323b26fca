/**
 * Two callers over HTTP, each with their own connection: a replica validates OAuth access tokens
 * (a JWKS on loopback) and maps each token's subject to that caller's connection, which an operator
 * put in the shared store with `toolspec connections set` (the secret read from stdin). Neither
 * caller reaches the other's connection; a caller without one gets an error naming it; the bearer
 * secret is the deployment, with the environment's connection.
 */
import { createServer } from 'node:http';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Listening, listenOnLoopback } from '../support/listen.js';
import {
  connectClient,
  deploymentEnv,
  REDIS_MISSING,
  type Redis,
  type Replica,
  redisBinary,
  startRedis,
  startReplica,
  startVendor,
  teamSpec,
  toolspec,
  type Vendor,
} from './support.js';

const available = redisBinary() !== null;
if (!available) console.warn(`test/team/callers-http.test.ts skipped: ${REDIS_MISSING}`);

const ISSUER = 'https://auth.team.test/';
const AUDIENCE = 'https://tools.team.test/mcp';

describe.skipIf(!available)(
  'callers over HTTP (OAuth subject -> own connection)',
  { timeout: 120_000 },
  () => {
    let redis: Redis;
    let vendor: Vendor;
    let jwks: Listening | undefined;
    let replica: Replica;
    let spec: string;
    let key: Awaited<ReturnType<typeof generateKeyPair>>;
    const clients: Client[] = [];

    const tokenFor = (sub: string) =>
      new SignJWT({ scope: 'tools' })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(key.privateKey);

    const as = async (sub: string) => {
      const client = await connectClient(replica.url, await tokenFor(sub));
      clients.push(client);
      return (args: Record<string, unknown>) => client.callTool({ name: 'team_item_get', arguments: args });
    };

    beforeAll(async () => {
      key = await generateKeyPair('ES256');
      const jwk = { ...(await exportJWK(key.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
      jwks = await listenOnLoopback(
        createServer((_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ keys: [jwk] }));
        }),
      );
      [redis, vendor] = await Promise.all([startRedis(), startVendor()]);
      vendor.staticTokens.set('alice-secret-token', 'alice');
      vendor.staticTokens.set('bob-secret-token', 'bob');
      for (const [caller, token] of [
        ['alice', 'alice-secret-token'],
        ['bob', 'bob-secret-token'],
      ] as const) {
        const r = await toolspec(
          ['connections', 'set', '--store', redis.url, '--caller', caller, '--set', 'team', '--from-stdin'],
          JSON.stringify({ token }),
        );
        expect(r.code, r.stderr).toBe(0);
        expect(r.stderr).not.toContain(token);
      }
      spec = teamSpec(vendor.url);
      replica = await startReplica(spec, redis.url, {
        ...deploymentEnv(vendor),
        TOOLSPEC_OAUTH_ISSUER: ISSUER,
        TOOLSPEC_OAUTH_AUDIENCE: AUDIENCE,
        TOOLSPEC_OAUTH_JWKS_URL: `${jwks.origin}/jwks.json`,
        TOOLSPEC_OAUTH_ALGORITHMS: 'ES256',
      });
    }, 120_000);

    afterAll(async () => {
      try {
        for (const c of clients) await c.close().catch(() => {});
        await replica?.kill();
        await vendor?.close();
        await jwks?.close();
      } finally {
        await redis?.close();
      }
    });

    it('each caller uses its own connection; a caller without one is refused by name', async () => {
      const alice = await as('alice');
      const bob = await as('bob');
      const carol = await as('carol');
      const [a, b] = await Promise.all([alice({ item_id: 'a1' }), bob({ item_id: 'b1' })]);
      expect(a.structuredContent).toEqual({ id: 'a1', owner: 'alice' });
      expect(b.structuredContent).toEqual({ id: 'b1', owner: 'bob' });
      const c = await carol({ item_id: 'c1' });
      expect(c.isError).toBe(true);
      const text = JSON.stringify(c.content);
      expect(text).toContain('caller \\"carol\\"');
      expect(text).not.toMatch(/alice-secret-token|bob-secret-token|at-\d|rt-\d/);
      // What each caller's requests carried at the vendor: only its own token.
      const byItem = new Map(vendor.requests.map((r) => [r.path, r.authorization]));
      expect(byItem.get('/items/a1')).toBe('Bearer alice-secret-token');
      expect(byItem.get('/items/b1')).toBe('Bearer bob-secret-token');
      expect(byItem.has('/items/c1')).toBe(false);
    });

    it('the bearer secret is the deployment, with the environment connection', async () => {
      const r = await replica.call('team_item_get', { item_id: 'd1' });
      expect(r.structuredContent).toEqual({ id: 'd1', owner: 'deployment' });
    });

    it("toolspec call --caller uses that caller's stored connection", async () => {
      const r = await toolspec(
        [
          'call',
          'team_item_get',
          '--specs',
          spec,
          '--store',
          redis.url,
          '--caller',
          'alice',
          '--input',
          '{"item_id":"cli"}',
        ],
        '',
      );
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({ id: 'cli', owner: 'alice' });
    });

    it('an operator removes a caller connection; the caller is refused, the other is unaffected', async () => {
      const r = await toolspec(
        ['connections', 'delete', '--store', redis.url, '--caller', 'bob', '--set', 'team'],
        '',
      );
      expect(r.code, r.stderr).toBe(0);
      const bob = await as('bob');
      expect((await bob({ item_id: 'b2' })).isError).toBe(true);
      const alice = await as('alice');
      expect((await alice({ item_id: 'a2' })).structuredContent).toEqual({ id: 'a2', owner: 'alice' });
    });
  },
);
