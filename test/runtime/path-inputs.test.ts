/**
 * Free-text path inputs cannot steer a request: a value that is (in any normal form) a
 * separator, a dot segment, a query, a fragment, an escape, a scheme, an invisible character or
 * 1 kB of text is refused as invalid_input naming the field, before anything is sent.
 */
import { createHmac } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpecs, loadSpecTexts } from '../../language/load/load.js';
import { ToolError } from '../../runtime/errors.js';
import { pathValueProblem } from '../../runtime/http/uri.js';
import { createToolkit } from '../../runtime/toolkit.js';
import { HOSTILE_PATH_VALUES } from '../support/hostile.js';
import { SPECS_DIR } from '../support/paths.js';
import { startLoopback } from './support/loopback.js';

const ir = loadSpecs(
  readdirSync(SPECS_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => join(SPECS_DIR, f)),
);

describe('path values', () => {
  it('refuses every hostile value and says what was expected', () => {
    for (const v of HOSTILE_PATH_VALUES)
      expect(pathValueProblem(v), JSON.stringify(v.slice(0, 40))).toMatch(/^a/);
  });

  it('keeps the ids and slugs vendors really use', () => {
    for (const v of [
      'people',
      'user_records',
      '5c1f6a0e-8d2b-4f3a-9e7c-1a2b3c4d5e6f',
      'AAMkAGE1M2IyNGNmAAA=',
      'AAMkAGE1M2-IyNGNm_AAA+',
      'admin@contoso.com',
      'inbox',
      'Ünïcødé',
      '...a',
    ])
      expect(pathValueProblem(v), v).toBeNull();
  });
});

