/**
 * `toolspec import --update`: a set imported from version 1 of a document (test/fixtures/import/
 * shop.v1.yaml) and edited by hand in every way a maintainer edits (a tool renamed, a description
 * rewritten, an input removed, an input renamed, an example rewritten, paging declared, error
 * rules added) takes version 2 (an input, a body property and an operation added, a description
 * changed, an operation removed): the vendor's changes are applied and every edit is kept, with
 * a report; `--check` exits 1 when the document moved on and 0 when it did not.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMap, isSeq, parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import { importOpenApi, importRecordText, updateImport } from '../../generator/index.js';
import { loadSpecTexts } from '../../language/load/load.js';
import { CLI_FROM_SOURCES, REPO } from '../support/paths.js';

const FIXTURES = join(REPO, 'test', 'fixtures', 'import');
const V1 = readFileSync(join(FIXTURES, 'shop.v1.yaml'), 'utf8');
const V2 = readFileSync(join(FIXTURES, 'shop.v2.yaml'), 'utf8');
const OUT = join(REPO, 'node_modules', '.cache', 'toolspec-import-update-test');

/** The v1 import, edited by hand the way a maintainer does. */
function editedSpec(): { spec: string; record: string } {
  const imported = importOpenApi(V1, { set: 'shop' });
  const doc = parseDocument(imported.yaml);
  const tools = doc.get('tools') as YAMLSeq<YAMLMap>;
  const tool = (name: string) => {
    const t = tools.items.find((i) => i.get('name') === name);
    if (!t) throw new Error(`no tool ${name}`);
    return t;
  };
  // a renamed tool
  tool('shop_get_order').set('name', 'shop_order_get');
  // a rewritten description
  tool('shop_list_orders').set('description', 'Lists orders; filter by status to find unpaid ones.');
  // a removed input
  (tool('shop_order_get').get('inputs') as YAMLMap).delete('expand');
  // a renamed input (the vendor name kept with `as`), with the example following it
  const create = tool('shop_create_order');
  const inputs = create.get('inputs') as YAMLMap;
  const status = inputs.get('status') as YAMLMap;
  status.set('as', 'status');
  inputs.delete('status');
  inputs.set('order_status', status);
  // a rewritten example
  create.set(
    'examples',
    doc.createNode([
      {
        name: 'a paid order',
        input: { order_status: 'paid' },
        request: { body: { status: 'paid' } },
        response: { status: 201, body: { id: 'o1', status: 'paid' } },
      },
    ]),
  );
  // error rules
  create.set('error_rules', doc.createNode([{ when: 'status == 409', code: 'conflict' }]));
  // paging declared where the importer was unsure
  (doc.get('paging') as YAMLMap).set(
    'pages',
    doc.createNode({ style: 'page_number', in: 'query', page_param: 'page', items: '' }),
  );
  tool('shop_list_customers').set('paging', 'pages');
  return { spec: doc.toString(), record: importRecordText(imported.record) };
}

