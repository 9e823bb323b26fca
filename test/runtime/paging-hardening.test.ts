/**
 * Paging under forged state: cursors and vendor next links cannot lead the toolkit outside the
 * tool's own resource, positions from cursors are type-checked, cursors can be signed, page
 * iteration is bounded and detects loops, and malformed escapes give typed errors.
 */

import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { positionProblem } from '../../runtime/paging/position-check.js';
import { Secrets } from '../../runtime/redact.js';
import type { LogEvent, Page } from '../../runtime/types.js';
import { failure, testKit } from './support/fixture.js';
import { type Loopback, startLoopback } from './support/loopback.js';

/**
 * The toolkit's cursor key, known to the forger: what a cursor may do once its signature checks
 * out (a leaked shared key, a bug) is still confined, so these tests sign what they forge.
 */
const KEY = 'paging-hardening-cursor-key-0123456789';

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

/** A cursor as a forger who holds the key writes it: base64url JSON, signed. */
const forge = (tool: string, p: unknown): string => {
  const text = `ts1.${Buffer.from(JSON.stringify({ t: tool, p })).toString('base64url')}`;
  return `${text}.${createHmac('sha256', KEY).update(text).digest('base64url')}`;
};

const call = (tool: string, input: unknown, opts?: Parameters<typeof kit.toolkit.call>[2]) =>
  kit.toolkit.call(tool, input, opts) as Promise<Page & Record<string, unknown>>;

describe('next links stay under the tool’s own path', () => {
  for (const target of [
    '/api/other',
    '/admin/secret',
    '/oauth/token',
    '/api/link/../admin',
    '/api/link/%2e%2e/%2e%2e/oauth/token',
    '/api/link\\..\\..\\admin',
    '/apix/link',
    '/api/linkx',
  ]) {
    it(`refuses a forged cursor to ${target}, nothing sent`, async () => {
      const cursor = forge('rt_list_link', { style: 'next_link', url: `${server.url}${target}` });
      const e = await failure(call('rt_list_link', { cursor }));
      expect(e.code).toBe('forbidden');
      expect(e.tool).toBe('rt_list_link');
      expect(server.requests).toHaveLength(0);
    });

    it(`refuses a vendor next link to ${target}: one request only`, async () => {
      server.handler = () => ({ body: { value: [{ id: 1 }], '@odata.nextLink': `${server.url}${target}` } });
      const e = await failure(call('rt_list_link', {}, { all: true }));
      expect(e.code).toBe('forbidden');
      expect(server.requests).toHaveLength(1);
    });
  }

  it('follows a link under the tool’s own path with its query', async () => {
    server.handler = (r) =>
      r.query.$skiptoken === 'abc'
        ? { body: { value: [{ id: 2 }] } }
        : { body: { value: [{ id: 1 }], '@odata.nextLink': `${server.url}/api/link?$skiptoken=abc` } };
    const all = await call('rt_list_link', {}, { all: true });
    expect(all.items).toEqual([{ id: 1 }, { id: 2 }]);
    expect(server.requests.map((r) => r.url)).toEqual(['/api/link', '/api/link?$skiptoken=abc']);
  });

  it('a malformed % escape in a vendor link is a typed error, and logging never throws', async () => {
    const logs: LogEvent[] = [];
    const k = testKit(server.url, undefined, { logger: (e) => logs.push(e) });
    server.handler = () => ({
      body: { value: [{ id: 1 }], '@odata.nextLink': `${server.url}/api/link?x=%zz%` },
    });
    const e = await failure(k.toolkit.call('rt_list_link', {}, { all: true }));
    expect(e.code).toBe('invalid_response');
    expect(server.requests).toHaveLength(1);
    await k.toolkit.close();
  });

  it('a forged cursor with a malformed % escape is a typed error in a call and a dry run', async () => {
    const cursor = forge('rt_list_link', { style: 'next_link', url: `${server.url}/api/link?a=%E0%A4%A` });
    expect((await failure(call('rt_list_link', { cursor }))).code).toBe('invalid_response');
    expect((await failure(kit.toolkit.dryRun('rt_list_link', { cursor }))).code).toBe('invalid_response');
    expect(server.requests).toHaveLength(0);
  });

  it('URL redaction never throws on malformed escapes', () => {
    const s = new Secrets();
    expect(s.redactUrl('https://h/p?%zz=1&access_token=abc&%E0%A4%A=2')).toBe(
      'https://h/p?%zz=1&access_token=[redacted]&%E0%A4%A=2',
    );
  });
});

