/**
 * The new vocabulary, kind by kind, through the runtime against loopback servers (the zoo tests
 * cover each in a vendor's context; these cover what no zoo vendor uses): API keys in query and
 * named headers with prefixes, client-credentials tokens, page numbers, never stopping early,
 * multipart and raw bodies, reset-header waits, relative Link targets, redaction of connection
 * headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecTexts } from '../../language/load/load.js';
import { rateLimitWaitMs } from '../../runtime/call/exchange.js';
import { formEncode } from '../../runtime/encodings/form.js';
import { ToolError } from '../../runtime/errors.js';
import { linkTarget } from '../../runtime/paging/link-header.js';
import { createToolkit } from '../../runtime/toolkit.js';
import { failure } from '../runtime/support/fixture.js';
import { type Loopback, startLoopback } from '../runtime/support/loopback.js';

const SPEC = `
toolspec: 1
set: vo
title: Vocabulary
description: Loopback API for the vocabulary tests.
server: { url: https://api.vo.example.test }
auth:
  type: api_key
  keys:
    - { credential: api_key, in: header, name: X-Api-Key, prefix: "Key " }
    - { credential: token, in: query, name: token }
errors:
  code: /code
  message: /message
  rules:
    - { when: 'status == 403 && headers["x-rate-remaining"] == "0"', code: rate_limited, reset_header: x-rate-reset }
paging:
  pages: { style: page_number, in: query, page_param: page, size_param: size, items: /data, total_pages: /pages }
  short: { style: page_number, in: query, page_param: p, size_param: n, start_page: 0, items: /data }
  more: { style: cursor, in: query, cursor_param: after, items: /data, next: /next, has_more: /more }
  last: { style: offset, in: query, offset_param: start, limit_param: max, items: /data, last: /isLast }
  links: { style: link_header, items: /data }
tools:
  - name: vo_pages
    title: Pages
    description: Page numbers with a total.
    effects: read
    method: GET
    path: /pages
    paging: pages
    inputs:
      size: { in: query, type: integer }
    examples: [{ name: ex, input: {}, request: { method: GET, path: /pages }, response: { status: 200, body: { data: [] } }, output: { items: [], next_cursor: null, has_more: false } }]
  - name: vo_short
    title: Short
    description: Page numbers ending on a short page.
    effects: read
    method: GET
    path: /short
    paging: short
    inputs:
      n: { in: query, type: integer }
    examples: [{ name: ex, input: {}, request: { method: GET, path: /short }, response: { status: 200, body: { data: [] } }, output: { items: [], next_cursor: null, has_more: false } }]
  - name: vo_more
    title: More
    description: A cursor whose has-more flag can lie.
    effects: read
    method: GET
    path: /more
    paging: more
    examples: [{ name: ex, input: {}, request: { method: GET, path: /more }, response: { status: 200, body: { data: [] } }, output: { items: [], next_cursor: null, has_more: false } }]
  - name: vo_last
    title: Last
    description: Offsets ending on isLast.
    effects: read
    method: GET
    path: /last
    paging: last
    inputs:
      max: { in: query, type: integer }
    examples: [{ name: ex, input: {}, request: { method: GET, path: /last }, response: { status: 200, body: { data: [] } }, output: { items: [], next_cursor: null, has_more: false } }]
  - name: vo_links
    title: Links
    description: Relative Link targets.
    effects: read
    method: GET
    path: /links
    paging: links
    examples: [{ name: ex, input: {}, request: { method: GET, path: /links }, response: { status: 200, body: { data: [] } }, output: { items: [], next_cursor: null, has_more: false } }]
  - name: vo_upload
    title: Upload
    description: Multipart with a file.
    effects: create
    method: POST
    path: /upload
    encoding: multipart
    files: { file: { filename: notes.txt, content_type: text/plain } }
    inputs:
      title: { type: string }
      file: { type: string, contentEncoding: base64 }
    examples: [{ name: ex, input: {}, request: { method: POST, path: /upload }, response: { status: 200, body: { ok: true } }, output: { ok: true } }]
  - name: vo_note
    title: Note
    description: A raw CSV body with a declared content type.
    effects: create
    method: POST
    path: /notes
    encoding: raw
    headers: { Content-Type: text/csv; charset=utf-8 }
    inputs:
      csv: { type: string }
    examples: [{ name: ex, input: {}, request: { method: POST, path: /notes }, response: { status: 200, body: { ok: true } }, output: { ok: true } }]
  - name: vo_get
    title: Get
    description: A plain read.
    effects: read
    method: GET
    path: /get
    examples: [{ name: ex, input: {}, request: { method: GET, path: /get }, response: { status: 200, body: { ok: true } }, output: { ok: true } }]
`;

const CC_SPEC = `
toolspec: 1
set: cc
title: Client credentials
description: Client credentials test API.
server: { url: https://api.cc.example.test }
auth: { type: oauth2_client_credentials, token_url: https://auth.cc.example.test/token, scopes: [read, write], client_auth: client_secret_post }
tools:
  - name: cc_get
    title: Get
    description: A read.
    effects: read
    method: GET
    path: /get
    examples: [{ name: ex, input: {}, request: { method: GET, path: /get }, response: { status: 200, body: { ok: true } }, output: { ok: true } }]
`;

const RR_SPEC = `
toolspec: 1
set: rr
title: Refresh on a 200 error
description: An OAuth API that answers an expired token with 200 and ok false.
server: { url: https://api.rr.example.test }
auth: { type: oauth2, token_url: https://auth.rr.example.test/token }
errors:
  code: /error
  rules:
    - { when: body.ok == false, codes: { invalid_auth: unauthorized, ratelimited: rate_limited } }
tools:
  - name: rr_get
    title: Get
    description: A read.
    effects: read
    method: GET
    path: /get
    examples: [{ name: ex, input: {}, request: { method: GET, path: /get }, response: { status: 200, body: { ok: true } }, output: { ok: true } }]
`;

function load(text: string) {
  const { ir, diagnostics } = loadSpecTexts([{ file: 'vo.yaml', text }]);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  if (!ir) throw new Error('no ir');
  return ir;
}

/** The client-credentials set's toolkit against the loopback server (its token endpoint too). */
const ccToolkit = () =>
  createToolkit({
    specs: load(CC_SPEC),
    connections: {
      cc: {
        baseUrl: server.url,
        oauth: { clientId: 'cid', clientSecret: 'cc-client-secret-1', tokenUrl: `${server.url}/token` },
      },
    },
  });

