/** The pure parts of the MCP server: selection, results, discovery search, annotations, mentions of unserved tools. */

import { catalogs } from '@toolspec/sets/catalog';
import { describe, expect, it } from 'vitest';
import { loadShippedSpecs } from '../../cli/shipped.js';
import { annotationsFor } from '../../language/ir/facts.js';
import { advertisedInput } from '../../language/schema/advertise.js';
import { catalogFromIR } from '../../mcp/server/catalog.js';
import { describeTool } from '../../mcp/server/discovery.js';
import { mentionPruner, withServedMentions } from '../../mcp/server/mentions.js';
import { cutUtf8, errorResult, successResult } from '../../mcp/server/results.js';
import { searchCatalog } from '../../mcp/server/search/answer.js';
import { globToRegExp, selectTools, splitList } from '../../mcp/server/select.js';
import { MAX_TASK_ID_LENGTH, processTaskIds, TaskIds } from '../../mcp/server/task-ids.js';
import { ToolError } from '../../runtime/errors.js';

const ir = loadShippedSpecs();
const entries = catalogFromIR(ir);
const effectsOf = (e: (typeof entries)[number]) => e.effects ?? [];

describe('annotations', () => {
  it('agree with the generated catalog for every shipped tool', () => {
    const generated = new Map(catalogs.flatMap((c) => c.tools).map((t) => [t.name, t.annotations]));
    expect(generated.size).toBe(ir.tools.length);
    for (const tool of ir.tools) expect(generated.get(tool.name), tool.name).toEqual(annotationsFor(tool));
  });

  it('come from declared effects, not the HTTP method', () => {
    const of = (name: string) =>
      annotationsFor(ir.byName.get(name) as NonNullable<ReturnType<typeof ir.byName.get>>);
    // A POST search is a read.
    expect(of('notes_data_fetch')).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      openWorldHint: true,
    });
    expect(of('notes_block_delete')).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    expect(of('crm_create_person')).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    });
  });
});

describe('selection', () => {
  it('matches globs on the whole name', () => {
    expect(globToRegExp('notes_page_*').test('notes_page_get')).toBe(true);
    expect(globToRegExp('notes_page_*').test('xnotes_page_get')).toBe(false);
    expect(globToRegExp('mail_?et_message').test('mail_get_message')).toBe(true);
    expect(globToRegExp('a.b').test('axb')).toBe(false);
  });

  it('splits repeated, comma-separated option values', () => {
    expect(splitList(['notes, mail', 'crm'])).toEqual(['notes', 'mail', 'crm']);
    expect(splitList(undefined)).toEqual([]);
  });

  it('filters by set, glob and read-only', () => {
    const picked = selectTools(entries, { sets: ['mail'], tools: ['*_todo_*'], readOnly: true });
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.every((e) => e.set === 'mail' && e.tool.name.includes('_todo_') && e.readOnly)).toBe(true);
  });

  it('names unknown sets, and refuses a selection that matches nothing', () => {
    expect(() => selectTools(entries, { sets: ['nope'] })).toThrow(/unknown tool set\(s\): nope/);
    expect(() => selectTools(entries, { tools: ['zz_*'] })).toThrow(/no tool matches the selection/);
  });
});