describe('toolspec import --update', () => {
  const { spec, record } = editedSpec();
  const result = updateImport(V2, { spec, record, recordFile: 'shop.import.json' });
  const { ir, diagnostics } = loadSpecTexts([{ file: 'shop.yaml', text: result.yaml }]);
  const tool = (name: string) => ir?.byName.get(name);

  it('the edited v1 spec is valid, and so is the updated one', () => {
    const before = loadSpecTexts([{ file: 'shop.yaml', text: spec }]);
    expect(before.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it("applies the vendor's changes: operations and inputs added, descriptions changed, operations removed", () => {
    expect(result.report.added).toEqual(['shop_create_customer']);
    expect(tool('shop_create_customer')?.inputs.map((i) => i.name)).toEqual(['email']);
    expect(tool('shop_list_orders')?.inputs.map((i) => i.name)).toContain('created_after');
    expect(tool('shop_create_order')?.inputs.map((i) => i.name)).toContain('coupon');
    // the renamed tool was not edited there: the new description flows in
    expect(tool('shop_order_get')?.description).toBe('Returns one order by its id, with its lines.');
    expect(result.report.removed).toEqual(['shop_delete_order (DELETE /orders/{order_id})']);
    expect(tool('shop_delete_order')).toBeUndefined();
    expect(result.moved).toBe(true);
  });

  it('keeps a renamed tool', () => {
    expect(tool('shop_get_order')).toBeUndefined();
    expect(tool('shop_order_get')?.request.path).toBe('/orders/{order_id}');
    expect(result.report.kept).toContain('shop_order_get: renamed by hand (imported as shop_get_order)');
  });

  it('keeps a rewritten description, though the document changed it too', () => {
    expect(tool('shop_list_orders')?.description).toBe('Lists orders; filter by status to find unpaid ones.');
    expect(result.report.kept).toContain(
      'shop_list_orders.description: edited by hand (the document changed it too)',
    );
  });

  it('keeps a removed input removed', () => {
    expect(tool('shop_order_get')?.inputs.map((i) => i.name)).toEqual(['order_id']);
    expect(result.report.kept).toContain('shop_order_get: input expand removed by hand');
  });

  it('keeps a renamed input', () => {
    const names = tool('shop_create_order')?.inputs.map((i) => i.name);
    expect(names).toContain('order_status');
    expect(names).not.toContain('status');
    expect(result.report.kept).toContain('shop_create_order: input status renamed by hand to order_status');
  });

  it('keeps a rewritten example', () => {
    expect(tool('shop_create_order')?.examples.map((e) => e.name)).toEqual(['a paid order']);
  });

  it('keeps declared paging', () => {
    expect(tool('shop_list_customers')?.paging?.style).toBe('page_number');
  });

  it('keeps error rules', () => {
    expect(tool('shop_create_order')?.errorRules.map((r) => r.code)).toEqual(['conflict']);
  });

  it('keeps comments and order', () => {
    expect(result.yaml).toContain('# toolspec import: GET /orders');
    const doc = parseDocument(result.yaml);
    const names = (doc.get('tools') as YAMLSeq<YAMLMap>).items.map((t) => t.get('name'));
    expect(names.slice(0, 2)).toEqual(['shop_list_orders', 'shop_create_order']);
    expect(isMap(doc.get('paging')) && isSeq(doc.get('tools'))).toBe(true);
  });

  it('a second update with the same document changes nothing', () => {
    const again = updateImport(V2, { spec: result.yaml, record: result.recordText, recordFile: 'x' });
    expect(again.report.added.concat(again.report.changed, again.report.removed)).toEqual([]);
    expect(again.moved).toBe(false);
    expect(again.yaml).toBe(result.yaml);
  });
});

describe('toolspec import --update --check (the CLI)', () => {
  const spec = join(OUT, 'shop.yaml');
  const v1 = join(FIXTURES, 'shop.v1.yaml');
  const v2 = join(FIXTURES, 'shop.v2.yaml');
  const cli = (args: string[]) =>
    spawnSync(process.execPath, [...CLI_FROM_SOURCES, 'import', ...args], { encoding: 'utf8' });
  beforeAll(() => {
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
  });
  afterAll(() => rmSync(OUT, { recursive: true, force: true }));

  it('imports with --out and writes the import record beside the spec', () => {
    const r = cli([v1, '--set', 'shop', '--out', spec]);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(OUT, 'shop.import.json'), 'utf8')).toolspecImport).toBe(1);
  });

  it('--check exits 0 while the document is the one imported, 1 once it moved on, and writes nothing', () => {
    expect(cli([v1, '--update', spec, '--check']).status).toBe(0);
    const before = readFileSync(spec, 'utf8');
    const moved = cli([v2, '--update', spec, '--check']);
    expect(moved.status).toBe(1);
    expect(moved.stderr).toContain('the document has moved on: 1 added, ');
    expect(moved.stderr).toContain('added: shop_create_customer');
    expect(readFileSync(spec, 'utf8')).toBe(before);
  });

  it('--update writes the spec and the record; then --check passes', () => {
    const r = cli([v2, '--update', spec]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('removed: shop_delete_order');
    expect(cli([v2, '--update', spec, '--check']).status).toBe(0);
  });
});