/** A variant of the refresh-on-200 set with a plain access token. */
const rrToolkit = (spec: string, retry?: { maxRetryAfterMs: number }) =>
  createToolkit({
    specs: load(spec),
    connections: { rr: { baseUrl: server.url, oauth: { accessToken: 'rr-access-token-0123' } } },
    retry,
  });

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback();
});
afterAll(async () => {
  await server.close();
});

const KEY = 'vo-secret-key-123456';
const TOKEN = 'vo-secret-token-7890';
const HEADER_SECRET = 'connection-header-secret-42';

function toolkit(connection: Record<string, unknown> = {}) {
  return createToolkit({
    specs: load(SPEC),
    connections: {
      vo: {
        baseUrl: server.url,
        credentials: { api_key: KEY, token: TOKEN },
        headers: { 'X-Extra': HEADER_SECRET },
        ...connection,
      },
    },
    retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 3000 },
  });
}

async function rejection(p: Promise<unknown>): Promise<ToolError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ToolError);
  return e as ToolError;
}

describe('credentials', () => {
  it('api keys go to a named header with a prefix and to a query parameter; none is ever printed', async () => {
    const tk = toolkit();
    server.requests.length = 0;
    server.handler = (r) =>
      r.path === '/get'
        ? {
            status: 400,
            body: { code: 'bad', message: `you sent ${r.headers['x-api-key']} and ${HEADER_SECRET}` },
          }
        : { body: {} };
    const e = await rejection(tk.call('vo_get', {}));
    const sent = server.requests[0];
    expect(sent?.headers['x-api-key']).toBe(`Key ${KEY}`);
    expect(sent?.query.token).toBe(TOKEN);
    expect(sent?.headers['x-extra']).toBe(HEADER_SECRET);
    const dry = await tk.dryRun('vo_get', {});
    // Each key where the request carries it, with its prefix, the value redacted.
    expect(dry.headers['x-api-key']).toBe('Key [redacted]');
    expect(new URL(dry.url).searchParams.get('token')).toBe('[redacted]');
    expect(dry.headers['x-extra']).toBe('[redacted]');
    expect(dry.headers.authorization).toBeUndefined();
    const printed = JSON.stringify([e.toJSON(), e.message, dry]);
    for (const s of [KEY, TOKEN, HEADER_SECRET]) expect(printed).not.toContain(s);
    expect(e.vendorMessage).toBe('you sent [redacted] and [redacted]');
    await tk.close();
  });

  it('oauth2 client credentials: token obtained with scopes (client_secret_post), renewed once after a 401', async () => {
    let tokens = 0;
    server.requests.length = 0;
    server.handler = (r) => {
      if (r.path === '/token') {
        tokens++;
        return {
          body: { access_token: `cc-access-${tokens}-abcdef`, token_type: 'Bearer', expires_in: 3600 },
        };
      }
      return r.headers.authorization === 'Bearer cc-access-2-abcdef'
        ? { body: { ok: true } }
        : { status: 401, body: {} };
    };
    const tk = ccToolkit();
    expect(await tk.call('cc_get', {})).toEqual({ ok: true });
    const tokenRequests = server.requests.filter((r) => r.path === '/token');
    expect(tokenRequests).toHaveLength(2);
    expect(Object.fromEntries(new URLSearchParams(tokenRequests[0]?.rawBody))).toEqual({
      grant_type: 'client_credentials',
      scope: 'read write',
      client_id: 'cid',
      client_secret: 'cc-client-secret-1',
    });
    await tk.close();
  });
  it('oauth2 client credentials: a token living less than the refresh skew is renewed at half its life, not before every call', async () => {
    let tokens = 0;
    server.requests.length = 0;
    server.handler = (r) => {
      if (r.path === '/token') {
        tokens++;
        return { body: { access_token: `cc-short-${tokens}-abcdef`, token_type: 'Bearer', expires_in: 20 } };
      }
      return { body: { ok: true } };
    };
    const tk = ccToolkit();
    for (let i = 0; i < 3; i++) expect(await tk.call('cc_get', {})).toEqual({ ok: true });
    expect(server.requests.map((r) => r.path)).toEqual(['/token', '/get', '/get', '/get']);
    await tk.close();
  });
});

