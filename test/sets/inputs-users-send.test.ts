/**
 * Inputs users will send, accepted as the catalog and the vendor have them: a divider with
 * empty text, `$skip` as a number, the create-form times on update; and every refusal says in
 * words which field and what was expected, never Ajv's "must NOT be valid".
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecs } from '../../language/load/load.js';
import { ToolError } from '../../runtime/errors.js';
import { createToolkit } from '../../runtime/toolkit.js';
import type { Toolkit } from '../../runtime/types.js';
import { SPECS_DIR } from '../support/paths.js';

const ir = loadSpecs(
  readdirSync(SPECS_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => join(SPECS_DIR, f)),
);
let kit: Toolkit;
beforeAll(() => {
  kit = createToolkit({
    specs: ir,
    connections: Object.fromEntries(
      ir.sets.map((s) => [
        s.name,
        { baseUrl: 'http://127.0.0.1:9/b', token: 'tok-abcdef123', variables: { account: 'acme' } },
      ]),
    ),
  });
});
afterAll(async () => {
  await kit.close();
});

const PAGE = '1a2b3c4d-0000-4000-8000-000000000001';
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ToolError,
  );

describe('notes_page_content_append', () => {
  it('takes a divider given as {type: divider, text: ""} and ignores the text', async () => {
    const dry = await kit.dryRun('notes_page_content_append', {
      block_id: PAGE,
      blocks: [
        { type: 'paragraph', text: 'above' },
        { type: 'divider', text: '' },
      ],
    });
    expect((dry.body as { children: unknown[] }).children[1]).toEqual({ type: 'divider', divider: {} });
  });

  it('refuses a divider with text in words naming the field', async () => {
    const e = await refusal(
      kit.dryRun('notes_page_content_append', { block_id: PAGE, blocks: [{ type: 'divider', text: 'x' }] }),
    );
    expect(e).toBeInstanceOf(ToolError);
    expect(e?.code).toBe('invalid_input');
    expect(e?.field).toBe('blocks/0/text');
    const printed = JSON.stringify(e?.toJSON());
    expect(printed).not.toMatch(/must NOT be valid/i);
    expect(e?.message).toContain('blocks/0/text');
  });
});

describe('$skip', () => {
  for (const tool of ['mail_list_messages', 'mail_todo_tasks_list']) {
    it(`${tool} accepts 0 and 20 as numbers and "20" as digits, refuses -1 and 1.5`, async () => {
      const base = tool === 'mail_todo_tasks_list' ? { list_id: 'AAMkAGI1AAAoZDOFAAA=' } : {};
      for (const skip of [0, 20, '20']) {
        const dry = await kit.dryRun(tool, { ...base, $skip: skip });
        expect(new URL(dry.url).searchParams.get('$skip')).toBe(String(skip));
      }
      for (const skip of [-1, 1.5, 'ten']) {
        const e = await refusal(kit.dryRun(tool, { ...base, $skip: skip }));
        expect(e?.code).toBe('invalid_input');
        expect(e?.field).toBe('$skip');
      }
    });
  }
});

describe('mail_update_calendar_event', () => {
  it('accepts the local wall time plus Windows zone that create accepts, sent as Graph has it', async () => {
    const input = {
      start_datetime: '2025-06-11T09:00:00',
      start_timezone: 'Pacific Standard Time',
      end_datetime: '2025-06-11T09:30:00',
      end_timezone: 'Pacific Standard Time',
    };
    const created = await kit.dryRun('mail_create_calendar_event', { subject: 's', ...input });
    const updated = await kit.dryRun('mail_update_calendar_event', {
      event_id: 'AAMkAGI1AAAoZDOFAAA=',
      ...input,
    });
    const pick = (b: unknown) => {
      const { start, end } = b as { start: unknown; end: unknown };
      return { start, end };
    };
    expect(pick(updated.body)).toEqual(pick(created.body));
    expect(pick(updated.body).start).toEqual({
      dateTime: '2025-06-11T09:00:00',
      timeZone: 'Pacific Standard Time',
    });
  });
});

describe('no refusal says "must NOT be valid"', () => {
  it('for every shipped tool given hostile shapes, each issue names the field and the expectation in words', async () => {
    const shapes: unknown[] = [null, 1, 'x', [], {}, { a: { b: [1] } }, true, -1, ''];
    let refusals = 0;
    for (const t of ir.tools) {
      const names = t.inputs.filter((i) => i.kind !== 'computed').map((i) => i.name);
      for (const name of names) {
        for (const v of shapes) {
          const e = await refusal(kit.dryRun(t.name, { [name]: v }));
          if (!(e instanceof ToolError)) continue;
          refusals++;
          const text = JSON.stringify(e.toJSON());
          expect(text, t.name).not.toMatch(/must NOT be valid|boolean schema is false/i);
          for (const issue of e.issues ?? []) {
            expect(issue.field).toBeTruthy();
            expect(issue.expected ?? '', `${t.name} ${issue.field}`).toMatch(/[a-z]{3,}/);
          }
        }
      }
    }
    expect(refusals).toBeGreaterThan(1000);
  }, 60_000);
});
