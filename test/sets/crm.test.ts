/**
 * Attio behaviour of the crm set that the generic example contract test does not cover: the
 * per-object record families (declared once, instantiated into the catalog's record tools),
 * limit/offset paging across pages in the body and in the query, cursor paging of meetings,
 * the object-or-list target of the attribute tools, the deviations the set chose where the
 * catalog and Attio disagree, and Attio's error envelope. Every call goes over a real socket
 * to a loopback server that validates it against test/fixtures/contracts/crm.openapi.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpecs } from '../../language/load/load.js';
import { createAjv } from '../../language/schema/ajv.js';
import { ToolError } from '../../runtime/errors.js';
import type { Page } from '../../runtime/types.js';
import type { RecordedRequest } from '../support/contract-server.js';
import { SPECS_DIR } from '../support/paths.js';
import { useSetHarness } from '../support/set-harness.js';

const SPEC = join(SPECS_DIR, 'crm.yaml');
const ir = loadSpecs([SPEC]);
const RECORD = 'bf071e1f-6035-429d-b874-d83ea64ea13b';
const MEMBER = '50cf242c-7fa3-4cad-87d0-75b1af71c57b';
const ENTRY = '2e6e29ea-c4e0-4f44-842d-78a891f8c156';

const h = useSetHarness('crm', ir, () => ({ status: 200, body: { data: {} } }));

const { expectRefused, onlyRequest: sent } = h;

describe('per-object record families', () => {
  const objects = [
    { slug: 'people', one: 'person', many: 'people', get: true, assert: 'person' },
    { slug: 'companies', one: 'company', many: 'companies', get: true, assert: 'company' },
    { slug: 'deals', one: 'deal', many: 'deals', get: true, assert: null },
    { slug: 'users', one: 'user_record', many: 'user_records', get: false, assert: 'user_record' },
    {
      slug: 'workspaces',
      one: 'workspace_record',
      many: 'workspace_records',
      get: true,
      assert: 'workspace',
    },
  ] as const;
  const expected = new Map<string, string>();
  for (const o of objects) {
    const rec = `/v2/objects/${o.slug}/records`;
    expected.set(`crm_create_${o.one}`, `POST ${rec}`);
    expected.set(`crm_list_${o.many}`, `POST ${rec}/query`);
    expected.set(`crm_update_${o.one}`, `PATCH ${rec}/{record_id}`);
    expected.set(`crm_delete_${o.one}`, `DELETE ${rec}/{record_id}`);
    if (o.get) expected.set(`crm_get_${o.one}`, `GET ${rec}/{record_id}`);
    if (o.assert) expected.set(`crm_assert_${o.assert}`, `PUT ${rec}`);
  }

  it('instantiates exactly the catalog record tools (24 CRUD + 4 assert) with their paths', () => {
    const crm = ir.sets.find((s) => s.name === 'crm');
    const fromFamilies = (crm?.tools ?? []).filter((t) => t.loc.pointer.startsWith('/families/'));
    const actual = new Map(fromFamilies.map((t) => [t.name, `${t.request.method} ${t.request.path}`]));
    expect(actual).toEqual(expected);
    expect(expected.size).toBe(28);
    expect(crm?.tools).toHaveLength(86);
  });

  it('declares each record tool once, as a template, never copied per object', () => {
    const text = readFileSync(SPEC, 'utf8');
    for (const name of expected.keys()) expect(text).not.toContain(`name: ${name}\n`);
    for (const template of [
      'crm_create_{{one}}',
      'crm_list_{{many}}',
      'crm_get_{{one}}',
      'crm_update_{{one}}',
      'crm_delete_{{one}}',
      'crm_assert_{{name}}',
    ]) {
      expect(text.split(`name: ${template}\n`)).toHaveLength(2);
    }
  });

  it('gives every instance its own inputs and idempotency', () => {
    const person = ir.byName.get('crm_update_person');
    expect(person?.inputSchema.required).toEqual(['record_id', 'values']);
    expect(person?.idempotent).toBe(false);
    expect(person?.description).toContain('`avatar_url` cannot be updated');
    expect(ir.byName.get('crm_update_company')?.description).toContain('`logo_url` cannot be updated');
    const assert = ir.byName.get('crm_assert_workspace');
    expect(assert?.effects).toEqual(['create', 'update']);
    expect(assert?.idempotent).toBe(true);
    expect(ir.byName.get('crm_list_user_records')?.inputs.find((i) => i.name === 'limit')?.default).toBe(500);
    expect(ir.byName.get('crm_list_deals')?.effects).toEqual(['read']);
  });

  it('sends the write envelope and the matching attribute for an instantiated assert', async () => {
    h.server.respond = () => ({ status: 200, body: { data: { id: { record_id: RECORD } } } });
    const out = await h.toolkit.call('crm_assert_company', {
      matching_attribute: 'domains',
      values: { domains: [{ domain: 'lovelace.dev' }] },
    });
    const req = sent();
    expect(`${req.method} ${req.path}`).toBe('PUT /v2/objects/companies/records');
    expect(req.query).toEqual({ matching_attribute: 'domains' });
    expect(req.body).toEqual({ data: { values: { domains: [{ domain: 'lovelace.dev' }] } } });
    expect(out).toEqual({ id: { record_id: RECORD } });
  });
});

/** A loopback Attio answering record queries from `total` records, honouring limit and offset. */
function recordsByOffset(total: number, where: 'body' | 'query', defaultLimit = 500) {
  const ids = Array.from({ length: total }, (_, i) => `rec-${i}`);
  return (req: RecordedRequest) => {
    const src = (where === 'body' ? req.body : req.query) as Record<string, unknown>;
    const limit = Number(src.limit ?? defaultLimit);
    const offset = Number(src.offset ?? 0);
    return { status: 200, body: { data: ids.slice(offset, offset + limit).map((id) => ({ id })) } };
  };
}

