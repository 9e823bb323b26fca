import { describe, expect, it } from 'vitest';
import { loadSpecFiles } from '../../language/load/load.js';

const MINI = new URL('../fixtures/specs/mini.yaml', import.meta.url).pathname;

describe('loadSpecFiles on the mini fixture', () => {
  const { ir, diagnostics } = loadSpecFiles([MINI]);

  it('loads with no diagnostics', () => {
    expect(diagnostics).toEqual([]);
    expect(ir).not.toBeNull();
  });

  it('expands families and sorts tools', () => {
    expect(ir?.tools.map((t) => t.name)).toEqual([
      'mini_gadget_delete',
      'mini_item_get',
      'mini_item_list',
      'mini_note_create',
      'mini_widget_delete',
    ]);
    const del = ir?.byName.get('mini_widget_delete');
    expect(del?.request.path).toBe('/widgets/{id}');
    expect(del?.description).toBe('Deletes one widget.');
    expect(del?.loc.pointer).toBe('/families/0/tools/0');
  });

  it('builds a fully defaulted, frozen IR', () => {
    const get = ir?.byName.get('mini_item_get');
    expect(get?.idempotent).toBe(true);
    expect(get?.request.encoding).toBe('none');
    expect(get?.inputs.find((i) => i.name === 'item_id')?.in).toBe('path');
    expect(get?.inputs.find((i) => i.name === 'mini_version')?.in).toBe('header');
    expect(Object.isFrozen(get)).toBe(true);
    expect(Object.isFrozen(get?.inputs[0]?.schema)).toBe(true);
    const create = ir?.byName.get('mini_note_create');
    expect(create?.idempotent).toBe(false);
    expect(create?.request.encoding).toBe('json');
    const del = ir?.byName.get('mini_gadget_delete');
    expect(del?.destructive).toBe(true);
    expect(del?.idempotent).toBe(true);
  });

  it('hides computed inputs from the public schema', () => {
    const create = ir?.byName.get('mini_note_create');
    const props = Object.keys((create?.inputSchema.properties ?? {}) as object);
    expect(props).toEqual(['parent_id', 'text', 'tags']);
    expect(create?.inputSchema.additionalProperties).toBe(false);
    expect(create?.inputSchema.required).toEqual(['parent_id']);
  });

  it('resolves paging references', () => {
    const list = ir?.byName.get('mini_item_list');
    expect(list?.paging).toMatchObject({
      style: 'cursor',
      in: 'query',
      cursorParam: 'cursor',
      sizeParam: 'limit',
    });
  });

  it('records source positions', () => {
    const get = ir?.byName.get('mini_item_get');
    expect(get?.loc).toMatchObject({ file: expect.stringMatching(/mini\.yaml$/), line: 19, column: 5 });
  });
});
