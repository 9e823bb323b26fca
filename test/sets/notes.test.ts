/**
 * Notion-specific behaviour of the notes set that the generic example contract test does not
 * cover: rich-text splitting, the 100-block limit, computed `_parent`, version floors and
 * overrides, exactly-one-of inputs, sort items and id hyphenation. Every call goes over a real
 * socket to a loopback server validating against notes.openapi.json, except the one request
 * shape the trimmed legacy contract does not model (2025-09-03 database create).
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecs } from '../../language/load/load.js';
import { createAjv } from '../../language/schema/ajv.js';
import { ToolError } from '../../runtime/errors.js';
import { createToolkit } from '../../runtime/toolkit.js';
import { type Listening, listenOnLoopback } from '../support/listen.js';
import { SPECS_DIR } from '../support/paths.js';
import { useSetHarness } from '../support/set-harness.js';

const ir = loadSpecs([join(SPECS_DIR, 'notes.yaml')]);
const PAGE = '59833787-2cf9-4fdf-8782-e53db20768a5';
const DATABASE = 'd9824bdc-8445-4327-be8b-5b47500af6ce';
const DATA_SOURCE = '248104cd-477e-80af-bc30-000bd28de8f9';
const BLOCK = 'c02fc1d3-db8b-45c5-a222-27595b15aea7';

const h = useSetHarness('notes', ir, () => ({ status: 200, body: { object: 'page', id: PAGE } }));

const { expectRefused } = h;

const sentBody = () => h.onlyRequest().body as Record<string, unknown>;

describe('rich text', () => {
  it('splits plain text into items of at most 2000 characters, in order', async () => {
    const text = `${'a'.repeat(2000)}${'b'.repeat(2000)}${'c'.repeat(500)}`;
    await h.toolkit.call('notes_block_update', { block_id: BLOCK, type: 'paragraph', text });
    const items = (sentBody().paragraph as { rich_text: { type: string; text: { content: string } }[] })
      .rich_text;
    expect(items.map((i) => i.text.content.length)).toEqual([2000, 2000, 500]);
    expect(items.every((i) => i.type === 'text')).toBe(true);
    expect(items.map((i) => i.text.content).join('')).toBe(text);
  });

  it('never cuts a surrogate pair at the 2000-character boundary', async () => {
    const text = `${'x'.repeat(1999)}😀tail`;
    await h.toolkit.call('notes_page_content_append', { block_id: PAGE, blocks: [{ type: 'quote', text }] });
    const children = sentBody().children as { quote: { rich_text: { text: { content: string } }[] } }[];
    const parts = children[0]?.quote.rich_text.map((i) => i.text.content) ?? [];
    expect(parts).toEqual(['x'.repeat(1999), '😀tail']);
  });

  it('wraps database title and description text as rich text', async () => {
    await h.toolkit.call('notes_database_update', { database_id: DATABASE, title: 'T', description: 'D' });
    expect(sentBody()).toEqual({
      title: [{ type: 'text', text: { content: 'T' } }],
      description: [{ type: 'text', text: { content: 'D' } }],
    });
    expect(h.server.requests[0]?.headers['notion-version']).toBe('2022-06-28');
  });
});

describe('blocks', () => {
  const block = (i: number) => ({ type: 'bulleted_list_item', text: `item ${i}` });

  it('sends 100 blocks in one request', async () => {
    const blocks = Array.from({ length: 100 }, (_, i) => block(i));
    await h.toolkit.call('notes_page_content_append', { block_id: PAGE, blocks });
    expect((sentBody().children as unknown[]).length).toBe(100);
  });

  it('refuses 101 blocks before sending anything', async () => {
    const blocks = Array.from({ length: 101 }, (_, i) => block(i));
    const e = await expectRefused('notes_page_content_append', { block_id: PAGE, blocks }, 'blocks');
    expect(e.message).toContain('blocks');
  });

  it('gives code blocks a language (default plain text) and dividers no text', async () => {
    await h.toolkit.call('notes_page_content_append', {
      block_id: PAGE,
      blocks: [{ type: 'code', text: 'ls' }, { type: 'divider' }],
    });
    expect(sentBody().children).toEqual([
      {
        type: 'code',
        code: { rich_text: [{ type: 'text', text: { content: 'ls' } }], language: 'plain text' },
      },
      { type: 'divider', divider: {} },
    ]);
  });

  it('refuses text on a divider and a language on a non-code block', async () => {
    await expectRefused(
      'notes_page_content_append',
      { block_id: PAGE, blocks: [{ type: 'divider', text: 'x' }] },
      'blocks/0/text',
    );
    await expectRefused(
      'notes_block_update',
      { block_id: BLOCK, type: 'paragraph', text: 'x', language: 'python' },
      'type',
    );
  });

  it('passes full Notion block objects in child_blocks through unchanged', async () => {
    const toggle = {
      type: 'heading_3',
      heading_3: { rich_text: [{ type: 'text', text: { content: 'H' } }] },
    };
    await h.toolkit.call('notes_page_create', { parent_page_id: PAGE, child_blocks: [toggle] });
    expect(sentBody().children).toEqual([toggle]);
  });
});

describe('computed parent and exactly one of database_id / parent_page_id', () => {
  it('refuses _parent from callers', async () => {
    await expectRefused(
      'notes_page_create',
      { parent_page_id: PAGE, _parent: { type: 'workspace', workspace: true } },
      '_parent',
    );
    await expectRefused(
      'notes_database_insert_row',
      { database_id: DATABASE, properties: {}, _parent: { type: 'page_id', page_id: PAGE } },
      '_parent',
    );
  });

  it('builds the database parent for a row', async () => {
    await h.toolkit.call('notes_database_insert_row', { database_id: DATABASE, properties: {} });
    expect(sentBody().parent).toEqual({ type: 'database_id', database_id: DATABASE });
  });

  it('builds a page parent and sends empty properties when none are given', async () => {
    await h.toolkit.call('notes_page_create', { parent_page_id: PAGE });
    expect(sentBody()).toEqual({ parent: { type: 'page_id', page_id: PAGE }, properties: {} });
  });

  it('refuses both parents, neither, and a database row without properties', async () => {
    await expectRefused(
      'notes_page_create',
      { database_id: DATABASE, parent_page_id: PAGE, properties: {} },
      '(input)',
    );
    await expectRefused('notes_page_create', { properties: {} }, '(input)');
    await expectRefused('notes_page_create', { database_id: DATABASE }, 'properties');
  });

  it('refuses a comment with both a page parent and a discussion id', async () => {
    const comment = { rich_text: [{ type: 'text', text: { content: 'hi' } }] };
    await expectRefused(
      'notes_comment_create',
      { comment, parent: { page_id: PAGE }, discussion_id: '3e2f1a0b-9c8d-4e7f-a6b5-c4d3e2f1a0b9' },
      '(input)',
    );
    await expectRefused('notes_comment_create', { comment }, '(input)');
  });
});

describe('Notion-Version', () => {
  const version = () => h.server.requests[0]?.headers['notion-version'];

  it('defaults per tool: 2025-09-03 for current tools, 2022-06-28 for legacy database tools', async () => {
    await h.toolkit.call('notes_page_get', { page_id: PAGE });
    expect(version()).toBe('2025-09-03');
    h.server.requests.length = 0;
    await h.toolkit.call('notes_database_fetch', { database_id: DATABASE });
    expect(version()).toBe('2022-06-28');
  });

  it('lets notes_version override the header', async () => {
    await h.toolkit.call('notes_database_fetch', { database_id: DATABASE, notes_version: '2025-09-03' });
    expect(version()).toBe('2025-09-03');
    h.server.requests.length = 0;
    await h.toolkit.call('notes_data_source_fetch', { database_id: DATABASE, notes_version: '2026-03-11' });
    expect(version()).toBe('2026-03-11');
  });

  it('refuses versions older than 2025-09-03 on the data-source tools', async () => {
    for (const [tool, input] of [
      ['notes_data_source_fetch', { database_id: DATABASE }],
      ['notes_data_source_query', { data_source_id: DATA_SOURCE }],
      ['notes_data_source_insert_row', { data_source_id: DATA_SOURCE, properties: {} }],
    ] as const) {
      const e = await expectRefused(tool, { ...input, notes_version: '2022-06-28' }, 'notes_version');
      expect(e.toJSON().issues?.find((i) => i.field === 'notes_version')?.expected).toContain('2025-09-03');
    }
  });

  it('refuses a version that is not YYYY-MM-DD', async () => {
    await expectRefused(
      'notes_comment_retrieve',
      { comment_id: PAGE, notes_version: 'latest' },
      'notes_version',
    );
  });

  it('never sends schema_version or tool_version', async () => {
    await h.toolkit.call('notes_database_query', {
      database_id: DATABASE,
      schema_version: '1',
      tool_version: '1',
    });
    expect(sentBody()).toEqual({});
    expect(h.server.requests[0]?.query).toEqual({});
  });
});

describe('sorts, search and ids', () => {
  it('refuses a sort item with both property and timestamp', async () => {
    await expectRefused(
      'notes_data_source_query',
      {
        data_source_id: DATA_SOURCE,
        sorts: [{ property: 'Due', timestamp: 'created_time', direction: 'ascending' }],
      },
      'sorts/0',
    );
  });

  it('sends a timestamp sort to the data-source query', async () => {
    await h.toolkit.call('notes_data_source_query', {
      data_source_id: DATA_SOURCE,
      sorts: [{ timestamp: 'last_edited_time', direction: 'descending' }],
    });
    expect(sentBody()).toEqual({
      sorts: [{ timestamp: 'last_edited_time', direction: 'descending' }],
      page_size: 10,
    });
  });

  it('refuses a created_time search sort, which Notion rejects', async () => {
    await expectRefused('notes_page_search', { sort_timestamp: 'created_time' }, 'sort_timestamp');
  });

  it('hyphenates 32-character ids taken from URLs', async () => {
    await h.toolkit.call('notes_page_get', { page_id: PAGE.replaceAll('-', '') });
    expect(h.server.requests[0]?.path).toBe(`/v1/pages/${PAGE}`);
    h.server.requests.length = 0;
    await h.toolkit.call('notes_page_create', { parent_page_id: PAGE.replaceAll('-', '') });
    expect(sentBody().parent).toEqual({ type: 'page_id', page_id: PAGE });
  });

  it('archives a page through in_trash', async () => {
    await h.toolkit.call('notes_page_update', { page_id: PAGE, archived: true });
    expect(sentBody()).toEqual({ in_trash: true });
    h.server.requests.length = 0;
    await expectRefused('notes_page_update', { page_id: PAGE }, '(input)');
  });
});

describe('cursor paging', () => {
  const row = (id: string) => ({ object: 'page', id, properties: {} });
  /** Two vendor pages: the first answers with cursor `c2`, the second ends the list. */
  const twoPages = (cursorOf: (r: { query: Record<string, unknown>; body: unknown }) => unknown) => {
    h.server.respond = (r) =>
      cursorOf(r) === 'c2'
        ? { body: { object: 'list', results: [row('b')], next_cursor: null, has_more: false } }
        : { body: { object: 'list', results: [row('a')], next_cursor: 'c2', has_more: true } };
  };

  it('carries the cursor in the body for POST queries and keeps the other inputs', async () => {
    twoPages((r) => (r.body as { start_cursor?: string }).start_cursor);
    const first = (await h.toolkit.call('notes_data_source_query', { data_source_id: DATA_SOURCE })) as {
      items: unknown[];
      next_cursor: string;
      has_more: boolean;
    };
    expect(first.items).toEqual([row('a')]);
    expect(first.has_more).toBe(true);
    expect(first.next_cursor).not.toBe('c2');
    const second = await h.toolkit.call('notes_data_source_query', {
      data_source_id: DATA_SOURCE,
      start_cursor: first.next_cursor,
    });
    expect(second).toEqual({ items: [row('b')], next_cursor: null, has_more: false });
    expect(h.server.violations).toEqual([]);
    expect(h.server.requests.map((r) => r.body)).toEqual([
      { page_size: 10 },
      { page_size: 10, start_cursor: 'c2' },
    ]);
  });

  it('carries the cursor in the query for GET lists and collects every page on request', async () => {
    twoPages((r) => r.query.start_cursor);
    const all = await h.toolkit.call('notes_user_list', { page_size: 1 }, { all: true });
    expect(all).toEqual({ items: [row('a'), row('b')], next_cursor: null, has_more: false });
    expect(h.server.violations).toEqual([]);
    expect(h.server.requests.map((r) => r.query)).toEqual([
      { page_size: '1' },
      { page_size: '1', start_cursor: 'c2' },
    ]);
  });

  it('continues a tool without a cursor input through the cursor option', async () => {
    twoPages((r) => (r.body as { start_cursor?: string }).start_cursor);
    const first = (await h.toolkit.call('notes_database_property_retrieve', { database_id: DATABASE })) as {
      next_cursor: string;
    };
    await h.toolkit.call(
      'notes_database_property_retrieve',
      { database_id: DATABASE },
      { cursor: first.next_cursor },
    );
    expect(h.server.violations).toEqual([]);
    expect(h.server.requests.map((r) => r.body)).toEqual([{}, { start_cursor: 'c2' }]);
  });

  it('maps every block of every page to its plain text', async () => {
    h.server.respond = () => ({
      body: {
        object: 'list',
        results: [
          {
            object: 'block',
            id: BLOCK,
            type: 'toggle',
            has_children: true,
            toggle: { rich_text: [{ plain_text: 'Open ' }, { plain_text: 'me' }] },
          },
          { object: 'block', id: PAGE, type: 'image', has_children: false, image: { type: 'external' } },
        ],
        next_cursor: null,
        has_more: false,
      },
    });
    const out = await h.toolkit.call('notes_page_content_get', { block_id: PAGE });
    expect(out).toEqual({
      items: [
        { id: BLOCK, type: 'toggle', has_children: true, text: 'Open me' },
        { id: PAGE, type: 'image', has_children: false, text: '' },
      ],
      next_cursor: null,
      has_more: false,
    });
  });
});

