/**
 * `toolspec serve --code` end to end with the SDK's client over stdio and Streamable HTTP (and a
 * raw 2026-07-28 exchange): the two code-mode tools, a search that answers TypeScript declarations,
 * one execute that pages through the sandbox CRM's people and creates a Notion page per matching
 * name (the sandbox's log shows exactly those requests), and programs that pass a limit end in a
 * typed error while the server goes on answering.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShippedSpecs } from '../../cli/shipped.js';
import { catalogFromIR } from '../../mcp/server/catalog.js';
import { codeTools } from '../../mcp/server/code-mode.js';
import { unknownTool } from '../../mcp/server/discovery.js';
import { selectTools } from '../../mcp/server/select.js';
import { runChild } from '../support/children.js';
import { CLI, httpUrl, REPO, type Served, serve, type TransportKind } from './support.js';
import { modern } from './wire.js';

const ir = loadShippedSpecs();

interface ToolResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

const call = (client: Client, name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 }) as Promise<ToolResult>;
const errorOf = (r: ToolResult) => r._meta?.['dev.toolspec/error'] as Record<string, unknown> | undefined;

/** The first call loads the specs, the toolkit and the engine: slow on a busy machine. */
const FIRST_CALL_MS = 120_000;

const PARENT = '5c6a2821-6bb1-4a7e-b6e1-c50111515c3d';
/** The Done-when program: every person of the CRM, a Notion page per name matching a pattern, the ids. */
const PROGRAM = `
const people = await tools.crm_list_records({ object: 'people', limit: 1 }, { all: true });
const names = people.items.map((p) => p.values.name[0].full_name);
const ids = [];
for (const name of names.filter((n) => /lovelace/i.test(n))) {
  const page = await tools.notes_page_create({
    parent_page_id: '${PARENT}',
    properties: { title: { title: [{ text: { content: name } }] } },
  });
  ids.push(page.id);
}
return { names, ids };`;

/** The sandbox's lines in the server log (serve.ts logs each request it answers). */
const sandboxLines = (s: Served): string[] =>
  s
    .stderr()
    .split('\n')
    .filter((l) => l.startsWith('toolspec serve: sandbox ') && !l.includes('listening'))
    .map((l) => l.slice('toolspec serve: sandbox '.length));

describe('the code-mode tool list', () => {
  const size = (entries: ReturnType<typeof catalogFromIR>) =>
    Buffer.byteLength(JSON.stringify({ tools: codeTools(entries, false) }), 'utf8');

  it('stays under 5 KB with the 148 shipped tools and with 2,000 tools in 20 sets', () => {
    const shipped = catalogFromIR(ir);
    expect(shipped.length).toBeGreaterThanOrEqual(148);
    expect(size(shipped)).toBeLessThan(5 * 1024);
    const many = Array.from({ length: 2000 }, (_, i) => {
      const base = shipped[i % shipped.length]!;
      const set = `set${i % 20}`;
      return {
        ...base,
        set,
        search: base.search && { ...base.search, set: { ...base.search.set, product: `Product ${i % 20}` } },
        tool: { ...base.tool, name: `${set}_${base.tool.name}_${i}` },
      };
    });
    expect(size(many)).toBeLessThan(5 * 1024);
  });
});

describe('toolspec serve --code (CLI)', () => {
  it('refuses --code with --discovery, and --code-timeout without --code or out of range', async () => {
    for (const args of [
      ['--code', '--discovery'],
      ['--code-timeout', '5'],
      ['--code', '--code-timeout', '0'],
      ['--code', '--code-timeout', 'soon'],
    ]) {
      const r = await runChild(process.execPath, [...CLI, ...args, '--sandbox'], {
        cwd: REPO,
        env: { ...(process.env as Record<string, string>), NODE_NO_WARNINGS: '1' },
      });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/--code/);
    }
  }, 60_000);
});