describe('limit/offset paging', () => {
  it('pages crm_list_people in the body until a short page', async () => {
    h.server.respond = recordsByOffset(5, 'body');
    const pages: Page[] = [];
    for await (const page of h.toolkit.pages('crm_list_people', { limit: 2 })) pages.push(page);
    expect(pages.map((p) => p.items.map((i) => (i as { id: string }).id))).toEqual([
      ['rec-0', 'rec-1'],
      ['rec-2', 'rec-3'],
      ['rec-4'],
    ]);
    expect(pages.map((p) => p.has_more)).toEqual([true, true, false]);
    expect(pages[2]?.next_cursor).toBeNull();
    expect(h.server.violations).toEqual([]);
    expect(h.server.requests.map((r) => r.body)).toEqual([
      { limit: 2, offset: 0 },
      { limit: 2, offset: 2 },
      { limit: 2, offset: 4 },
    ]);
  });

  it('continues from next_cursor, given as the offset input or as the call option', async () => {
    h.server.respond = recordsByOffset(5, 'body');
    const first = (await h.toolkit.call('crm_query_records', {
      object: 'deals',
      limit: 2,
    })) as unknown as Page;
    expect(first.has_more).toBe(true);
    expect(typeof first.next_cursor).toBe('string');
    const second = (await h.toolkit.call('crm_query_records', {
      object: 'deals',
      limit: 2,
      offset: first.next_cursor,
    })) as unknown as Page;
    const third = (await h.toolkit.call(
      'crm_query_records',
      { object: 'deals', limit: 2 },
      { cursor: second.next_cursor ?? undefined },
    )) as unknown as Page;
    expect(third.items).toEqual([{ id: 'rec-4' }]);
    expect(third.has_more).toBe(false);
    expect(h.server.violations).toEqual([]);
    expect(h.server.requests.map((r) => r.path)).toEqual(Array(3).fill('/v2/objects/deals/records/query'));
    expect(h.server.requests.map((r) => (r.body as { offset: number }).offset)).toEqual([0, 2, 4]);
  });

  it('collects every list entry with all: true', async () => {
    h.server.respond = recordsByOffset(7, 'body');
    const out = (await h.toolkit.call(
      'crm_list_entries',
      { list: 'hiring_engineering', limit: 3 },
      { all: true },
    )) as unknown as Page;
    expect(out.items).toHaveLength(7);
    expect(out.has_more).toBe(false);
    expect(h.server.requests).toHaveLength(3);
    expect(h.server.violations).toEqual([]);
  });

  it('pages crm_list_tasks in the query with its default limit of 20', async () => {
    h.server.respond = recordsByOffset(45, 'query');
    const pages: Page[] = [];
    for await (const page of h.toolkit.pages('crm_list_tasks', { is_completed: false })) pages.push(page);
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 5]);
    expect(h.server.violations).toEqual([]);
    expect(h.server.requests.map((r) => r.query)).toEqual([
      { is_completed: 'false', limit: '20' },
      { is_completed: 'false', limit: '20', offset: '20' },
      { is_completed: 'false', limit: '20', offset: '40' },
    ]);
  });

  it("pages webhooks by Attio's default of 10 when no limit is sent", async () => {
    h.server.respond = recordsByOffset(15, 'query', 10);
    const out = (await h.toolkit.call('crm_list_webhooks', {}, { all: true })) as unknown as Page;
    expect(out.items).toHaveLength(15);
    expect(h.server.violations).toEqual([]);
    expect(h.server.requests.map((r) => r.query)).toEqual([{}, { offset: '10' }]);
    h.server.requests.length = 0;
    await expectRefused('crm_list_webhooks', { limit: 101 }, 'limit');
  });

  it('refuses a notes page larger than 50 and a half-given parent', async () => {
    await expectRefused('crm_list_notes', { limit: 51 }, 'limit');
    await expectRefused('crm_list_notes', { parent_object: 'people' }, 'parent_record_id');
  });
});

