/**
 * `single_page`: a list that comes whole in one answer gets the paging envelope of every list
 * (`{items, next_cursor: null, has_more: false}`), one request also with `all: true` and through
 * the page iterator, and a list cut short by the output budget resumes after what was delivered.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadSpecTexts } from '../../language/load/load.js';
import type { Page } from '../../runtime/types.js';
import { failure, testKit } from './support/fixture.js';
import { type Loopback, startLoopback } from './support/loopback.js';

let server: Loopback;
let kit: ReturnType<typeof testKit>;
beforeAll(async () => {
  server = await startLoopback();
  kit = testKit(server.url);
});
afterAll(async () => {
  await kit.toolkit.close();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

const labels = (n: number, size = 10) =>
  Array.from({ length: n }, (_, i) => ({ name: `label-${i}`, note: 'x'.repeat(size) }));
const list = (input: unknown, opts?: Parameters<typeof kit.toolkit.call>[2]) =>
  kit.toolkit.call('rt_label_list', input, opts) as unknown as Promise<Page>;

describe('single_page paging', () => {
  it('answers the whole list in the envelope, with no paging parameter sent', async () => {
    server.handler = () => ({ body: { labels: labels(3), total: 3 } });
    const page = await list({});
    expect(page).toEqual({ items: labels(3), next_cursor: null, has_more: false });
    expect(server.requests.map((r) => r.url)).toEqual(['/api/labels']);
  });

  it('all: true and the page iterator send one request', async () => {
    server.handler = () => ({ body: { labels: labels(2) } });
    expect((await list({}, { all: true })).items).toHaveLength(2);
    const pages: Page[] = [];
    for await (const p of kit.toolkit.pages('rt_label_list', {})) pages.push(p);
    expect(pages).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it('a list larger than the output budget is cut, and its cursor resumes after what was delivered', async () => {
    const all = labels(12, 100);
    server.handler = () => ({ body: { labels: all } });
    const seen: unknown[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 12; i++) {
      const page: Page = await list(cursor ? { cursor } : {});
      seen.push(...page.items);
      cursor = page.next_cursor;
      if (!cursor) break;
      expect(page.has_more).toBe(true);
      expect(page.truncated?.reason).toBe('max_output_bytes');
    }
    expect(cursor).toBeNull();
    expect(seen).toEqual(all);
    expect(server.requests.length).toBeGreaterThan(1);
  });

  it('an answer without an array at the pointer is an empty list, and text is invalid_response', async () => {
    server.handler = () => ({ body: { other: 1 } });
    expect(await list({})).toEqual({ items: [], next_cursor: null, has_more: false });
    server.handler = () => ({ headers: { 'content-type': 'text/html' }, body: '<html></html>' });
    expect((await failure(list({}))).code).toBe('invalid_response');
  });

  it('takes only an items pointer in a spec', () => {
    const spec = (paging: string) => `toolspec: 1
set: sp
title: Single page
description: A list answered whole.
server: { url: https://api.sp.example.test }
auth: { type: bearer }
paging:
  whole: ${paging}
tools:
  - name: sp_list
    title: List
    description: Lists every label of the account.
    effects: read
    method: GET
    path: /labels
    paging: whole
    examples:
      - name: ex
        input: {}
        request: { method: GET, path: /labels }
        response: { status: 200, body: [{ name: a }] }
        output: { items: [{ name: a }], next_cursor: null, has_more: false }
`;
    const ok = loadSpecTexts([{ file: 'sp.yaml', text: spec('{ style: single_page, items: "" }') }]);
    expect(ok.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(ok.ir?.sets[0]?.paging.whole).toEqual({ style: 'single_page', name: 'whole', itemsPointer: '' });
    const bad = loadSpecTexts([
      { file: 'sp.yaml', text: spec('{ style: single_page, items: "", next: /n }') },
    ]);
    expect(bad.ir).toBeNull();
  });
});
