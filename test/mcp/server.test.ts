/**
 * `toolspec serve` end to end with the SDK's own client, over stdio and Streamable HTTP:
 * listing (all sets, filtered, read-only, discovery), calls through the sandbox and against a
 * loopback upstream (success, invalid input with nothing sent, vendor failure), concurrency.
 */
import { rmSync } from 'node:fs';
import { request } from 'node:http';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { catalogs } from '@toolspec/sets/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShippedSpecs } from '../../cli/shipped.js';
import { advertisedInput } from '../../language/schema/advertise.js';
import { createAjv } from '../../language/schema/ajv.js';
import { catalogFromIR, generatedEntries } from '../../mcp/server/catalog.js';
import {
  AUTH_HEADERS,
  httpUrl,
  miniSpecFor,
  type Served,
  serve,
  startUpstream,
  type TransportKind,
  type Upstream,
} from './support.js';

const ir = loadShippedSpecs();
/** What tools/list serves: the generated catalog when present (its drift is `generate --check`'s job), else the IR's. */
const catalog = generatedEntries(catalogs) ?? catalogFromIR(ir);
const allNames = ir.tools.map((t) => t.name).sort();
const readNames = ir.tools.filter((t) => t.effects.every((e) => e === 'read')).map((t) => t.name);

interface ToolResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

const call = (client: Client, name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }) as Promise<ToolResult>;

const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name).sort();

/** The first tools/call of a server loads the specs and builds the toolkit: slow on a busy machine. */
const FIRST_CALL_MS = 120_000;
/** The upstream connection's credential, from the environment as for `toolspec call`. */
const TOKEN = 'mini-secret-token-5e1f';

const text = (r: ToolResult) => r.content.map((c) => c.text ?? '').join('\n');