describe('meetings: cursor paging and filter keys as query parameters', () => {
  it('sends filter keys as parameters and follows pagination.next_cursor', async () => {
    h.server.respond = (req) =>
      req.query.cursor === undefined
        ? { status: 200, body: { data: [{ id: 'm1' }], pagination: { next_cursor: 'c2' } } }
        : { status: 200, body: { data: [{ id: 'm2' }], pagination: { next_cursor: null } } };
    const pages: Page[] = [];
    for await (const page of h.toolkit.pages('crm_list_meetings', {
      filter: { linked_object: 'people', linked_record_id: RECORD, sort: 'start_desc' },
      limit: 1,
      offset: 30,
    })) {
      pages.push(page);
    }
    expect(pages.map((p) => p.items)).toEqual([[{ id: 'm1' }], [{ id: 'm2' }]]);
    expect(h.server.violations).toEqual([]);
    const base = { limit: '1', linked_object: 'people', linked_record_id: RECORD, sort: 'start_desc' };
    expect(h.server.requests.map((r) => r.query)).toEqual([base, { ...base, cursor: 'c2' }]);
  });

  it('refuses unknown filter keys', async () => {
    await expectRefused('crm_list_meetings', { filter: { title: 'x' } }, 'filter/title');
  });
});

describe('attribute tools: objects or lists', () => {
  it('targets /v2/objects or /v2/lists from whichever input is given', async () => {
    h.server.respond = () => ({ status: 200, body: { data: [] } });
    await h.toolkit.call('crm_list_attribute_statuses', { attribute: 'stage', list: 'hiring_engineering' });
    await h.toolkit.call('crm_list_attribute_statuses', { attribute: 'stage', object: 'deals' });
    expect(h.server.violations).toEqual([]);
    expect(h.server.requests.map((r) => r.path)).toEqual([
      '/v2/lists/hiring_engineering/attributes/stage/statuses',
      '/v2/objects/deals/attributes/stage/statuses',
    ]);
  });

  it('refuses neither and both, and computed path inputs from callers', async () => {
    await expectRefused('crm_list_attributes', {}, 'object');
    await expectRefused('crm_list_attributes', { object: 'people', list: 'hiring_engineering' }, '(input)');
    await expectRefused('crm_list_attributes', { object: 'people', _target: 'lists' }, '_target');
  });

  const attribute = {
    object: 'projects',
    api_slug: 'owners',
    title: 'Owners',
    description: '',
    is_required: false,
    is_unique: false,
    is_multiselect: true,
  };

  it('sends record-reference config as record_reference.allowed_objects', async () => {
    await h.toolkit.call('crm_create_attribute', {
      ...attribute,
      type: 'record-reference',
      config: { relationship: { object: ['people', 'companies'] } },
    });
    const data = (sent().body as { data: Record<string, unknown> }).data;
    expect(data.type).toBe('record-reference');
    expect(data.config).toEqual({ record_reference: { allowed_objects: ['people', 'companies'] } });
  });

  it('passes Attio currency config through unchanged', async () => {
    const config = { currency: { default_currency_code: 'EUR', display_type: 'symbol' } };
    await h.toolkit.call('crm_create_attribute', {
      ...attribute,
      is_multiselect: false,
      type: 'currency',
      config,
    });
    expect((sent().body as { data: Record<string, unknown> }).data.config).toEqual(config);
  });

  it('refuses the interaction type before sending', async () => {
    await expectRefused('crm_create_attribute', { ...attribute, type: 'interaction', config: {} }, 'type');
  });
});

