/** Request building and input handling: path injection, query shapes, coercions, computed and version inputs, dry runs, read-only mode. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pathValueProblem } from '../../runtime/http/uri.js';
import { failure, TOKEN, testKit } from './support/fixture.js';
import { type Loopback, startLoopback } from './support/loopback.js';

let server: Loopback;
let kit: ReturnType<typeof testKit>;
beforeAll(async () => {
  server = await startLoopback(() => ({ body: { id: 'x', name: 'n' } }));
  kit = testKit(server.url);
});
afterAll(async () => {
  await kit.toolkit.close();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

describe('path inputs stay inside their segment', () => {
  const cases: [string, string][] = [
    ['a=1&b@c+d', '/api/items/a%3D1%26b%40c%2Bd'],
    ["it's (1)*!", '/api/items/it%27s%20%281%29%2A%21'],
    ['ünï', '/api/items/%C3%BCn%C3%AF'],
  ];
  for (const [value, path] of cases) {
    it(`encodes ${JSON.stringify(value)}`, async () => {
      await kit.toolkit.call('rt_item_get', { item_id: value });
      expect(server.requests[0]?.url).toBe(path);
      const dry = await kit.toolkit.dryRun('rt_item_get', { item_id: value });
      expect(dry.url).toBe(`${server.url}${path}`);
    });
  }

  for (const value of [
    '..',
    '.',
    'a\r\nX-Injected: 1',
    'tab\there',
    'a/b',
    '../admin',
    '%2F',
    'a?x=1',
    'a#frag',
  ]) {
    it(`refuses ${JSON.stringify(value)} and sends nothing`, async () => {
      const e = await failure(kit.toolkit.call('rt_item_get', { item_id: value }));
      expect(e.code).toBe('invalid_input');
      expect(e.tool).toBe('rt_item_get');
      expect(e.field).toBe('item_id');
      expect(server.requests).toHaveLength(0);
    });
  }

  it('keeps any printable value in exactly one segment (seeded random values)', async () => {
    let seed = 42;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const alphabet = [...'/?#%.&=+;:@!$\'()*,[] \\"<>^`{|}~aZ09-_'].concat(['é', '☃', '😀']);
    for (let n = 0; n < 300; n++) {
      const len = 1 + Math.floor(rand() * 12);
      let value = '';
      for (let i = 0; i < len; i++) value += alphabet[Math.floor(rand() * alphabet.length)];
      if (pathValueProblem(value) !== null) {
        const e = await failure(kit.toolkit.dryRun('rt_item_get', { item_id: value }));
        expect(e.code).toBe('invalid_input');
        continue;
      }
      const dry = await kit.toolkit.dryRun('rt_item_get', { item_id: value });
      const path = new URL(dry.url).pathname;
      const segments = path.split('/');
      expect(segments.slice(0, 3)).toEqual(['', 'api', 'items']);
      expect(segments).toHaveLength(4);
      expect(decodeURIComponent(segments[3] as string)).toBe(value);
      expect(dry.url).not.toMatch(/[?#]/);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('refuses line breaks in header inputs', async () => {
    const e = await failure(
      kit.toolkit.call('rt_item_get', { item_id: 'a', rt_version: '2025-01-01\r\nX: y' }),
    );
    expect(e.code).toBe('invalid_input');
    expect(e.field).toBe('rt_version');
    expect(server.requests).toHaveLength(0);
  });
});

describe('query serialisation', () => {
  it('repeats exploded array keys, joins the others, keeps OData names and encodes values', async () => {
    await kit.toolkit.call('rt_item_find', {
      thing_id: '59833787-2cf9-4fdf-8782-e53db20768a5',
      fields: ['a b', 'c&d'],
      tags: ['x', 'y'],
      top: 5,
      filter: { status: 'open' },
    });
    const url = server.requests[0]?.url ?? '';
    expect(url).toContain('field=a%20b&field=c%26d');
    expect(url).toContain('tags=x,y');
    expect(url).toContain('$top=5');
    expect(server.requests[0]?.query.filter).toBe('{"status":"open"}');
  });
});

describe('input validation', () => {
  it('names the tool, every field and what was expected, and sends nothing', async () => {
    const e = await failure(kit.toolkit.call('rt_item_create', { name: 5, bogus: true, props: [] }));
    expect(e.code).toBe('invalid_input');
    expect(e.tool).toBe('rt_item_create');
    expect(e.message).toContain('rt_item_create');
    const fields = (e.issues ?? []).map((i) => i.field).sort();
    expect(fields).toEqual(['bogus', 'name', 'props']);
    expect(e.issues?.find((i) => i.field === 'name')?.expected).toBe('a value of type string');
    expect(e.issues?.find((i) => i.field === 'bogus')?.expected).toContain('unknown field');
    expect(server.requests).toHaveLength(0);
  });

  it('reports a missing required input', async () => {
    const e = await failure(kit.toolkit.call('rt_item_get', {}));
    expect(e.field).toBe('item_id');
    expect(e.expected).toContain('required');
  });

  it('refuses a computed input supplied by the caller', async () => {
    const e = await failure(kit.toolkit.call('rt_item_create', { name: 'n', _parent: { id: 'evil' } }));
    expect(e.code).toBe('invalid_input');
    expect(e.field).toBe('_parent');
    expect(e.message).toContain('computed by the executor');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a version older than min_version and sends a valid one as its header', async () => {
    const e = await failure(kit.toolkit.call('rt_item_get', { item_id: 'a', rt_version: '2023-12-31' }));
    expect(e.field).toBe('rt_version');
    expect(e.expected).toContain('2024-01-01');
    await kit.toolkit.call('rt_item_get', { item_id: 'a', rt_version: '2025-06-01' });
    expect(server.requests[0]?.headers['rt-version']).toBe('2025-06-01');
    expect(server.requests[0]?.body).toBeNull();
  });

  it('decodes objects given as JSON text and hyphenates 32-digit uuids', async () => {
    await kit.toolkit.call('rt_item_find', {
      thing_id: '598337872cf94fdf8782e53db20768a5',
      filter: '{"status": "open"}',
      fields: '["a", "b"]',
      ids: '["0123456789abcdef0123456789ABCDEF", "59833787-2cf9-4fdf-8782-e53db20768a5"]',
    });
    expect(server.requests[0]?.path).toBe('/api/things/59833787-2cf9-4fdf-8782-e53db20768a5');
    expect(server.requests[0]?.query).toMatchObject({
      filter: '{"status":"open"}',
      field: ['a', 'b'],
      ids: ['01234567-89ab-cdef-0123-456789ABCDEF', '59833787-2cf9-4fdf-8782-e53db20768a5'],
    });
  });

  it('accepts the whole input as JSON text', async () => {
    await kit.toolkit.call('rt_item_get', '{"item_id": "j1"}');
    expect(server.requests[0]?.path).toBe('/api/items/j1');
  });

  it('refuses an unknown tool', async () => {
    const e = await failure(kit.toolkit.call('rt_nope', {}));
    expect(e.code).toBe('invalid_input');
    expect(e.field).toBe('tool');
  });
});

describe('bodies', () => {
  it('places body inputs at dot paths, applies transforms and computed inputs, merges the template', async () => {
    server.handler = () => ({ status: 201, body: { id: 'i9' } });
    await kit.toolkit.call('rt_item_create', { name: 'n', props: { a: 1 }, labels: 'x, y' });
    expect(server.requests[0]?.body).toEqual({
      name: 'n',
      data: { props: { a: 1 } },
      labels: ['x', 'y'],
      parent: null,
      kind: 'item',
    });
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    server.handler = () => ({ body: { id: 'x', name: 'n' } });
  });
});

describe('dry run', () => {
  it('builds the first request without sending it, with secrets redacted', async () => {
    const dry = await kit.toolkit.dryRun('rt_item_create', { name: 'n', parent_id: 'p' });
    expect(server.requests).toHaveLength(0);
    expect(dry.method).toBe('POST');
    expect(dry.url).toBe(`${server.url}/api/items`);
    expect(dry.headers.authorization).toBe('Bearer [redacted]');
    expect(dry.headers['x-rt-token-type']).toBe('OAUTH');
    expect(dry.body).toEqual({ name: 'n', parent: { id: 'p' }, kind: 'item' });
    expect(JSON.stringify(dry)).not.toContain(TOKEN);
  });

  it('redacts a known secret even when it is part of the input', async () => {
    const dry = await kit.toolkit.dryRun('rt_item_create', { name: `token ${TOKEN}` });
    expect(JSON.stringify(dry)).not.toContain(TOKEN);
  });
});

describe('read-only mode', () => {
  it('refuses tools that are not read-only and lists only read tools', async () => {
    const ro = testKit(server.url, undefined, { readOnly: true });
    const e = await failure(ro.toolkit.call('rt_item_create', { name: 'n' }));
    expect(e.code).toBe('forbidden');
    expect(server.requests).toHaveLength(0);
    expect(ro.toolkit.list().every((t) => t.effects.every((x) => x === 'read'))).toBe(true);
    expect(ro.toolkit.list().map((t) => t.name)).toContain('rt_list_cq');
    expect(ro.toolkit.list().map((t) => t.name)).not.toContain('rt_statement');
    await ro.toolkit.close();
  });

  it('lists every tool with its effects and schema', () => {
    const all = kit.toolkit.list({ set: 'rt' });
    const create = all.find((t) => t.name === 'rt_item_create');
    expect(create?.effects).toEqual(['create']);
    expect(Object.keys(create?.inputSchema.properties ?? {})).not.toContain('_parent');
    expect(kit.toolkit.list({ set: 'other' })).toEqual([]);
  });
});
