/**
 * The sandbox over a real socket with the mini fixture: routing, the request-shape check (clear
 * 4xx refusals shaped like the vendor's errors), example choice, paging that ends, URL rewriting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecIR } from '../../language/ir/ir.js';
import { loadSpecs, loadSpecTexts } from '../../language/load/load.js';
import {
  SANDBOX_HEADER,
  SANDBOX_TOOL_HEADER,
  type Sandbox,
  type SandboxExchange,
  startSandbox,
} from '../../sandbox/index.js';

const mini = loadSpecs([new URL('../fixtures/specs/mini.yaml', import.meta.url).pathname]);

/** A set with next-link paging, a two-page example chain and a server path prefix (like Graph's /v1.0). */
const PAGED = `toolspec: 1
set: paged
title: Paged
description: Next-link paging fixture.
server: { url: https://api.paged.test/v1.0 }
auth: { type: bearer }
errors: { code: /error/code, message: /error/message }
paging:
  link: { style: next_link, items: /value, next: /@odata.nextLink }
tools:
  - name: paged_list
    title: List
    description: Lists things.
    effects: read
    method: GET
    path: /things
    paging: link
    inputs:
      top: { in: query, as: $top, type: integer }
    examples:
      - name: first
        input: { top: 1 }
        request: { method: GET, path: /things, query: { $top: "1" } }
        response: { body: { value: [{ id: 1 }], "@odata.nextLink": "https://api.paged.test/v1.0/things?$top=1&$skip=1" } }
        output: { items: [{ id: 1 }], next_cursor: null, has_more: false }
`;

function load(text: string): SpecIR {
  const { ir, diagnostics } = loadSpecTexts([{ file: 'paged.yaml', text }]);
  if (!ir) throw new Error(JSON.stringify(diagnostics));
  return ir;
}

/** A vendor-shaped error body (mini: /error/code, /error/message) or any JSON answer. */
type VendorError = { error?: { code?: string; message?: string } } & Record<string, unknown>;

const AUTH = { authorization: 'Bearer t0ken', 'api-version': '2024-01-01' };