describe('positions from cursors are type-checked', () => {
  for (const [what, p] of [
    [
      'a partition with query text',
      { style: 'partitions', handle: 'h-1', partition: '1&requestId=x&evil=1', count: 3 },
    ],
    ['a fractional partition', { style: 'partitions', handle: 'h-1', partition: 1.5, count: 3 }],
    ['a partition past the count', { style: 'partitions', handle: 'h-1', partition: 7, count: 3 }],
    ['a handle of ..', { style: 'partitions', handle: '..', partition: 1, count: 3 }],
    ['a handle with a slash', { style: 'partitions', handle: 'x/../../admin', partition: 1, count: 3 }],
    ['an offset that is text', { style: 'offset', offset: '0;drop' }],
  ] as const) {
    it(`refuses ${what}, nothing sent`, async () => {
      const tool = p.style === 'offset' ? 'rt_list_oq' : 'rt_statement';
      const e = await failure(call(tool, { statement: 'select' }, { cursor: forge(tool, p) }));
      expect(e.code).toBe('invalid_input');
      expect(e.field).toBe('cursor');
      expect(server.requests).toHaveLength(0);
    });
  }

  it('checks the positions of the other styles too (page numbers, Link-header URLs, numeric cursors)', () => {
    expect(positionProblem({ style: 'page_number', page: '2&evil=1' })).toContain('page number');
    expect(positionProblem({ style: 'page_number', page: -1 })).toContain('page number');
    expect(positionProblem({ style: 'page_number', page: 3 })).toBeNull();
    expect(positionProblem({ style: 'link_header', url: { href: 'x' } })).toContain('next link');
    expect(positionProblem({ style: 'cursor', cursor: 42 })).toBeNull();
    expect(positionProblem({ style: 'cursor', cursor: { a: 1 } })).toContain('vendor cursor');
  });

  it('a statement handle of .. sent by the vendor is not put into a path', async () => {
    server.handler = () => ({
      body: { handle: '..', data: [['a']], meta: { partitions: [{}, {}], columns: ['C'] } },
    });
    const e = await failure(call('rt_statement', { statement: 'select' }, { all: true }));
    expect(e.code).toBe('invalid_response');
    expect(server.requests).toHaveLength(1);
  });
});

describe('a pending answer’s handle', () => {
  it('of .. is not put into the poll path', async () => {
    server.handler = () => ({ status: 202, body: { handle: '..' } });
    const e = await failure(call('rt_statement', { statement: 'select' }));
    expect(e.code).toBe('invalid_response');
    expect(server.requests).toHaveLength(1);
  });
});