describe('Notion errors', () => {
  it('reads the code, message and request id of a Notion error body', async () => {
    h.server.respond = () => ({
      status: 404,
      body: {
        object: 'error',
        status: 404,
        code: 'object_not_found',
        message: `Could not find page with ID: ${PAGE}. Make sure the relevant pages and databases are shared with your integration.`,
        request_id: '2f5e8c1a-7b3d-4e9f-a0c6-1d2e3f4a5b6c',
      },
    });
    const e = await h.toolkit.call('notes_page_get', { page_id: PAGE }).then(
      () => null,
      (err: unknown) => err as ToolError,
    );
    expect(e).toBeInstanceOf(ToolError);
    const j = (e as ToolError).toJSON();
    expect(j.code).toBe('not_found');
    expect(j.status).toBe(404);
    expect(j.vendor_code).toBe('object_not_found');
    expect(j.vendor_message).toContain('Make sure the relevant pages');
    expect(j.details).toEqual({ status: 404, request_id: '2f5e8c1a-7b3d-4e9f-a0c6-1d2e3f4a5b6c' });
    expect(JSON.stringify(j)).not.toContain('notes-test-token');
  });
});

describe('database create under 2025-09-03', () => {
  // The contract holds only the 2022-06-28 shape, so this request goes to a plain recorder.
  let recorder: Listening;
  let url: string;
  const bodies: unknown[] = [];
  const headers: string[] = [];

  beforeAll(async () => {
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      req.on('end', () => {
        bodies.push(JSON.parse(raw));
        headers.push(String(req.headers['notion-version']));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"database"}');
      });
    });
    recorder = await listenOnLoopback(server);
    url = recorder.origin;
  });
  afterAll(() => recorder.close());

  it('nests the schema under initial_data_source', async () => {
    const kit = createToolkit({ specs: ir, connections: { notes: { baseUrl: url, token: 't' } } });
    try {
      await kit.call('notes_database_create', {
        parent: { page_id: PAGE },
        title: [{ type: 'text', text: { content: 'Tasks' } }],
        properties: { Name: { title: {} } },
        notes_version: '2025-09-03',
      });
    } finally {
      await kit.close();
    }
    expect(headers).toEqual(['2025-09-03']);
    expect(bodies).toEqual([
      {
        parent: { type: 'page_id', page_id: PAGE },
        title: [{ type: 'text', text: { content: 'Tasks' } }],
        initial_data_source: { properties: { Name: { title: {} } } },
      },
    ]);
  });
});