describe('sandbox (mini fixture)', () => {
  let sandbox: Sandbox;
  const exchanges: SandboxExchange[] = [];
  let base: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ ir: mini, onExchange: (x) => exchanges.push(x) });
    base = sandbox.baseUrl('mini');
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  const send = async (
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: string } = {},
  ) => {
    const res = await fetch(`${base}${path}`, { method, headers: init.headers ?? AUTH, body: init.body });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: text ? (JSON.parse(text) as VendorError) : null,
    };
  };
  const json = (body: unknown) => ({
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  it('gives connections that point every set at the sandbox with a fake token', () => {
    const c = sandbox.connections();
    expect(c.mini?.baseUrl).toBe(`${sandbox.origin}/mini`);
    expect(c.mini?.token).toMatch(/sandbox/);
    expect(c.mini?.variables).toEqual({ tenant: 'demo' });
  });

  it("answers from the matching example with its status, and marks every answer as the sandbox's", async () => {
    const r = await send('GET', '/items/a1');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: 'a1', name: 'First' });
    expect(r.headers.get(SANDBOX_HEADER)).toBe('1');
  });

  it('answers 204 with no body where the example says so', async () => {
    const r = await send('DELETE', '/gadgets/x');
    expect(r.status).toBe(204);
    expect(r.body).toBeNull();
    expect(exchanges.at(-1)?.tool).toBe('mini_gadget_delete');
  });

  it('answers the best example when none matches exactly', async () => {
    const r = await send(
      'POST',
      '/notes',
      json({ kind: 'note', content: { text: 'other' }, parent: { id: 'p9', type: 'item' } }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: 'n1' });
  });

  it('ends paging for a continuation no example declares (an empty last page)', async () => {
    const r = await send('GET', '/items?limit=10&cursor=unknown');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ items: [], next: null, more: false });
  });

  it.each([
    [
      'no credentials',
      'GET',
      '/items/a1',
      { headers: { 'api-version': '2024-01-01' } },
      401,
      /Authorization header/,
    ],
    [
      'a missing declared header',
      'GET',
      '/items/a1',
      { headers: { authorization: 'Bearer x' } },
      400,
      /missing required header\(s\) api-version/,
    ],
    [
      'an unknown query parameter',
      'GET',
      '/items?limit=10&colour=red',
      {},
      400,
      /unknown query parameter\(s\) colour; this endpoint accepts cursor, limit/,
    ],
    [
      'a body on a DELETE',
      'DELETE',
      '/widgets/x',
      { headers: { ...AUTH, 'content-type': 'application/json' }, body: '{}' },
      400,
      /DELETE \/widgets\/\{id\} takes no request body/,
    ],
    [
      'a body that is not JSON',
      'POST',
      '/notes',
      { headers: { ...AUTH, 'content-type': 'application/json' }, body: '{kind: note' },
      400,
      /not valid JSON/,
    ],
    [
      'a body without a JSON content type',
      'POST',
      '/notes',
      { headers: AUTH, body: '{"kind":"note"}' },
      415,
      /Content-Type: application\/json/,
    ],
    [
      'an unknown body field',
      'POST',
      '/notes',
      json({ kind: 'note', colour: 'red' }),
      400,
      /unknown body field\(s\) colour/,
    ],
    [
      'a body field of the wrong JSON type',
      'POST',
      '/notes',
      json({ kind: 'note', tags: 'a,b' }),
      400,
      /body field tags must be an array/,
    ],
    [
      'a path no tool declares',
      'GET',
      '/nothing/here',
      {},
      404,
      /no mini tool is declared for GET \/nothing\/here/,
    ],
    [
      'a method no tool declares',
      'PUT',
      '/items/a1',
      {},
      404,
      /no mini tool is declared for PUT \/items\/a1/,
    ],
  ])(
    'refuses %s with a clear 4xx in the vendor error shape',
    async (_what, method, path, init, status, message) => {
      const before = exchanges.length;
      const r = await send(method, path, init);
      expect(r.status).toBe(status);
      expect(r.body?.error?.code).toEqual(expect.any(String));
      expect(r.body?.error?.message).toMatch(/^toolspec sandbox: /);
      expect(r.body?.error?.message).toMatch(message);
      expect(exchanges.at(-1)?.refused).toMatch(message);
      expect(exchanges.length).toBe(before + 1);
    },
  );

  it('refuses a request naming a tool that is not declared for its path', async () => {
    const r = await send('GET', '/items/a1', {
      headers: { ...AUTH, [SANDBOX_TOOL_HEADER]: 'mini_item_list' },
    });
    expect(r.status).toBe(404);
    expect(r.body?.error?.message).toMatch(/mini_item_list is not declared for GET \/items\/a1/);
  });

  it('redacts credentials in what it reports', () => {
    const seen = JSON.stringify(exchanges);
    expect(seen).not.toContain('t0ken');
    expect(seen).toContain('Bearer [redacted]');
  });
});

describe('sandbox (next links under a server path prefix)', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ ir: load(PAGED) });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('mounts the set under its server path and rewrites next links to the sandbox', async () => {
    const base = sandbox.baseUrl('paged');
    expect(base).toBe(`${sandbox.origin}/paged/v1.0`);
    const first = await fetch(`${base}/things?%24top=1`, { headers: { authorization: 'Bearer x' } });
    const body = (await first.json()) as Record<string, unknown>;
    const next = body['@odata.nextLink'] as string;
    expect(next).toBe(`${base}/things?$top=1&$skip=1`);
    // Following the issued link: no example declares page 2, so it is an empty last page.
    const second = await fetch(next, { headers: { authorization: 'Bearer x' } });
    expect(await second.json()).toEqual({ value: [] });
  });

  it('refuses a query parameter the tool cannot send', async () => {
    const r = await fetch(`${sandbox.baseUrl('paged')}/things?%24skip=1`, {
      headers: { authorization: 'Bearer x' },
    });
    expect(r.status).toBe(400);
  });
});