describe('error pointers with a wildcard member', () => {
  it('/errors/*/0 reads the first message of a field-keyed error object', async () => {
    const spec = RR_SPEC.replace('  code: /error\n', '  code: /error\n  message: [/message, /errors/*/0]\n');
    server.requests.length = 0;
    server.handler = () => ({
      status: 422,
      body: { errors: { title: ["can't be blank"], body: ['is too short'] } },
    });
    const tk = rrToolkit(spec);
    const e = await failure(tk.call('rr_get', {}));
    expect(e.status).toBe(422);
    expect(e.vendorMessage).toBe("can't be blank");
    await tk.close();
  });
});

describe('a rate-limited answer without Retry-After', () => {
  const declared = (text: string) =>
    load(RR_SPEC.replace('errors:\n', `errors:\n${text}`)).sets[0]?.errors.rateLimited;

  it('waits as the reset headers say (epoch or delta seconds), else the declared default', () => {
    const now = 1_800_000_000_000;
    const unset = declared('');
    expect(rateLimitWaitMs({ 'x-ratelimit-reset': '1800000030' }, null, unset, now)).toBe(30_000);
    expect(rateLimitWaitMs({ 'x-ratelimit-reset': '12' }, null, unset, now)).toBe(12_000);
    expect(rateLimitWaitMs({ 'ratelimit-reset': '7' }, null, unset, now)).toBe(7000);
    expect(rateLimitWaitMs({}, null, unset, now)).toBeNull();
    const airtable = declared('  rate_limited: { default_seconds: 30 }\n');
    expect(rateLimitWaitMs({}, null, airtable, now)).toBe(30_000);
    const shopify = declared(
      '  rate_limited: { reset_headers: [{ name: X-Reset-In, format: delta_seconds }] }\n',
    );
    expect(rateLimitWaitMs({ 'x-reset-in': '3' }, null, shopify, now)).toBe(3000);
    expect(rateLimitWaitMs({ 'x-ratelimit-reset': '1800000030' }, null, shopify, now)).toBeNull();
  });

  it('a 429 with nothing but the declared default waits that long, or fails at once when that is over the cap', async () => {
    server.requests.length = 0;
    server.handler = () => ({ status: 429, body: { ok: false } });
    const tk = rrToolkit(RR_SPEC.replace('errors:\n', 'errors:\n  rate_limited: { default_seconds: 30 }\n'), {
      maxRetryAfterMs: 5000,
    });
    const e = await failure(tk.call('rr_get', {}));
    expect(e.code).toBe('rate_limited');
    expect(e.retryAfter).toBe(30);
    // One request: no backoff burst of retries against a vendor that asked for 30 seconds.
    expect(server.requests).toHaveLength(1);
    await tk.close();
  });
});