describe('deviations from the catalog', () => {
  it('crm_create_list sends parent_object people unless given', async () => {
    const input = { name: 'L', api_slug: 'l', workspace_access: 'read-only', workspace_member_access: [] };
    await h.toolkit.call('crm_create_list', input);
    expect((sent().body as { data: Record<string, unknown> }).data.parent_object).toBe('people');
    h.server.requests.length = 0;
    await h.toolkit.call('crm_create_list', { ...input, parent_object: 'companies' });
    expect((sent().body as { data: Record<string, unknown> }).data.parent_object).toBe('companies');
  });

  it('crm_assert_list_entry never sends matching_attribute', async () => {
    await h.toolkit.call('crm_assert_list_entry', {
      list_id: 'hiring_engineering',
      matching_attribute: 'email_addresses',
      parent_object: 'people',
      parent_record_id: RECORD,
    });
    const req = sent();
    expect(req.query).toEqual({});
    expect(JSON.stringify(req.body)).not.toContain('email_addresses');
  });

  it('crm_search_records caps limit at 25, ignores offset and searches as the workspace', async () => {
    await expectRefused('crm_search_records', { object: 'people', query: 'ada', limit: 26 }, 'limit');
    h.server.respond = () => ({ status: 200, body: { data: [] } });
    const out = await h.toolkit.call('crm_search_records', { object: 'people', query: '', offset: 40 });
    expect(sent().body).toEqual({
      query: '',
      limit: 20,
      objects: ['people'],
      request_as: { type: 'workspace' },
    });
    expect(out).toEqual({ items: [] });
  });

  it('crm_list_workspace_members and crm_list_lists accept but do not send their extra inputs', async () => {
    h.server.respond = () => ({ status: 200, body: { data: [] } });
    await h.toolkit.call('crm_list_workspace_members', { limit: 5, offset: 5 });
    await h.toolkit.call('crm_list_lists', { parent_object: 'people', parent_record_id: RECORD });
    expect(h.server.violations).toEqual([]);
    expect(h.server.requests.map((r) => [r.path, r.query])).toEqual([
      ['/v2/workspace_members', {}],
      ['/v2/lists', {}],
    ]);
  });

  it('crm_create_note fills the title and content Attio requires', async () => {
    await h.toolkit.call('crm_create_note', { parent_object: 'people', parent_record_id: RECORD });
    expect(sent().body).toEqual({
      data: {
        parent_object: 'people',
        parent_record_id: RECORD,
        title: '',
        content: '',
        format: 'plaintext',
      },
    });
  });

  it('crm_create_webhook drops the caller secret and gives subscriptions a null filter', async () => {
    await h.toolkit.call('crm_create_webhook', {
      target_url: 'https://hooks.lovelace.dev/x',
      subscriptions: [{ event_type: 'record.created' }],
      secret: 's3cr3t',
    });
    const req = sent();
    expect(req.body).toEqual({
      data: {
        target_url: 'https://hooks.lovelace.dev/x',
        subscriptions: [{ event_type: 'record.created', filter: null }],
      },
    });
    expect(req.rawBody).not.toContain('s3cr3t');
    h.server.requests.length = 0;
    await expectRefused(
      'crm_create_webhook',
      { target_url: 'http://hooks.lovelace.dev/x', subscriptions: [{ event_type: 'record.created' }] },
      'target_url',
    );
  });

  it('crm_get_current_token_info maps /v2/self onto the catalog fields', async () => {
    h.server.respond = () => ({
      status: 200,
      body: {
        active: true,
        scope: 'record_permission:read comment:read-write',
        authorized_by_workspace_member_id: MEMBER,
        workspace_id: 'w1',
        workspace_name: 'Lovelace',
      },
    });
    expect(await h.toolkit.call('crm_get_current_token_info', {})).toEqual({
      active: true,
      workspace: { id: 'w1', name: 'Lovelace' },
      actor: { type: 'workspace-member', id: MEMBER, name: null, email: null },
      scopes: ['record_permission:read', 'comment:read-write'],
    });
  });
});

