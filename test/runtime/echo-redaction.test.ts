/**
 * A vendor that echoes the credential back, in every encoding a vendor may use, in successful
 * answers and in errors, for every auth kind (bearer, API key in a header and in the query with a
 * Trello-like key and token, basic, OAuth access token from a refresh): no credential appears in
 * any output of any tool. The library's results, errors and log events; `toolspec call`'s stdout
 * and stderr; `toolspec serve`'s result text, structuredContent and error `_meta` through a real
 * MCP client. A real node:http loopback vendor; real child processes.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecFiles } from '../../language/load/load.js';
import { createToolkit } from '../../runtime/toolkit.js';
import type { ConnectionOptions, LogEvent } from '../../runtime/types.js';
import { type Served, serve } from '../mcp/support.js';
import { type Ran, runChild } from '../support/children.js';
import { CLI_FROM_SOURCES } from '../support/paths.js';
import { type Loopback, type SeenRequest, startLoopback } from './support/loopback.js';

/** Credentials with the characters encodings change: `/`, `+`, `=`, a space in the password. */
const C = {
  bearer: 'bearer/Tok+en=0123456789abcdef',
  headerKey: 'hdr/Key+Value=9876543210zyx',
  queryKey: 'trello/Key+0011223344',
  queryToken: 'trello/Token+5566778899=aa',
  user: 'basic-user-7788',
  password: 'pass word/+=42xyzQ',
  refresh: 'refresh/Tok+en=first-0001',
  rotated: 'refresh/Tok+en=second-0002',
  access: 'access/Tok+en=issued-0003',
  clientSecret: 'client/Sec+ret=0004',
} as const;

/** Every value that must never be shown (the basic username is an identifier, not probed). */
const SECRETS = Object.entries(C)
  .filter(([k]) => k !== 'user')
  .map(([, v]) => v);

const upper = (t: string) => t.replace(/%[0-9a-f]{2}/gi, (m) => m.toUpperCase());
const lower = (t: string) => t.replace(/%[0-9a-f]{2}/gi, (m) => m.toLowerCase());
const url = (v: string) => encodeURIComponent(v);
const form = (v: string) => new URLSearchParams({ v }).toString().slice(2);
const b64 = (v: string) => Buffer.from(v).toString('base64');
const b64url = (v: string) => Buffer.from(v).toString('base64url');
/** Every character as a JSON `\uXXXX` escape, hex in the given case. */
const unicode = (v: string, up: boolean) =>
  [...v]
    .map((c) => {
      const hex = c.charCodeAt(0).toString(16).padStart(4, '0');
      return `\\u${up ? hex.toUpperCase() : hex}`;
    })
    .join('');
