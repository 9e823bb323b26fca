/** Every paging style end to end over a real loopback server, one envelope, opaque engine cursors. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from '../../runtime/types.js';
import { failure, testKit } from './support/fixture.js';
import { type Loopback, startLoopback } from './support/loopback.js';

let server: Loopback;
let foreign: Loopback;
let kit: ReturnType<typeof testKit>;

beforeAll(async () => {
  server = await startLoopback();
  foreign = await startLoopback(() => ({ body: { value: [{ id: 'stolen' }] } }));
  kit = testKit(server.url);
});
afterAll(async () => {
  await kit.toolkit.close();
  await server.close();
  await foreign.close();
});
beforeEach(() => {
  server.requests.length = 0;
  foreign.requests.length = 0;
});

const call = (tool: string, input: unknown, opts?: Parameters<typeof kit.toolkit.call>[2]) =>
  kit.toolkit.call(tool, input, opts) as Promise<Page & Record<string, unknown>>;

describe('cursor in the query', () => {
  beforeEach(() => {
    server.handler = (r) =>
      r.query.start_cursor === 'c2'
        ? { body: { results: [{ id: 3 }], next_cursor: null, has_more: false } }
        : { body: { results: [{ id: 1 }, { id: 2 }], next_cursor: 'c2', has_more: true } };
  });

  it('returns an opaque next_cursor that the cursor input takes back', async () => {
    const first = await call('rt_list_cq', { page_size: 2 });
    expect(first.items).toEqual([{ id: 1 }, { id: 2 }]);
    expect(first.has_more).toBe(true);
    expect(first.next_cursor).toMatch(/^ts1\./);
    expect(first.next_cursor).not.toContain('c2');
    const second = await call('rt_list_cq', { page_size: 2, start_cursor: first.next_cursor });
    expect(second).toEqual({ items: [{ id: 3 }], next_cursor: null, has_more: false });
    expect(server.requests.map((r) => r.query)).toEqual([
      { page_size: '2' },
      { page_size: '2', start_cursor: 'c2' },
    ]);
  });

  it('also takes next_cursor through CallOptions.cursor', async () => {
    const first = await call('rt_list_cq', {});
    const second = await call('rt_list_cq', {}, { cursor: first.next_cursor ?? '' });
    expect(second.items).toEqual([{ id: 3 }]);
  });

  it('passes a vendor cursor given as such unchanged', async () => {
    const page = await call('rt_list_cq', { start_cursor: 'c2' });
    expect(page.items).toEqual([{ id: 3 }]);
  });

  it('collects every page with all: true, and iterates pages', async () => {
    expect(await call('rt_list_cq', {}, { all: true })).toEqual({
      items: [{ id: 1 }, { id: 2 }, { id: 3 }],
      next_cursor: null,
      has_more: false,
    });
    const pages: Page[] = [];
    for await (const p of kit.toolkit.pages('rt_list_cq', {})) pages.push(p);
    expect(pages.map((p) => p.items.length)).toEqual([2, 1]);
  });

  it('stops collecting at maxItems with a cursor to the rest', async () => {
    const some = await call('rt_list_cq', {}, { all: true, maxItems: 1 });
    expect(some.items).toEqual([{ id: 1 }]);
    expect(some.has_more).toBe(true);
    expect(some.truncated?.reason).toBe('max_items');
    const rest = await call('rt_list_cq', {}, { all: true, cursor: some.next_cursor ?? '' });
    expect(rest.items).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('stops at maxPages', async () => {
    const one = await call('rt_list_cq', {}, { all: true, maxPages: 1 });
    expect(one.items).toEqual([{ id: 1 }, { id: 2 }]);
    expect(one.truncated?.reason).toBe('max_pages');
    expect((await call('rt_list_cq', {}, { cursor: one.next_cursor ?? '' })).items).toEqual([{ id: 3 }]);
  });

  it('refuses a cursor of another tool and a damaged cursor', async () => {
    const first = await call('rt_list_cq', {});
    const other = await failure(call('rt_small_page', { start_cursor: first.next_cursor }));
    expect(other.code).toBe('invalid_input');
    expect(other.field).toBe('start_cursor');
    expect(other.message).toContain('another tool');
    const damaged = await failure(call('rt_list_cq', {}, { cursor: 'ts1.!!!' }));
    expect(damaged.code).toBe('invalid_input');
    expect(server.requests).toHaveLength(1);
  });
});

describe('cursor in the body', () => {
  it('sends the cursor as a body member and keeps the envelope base from response.map', async () => {
    server.handler = (r) =>
      (r.body as { start_cursor?: string }).start_cursor === 'n2'
        ? { body: { results: [{ id: 2, x: 1 }], next_cursor: null, has_more: false, total: 2 } }
        : { body: { results: [{ id: 1, x: 1 }], next_cursor: 'n2', has_more: true, total: 2 } };
    const first = await call('rt_list_cb', { query: 'q' });
    expect(first).toMatchObject({ total: 2, items: [{ id: 1 }], has_more: true });
    const all = await call('rt_list_cb', { query: 'q' }, { all: true });
    expect(all).toEqual({ total: 2, items: [{ id: 1 }, { id: 2 }], next_cursor: null, has_more: false });
    expect(server.requests.map((r) => r.body)).toEqual([
      { query: 'q' },
      { query: 'q' },
      { query: 'q', start_cursor: 'n2' },
    ]);
  });
});

describe('offsets', () => {
  const rows = (offset: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: offset + i }));

  it('in the query: a full page means more; the offset input takes next_cursor or a number', async () => {
    server.handler = (r) => {
      const offset = Number(r.query.offset ?? 0);
      return { body: { data: rows(offset, offset >= 6 ? 1 : 3) } };
    };
    const all = await call('rt_list_oq', {}, { all: true });
    expect(all.items).toHaveLength(7);
    expect(all.has_more).toBe(false);
    expect(server.requests.map((r) => r.query)).toEqual([
      { limit: '3' },
      { limit: '3', offset: '3' },
      { limit: '3', offset: '6' },
    ]);
    const first = await call('rt_list_oq', {});
    const second = await call('rt_list_oq', { offset: first.next_cursor });
    expect(second.items[0]).toEqual({ id: 3 });
    const direct = await call('rt_list_oq', { offset: 6 });
    expect(direct).toEqual({ items: [{ id: 6 }], next_cursor: null, has_more: false });
  });

  it('in the body', async () => {
    server.handler = (r) => {
      const b = r.body as { offset?: number; limit?: number };
      const offset = b.offset ?? 0;
      return { body: { data: rows(offset, offset >= 2 ? 1 : 2) } };
    };
    const all = await call('rt_list_ob', { limit: 2 }, { all: true });
    expect(all.items.map((i) => (i as { id: number }).id)).toEqual([0, 1, 2]);
    expect(server.requests.map((r) => r.body)).toEqual([{ limit: 2 }, { limit: 2, offset: 2 }]);
  });
});

describe('next links', () => {
  it('follows the link on the connection origin, with credentials', async () => {
    server.handler = (r) =>
      r.query.$skiptoken === 'abc'
        ? { body: { value: [{ id: 2 }] } }
        : { body: { value: [{ id: 1 }], '@odata.nextLink': `${server.url}/api/link?$top=1&$skiptoken=abc` } };
    const first = await call('rt_list_link', { top: 1 });
    expect(first.has_more).toBe(true);
    expect(first.next_cursor).not.toContain('skiptoken');
    const second = await call('rt_list_link', { top: 1, cursor: first.next_cursor });
    expect(second).toEqual({ items: [{ id: 2 }], next_cursor: null, has_more: false });
    expect(server.requests[1]?.url).toBe('/api/link?$top=1&$skiptoken=abc');
    expect(server.requests[1]?.headers.authorization).toBe('Bearer static-token-0123456789');
  });

  it('refuses a next link to a foreign host and sends nothing there', async () => {
    server.handler = () => ({
      body: { value: [{ id: 1 }], '@odata.nextLink': `${foreign.url}/api/link?$skip=1` },
    });
    const e = await failure(call('rt_list_link', {}));
    expect(e.code).toBe('forbidden');
    expect(e.message).toContain('foreign host');
    expect(foreign.requests).toHaveLength(0);
  });

  it('refuses a cursor input that is not an engine cursor', async () => {
    const e = await failure(call('rt_list_link', { cursor: `${foreign.url}/steal` }));
    expect(e.code).toBe('invalid_input');
    expect(e.field).toBe('cursor');
    expect(server.requests).toHaveLength(0);
    expect(foreign.requests).toHaveLength(0);
  });
});

describe('partitions', () => {
  it('fetches partition N by handle, restoring kept first-answer values for the item template', async () => {
    server.handler = (r) => {
      if (r.path === '/api/statements') {
        return {
          body: { handle: 'h-1', data: [['a']], meta: { partitions: [{}, {}, {}], columns: ['COL'] } },
        };
      }
      return { body: { data: [[`p${String(r.query.partition)}`]] } };
    };
    const first = await call('rt_statement', { statement: 'select' });
    expect(first).toMatchObject({ status: 'done', handle: 'h-1', items: ['a:COL'], has_more: true });
    const all = await call('rt_statement', { statement: 'select' }, { all: true });
    expect(all.items).toEqual(['a:COL', 'p1:COL', 'p2:COL']);
    expect(all.has_more).toBe(false);
    const gets = server.requests.filter((r) => r.method === 'GET').map((r) => r.url);
    expect(gets).toEqual(['/api/statements/h-1?partition=1', '/api/statements/h-1?partition=2']);
    const second = await call('rt_statement', { statement: 'select' }, { cursor: first.next_cursor ?? '' });
    expect(second.items).toEqual(['p1:COL']);
  });
});

describe('output budget', () => {
  it('cuts a page to the budget and points next_cursor at the first dropped item', async () => {
    const big = (id: number) => ({ id, text: 'x'.repeat(150) });
    server.handler = (r) =>
      r.query.start_cursor === 'p2'
        ? { body: { results: [big(10)], next_cursor: null, has_more: false } }
        : { body: { results: [1, 2, 3, 4, 5, 6, 7, 8].map(big), next_cursor: 'p2', has_more: true } };
    const first = await call('rt_small_page', {});
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.items.length).toBeLessThan(8);
    expect(first.truncated).toMatchObject({ reason: 'max_output_bytes', limit: 1000 });
    expect(first.truncated?.hint).toContain('start_cursor');
    expect(JSON.stringify(first).length).toBeLessThanOrEqual(1000);
    const seen = [...first.items];
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await call('rt_small_page', { start_cursor: cursor });
      seen.push(...page.items);
      cursor = page.next_cursor;
    }
    expect(seen.map((i) => (i as { id: number }).id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 10]);
  });

  it('cuts the largest array of a plain output and says so', async () => {
    server.handler = () => ({ body: { name: 'doc', rows: Array.from({ length: 400 }, (_, i) => i) } });
    const out = (await kit.toolkit.call('rt_blob', {})) as Record<string, unknown>;
    expect(JSON.stringify(out).length).toBeLessThanOrEqual(1000);
    expect(out.name).toBe('doc');
    expect(out._truncated).toMatchObject({ reason: 'max_output_bytes', path: '/rows', limit_bytes: 1000 });
    expect((out.rows as number[])[0]).toBe(0);
  });
});