for (const kind of ['stdio', 'http'] as TransportKind[]) {
  describe(`serve --code over ${kind}`, () => {
    let s: Served;
    let readOnly: Served;
    beforeAll(async () => {
      [s, readOnly] = await Promise.all([
        serve(kind, ['--code', '--sandbox', '--code-timeout', '3']),
        serve(kind, ['--code', '--sandbox', '--read-only']),
      ]);
    }, 60_000);
    afterAll(async () => {
      await Promise.all([s?.close(), readOnly?.close()]);
    });

    it('lists the two code-mode tools, under 5 KB', async () => {
      const listed = await s.client.listTools();
      expect(listed.tools.map((t) => t.name)).toEqual(['search', 'execute']);
      expect(Buffer.byteLength(JSON.stringify(listed), 'utf8')).toBeLessThan(5 * 1024);
    });

    it(
      'finds crm_list_records and notes_page_create with their TypeScript declarations',
      async () => {
        const crm = await call(s.client, 'search', { query: 'list crm records' });
        expect(crm.isError).toBeFalsy();
        const found = crm.structuredContent as { tools: { name: string }[]; declarations: string };
        expect(found.tools.map((t) => t.name)).toContain('crm_list_records');
        expect(found.declarations).toContain('crm_list_records(input: CrmListRecordsInput');
        expect(found.declarations).toMatch(/type CrmListRecordsInput = \{[\s\S]*object: string;/);
        const notes = await call(s.client, 'search', { query: 'create a notion page' });
        const page = notes.structuredContent as { tools: { name: string }[]; declarations: string };
        expect(page.tools.map((t) => t.name)).toContain('notes_page_create');
        expect(page.declarations).toContain('notes_page_create(input: NotesPageCreateInput');
      },
      FIRST_CALL_MS,
    );

    it(
      'runs the program in one execute: every person paged, one page per match, the ids returned',
      async () => {
        const before = sandboxLines(s).length;
        const r = await call(s.client, 'execute', { code: PROGRAM });
        expect(r.isError, JSON.stringify(r)).toBeFalsy();
        const out = r.structuredContent as {
          result: { names: string[]; ids: string[] };
          calls: { tool: string; outcome: string; duration_ms: number }[];
        };
        expect(out.result.names).toEqual(['Ada Lovelace']);
        expect(out.result.ids).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
        expect(out.calls.map((c) => [c.tool, c.outcome])).toEqual([
          ['crm_list_records', 'ok'],
          ['notes_page_create', 'ok'],
        ]);
        // The sandbox saw exactly these requests: two pages of people, then one page created.
        const seen = sandboxLines(s).slice(before);
        expect(seen).toEqual([
          'POST /crm/v2/objects/people/records/query 200 crm_list_records {"limit":1,"offset":0}',
          'POST /crm/v2/objects/people/records/query 200 crm_list_records {"limit":1,"offset":1}',
          `POST /notes/v1/pages 200 notes_page_create {"properties":{"title":{"title":[{"text":{"content":"Ada Lovelace"}}]}},"parent":{"type":"page_id","page_id":"${PARENT}"}}`,
        ]);
      },
      FIRST_CALL_MS,
    );

    it('ends an infinite loop, a memory bomb and a 100 MB result in typed errors, and keeps answering', async () => {
      for (const [code, limit] of [
        ['for (;;) {}', 'time'],
        ['const a = []; for (;;) a.push("x".repeat(1e6) + a.length);', 'memory'],
        ['return "x".repeat(100 * 1024 * 1024);', 'memory'],
        ['return "x".repeat(2 * 1024 * 1024);', 'output'],
      ] as const) {
        const r = await call(s.client, 'execute', { code });
        expect(r.isError, code).toBe(true);
        expect(errorOf(r), code).toMatchObject({ code: 'limit_exceeded', details: { limit } });
        const next = await call(s.client, 'execute', { code: 'return 6 * 7' });
        expect(next.structuredContent?.result).toBe(42);
      }
    });

    it('refuses a write in read-only mode exactly as a direct call is refused', async () => {
      const r = await call(readOnly.client, 'execute', {
        code: `try { await tools.notes_page_create({ parent_page_id: '${PARENT}' }); return 'sent'; } catch (e) { return { code: e.code, message: e.message, field: e.field }; }`,
      });
      expect(r.isError, JSON.stringify(r)).toBeFalsy();
      // What a direct tools/call of the tool gets from a read-only server (server.ts runTool).
      const served = selectTools(catalogFromIR(ir), { readOnly: true });
      const direct = unknownTool('notes_page_create', 'notes_page_create', served, false);
      expect((r.structuredContent as { result: unknown }).result).toEqual({
        code: direct.code,
        message: direct.message,
        field: direct.field,
      });
      expect(sandboxLines(readOnly).filter((l) => l.includes('notes_page_create'))).toEqual([]);
      const list = await readOnly.client.listTools();
      expect(list.tools.find((t) => t.name === 'execute')?.annotations?.readOnlyHint).toBe(true);
    });

    if (kind === 'http') {
      it('serves the 2026-07-28 protocol too', async () => {
        const url = httpUrl(s);
        const listed = await modern(url, 'tools/list', 1);
        expect(JSON.parse(listed.body).result.tools.map((t: { name: string }) => t.name)).toEqual([
          'search',
          'execute',
        ]);
        const ran = await modern(url, 'tools/call', 2, {
          name: 'execute',
          arguments: { code: 'return [1, 2]' },
        });
        expect(JSON.parse(ran.body).result.structuredContent).toEqual({
          result: [1, 2],
          calls: [],
          logs: [],
        });
      });
    }
  });
}