describe('results', () => {
  it('returns objects as structured content with a compact JSON text', () => {
    const r = successResult('t', { a: 1, b: [1, 2] });
    expect(r.structuredContent).toEqual({ a: 1, b: [1, 2] });
    expect(r.content[0]?.text).toBe('{"a":1,"b":[1,2]}');
    expect(r.isError).toBeUndefined();
  });

  it('wraps non-objects', () => {
    expect(successResult('t', [1, 2]).structuredContent).toEqual({ result: [1, 2] });
  });

  it('says how to get the next page, with the cursor input', () => {
    const r = successResult(
      'notes_user_list',
      { items: [], next_cursor: 'ts1.abc', has_more: true },
      { cursorInput: 'start_cursor' },
    );
    expect(r.content[0]?.text).toMatch(
      /has_more: true\. For the next page, call notes_user_list again with the same input plus \{"start_cursor":"ts1\.abc"\}\./,
    );
  });

  it("passes on the runtime's budget cut", () => {
    const out = {
      items: [1],
      next_cursor: 'ts1.x',
      has_more: true,
      truncated: { reason: 'max_output_bytes', limit: 10, hint: 'Call again with next_cursor.' },
    };
    expect(successResult('t', out, { cursorInput: 'cursor' }).content[0]?.text).toMatch(
      /Cut: Call again with next_cursor\. For the next page/,
    );
  });

  it('keeps the text within the budget and says so', () => {
    const big = { text: 'é'.repeat(5000) };
    const text = successResult('t', big, { budgetBytes: 1000 }).content[0]?.text ?? '';
    const [head, note] = text.split('\n[output cut');
    expect(Buffer.byteLength(head ?? '', 'utf8')).toBeLessThanOrEqual(1000);
    expect(note).toMatch(/at 1000 of \d+ bytes\] Narrow the request/);
    expect(cutUtf8('aé', 2)).toBe('a');
  });

  it('reports a ToolError with code, vendor message, hint and retry safety', () => {
    const e = new ToolError({
      code: 'rate_limited',
      message: 'notes_page_get: rate limited',
      status: 429,
      vendorMessage: 'Slow down',
      hint: 'Wait and retry.',
      retryAfter: 3,
    });
    const r = errorResult(e, 'notes_page_get');
    expect(r.isError).toBe(true);
    expect(r.content[0]?.text).toBe(
      'Error (rate_limited): notes_page_get: rate limited\nVendor message (HTTP 429): Slow down\nHint: Wait and retry.\nRetry safe: yes (after 3 s)',
    );
    expect(r.structuredContent).toBeUndefined();
    expect(r._meta).toEqual({ 'dev.toolspec/error': e.toJSON() });
  });

  it('reduces anything else to its first message line, without a stack', () => {
    const r = errorResult(new Error('boom\n    at secret (file.js:1:1)'), 'x');
    expect(r.content[0]?.text).toBe('Error (upstream_error): x: internal error: boom\nRetry safe: no');
  });
});

describe('discovery', () => {
  it('finds tools by words, set and effects, best first, with paging', () => {
    const r = searchCatalog(entries, { query: 'todo list', effects: ['create'] }, effectsOf);
    expect(r.tools[0]?.name).toBe('mail_todo_lists_create');
    expect(r.tools.every((t) => t.effects.includes('create'))).toBe(true);
    const page1 = searchCatalog(entries, { set: 'crm', limit: 10 }, effectsOf);
    expect(page1.total).toBe(ir.tools.filter((t) => t.set === 'crm').length);
    expect(page1.has_more).toBe(true);
    const page2 = searchCatalog(entries, { set: 'crm', limit: 10, cursor: page1.next_cursor }, effectsOf);
    const names1 = page1.tools.map((t) => t.name);
    const names2 = page2.tools.map((t) => t.name);
    expect(names1.filter((n) => names2.includes(n))).toEqual([]);
  });

  it('refuses bad search input with the field named', () => {
    expect(() => searchCatalog(entries, { set: 'nope' }, effectsOf)).toThrow(/unknown set "nope"/);
    expect(() => searchCatalog(entries, { effects: ['write'] }, effectsOf)).toThrow(/effects must be a list/);
    expect(() => searchCatalog(entries, { limit: 0 }, effectsOf)).toThrow(/limit must be an integer/);
    expect(() => searchCatalog(entries, { colour: 1 }, effectsOf)).toThrow(/unknown input "colour"/);
  });

  it('describes a tool, and suggests close names for a wrong one', () => {
    const d = describeTool(entries, { name: 'notes_page_get' }, effectsOf);
    expect(d.inputSchema).toEqual(advertisedInput(ir.byName.get('notes_page_get')!).schema);
    expect(() => describeTool(entries, { name: 'notes_page_gett' }, effectsOf)).toThrow(/no tool named/);
    try {
      describeTool(entries, { name: 'notes_page_gett' }, effectsOf);
    } catch (e) {
      expect((e as ToolError).message).toMatch(/; did you mean notes_page_get\?$/);
      expect((e as ToolError).details).toEqual({ suggestions: ['notes_page_get'] });
    }
  });
});