describe('cursors signed with a shared key (TOOLSPEC_CURSOR_KEY)', () => {
  const twoPages = (): void => {
    server.handler = (r) =>
      r.query.$skiptoken === 'abc'
        ? { body: { value: [{ id: 2 }] } }
        : { body: { value: [{ id: 1 }], '@odata.nextLink': `${server.url}/api/link?$skiptoken=abc` } };
  };

  it('signs cursors, takes its own back, refuses unsigned and altered ones', async () => {
    twoPages();
    const signed = testKit(server.url, undefined, { cursorKey: 'k'.repeat(32) });
    const first = (await signed.toolkit.call('rt_list_link', {})) as unknown as Page;
    expect(first.next_cursor).toMatch(/^ts1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const second = (await signed.toolkit.call('rt_list_link', {
      cursor: first.next_cursor,
    })) as unknown as Page;
    expect(second.items).toEqual([{ id: 2 }]);
    server.requests.length = 0;

    const cursor = first.next_cursor as string;
    const unsigned = cursor.slice(0, cursor.lastIndexOf('.'));
    const payload = JSON.parse(Buffer.from(unsigned.slice(4), 'base64url').toString()) as {
      p: { url: string };
    };
    payload.p.url = payload.p.url.replace('abc', 'xyz');
    const altered = `ts1.${Buffer.from(JSON.stringify(payload)).toString('base64url')}${cursor.slice(cursor.lastIndexOf('.'))}`;
    for (const bad of [unsigned, altered, `${unsigned}.`, `${cursor.slice(0, -2)}AA`]) {
      const e = await failure(signed.toolkit.call('rt_list_link', { cursor: bad }));
      expect(e.code).toBe('invalid_input');
      expect(e.field).toBe('cursor');
    }
    expect(server.requests).toHaveLength(0);
    await signed.toolkit.close();
  });

  it('takes the key from TOOLSPEC_CURSOR_KEY', async () => {
    twoPages();
    const before = process.env.TOOLSPEC_CURSOR_KEY;
    process.env.TOOLSPEC_CURSOR_KEY = 'env-key-0123456789-0123456789-0123456789';
    try {
      const envKit = testKit(server.url);
      const first = (await envKit.toolkit.call('rt_list_link', {})) as unknown as Page;
      expect(first.next_cursor?.split('.')).toHaveLength(3);
      const other = (await kit.toolkit.call('rt_list_link', {})) as unknown as Page; // another key
      const e = await failure(envKit.toolkit.call('rt_list_link', { cursor: other.next_cursor }));
      expect(e.message).toContain('does not match');
      expect(e.message).toContain('TOOLSPEC_CURSOR_KEY');
      await envKit.toolkit.close();
    } finally {
      if (before === undefined) delete process.env.TOOLSPEC_CURSOR_KEY;
      else process.env.TOOLSPEC_CURSOR_KEY = before;
    }
  });
});

describe('toolkit.pages()', () => {
  it('stops a self-referencing next link with a typed error', async () => {
    server.handler = () => ({
      body: { value: [{ id: 1 }], '@odata.nextLink': `${server.url}/api/link?$skiptoken=same` },
    });
    const pages: Page[] = [];
    const e = await failure(
      (async () => {
        for await (const p of kit.toolkit.pages('rt_list_link', {})) pages.push(p);
      })(),
    );
    expect(e.code).toBe('invalid_response');
    expect(e.message).toContain('loop');
    expect(pages).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });

  it('collect mode detects the same loop', async () => {
    server.handler = () => ({
      body: { value: [{ id: 1 }], '@odata.nextLink': `${server.url}/api/link?$skiptoken=same` },
    });
    const e = await failure(call('rt_list_link', {}, { all: true, maxPages: 10 }));
    expect(e.code).toBe('invalid_response');
    expect(server.requests).toHaveLength(2);
  });

  it('is bounded by default (1000 pages) when the vendor never stops', async () => {
    server.handler = (r) => {
      const n = Number(r.query.n ?? 0);
      return { body: { value: [{ id: n }], '@odata.nextLink': `${server.url}/api/link?n=${n + 1}` } };
    };
    let count = 0;
    for await (const _ of kit.toolkit.pages('rt_list_link', {})) count++;
    expect(count).toBe(1000);
    expect(server.requests).toHaveLength(1000);
  }, 30_000);
});

describe('a cursor input that is not text', () => {
  it('is invalid_input naming it, for an object without a prototype too', async () => {
    for (const cursor of [Object.create(null), { a: 1 }, 42, ['ts1.x']]) {
      const e = await failure(call('rt_list_link', { cursor }));
      expect(e.code).toBe('invalid_input');
      expect(e.field).toBe('cursor');
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe('a page that is not JSON', () => {
  it('is an invalid_response, not an empty last page: one call, all pages and the page iterator', async () => {
    server.handler = (_req, n) =>
      n === 0
        ? { body: { results: [{ id: 1 }], next_cursor: 'c2', has_more: true } }
        : { headers: { 'content-type': 'text/html' }, body: '<html><body>Service Unavailable</body></html>' };
    const first = await failure(call('rt_list_cq', {}, { all: true }));
    expect(first.code).toBe('invalid_response');
    expect(first.tool).toBe('rt_list_cq');
    expect(first.message).toContain('text/html');
    server.handler = () => ({ headers: { 'content-type': 'text/plain' }, body: 'ok' });
    expect((await failure(call('rt_list_cq', {}))).code).toBe('invalid_response');
    const pages = async () => {
      for await (const _ of kit.toolkit.pages('rt_list_cq', {})) {
        // nothing: the first page already fails
      }
    };
    expect((await failure(pages())).code).toBe('invalid_response');
  });
});