describe('error rules where refresh and retry are decided', () => {
  it('a 200 invalid_auth refreshes the token once and retries; a 200 ratelimited waits for Retry-After', async () => {
    let phase = 0;
    server.requests.length = 0;
    server.handler = (r) => {
      if (r.path === '/token') return { body: { access_token: 'rr-new-access-token', expires_in: 3600 } };
      if (r.headers.authorization === 'Bearer rr-old-access-token')
        return { body: { ok: false, error: 'invalid_auth' } };
      if (phase++ === 0)
        return { headers: { 'retry-after': '1' }, body: { ok: false, error: 'ratelimited' } };
      return { body: { ok: true } };
    };
    const tk = createToolkit({
      specs: load(RR_SPEC),
      connections: {
        rr: {
          baseUrl: server.url,
          oauth: {
            accessToken: 'rr-old-access-token',
            refreshToken: 'rr-refresh-token',
            tokenUrl: `${server.url}/token`,
          },
        },
      },
    });
    const started = Date.now();
    expect(await tk.call('rr_get', {})).toEqual({ ok: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(server.requests.map((r) => r.path)).toEqual(['/get', '/token', '/get', '/get']);
    expect(server.requests[3]?.headers.authorization).toBe('Bearer rr-new-access-token');
    await tk.close();
  });
});

describe('paging', () => {
  it('page numbers stop at the total-pages field, or on a short page from a start page of 0', async () => {
    const tk = toolkit();
    server.handler = (r) => {
      const data = Array.from({ length: 10 }, (_, i) => ({ id: i }));
      if (r.path === '/pages') {
        const page = Number(r.query.page ?? 1);
        return { body: { data: data.slice((page - 1) * 3, page * 3), pages: 4 } };
      }
      const p = Number(r.query.p ?? 0);
      return { body: { data: data.slice(p * 4, p * 4 + 4) } };
    };
    const all = (await tk.call('vo_pages', { size: 3 }, { all: true })) as { items: { id: number }[] };
    expect(all.items.map((i) => i.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const short = (await tk.call('vo_short', { n: 4 }, { all: true })) as { items: { id: number }[] };
    expect(short.items.map((i) => i.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await tk.close();
  });

  it('never stops early: has_more without a next cursor, or isLast false on an empty page, is an error', async () => {
    const tk = toolkit();
    server.handler = (r) =>
      r.path === '/more'
        ? { body: { data: [1], more: true, next: '' } }
        : { body: { data: [], isLast: false } };
    const a = await rejection(tk.call('vo_more', {}, { all: true }));
    expect(a.code).toBe('invalid_response');
    expect(a.message).toContain('more pages exist');
    const b = await rejection(tk.call('vo_last', { max: 5 }));
    expect(b.code).toBe('invalid_response');
    await tk.close();
  });

  it('positions keep their JSON type: a numeric cursor is sent as the number it was', async () => {
    const tk = toolkit();
    server.requests.length = 0;
    server.handler = (r) =>
      r.query.after === '42'
        ? { body: { data: [2], more: false } }
        : { body: { data: [1], more: true, next: 42 } };
    const page = (await tk.call('vo_more', {}, { all: true })) as { items: number[] };
    expect(page.items).toEqual([1, 2]);
    expect(server.requests.map((r) => r.query.after)).toEqual([undefined, '42']);
    await tk.close();
  });

  it('Link targets: quoted, multiple relations, relative (resolved against the origin)', async () => {
    expect(
      linkTarget('<https://x.test/a?page=2>; rel="next", <https://x.test/a?page=9>; rel="last"', 'next'),
    ).toBe('https://x.test/a?page=2');
    expect(linkTarget('</a?page=3>; rel="prev next"', 'next')).toBe('/a?page=3');
    expect(linkTarget('<https://x.test/a>; rel=last', 'next')).toBeNull();
    const tk = toolkit();
    server.handler = (r) =>
      r.query.page === '2'
        ? { body: { data: [2] } }
        : { headers: { link: '</links?page=2>; rel="next"' }, body: { data: [1] } };
    expect(((await tk.call('vo_links', {}, { all: true })) as { items: number[] }).items).toEqual([1, 2]);
    await tk.close();
  });
});

describe('bodies and rate limits', () => {
  it('multipart sends text fields and base64 files as file parts; raw keeps the declared content type', async () => {
    const tk = toolkit();
    server.requests.length = 0;
    server.handler = () => ({ body: { ok: true } });
    await tk.call('vo_upload', { title: 'Notes', file: Buffer.from('hello\nworld').toString('base64') });
    const up = server.requests[0];
    const boundary = /boundary=(.+)$/.exec(up?.headers['content-type'] ?? '')?.[1];
    expect(up?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(up?.rawBody).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nNotes\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\nhello\nworld\r\n` +
        `--${boundary}--\r\n`,
    );
    await tk.call('vo_note', { csv: 'a,b\n1,2\n' });
    const note = server.requests[1];
    expect(note?.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(note?.rawBody).toBe('a,b\n1,2\n');
    await tk.close();
  });

  it('form encoding: nested objects and arrays in bracket notation', () => {
    expect(
      formEncode({
        a: 1,
        metadata: { order_id: '6735' },
        items: [{ price: 'p_1', qty: 2 }],
        tags: ['x', 'y'],
        n: null,
      }),
    ).toBe(
      'a=1&metadata%5Border_id%5D=6735&items%5B0%5D%5Bprice%5D=p_1&items%5B0%5D%5Bqty%5D=2&tags%5B0%5D=x&tags%5B1%5D=y',
    );
  });

  it('a rule-marked rate limit waits until the reset header (capped like Retry-After)', async () => {
    const now = 1_800_000_000_000;
    expect(rateLimitWaitMs({ 'x-rate-reset': '1800000010' }, 'x-rate-reset', null, now)).toBe(10_000);
    expect(
      rateLimitWaitMs({ 'retry-after': '2', 'x-rate-reset': '1800000010' }, 'x-rate-reset', null, now),
    ).toBe(2000);
    expect(rateLimitWaitMs({}, 'x-rate-reset', null, 0)).toBeNull();
    const tk = toolkit();
    let n = 0;
    server.requests.length = 0;
    server.handler = () =>
      n++ === 0
        ? {
            status: 403,
            headers: { 'x-rate-remaining': '0', 'x-rate-reset': String(Math.ceil(Date.now() / 1000)) },
            body: {},
          }
        : { body: { ok: 1 } };
    expect(await tk.call('vo_get', {})).toEqual({ ok: 1 });
    server.handler = () => ({
      status: 403,
      headers: { 'x-rate-remaining': '0', 'x-rate-reset': String(Math.ceil(Date.now() / 1000) + 600) },
      body: { message: 'slow down' },
    });
    const e = await rejection(tk.call('vo_get', {}));
    expect(e.code).toBe('rate_limited');
    expect(e.retryAfter).toBeGreaterThan(500);
    await tk.close();
  });
});