/** A JSON text (as a vendor nests one in a string) with `/` escaped as `\/` (PHP's json_encode). */
const phpJson = (v: unknown) => JSON.stringify(v).replace(/\//g, '\\/');

/** The encodings a vendor echoes a value in. */
function encodings(v: string): Record<string, string> {
  return {
    raw: v,
    url_upper: upper(url(v)),
    url_lower: lower(url(v)),
    form: lower(form(v)),
    url_twice: url(url(v)),
    base64: b64(v),
    base64_unpadded: b64(v).replace(/=+$/, ''),
    base64url: b64url(v),
    json_slash: phpJson(v).slice(1, -1),
    json_unicode_lower: unicode(v, false),
    json_unicode_upper: unicode(v, true),
  };
}

/** The base64 characters that depend only on `v` inside longer base64, at each byte alignment. */
function base64Inside(v: string): string[] {
  const out: string[] = [];
  for (const pad of ['', 'a', 'ab']) {
    const bytes = Buffer.from(pad + v);
    const end = Math.floor(bytes.length / 3) * 4;
    for (const text of [bytes.toString('base64'), bytes.toString('base64url')]) {
      const middle = text.slice(pad === '' ? 0 : 4, end);
      if (middle.length >= 12) out.push(middle);
    }
  }
  return out;
}

/** What must not appear in an output: each encoding, as written and as JSON text writes it. */
const PROBES: readonly string[] = [
  ...new Set(
    SECRETS.flatMap((v) => [...Object.values(encodings(v)), ...base64Inside(v)]).flatMap((p) => [
      p,
      JSON.stringify(p).slice(1, -1),
    ]),
  ),
];

function leaks(text: string): string[] {
  return PROBES.filter((p) => text.includes(p));
}

/** The credentials a request carried, by name (what the vendor echoes). */
function carried(r: SeenRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const auth = r.headers.authorization ?? '';
  if (auth.startsWith('Bearer ')) out.bearer = auth.slice(7);
  if (auth.startsWith('Basic ')) {
    const pair = Buffer.from(auth.slice(6), 'base64').toString('utf8');
    out.user = pair.slice(0, pair.indexOf(':'));
    out.password = pair.slice(pair.indexOf(':') + 1);
    out.basic = auth.slice(6);
  }
  if (r.headers['x-api-key']) out.header_key = r.headers['x-api-key'];
  if (typeof r.query.key === 'string') out.key = r.query.key;
  if (typeof r.query.token === 'string') out.token = r.query.token;
  if (out.key && out.token) out.key_token = b64(`${out.key}:${out.token}`);
  return out;
}

/** The echo: every credential in every encoding, as values and as keys, the request URL and headers. */
function echo(r: SeenRequest): Record<string, unknown> {
  const creds = carried(r);
  const body: Record<string, unknown> = {
    request_url: `http://vendor.test${r.url}`,
    request_url_base64: b64(`http://vendor.test${r.url}`),
    headers: r.headers,
    nested_json: phpJson({ creds, url: r.url }),
  };
  for (const [name, v] of Object.entries(creds)) {
    body[name] = encodings(v);
    body[`${v}`] = `${name} as a key`;
  }
  return body;
}

let vendor: Loopback;
let dir: string;
let specFiles: string[];
let connectionsFile: string;
let connections: Record<string, ConnectionOptions>;

/** One set per auth kind; each with `<set>_echo` (200) and `<set>_fail` (400 JSON) and `<set>_text_fail` (422 text). */
const AUTHS: Readonly<Record<string, string>> = {
  eb: '{ type: bearer }',
  eh: `
  type: api_key
  keys: [{ credential: api_key, in: header, name: X-Api-Key }]`,
  eq: `
  type: api_key
  keys:
    - { credential: api_key, in: query, name: key }
    - { credential: api_token, in: query, name: token }`,
  ep: '{ type: basic }',
  eo: '{ type: oauth2, token_url: https://auth.invalid/token }',
};
const SETS = Object.keys(AUTHS);

const tool = (set: string, name: string, path: string) => `
  - name: ${set}_${name}
    title: ${name}
    description: Reads the ${name} echo of the request from the vendor.
    effects: read
    method: GET
    path: ${path}
    inputs:
      q: { in: query, type: string, description: Any text. }
    examples:
      - { name: one, input: {}, request: { method: GET, path: ${path} }, response: { status: 200, body: { ok: 1 } }, output: { ok: 1 } }`;

const specText = (set: string, auth: string): string => `
toolspec: 1
set: ${set}
title: Echo ${set}
description: A vendor that echoes its credentials back.
server: { url: https://api.${set}.invalid }
auth: ${auth}
errors:
  code: [/error/code]
  message: [/error/message]
  details:
    echo: /echo
paging:
  link: { style: next_link, items: /items, next: /next }
tools:${tool(set, 'echo', '/echo')}${tool(set, 'fail', '/fail')}${tool(set, 'text_fail', '/text-fail')}
  - name: ${set}_list
    title: list
    description: Lists the echoes of the request page by page from the vendor.
    effects: read
    method: GET
    path: /list
    paging: link
    inputs:
      cursor: { in: none, type: string, description: next_cursor of the previous page. }
    examples:
      - { name: one, input: {}, request: { method: GET, path: /list }, response: { status: 200, body: { items: [] } }, output: { items: [], next_cursor: null, has_more: false } }
`;

beforeAll(async () => {
  vendor = await startLoopback((r) => {
    if (r.path === '/token') {
      return {
        body: {
          access_token: C.access,
          refresh_token: C.rotated,
          expires_in: 3600,
          echo: r.rawBody,
        },
      };
    }
    const e = echo(r);
    if (r.path.endsWith('/list')) {
      // The next link echoes the request's query, credentials and all (as many vendors' links do).
      const q = r.url.indexOf('?');
      const query = q < 0 ? '' : r.url.slice(q + 1);
      const next =
        r.query.page === '2' ? null : `${vendor.url}${r.path}?page=2${query === '' ? '' : `&${query}`}`;
      return { body: { items: [e], next } };
    }
    if (r.path.endsWith('/fail')) {
      return {
        status: 400,
        headers: { 'content-type': 'application/json' },
        body: phpJson({
          error: { code: Object.values(carried(r))[0], message: phpJson(e) },
          echo: e,
        }),
      };
    }
    if (r.path.endsWith('/text-fail')) {
      // A text body is cut at 300 characters: one encoding (the input `q`) of each credential.
      const which = typeof r.query.q === 'string' ? r.query.q : 'raw';
      const text = Object.entries(carried(r))
        .filter(([name]) => name !== 'user')
        .map(([name, v]) => `${name}=${encodings(v)[which] ?? v}`)
        .join(' ');
      return { status: 422, headers: { 'content-type': 'text/plain' }, body: text };
    }
    return { headers: { 'content-type': 'application/json' }, body: phpJson(e) };
  });
  dir = await mkdtemp(join(tmpdir(), 'toolspec-echo-'));
  specFiles = [];
  for (const [set, auth] of Object.entries(AUTHS)) {
    const file = join(dir, `${set}.yaml`);
    await writeFile(file, specText(set, auth));
    specFiles.push(file);
  }
  const base = (set: string) => `${vendor.url}/${set}`;
  connections = {
    eb: { baseUrl: base('eb'), token: C.bearer },
    eh: { baseUrl: base('eh'), credentials: { api_key: C.headerKey } },
    eq: { baseUrl: base('eq'), credentials: { api_key: C.queryKey, api_token: C.queryToken } },
    ep: { baseUrl: base('ep'), credentials: { username: C.user, password: C.password } },
    eo: {
      baseUrl: base('eo'),
      oauth: {
        refreshToken: C.refresh,
        clientId: 'client-id-1',
        clientSecret: C.clientSecret,
        tokenUrl: `${vendor.url}/token`,
      },
    },
  };
  connectionsFile = join(dir, 'connections.json');
  await writeFile(connectionsFile, JSON.stringify(connections));
});
afterAll(async () => {
  await vendor?.close();
});

/** The vendor saw each credential as sent (the echo holds them). */
function expectVendorSawCredentials(): void {
  const seen = JSON.stringify(vendor.requests.map(carried));
  for (const v of [C.bearer, C.headerKey, C.queryKey, C.queryToken, C.password, C.access]) {
    expect(seen).toContain(JSON.stringify(v).slice(1, -1));
  }
}

describe('the library: results, errors and logs', () => {
  it('no credential in a result, an error or a log event, for every auth kind and encoding', async () => {
    const logs: LogEvent[] = [];
    const { ir, diagnostics } = loadSpecFiles(specFiles);
    if (!ir) throw new Error(`the echo specs do not load: ${JSON.stringify(diagnostics)}`);
    const toolkit = createToolkit({
      specs: ir,
      connections,
      retry: { maxRetries: 0 },
      logger: (e) => logs.push(e),
    });
    const shown: string[] = [];
    for (const set of SETS) {
      const ok = await toolkit.call(`${set}_echo`, { q: 'x' });
      // The echo came back (not an empty or failed answer), with the credentials redacted.
      expect(JSON.stringify(ok)).toContain('[redacted]');
      expect(JSON.stringify(ok)).toContain('request_url');
      shown.push(JSON.stringify(ok));
      const failures = [['fail', 'raw'], ...Object.keys(encodings('')).map((q) => ['text_fail', q])] as const;
      for (const [name, q] of failures) {
        const err = await toolkit.call(`${set}_${name}`, { q }).then(
          () => {
            throw new Error(`${set}_${name} should fail`);
          },
          (e: Error & { toJSON(): unknown }) => e,
        );
        shown.push(JSON.stringify(err.toJSON()), err.message, String(err.stack));
      }
      const pages: string[] = [];
      for await (const page of toolkit.pages(`${set}_echo`, {})) pages.push(JSON.stringify(page));
      shown.push(...pages);
    }
    shown.push(JSON.stringify(logs));
    await toolkit.close();
    expectVendorSawCredentials();
    expect(leaks(shown.join('\n'))).toEqual([]);
  });
});

describe('basic auth: the username beside a password', () => {
  it('is an identifier a result may show (an account email), while the password and the pair stay redacted', async () => {
    const { ir } = loadSpecFiles(specFiles);
    if (!ir) throw new Error('the echo specs do not load');
    const toolkit = createToolkit({ specs: ir, connections, retry: { maxRetries: 0 } });
    const shown = JSON.stringify(await toolkit.call('ep_echo', { q: 'x' }));
    await toolkit.close();
    expect(shown).toContain(`"raw":"${C.user}"`);
    expect(leaks(shown)).toEqual([]);
  });
});

function toolspec(args: string[]): Promise<Ran> {
  return runChild(process.execPath, [...CLI_FROM_SOURCES, ...args], {
    env: { PATH: process.env.PATH ?? '', TOOLSPEC_CONNECTIONS: connectionsFile },
  });
}

describe('paging: a next link echoing the query credentials', () => {
  it('leaves them out of the cursor, which still leads to the next page with them', async () => {
    const { ir } = loadSpecFiles(specFiles);
    if (!ir) throw new Error('the echo specs do not load');
    const toolkit = createToolkit({ specs: ir, connections, retry: { maxRetries: 0 } });
    vendor.requests.length = 0;
    const first = (await toolkit.call('eq_list', {})) as { next_cursor: string | null };
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await toolkit.call('eq_list', { cursor: first.next_cursor });
    const all = await toolkit.call('eq_list', {}, { all: true });
    await toolkit.close();
    expect((all as { items: unknown[] }).items).toHaveLength(2);
    const pageTwo = vendor.requests.filter((r) => r.query.page === '2');
    expect(pageTwo).toHaveLength(2);
    for (const r of pageTwo) expect(r.query).toMatchObject({ key: C.queryKey, token: C.queryToken });
    const cursorText = Buffer.from((first.next_cursor as string).slice(4), 'base64url').toString('utf8');
    expect(
      leaks(`${JSON.stringify(first)}\n${cursorText}\n${JSON.stringify(second)}\n${JSON.stringify(all)}`),
    ).toEqual([]);
  });
});

describe('toolspec call: stdout and stderr', () => {
  it('no credential on stdout (success) or stderr (errors)', async () => {
    const specArgs = specFiles.flatMap((f) => ['--specs', f]);
    const runs = await Promise.all(
      SETS.flatMap((set) =>
        ['echo', 'fail'].map((name) =>
          toolspec(['call', `${set}_${name}`, ...specArgs, '--input', '{"q": "url_lower"}']),
        ),
      ),
    );
    for (const [i, r] of runs.entries()) {
      const ok = i % 2 === 0;
      expect(r.code, r.stderr).toBe(ok ? 0 : 1);
      if (ok) expect(r.stdout).toContain('request_url');
    }
    expectVendorSawCredentials();
    expect(leaks(runs.map((r) => `${r.stdout}\n${r.stderr}`).join('\n'))).toEqual([]);
  }, 120_000);
});

interface ToolResult {
  content: { type: string; text?: string }[];
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

describe('toolspec serve: MCP result text, structuredContent and errors', () => {
  let served: Served;
  afterAll(async () => {
    await served?.close();
  });

  it('no credential in any tools/call answer', async () => {
    served = await serve(
      'stdio',
      specFiles.flatMap((f) => ['--specs', f]),
      { TOOLSPEC_CONNECTIONS: connectionsFile },
    );
    const shown: string[] = [];
    for (const set of SETS) {
      for (const name of ['echo', 'fail', 'text_fail']) {
        const r = (await served.client.callTool({
          name: `${set}_${name}`,
          arguments: { q: 'json_slash' },
        })) as ToolResult;
        expect(Boolean(r.isError)).toBe(name !== 'echo');
        if (name === 'echo') expect(JSON.stringify(r.structuredContent)).toContain('request_url');
        shown.push(JSON.stringify(r));
      }
    }
    shown.push(served.stderr());
    expectVendorSawCredentials();
    expect(leaks(shown.join('\n'))).toEqual([]);
  }, 120_000);
});
