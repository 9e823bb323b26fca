/**
 * A set that declares auth, called without its credential, fails before anything is sent (no
 * request reaches the loopback vendor, no DNS lookup of the real host) with a `configuration`
 * error naming what is missing: the TOOLSPEC_<SET>_* variable for connections from the
 * environment, the `connections.<set>.*` field for connections given to createToolkit, the
 * call's or the resolver's `connection.*` field. Every auth kind, each with its dry run: the
 * credential's scheme and place with the value redacted, or what is missing. Unknown tool names
 * answer invalid_input with the nearest names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecIR } from '../../language/ir/ir.js';
import { loadSpecTexts } from '../../language/load/load.js';
import { nearest } from '../../language/nearest.js';
import { loadConnections } from '../../runtime/connections/env.js';
import { createToolkit } from '../../runtime/toolkit.js';
import type { ConnectionOptions, ToolkitOptions } from '../../runtime/types.js';
import { failure } from './support/fixture.js';
import { type Loopback, startLoopback } from './support/loopback.js';

/** One set per auth kind, each with one read tool `<set>_thing_get` (GET /thing). */
const AUTHS: Readonly<Record<string, string>> = {
  kb: '{ type: bearer }',
  ko: '{ type: oauth2, token_url: https://auth.ko.invalid/token }',
  kc: '{ type: oauth2_client_credentials, token_url: https://auth.kc.invalid/token }',
  kk: `
  type: api_key
  keys:
    - { credential: api_key, in: header, name: X-Api-Key, prefix: "Key " }
    - { credential: query_key, in: query, name: key }`,
  kp: '{ type: basic }',
  kq: '{ type: basic, username: api_key, password_optional: true }',
  kn: '{ type: none }',
};

const specText = (set: string, auth: string): string => `
toolspec: 1
set: ${set}
title: ${set}
description: The ${set} test set.
server: { url: https://api.${set}.invalid }
auth: ${auth}
tools:
  - name: ${set}_thing_get
    title: Get a thing
    description: Reads one thing.
    effects: read
    method: GET
    path: /thing
    inputs:
      q: { in: query, type: string }
    examples:
      - { name: one, input: {}, request: { method: GET, path: /thing }, response: { status: 200, body: { ok: 1 } }, output: { ok: 1 } }
`;

function load(): SpecIR {
  const { ir, diagnostics } = loadSpecTexts(
    Object.entries(AUTHS).map(([set, auth]) => ({ file: `${set}.yaml`, text: specText(set, auth) })),
  );
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  if (!ir) throw new Error('no ir');
  return ir;
}

const SECRET = 'sekret-credential-0123456789';
const USER = 'user-name-4242';
/** Every credential of every set (for the runs where nothing is missing). */
function complete(url: string): Record<string, ConnectionOptions> {
  const base = { baseUrl: url };
  return {
    kb: { ...base, token: SECRET },
    ko: { ...base, token: SECRET },
    kc: { ...base, oauth: { clientId: USER, clientSecret: SECRET, tokenUrl: `${url}/token` } },
    kk: { ...base, credentials: { api_key: SECRET, query_key: `${SECRET}-q` } },
    kp: { ...base, credentials: { username: USER, password: SECRET } },
    kq: { ...base, credentials: { api_key: SECRET } },
    kn: base,
  };
}

let ir: SpecIR;
let vendor: Loopback;
const opened: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  vendor = await startLoopback((r) =>
    r.path === '/token' ? { body: { access_token: `${SECRET}-at`, expires_in: 3600 } } : { body: { ok: 1 } },
  );
  ir = load();
});
afterAll(async () => {
  for (const t of opened) await t.close();
  await vendor.close();
});

function kit(connections: ToolkitOptions['connections']) {
  const toolkit = createToolkit({ specs: ir, connections, retry: { maxRetries: 0 } });
  opened.push(toolkit);
  return toolkit;
}

