/**
 * Next links are confined to the tool's operation: a link (the vendor's, or one inside a cursor
 * signed with the key) is followed only on the connection's origin, under its base path, to the
 * tool's own path template or a `link_paths` template of its paging, for every link style; any
 * other target (another resource of the same host, the repro's `/user/emails`) is refused before
 * anything is sent with the connection's token.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadSpecTexts } from '../../language/load/load.js';
import type { Page } from '../../runtime/types.js';
import { failure, testKit } from './support/fixture.js';
import { type Loopback, startLoopback } from './support/loopback.js';

const KEY = 'paging-confine-cursor-key-0123456789';
let server: Loopback;
let kit: ReturnType<typeof testKit>;
beforeAll(async () => {
  server = await startLoopback();
  kit = testKit(server.url, undefined, { cursorKey: KEY });
});
afterAll(async () => {
  await kit.toolkit.close();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

/** A cursor signed with the toolkit's key (a replica's shared key in the wrong hands). */
const signed = (tool: string, p: unknown): string => {
  const text = `ts1.${Buffer.from(JSON.stringify({ t: tool, p })).toString('base64url')}`;
  return `${text}.${createHmac('sha256', KEY).update(text).digest('base64url')}`;
};

const entries = (input: unknown, opts?: Parameters<typeof kit.toolkit.call>[2]) =>
  kit.toolkit.call('rt_list_entries', input, opts) as unknown as Promise<Page>;

const OUTSIDE = [
  '/api/user/emails',
  '/api/groups/g1',
  '/api/groups/g1/entries/secret',
  '/api/groups/g1/members',
  '/api/groups/g1/entries/..%2F..%2Fuser',
  '/api/g/7/entries/more',
  '/api/g//entries',
  '/api/g/7/8/entries',
  '/other/groups/g1/entries',
  '/groups/g1/entries',
  '/api/groups/g1/entries/../../../user/emails',
];

describe('link_header paging', () => {
  it('follows Links to the tool’s own path and to its declared link path, with their queries', async () => {
    server.handler = (r) => {
      if (r.path === '/api/groups/g1/entries' && !r.query.page)
        return {
          headers: { link: `<${server.url}/api/groups/G1/entries?page=2>; rel="next"` },
          body: { data: [1] },
        };
      if (r.query.page === '2')
        return { headers: { link: '</api/g/7/entries?page=3>; rel="next"' }, body: { data: [2] } };
      return { body: { data: [3] } };
    };
    const all = await entries({ group_id: 'g1' }, { all: true });
    expect(all.items).toEqual([1, 2, 3]);
    expect(server.requests.map((r) => r.url)).toEqual([
      '/api/groups/g1/entries',
      '/api/groups/G1/entries?page=2',
      '/api/g/7/entries?page=3',
    ]);
    for (const r of server.requests) expect(r.headers.authorization).toMatch(/^Bearer /);
  });

  for (const target of OUTSIDE) {
    it(`refuses a vendor Link to ${target}: one request, the token never sent there`, async () => {
      server.handler = () => ({
        headers: { link: `<${server.url}${target}>; rel="next"` },
        body: { data: [1] },
      });
      const e = await failure(entries({ group_id: 'g1' }, { all: true }));
      expect(e.code).toBe('forbidden');
      expect(e.tool).toBe('rt_list_entries');
      expect(e.hint).toContain('link_paths');
      expect(server.requests).toHaveLength(1);
    });

    it(`refuses a signed cursor to ${target}, nothing sent, in a call and a dry run`, async () => {
      const cursor = signed('rt_list_entries', { style: 'link_header', url: `${server.url}${target}` });
      expect((await failure(entries({ group_id: 'g1', cursor }))).code).toBe('forbidden');
      expect((await failure(kit.toolkit.dryRun('rt_list_entries', { group_id: 'g1', cursor }))).code).toBe(
        'forbidden',
      );
      expect(server.requests).toHaveLength(0);
    });
  }

  it('refuses a Link to another host', async () => {
    server.handler = () => ({
      headers: { link: '<https://evil.example/api/groups/g1/entries>; rel="next"' },
      body: { data: [1] },
    });
    expect((await failure(entries({ group_id: 'g1' }, { all: true }))).code).toBe('forbidden');
    expect(server.requests).toHaveLength(1);
  });
});

describe('next_link paging', () => {
  it('refuses a link below the tool’s own path (another operation), as it refuses other resources', async () => {
    for (const target of ['/api/link/sub', '/api/user/emails']) {
      server.requests.length = 0;
      server.handler = () => ({ body: { value: [{ id: 1 }], '@odata.nextLink': `${server.url}${target}` } });
      expect((await failure(kit.toolkit.call('rt_list_link', {}, { all: true }))).code).toBe('forbidden');
      expect(server.requests).toHaveLength(1);
    }
  });
});

describe('link_paths in a spec', () => {
  const spec = (paths: string): string => `toolspec: 1
set: lp
title: Link paths
description: Link paths under lint.
server: { url: https://api.lp.example.test }
auth: { type: bearer }
paging:
  links: { style: link_header, items: "", link_paths: ${paths} }
tools:
  - name: lp_list
    title: List
    description: Lists the entries of the account.
    effects: read
    method: GET
    path: /entries
    paging: links
    examples:
      - name: ex
        input: {}
        request: { method: GET, path: /entries }
        response: { status: 200, body: [] }
        output: { items: [], next_cursor: null, has_more: false }
`;

  it('a dot segment, a query or a malformed variable is a lint error naming the paging and the path', () => {
    for (const [paths, what] of [
      ['["/a/../user"]', '".."'],
      ['["/a/%2e%2e/user"]', '"%2e%2e"'],
      ['["/a/{id/entries"]', 'malformed variable'],
      ['["/a/{id}}/entries"]', 'malformed variable'],
    ] as const) {
      const { diagnostics } = loadSpecTexts([{ file: 'lp.yaml', text: spec(paths) }]);
      const found = diagnostics.filter((d) => d.code === 'paging_link_path');
      expect(found, paths).toHaveLength(1);
      expect(found[0]?.message).toContain('paging "links"');
      expect(found[0]?.message).toContain(what);
    }
  });

  it('a path that does not start with / or carries a query is refused by the schema', () => {
    for (const paths of ['["entries"]', '["/entries?page=1"]', '"/entries"']) {
      const { ir, diagnostics } = loadSpecTexts([{ file: 'lp.yaml', text: spec(paths) }]);
      expect(ir, paths).toBeNull();
      expect(
        diagnostics.some((d) => d.pointer?.startsWith('/paging/links/link_paths')),
        paths,
      ).toBe(true);
    }
  });

  it('a well-formed one loads into the IR', () => {
    const { ir, diagnostics } = loadSpecTexts([
      { file: 'lp.yaml', text: spec('["/accounts/{account_id}/entries"]') },
    ]);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(ir?.sets[0]?.paging.links).toMatchObject({ linkPaths: ['/accounts/{account_id}/entries'] });
  });
});