for (const kind of ['stdio', 'http'] as TransportKind[]) {
  describe(`serve over ${kind}`, () => {
    // One server per option set, started together (each spawn pays Node + tsx start-up).
    let all: Served;
    let filtered: Served;
    let readOnly: Served;
    let discovery: Served;
    let upstreamServed: Served;
    let upstream: Upstream;
    let spec: string;
    beforeAll(async () => {
      upstream = await startUpstream();
      spec = miniSpecFor(upstream.url);
      [all, filtered, readOnly, discovery, upstreamServed] = await Promise.all([
        serve(kind, ['--sandbox']),
        serve(kind, ['--sets', 'notes,mail', '--tools', 'notes_page_*,mail_*_message*']),
        serve(kind, ['--read-only', '--sandbox']),
        serve(kind, ['--discovery', '--sandbox']),
        serve(kind, ['--specs', spec], { TOOLSPEC_MINI_TOKEN: TOKEN }),
      ]);
    }, 120_000);
    afterAll(async () => {
      await Promise.all([all, filtered, readOnly, discovery, upstreamServed].map((s) => s?.close()));
      await upstream?.close();
      rmSync(spec, { force: true });
    });
    describe('tools/list', () => {
      it('lists every tool of every set with schema and effect annotations', async () => {
        const s = all;
        const { tools } = await s.client.listTools();
        expect(tools.map((t) => t.name).sort()).toEqual(allNames);
        for (const t of tools) {
          const tool = ir.byName.get(t.name);
          expect(tool, t.name).toBeDefined();
          if (!tool) continue;
          const entry = catalog.find((e) => e.tool.name === t.name);
          expect(t.title).toBe(entry?.tool.title);
          expect(t.description).toBe(entry?.tool.description);
          expect(t.inputSchema).toEqual(entry?.tool.inputSchema);
          expect(t.annotations).toEqual({
            title: tool.title,
            readOnlyHint: tool.effects.every((e) => e === 'read'),
            destructiveHint: tool.destructive,
            idempotentHint: tool.idempotent,
            openWorldHint: true,
          });
        }
      });

      it('filters by --sets and --tools globs', async () => {
        const s = filtered;
        const expected = allNames.filter((n) => /^notes_page_|^mail_.*_message/.test(n));
        expect(expected.length).toBeGreaterThan(3);
        expect(await names(s.client)).toEqual(expected);
      });

      it('--read-only lists only read tools and refuses writes', async () => {
        const s = readOnly;
        const { tools } = await s.client.listTools();
        expect(tools.map((t) => t.name).sort()).toEqual(readNames.sort());
        expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
        const write = ir.tools.find((t) => t.name === 'notes_page_create');
        const r = await call(s.client, 'notes_page_create', (write?.examples[0]?.input ?? {}) as never);
        expect(r.isError).toBe(true);
        expect(text(r)).toMatch(/no tool named "notes_page_create" is served here/);
      });

      it(
        '--discovery exposes three tools that search, describe and call every tool',
        async () => {
          const s = discovery;
          const { tools } = await s.client.listTools();
          expect(tools.map((t) => t.name).sort()).toEqual([
            'toolspec_call_tool',
            'toolspec_describe_tool',
            'toolspec_search_tools',
          ]);
          // The search's answer has a real output schema, and its text is that JSON (the SDK's
          // client checks structuredContent against the schema too).
          const search = tools.find((t) => t.name === 'toolspec_search_tools');
          const validate = createAjv({ strict: false }).compile(search?.outputSchema ?? {});
          expect(
            (search?.outputSchema?.properties as Record<string, unknown> | undefined)?.tools,
          ).toBeDefined();
          expect(search?.inputSchema.properties?.set).toMatchObject({
            description: expect.stringContaining(
              'mail: Microsoft Outlook mail, calendar, contacts and To Do',
            ),
          });
          const answer = async (args: Record<string, unknown>) => {
            const r = await call(s.client, 'toolspec_search_tools', args);
            expect(r.isError).toBeFalsy();
            expect(JSON.parse(text(r))).toEqual(r.structuredContent);
            expect(validate(r.structuredContent), JSON.stringify(validate.errors)).toBe(true);
            return r.structuredContent as {
              tools: { name: string; effects: string[]; score: number }[];
              total: number;
              has_more: boolean;
              next_cursor: string | null;
              next?: string;
              suggestions?: { name: string }[];
              hint?: string;
            };
          };
          const found = await answer({ query: 'page', set: 'notes', effects: ['read'] });
          expect(found.tools.map((h) => h.name)).toContain('notes_page_get');
          expect(found.tools.every((h) => h.name.startsWith('notes_') && h.effects.includes('read'))).toBe(
            true,
          );
          const task = await answer({ query: 'reply to the last email from Anna' });
          expect(task.tools[0]).toMatchObject({ name: 'mail_reply_to_message', score: 1 });
          const all = await answer({ limit: 100 });
          expect(all.total).toBe(allNames.length);
          expect(all).toMatchObject({ has_more: true, next_cursor: '100' });
          expect(all.next).toMatch(/"cursor": "100"/);
          const none = await answer({ query: 'schedule a meeting', set: 'datastore' });
          expect(none.total).toBe(0);
          expect(none.suggestions?.[0]?.name).toBe('mail_create_calendar_event');
          expect(none.hint).toMatch(/set "datastore"/);

          const described = await call(s.client, 'toolspec_describe_tool', { name: 'notes_page_get' });
          expect(described.structuredContent?.inputSchema).toEqual(
            advertisedInput(ir.byName.get('notes_page_get')!).schema,
          );

          const example = ir.byName.get('notes_page_get')?.examples[0];
          const called = await call(s.client, 'toolspec_call_tool', {
            name: 'notes_page_get',
            arguments: example?.input,
          });
          expect(called.isError).toBeFalsy();
          expect(called.structuredContent).toEqual(example?.output);
        },
        FIRST_CALL_MS,
      );
    });

    it.runIf(kind === 'http')(
      'refuses a non-loopback Host or Origin (DNS rebinding), then an unauthenticated request',
      async () => {
        const url = new URL(httpUrl(all));
        const status = (headers: Record<string, string>) =>
          new Promise<number>((resolve, reject) => {
            const req = request(
              {
                host: url.hostname,
                port: url.port,
                path: url.pathname,
                method: 'POST',
                headers: { 'content-type': 'application/json', ...headers },
              },
              (res) => {
                res.resume();
                resolve(res.statusCode ?? 0);
              },
            );
            req.on('error', reject);
            req.end('{}');
          });
        expect(await status({ host: 'evil.example', ...AUTH_HEADERS })).toBe(403);
        expect(await status({ host: url.host, origin: 'https://evil.example', ...AUTH_HEADERS })).toBe(403);
        expect(await status({ host: url.host })).toBe(401);
        expect(await status({ host: url.host, ...AUTH_HEADERS })).toBe(400);
      },
    );

    describe('tools/call with --sandbox', () => {
      let s: Served;
      beforeAll(() => {
        s = all;
      });

      it(
        'answers a read with structured content and a compact text form',
        async () => {
          const example = ir.byName.get('notes_page_get')?.examples[0];
          const r = await call(s.client, 'notes_page_get', example?.input as never);
          expect(r.isError).toBeFalsy();
          expect(r.structuredContent).toEqual(example?.output);
          expect(JSON.parse(text(r))).toEqual(example?.output);
          expect(s.stderr()).toMatch(/SANDBOX MODE/);
        },
        FIRST_CALL_MS,
      );

      it('answers a create', async () => {
        const example = ir.byName.get('mail_todo_lists_create')?.examples[0];
        const r = await call(s.client, 'mail_todo_lists_create', example?.input as never);
        expect(r.isError).toBeFalsy();
        expect(r.structuredContent).toEqual(example?.output);
      });

      it('answers 100 concurrent calls', async () => {
        const tools = ['notes_page_get', 'mail_get_message', 'crm_get_company', 'notes_user_list'];
        const results = await Promise.all(
          Array.from({ length: 100 }, (_, i) => {
            const tool = ir.byName.get(tools[i % tools.length] as string);
            return call(s.client, tool?.name ?? '', (tool?.examples[0]?.input ?? {}) as never).then((r) => ({
              r,
              expected: tool?.examples[0]?.output,
            }));
          }),
        );
        expect(results).toHaveLength(100);
        for (const { r, expected } of results) {
          expect(r.isError, text(r)).toBeFalsy();
          expect(r.structuredContent).toEqual(expected);
        }
      });
    });

    describe('tools/call against an upstream', () => {
      let s: Served;
      beforeAll(() => {
        s = upstreamServed;
      });

      it(
        'calls the vendor and returns its mapped answer',
        async () => {
          upstream.requests.length = 0;
          upstream.reply = () => ({ status: 200, body: { id: 'a1', name: 'First' } });
          const r = await call(s.client, 'mini_item_get', { item_id: 'a1' });
          expect(r.isError).toBeFalsy();
          expect(r.structuredContent).toEqual({ id: 'a1', name: 'First' });
          expect(upstream.requests.map((q) => `${q.method} ${q.url}`)).toEqual(['GET /items/a1']);
          expect(upstream.requests[0]?.authorization).toBe(`Bearer ${TOKEN}`);
        },
        FIRST_CALL_MS,
      );

      it('refuses invalid input with isError and sends nothing', async () => {
        upstream.requests.length = 0;
        const r = await call(s.client, 'mini_item_get', { item_id: '', extra: 1 });
        expect(r.isError).toBe(true);
        const error = r._meta?.['dev.toolspec/error'] as Record<string, unknown>;
        expect(r.structuredContent).toBeUndefined();
        expect(error.code).toBe('invalid_input');
        expect(error.retryable).toBe(false);
        expect(text(r)).toMatch(/^Error \(invalid_input\): mini_item_get/);
        expect(text(r)).toMatch(/Retry safe: no/);
        expect(text(r)).not.toMatch(/\n\s+at /);
        expect(upstream.requests).toHaveLength(0);
      });

      it("reports an upstream failure with the vendor's message", async () => {
        upstream.requests.length = 0;
        upstream.reply = () => ({
          status: 404,
          body: { error: { code: 'item_missing', message: 'Item zz does not exist' } },
        });
        const r = await call(s.client, 'mini_item_get', { item_id: 'zz' });
        expect(r.isError).toBe(true);
        const error = r._meta?.['dev.toolspec/error'] as Record<string, unknown>;
        expect(r.structuredContent).toBeUndefined();
        expect(error.code).toBe('not_found');
        expect(error.vendor_message).toBe('Item zz does not exist');
        expect(error.status).toBe(404);
        expect(typeof error.retryable).toBe('boolean');
        expect(text(r)).toMatch(/Vendor message \(HTTP 404\): Item zz does not exist/);
        expect(text(r)).not.toMatch(/\n\s+at /);
        expect(upstream.requests).toHaveLength(1);
      });

      it('answers 100 concurrent calls, each reaching the upstream once', async () => {
        upstream.requests.length = 0;
        upstream.reply = (req) => ({ status: 200, body: { id: req.url?.split('/').pop(), name: 'n' } });
        const results = await Promise.all(
          Array.from({ length: 100 }, (_, i) => call(s.client, 'mini_item_get', { item_id: `i${i}` })),
        );
        expect(results.map((r) => r.structuredContent?.id)).toEqual(
          Array.from({ length: 100 }, (_, i) => `i${i}`),
        );
        expect(upstream.requests).toHaveLength(100);
      });

      it('never echoes the credential', async () => {
        upstream.reply = () => ({
          status: 401,
          body: { error: { code: 'bad_token', message: 'token rejected' } },
        });
        const r = await call(s.client, 'mini_item_get', { item_id: 'a1' });
        expect(r.isError).toBe(true);
        expect(JSON.stringify(r)).not.toContain(TOKEN);
        expect(s.stderr()).not.toContain(TOKEN);
      });

      it('keeps structuredContent and text within the output budget, with the same continuation', async () => {
        upstream.reply = () => ({ status: 200, body: { id: 'big', name: 'é'.repeat(150_000) } });
        const r = await call(s.client, 'mini_item_get', { item_id: 'big' });
        expect(r.isError).toBeUndefined();
        const budget = 100_000;
        expect(Buffer.byteLength(JSON.stringify(r.structuredContent), 'utf8')).toBeLessThanOrEqual(budget);
        expect(Buffer.byteLength(text(r), 'utf8')).toBeLessThanOrEqual(budget + 1_000);
        expect(JSON.stringify(r.structuredContent)).toContain('max_output_bytes');
      });

      it('hints only at tools that are served (no search tool outside discovery mode)', async () => {
        const r = await call(s.client, 'zzz_unheard_of', {});
        expect(r.isError).toBe(true);
        expect(text(r)).not.toContain('toolspec_search_tools');
        expect(text(r)).toContain('tools/list');
      });

      it('names an unknown tool as an error result, not a protocol failure', async () => {
        const r = await call(s.client, 'mini_item_gett', { item_id: 'a1' });
        expect(r.isError).toBe(true);
        expect(text(r)).toMatch(
          /no tool named "mini_item_gett" is served here; did you mean mini_item_get\?/,
        );
      });
    });
  });
}