/** The credential of each set that its connection lacks when only a base URL is given. */
const MISSING: Readonly<Record<string, { env: string[]; fields: string[] }>> = {
  kb: { env: ['TOOLSPEC_KB_TOKEN'], fields: ['connections.kb.token'] },
  ko: {
    env: ['TOOLSPEC_KO_TOKEN (or TOOLSPEC_KO_REFRESH_TOKEN)'],
    fields: ['connections.ko.token (or connections.ko.oauth.refreshToken)'],
  },
  kc: {
    env: ['TOOLSPEC_KC_CLIENT_ID', 'TOOLSPEC_KC_CLIENT_SECRET'],
    fields: ['connections.kc.oauth.clientId', 'connections.kc.oauth.clientSecret'],
  },
  kk: {
    env: ['TOOLSPEC_KK_API_KEY', 'TOOLSPEC_KK_QUERY_KEY'],
    fields: ['connections.kk.credentials.api_key', 'connections.kk.credentials.query_key'],
  },
  kp: {
    env: ['TOOLSPEC_KP_USERNAME', 'TOOLSPEC_KP_PASSWORD'],
    fields: ['connections.kp.credentials.username', 'connections.kp.credentials.password'],
  },
  kq: { env: ['TOOLSPEC_KQ_API_KEY'], fields: ['connections.kq.credentials.api_key'] },
};