describe('every free-text path input of the shipped sets', () => {
  const freeText = ir.tools.flatMap((t) =>
    t.inputs.filter((i) => i.in === 'path' && t.examples.length > 0).map((i) => ({ tool: t, input: i.name })),
  );

  it('covers the path inputs of all four sets', () => {
    expect(new Set(freeText.map((f) => f.tool.set))).toEqual(new Set(['crm', 'datastore', 'mail', 'notes']));
    expect(freeText.length).toBeGreaterThan(100);
  });

  it('refuses each hostile value in each path input with invalid_input naming it (dry run)', async () => {
    const kit = createToolkit({
      specs: ir,
      connections: Object.fromEntries(
        ir.sets.map((s) => [s.name, { baseUrl: 'http://127.0.0.1:9/base', token: 'tok-abcdef123' }]),
      ),
    });
    let checked = 0;
    for (const { tool, input } of freeText) {
      const example = tool.examples[0]?.input as Record<string, unknown>;
      if (!example || !(input in example)) continue;
      for (const v of HOSTILE_PATH_VALUES) {
        const e = await kit.dryRun(tool.name, { ...example, [input]: v }).then(
          () => null,
          (x: unknown) => x,
        );
        expect(e, `${tool.name}.${input} = ${JSON.stringify(v.slice(0, 30))}`).toBeInstanceOf(ToolError);
        const err = e as ToolError;
        expect(err.code).toBe('invalid_input');
        expect([err.field, ...(err.issues ?? []).map((i) => i.field)]).toContain(input);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100 * 10);
    await kit.close();
  });
});

describe('the reviewer’s two requests', () => {
  it('crm_get_record with object ../lists and mail_get_message with a traversing id are refused, nothing sent', async () => {
    const server = await startLoopback(() => ({ body: {} }));
    const kit = createToolkit({
      specs: ir,
      connections: {
        crm: { baseUrl: `${server.url}/v2base`, token: 'tok-crm-123456' },
        mail: { baseUrl: `${server.url}/v1.0`, token: 'tok-mail-123456' },
      },
      retry: { maxRetries: 0 },
    });
    try {
      const a = await kit
        .call('crm_get_record', { object: '../lists', record_id: '5c1f6a0e-8d2b-4f3a-9e7c-1a2b3c4d5e6f' })
        .catch((e: unknown) => e as ToolError);
      expect(a).toMatchObject({ code: 'invalid_input', field: 'object' });
      const b = await kit
        .call('mail_get_message', { message_id: '../../users/admin@contoso.com/messages' })
        .catch((e: unknown) => e as ToolError);
      expect(b).toMatchObject({ code: 'invalid_input', field: 'message_id' });
      expect(server.requests).toHaveLength(0);
    } finally {
      await kit.close();
      await server.close();
    }
  });

  it('a forged next_cursor cannot make a Graph list tool read another mailbox or API version', async () => {
    const server = await startLoopback(() => ({ body: { value: [] } }));
    // The forger holds the cursor key (a leaked shared key): the link inside is confined all the same.
    const cursorKey = 'path-inputs-cursor-key-0123456789abcdef';
    const kit = createToolkit({
      specs: ir,
      connections: { mail: { baseUrl: `${server.url}/v1.0`, token: 'tok-mail-123456' } },
      retry: { maxRetries: 0 },
      cursorKey,
    });
    const graphLinkTools = ir.tools.filter((t) => t.paging?.style === 'next_link').map((t) => t.name);
    expect(graphLinkTools.length).toBeGreaterThanOrEqual(7);
    try {
      for (const target of [
        '/v1.0/users/ceo@contoso.com/mailFolders/inbox/messages',
        '/beta/me/drive/root/children',
        '/v1.0/me/messages/../../users/ceo@contoso.com/messages',
      ]) {
        const text = `ts1.${Buffer.from(
          JSON.stringify({
            t: 'mail_list_messages',
            p: { style: 'next_link', url: `${server.url}${target}` },
          }),
        ).toString('base64url')}`;
        const cursor = `${text}.${createHmac('sha256', cursorKey).update(text).digest('base64url')}`;
        const e = await kit.call('mail_list_messages', { cursor }).catch((x: unknown) => x as ToolError);
        expect(e).toMatchObject({ code: 'forbidden' });
      }
      expect(server.requests).toHaveLength(0);
    } finally {
      await kit.close();
      await server.close();
    }
  });

  it('a uuid input does not take a urn:uuid: prefix', async () => {
    const kit = createToolkit({
      specs: ir,
      connections: { crm: { baseUrl: 'http://127.0.0.1:9', token: 'tok-abcdef123' } },
    });
    const e = await kit
      .dryRun('crm_get_record', {
        object: 'people',
        record_id: 'urn:uuid:5c1f6a0e-8d2b-4f3a-9e7c-1a2b3c4d5e6f',
      })
      .catch((x: unknown) => x as ToolError);
    expect(e).toMatchObject({ code: 'invalid_input', field: 'record_id' });
  });
});

describe('a path input declared path_encoding: one_segment', () => {
  const { ir: tables } = loadSpecTexts([
    {
      file: 'tables.yaml',
      text: `toolspec: 1
set: tb
title: Tables
description: Records of named tables.
server: { url: https://api.tb.example.test }
auth: { type: none }
tools:
  - name: tb_records_list
    title: List the records of a table
    description: Lists the records of one table, named as its owner named it.
    effects: read
    method: GET
    path: /tables/{table}/records/{view}
    inputs:
      table: { required: true, type: string, path_encoding: one_segment, description: The table's name. }
      view: { required: true, type: string, description: The view id. }
    examples:
      - name: basic
        input: { table: Sales, view: v1 }
        response: { body: { records: [] } }
`,
    },
  ]);
  if (!tables) throw new Error('the tables spec does not load');

  it('sends any text as one percent-encoded segment, and still refuses dot segments', async () => {
    const server = await startLoopback(() => ({ body: { records: [] } }));
    const toolkit = createToolkit({ specs: tables, connections: { tb: { baseUrl: server.url } } });
    try {
      const name = 'Sales/2024 (50%) #1?';
      await toolkit.call('tb_records_list', { table: name, view: 'v1' });
      expect(server.requests.map((r) => r.path)).toEqual([
        `/tables/${encodeURIComponent(name).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}/records/v1`,
      ]);
      for (const table of ['..', '.', '\u2025', 'a\u0000b']) {
        const e = await toolkit.call('tb_records_list', { table, view: 'v1' }).catch((x: unknown) => x);
        expect(
          e instanceof ToolError && e.code === 'invalid_input' && e.field === 'table',
          JSON.stringify(table),
        ).toBe(true);
      }
      // The view keeps the strict check.
      const strict = await toolkit
        .call('tb_records_list', { table: 'Sales', view: 'a/b' })
        .catch((x: unknown) => x);
      expect(strict instanceof ToolError && strict.field === 'view').toBe(true);
      expect(server.requests).toHaveLength(1);
    } finally {
      await toolkit.close();
      await server.close();
    }
  });
});