describe('descriptions name only served tools', () => {
  const names = entries.map((e) => e.tool.name);
  const mentions = (text: string, name: string) => new RegExp(`(?<![\\w])${name}(?![\\w])`).test(text);

  it.each([
    ['--read-only', { readOnly: true }],
    ['--tools crm_list_*', { tools: ['crm_list_*'] }],
    [
      '--sets datastore --tools two',
      { sets: ['datastore'], tools: ['datastore_execute_query', 'datastore_get_query_status'] },
    ],
    ['--tools notes_comment_retrieve', { tools: ['notes_comment_retrieve'] }],
  ])('%s: no description, input or output schema names a tool that is not served', (_, selection) => {
    const picked = selectTools(entries, selection);
    const served = withServedMentions(picked, entries);
    const servedNames = new Set(served.map((e) => e.tool.name));
    const text = JSON.stringify(served.map((e) => e.tool));
    expect(names.filter((n) => !servedNames.has(n) && mentions(text, n))).toEqual([]);
    // Before, they did (the test is not vacuous).
    const before = JSON.stringify(picked.map((e) => e.tool));
    expect(names.filter((n) => !servedNames.has(n) && mentions(before, n)).length).toBeGreaterThan(0);
    // Only descriptions change.
    for (const [i, e] of served.entries()) {
      expect(e.tool.name).toBe(picked[i]?.tool.name);
      expect(Object.keys(e.tool.inputSchema)).toEqual(Object.keys(picked[i]?.tool.inputSchema ?? {}));
    }
  });

  it('keeps what names served tools, drops a parenthetical or sentence naming another, and never empties a text', () => {
    const prune = mentionPruner(['a_tool', 'b_tool', 'a_tool_x'], new Set(['a_tool']))!;
    expect(prune('Lists things (see b_tool). Then call a_tool.')).toBe('Lists things. Then call a_tool.');
    expect(prune('Lists things. Use b_tool to add one. Ids fit a_tool.')).toBe(
      'Lists things. Ids fit a_tool.',
    );
    expect(prune('Use a_tool_x\nwhen asked. Keep this.')).toBe('Keep this.');
    expect(prune('The handle returned by b_tool.')).toBe('The handle returned by a tool not served here.');
    expect(prune('Nothing to see, a_tool_xy and xa_tool.')).toBe('Nothing to see, a_tool_xy and xa_tool.');
    expect(mentionPruner(['a_tool'], new Set(['a_tool']))).toBeNull();
    expect(withServedMentions(entries, entries)).toEqual(entries);
  });
});

describe('task ids', () => {
  const task = {
    tool: 'datastore_execute_query',
    handle: '01b2c3d4-0000-4e5f-8000-00a1b2c3d4e5',
    input: {
      statement: "select * from T where NAME = 'secret'",
      bindings: { '1': { type: 'TEXT', value: 'x' } },
    },
    caller: 'alice',
    created: 1_700_000_000_000,
  };

  it('carry the task sealed: they open to the same task, and reveal nothing of the input', () => {
    const ids = new TaskIds('a-shared-cursor-key-of-at-least-32-chars');
    const id = ids.seal(task);
    expect(id.startsWith('tt1.')).toBe(true);
    expect(id).not.toContain('secret');
    expect(Buffer.from(id.slice(4), 'base64url').toString('latin1')).not.toContain('select');
    expect(ids.open(id)).toEqual(task);
    // Another replica with the same key opens it; another key, or any altered character, does not.
    expect(new TaskIds('a-shared-cursor-key-of-at-least-32-chars').open(id)).toEqual(task);
    expect(new TaskIds('another-cursor-key-of-at-least-32-chars').open(id)).toBeNull();
    // Flip the highest bit of a base64url digit (always a bit of the data, even in the last digit).
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const i of [4, 10, id.length - 1]) {
      const c = B64[B64.indexOf(id[i] as string) ^ 32];
      expect(ids.open(`${id.slice(0, i)}${c}${id.slice(i + 1)}`), String(i)).toBeNull();
    }
    for (const bad of ['', 'tt1.', 'ts1.abc', 42, null]) expect(ids.open(bad)).toBeNull();
  });

  it('say when a call is too large to carry (the call then runs without a task)', () => {
    const ids = new TaskIds();
    expect(ids.fits(task.tool, task.input, task.caller)).toBe(true);
    const noise = Array.from({ length: 4000 }, (_, i) => `${i * 7919}`).join(',');
    expect(ids.fits(task.tool, { statement: `select ${noise}` }, undefined)).toBe(false);
    expect(ids.seal({ ...task, input: { statement: `select ${noise}` } }).length).toBeGreaterThan(
      MAX_TASK_ID_LENGTH,
    );
  });

  it('use one key per process for every server it creates', () => {
    expect(processTaskIds('k'.repeat(32))).toBe(processTaskIds('k'.repeat(32)));
    const id = processTaskIds('k'.repeat(32)).seal(task);
    expect(new TaskIds('k'.repeat(32)).open(id)).toEqual(task);
  });
});