describe('a missing credential fails before anything is sent', () => {
  for (const [set, missing] of Object.entries(MISSING)) {
    it(`${set} (${/type: (\w+)/.exec(AUTHS[set] ?? '')?.[1]}): names the connections field, then the variable`, async () => {
      const before = vendor.requests.length;
      const given = kit({ [set]: { baseUrl: vendor.url } });
      const e = await failure(given.call(`${set}_thing_get`, {}));
      expect(e.code).toBe('configuration');
      expect(e.retryable).toBe(false);
      expect(e.tool).toBe(`${set}_thing_get`);
      expect(e.message).toContain(`missing credential for the "${set}" set: ${missing.fields.join(' and ')}`);
      expect(e.field).toBe(missing.fields[0]?.split(' ')[0]);
      expect(e.hint).toContain("createToolkit's connections");

      const fromEnv = kit(
        await loadConnections({
          env: { [`TOOLSPEC_${set.toUpperCase()}_BASE_URL`]: vendor.url },
          sets: ir.sets,
        }),
      );
      const v = await failure(fromEnv.call(`${set}_thing_get`, {}));
      expect(v.code).toBe('configuration');
      expect(v.message).toContain(`: ${missing.env.join(' and ')}`);
      expect(v.field).toBe(missing.env[0]?.split(' ')[0]);
      expect(v.details).toMatchObject({ set, missing: missing.env.map((m) => m.split(' ')[0]) });
      expect(v.hint).toMatch(/^Set TOOLSPEC_/);
      expect(v.hint).toContain('--sandbox');
      // Neither the vendor nor a token endpoint was asked anything.
      expect(vendor.requests.length).toBe(before);
    });
  }

  it('the real host is never looked up: a configuration error, not network_error (ENOTFOUND)', async () => {
    const toolkit = kit(await loadConnections({ env: {}, sets: ir.sets }));
    const e = await failure(toolkit.call('kb_thing_get', {}));
    expect(e.code).toBe('configuration');
    expect(e.message).toContain('TOOLSPEC_KB_TOKEN is not set');
    expect(JSON.stringify(e.toJSON())).not.toMatch(/ENOTFOUND|getaddrinfo/);
  });

  it('names only what is missing: the password, the token URL of a refresh token', async () => {
    const before = vendor.requests.length;
    const toolkit = kit({
      kp: { baseUrl: vendor.url, credentials: { username: USER } },
      ko: { baseUrl: vendor.url, oauth: { refreshToken: SECRET } },
    });
    const p = await failure(toolkit.call('kp_thing_get', {}));
    expect(p.details).toEqual({ set: 'kp', missing: ['connections.kp.credentials.password'] });
    // A refresh token with the spec's token URL is enough (the refresh itself is tested elsewhere) …
    await expect(toolkit.dryRun('ko_thing_get', {})).resolves.toMatchObject({
      headers: { authorization: 'Bearer [redacted]' },
    });
    // … without one (a spec that declares none), the connection must give it.
    const noUrl = loadSpecTexts([{ file: 'ko.yaml', text: specText('ko', '{ type: oauth2 }') }]).ir as SpecIR;
    const refresh = createToolkit({
      specs: noUrl,
      connections: { ko: { baseUrl: vendor.url, oauth: { refreshToken: SECRET } } },
    });
    opened.push(refresh);
    const r = await failure(refresh.call('ko_thing_get', {}));
    expect(r.message).toContain('connections.ko.oauth.tokenUrl is not set');
    expect(JSON.stringify([p.toJSON(), r.toJSON()])).not.toContain(SECRET);
    expect(vendor.requests.length).toBe(before);
  });

  it("pages() refuses too; a call's or a resolver's connection names its own fields", async () => {
    const before = vendor.requests.length;
    const toolkit = kit({});
    await expect(async () => {
      for await (const _ of toolkit.pages('kb_thing_get', {})) break;
    }).rejects.toMatchObject({ code: 'configuration' });
    const call = await failure(toolkit.call('kb_thing_get', {}, { connection: { baseUrl: vendor.url } }));
    expect(call.message).toContain('connection.token is not set');
    expect(call.hint).toContain("the call's connection option");
    const resolved = kit(() => ({ baseUrl: vendor.url, credentials: { username: USER } }));
    const r = await failure(resolved.call('kp_thing_get', {}));
    expect(r.message).toContain('connection.credentials.password is not set');
    expect(r.hint).toContain('resolver');
    expect(vendor.requests.length).toBe(before);
  });

  it('with every credential given, each kind sends it; a set without auth needs none', async () => {
    const toolkit = kit(complete(vendor.url));
    for (const set of Object.keys(AUTHS)) {
      await expect(toolkit.call(`${set}_thing_get`, { q: set })).resolves.toEqual({ ok: 1 });
    }
    const sent = (set: string) => vendor.requests.find((r) => r.path === '/thing' && r.query.q === set);
    expect(sent('kb')?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(sent('kc')?.headers.authorization).toBe(`Bearer ${SECRET}-at`);
    expect(sent('kk')?.headers['x-api-key']).toBe(`Key ${SECRET}`);
    expect(sent('kk')?.query.key).toBe(`${SECRET}-q`);
    expect(sent('kp')?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${USER}:${SECRET}`).toString('base64')}`,
    );
    expect(sent('kn')?.headers.authorization).toBeUndefined();
  });
});

describe('the dry run shows the auth shape, never a secret', () => {
  it('each credential where the request carries it, with its scheme or prefix', async () => {
    const toolkit = kit(complete(vendor.url));
    const before = vendor.requests.length;
    const dry = async (set: string) => toolkit.dryRun(`${set}_thing_get`, { q: 'x' });
    expect((await dry('kb')).headers.authorization).toBe('Bearer [redacted]');
    expect((await dry('ko')).headers.authorization).toBe('Bearer [redacted]');
    expect((await dry('kc')).headers.authorization).toBe('Bearer [redacted]');
    expect((await dry('kp')).headers.authorization).toBe('Basic [redacted]');
    expect((await dry('kq')).headers.authorization).toBe('Basic [redacted]');
    const kk = await dry('kk');
    expect(kk.headers['x-api-key']).toBe('Key [redacted]');
    expect(kk.headers.authorization).toBeUndefined();
    expect(kk.url).toBe(`${vendor.url}/thing?q=x&key=[redacted]`);
    const kn = await dry('kn');
    expect(kn.headers.authorization).toBeUndefined();
    expect(kn.url).toBe(`${vendor.url}/thing?q=x`);
    const printed = JSON.stringify(await Promise.all(Object.keys(AUTHS).map(dry)));
    const basic = Buffer.from(`${USER}:${SECRET}`);
    for (const s of [
      SECRET,
      basic.toString('base64'),
      basic.toString('base64url'),
      encodeURIComponent(SECRET),
    ])
      expect(printed).not.toContain(s);
    // The dry run sends nothing, not even the client-credentials token request.
    expect(vendor.requests.length).toBe(before);
  });

  it('a missing credential is shown as what to set, by variable or by field', async () => {
    const fromEnv = kit(await loadConnections({ env: {}, sets: ir.sets }));
    const given = kit({});
    const env = async (set: string) => fromEnv.dryRun(`${set}_thing_get`, {});
    expect((await env('kb')).headers.authorization).toBe('Bearer [missing: TOOLSPEC_KB_TOKEN]');
    expect((await env('ko')).headers.authorization).toBe(
      'Bearer [missing: TOOLSPEC_KO_TOKEN (or TOOLSPEC_KO_REFRESH_TOKEN)]',
    );
    expect((await env('kc')).headers.authorization).toBe(
      'Bearer [missing: TOOLSPEC_KC_CLIENT_ID and TOOLSPEC_KC_CLIENT_SECRET]',
    );
    expect((await env('kp')).headers.authorization).toBe(
      'Basic [missing: TOOLSPEC_KP_USERNAME and TOOLSPEC_KP_PASSWORD]',
    );
    const kk = await env('kk');
    expect(kk.headers['x-api-key']).toBe('Key [missing: TOOLSPEC_KK_API_KEY]');
    expect(kk.url).toBe('https://api.kk.invalid/thing?key=[missing: TOOLSPEC_KK_QUERY_KEY]');
    expect((await given.dryRun('kb_thing_get', {})).headers.authorization).toBe(
      'Bearer [missing: connections.kb.token]',
    );
    // A resolver decides each call's connection: the dry run shows the shape only.
    const resolved = kit(() => undefined);
    expect((await resolved.dryRun('kp_thing_get', {})).headers.authorization).toBe('Basic [redacted]');
  });
});

describe('unknown tool names', () => {
  it('are invalid_input (not the vendor-404 code) naming the nearest tools in one line', async () => {
    const toolkit = kit(complete(vendor.url));
    const e = await failure(toolkit.call('kb_thing_gett', {}));
    expect(e.code).toBe('invalid_input');
    expect(e.field).toBe('tool');
    expect(e.message).toBe('unknown tool kb_thing_gett; did you mean kb_thing_get?');
    expect(e.details).toEqual({ suggestions: ['kb_thing_get'] });
    const tie = await failure(toolkit.dryRun('k_thing_get', {}));
    expect(tie.message).toMatch(/^unknown tool k_thing_get; did you mean kb_thing_get or kc_thing_get or/);
    const far = await failure(toolkit.call('delete_everything', {}));
    expect(far.message).toBe('unknown tool delete_everything');
    expect(far.hint).toContain('toolkit.list()');
  });

  it('nearest: typos within a third of the name (1 to 3 edits), case ignored, never the name itself', () => {
    const names = ['notes_page_get', 'notes_page_create', 'notes_user_list', 'dry-run'];
    expect(nearest('notes_page_gett', names)).toEqual(['notes_page_get']);
    expect(nearest('NOTES_PAGE_GET', names)).toEqual(['notes_page_get']);
    expect(nearest('notes_page_get', names)).toEqual([]);
    expect(nearest('dryrun', names)).toEqual(['dry-run']);
    expect(nearest('notes', names)).toEqual([]);
    expect(nearest('x', ['y', 'xy'])).toEqual(['y', 'xy']);
    expect(nearest('abc', [])).toEqual([]);
  });
});