describe('dry run', () => {
  for (const tool of ir.tools) {
    for (const example of tool.examples) {
      it(`${tool.name}: ${example.name} builds the example's request without sending it`, async () => {
        const dry = await h.toolkit.dryRun(tool.name, example.input);
        expect(h.server.requests).toHaveLength(0);
        const url = new URL(dry.url);
        expect(dry.method).toBe(example.request.method);
        expect(url.pathname).toBe(example.request.path);
        const query: Record<string, string | string[]> = {};
        for (const key of new Set(url.searchParams.keys())) {
          const all = url.searchParams.getAll(key);
          query[key] = all.length === 1 ? (all[0] as string) : all;
        }
        expect(query).toEqual(example.request.query);
        expect(dry.body).toEqual(example.request.body);
        const headers = Object.fromEntries(Object.entries(dry.headers).map(([k, v]) => [k.toLowerCase(), v]));
        expect(headers['notion-version']).toBe(example.request.headers['Notion-Version']);
        expect(JSON.stringify(dry)).not.toContain('notes-test-token');
      });
    }
  }
});

describe('output schemas', () => {
  const ajv = createAjv({ strict: true, strictRequired: false, strictTypes: false, allowUnionTypes: true });
  for (const tool of ir.tools) {
    it(`${tool.name}: every example output matches the declared output schema`, () => {
      expect(tool.response.schema, 'an output schema is declared').not.toBeNull();
      const validate = ajv.compile(tool.response.schema ?? {});
      for (const example of tool.examples) {
        expect(validate(example.output), `${example.name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    });
  }
});