describe('inputs refused before sending', () => {
  it('exactly one comment target', async () => {
    const base = { author_actor_id: MEMBER, content: 'hi' };
    await expectRefused('crm_create_comment', base, '(input)');
    await expectRefused(
      'crm_create_comment',
      { ...base, thread_id: ENTRY, record_object: 'deals', record_id: RECORD },
      '(input)',
    );
    await expectRefused('crm_create_comment', { ...base, record_id: RECORD }, 'record_object');
  });

  it('task content of at most 2000 characters, an ISO deadline and a linked record pair', async () => {
    await expectRefused('crm_create_task', { content: 'x'.repeat(2001) }, 'content');
    await expectRefused('crm_create_task', { content: 'x', deadline_at: 'tomorrow' }, 'deadline_at');
    await expectRefused('crm_list_tasks', { linked_record_id: RECORD }, 'linked_object');
    await h.toolkit.call('crm_create_task', { content: 'x'.repeat(2000) });
    expect((sent().body as { data: { content: string } }).data.content).toHaveLength(2000);
  });

  it('record ids given as 32 hex digits are hyphenated', async () => {
    await h.toolkit.call('crm_get_person', { record_id: RECORD.replaceAll('-', '') });
    expect(sent().path).toBe(`/v2/objects/people/records/${RECORD}`);
  });
});

describe('dry run', () => {
  it('builds every example request without sending it or showing the token', async () => {
    const crm = ir.sets.find((s) => s.name === 'crm');
    let checked = 0;
    for (const tool of crm?.tools ?? []) {
      for (const ex of tool.examples) {
        const dry = await h.toolkit.dryRun(tool.name, ex.input);
        const url = new URL(dry.url);
        const query: Record<string, string | string[]> = {};
        for (const key of new Set(url.searchParams.keys())) {
          const all = url.searchParams.getAll(key);
          query[key] = all.length === 1 ? (all[0] as string) : all;
        }
        expect([dry.method, url.pathname, query, dry.body], `${tool.name}: ${ex.name}`).toEqual([
          ex.request.method,
          ex.request.path,
          ex.request.query,
          ex.request.body,
        ]);
        expect(JSON.stringify(dry)).not.toContain('crm-test-token');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(86);
    expect(h.server.requests).toHaveLength(0);
  });
});

describe('output schemas', () => {
  it("every example output matches its tool's declared output schema", () => {
    const ajv = createAjv();
    const tools = (ir.sets.find((s) => s.name === 'crm')?.tools ?? []).filter((t) => t.response.schema);
    expect(tools.length).toBeGreaterThan(40);
    for (const tool of tools) {
      const validate = ajv.compile(tool.response.schema as object);
      for (const ex of tool.examples) expect(validate(ex.output), `${tool.name}: ${ex.name}`).toBe(true);
    }
  });
});

describe('Attio errors', () => {
  it('a unique conflict becomes a conflict error with Attio code and message', async () => {
    h.server.respond = () => ({
      status: 409,
      body: {
        status_code: 409,
        type: 'invalid_request_error',
        code: 'uniqueness_conflict',
        message: 'A record with the same email_addresses already exists.',
      },
    });
    const e = await h.toolkit
      .call('crm_create_person', { values: { email_addresses: ['ada@lovelace.dev'] } })
      .then(
        () => null,
        (x: unknown) => x as ToolError,
      );
    expect(e).toBeInstanceOf(ToolError);
    const j = (e as ToolError).toJSON();
    expect(j.code).toBe('conflict');
    expect(j.status).toBe(409);
    expect(j.vendor_code).toBe('uniqueness_conflict');
    expect(j.vendor_message).toBe('A record with the same email_addresses already exists.');
    expect(h.server.violations).toEqual([]);
  });
});
