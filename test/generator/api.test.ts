/** The generator's registry of emitters (its exported names are pinned in test/packages/public-api.test.ts). */
import { describe, expect, it } from 'vitest';
import * as api from '../../generator/index.js';
import { assertDistinctNames } from '../../generator/naming.js';

describe('@toolspec/generator', () => {
  it('registers one emitter per output kind', () => {
    expect(api.EMITTERS.map((e) => e.name)).toEqual([
      'types',
      'schemas',
      'validators',
      'handlers',
      'custom-handlers',
      'barrel',
      'catalog',
      'docs',
      'conformance',
      'ir',
    ]);
  });

  it('derives names from tool names', () => {
    expect(api.pascalName('notes_page_get')).toBe('NotesPageGet');
    expect(api.camelName('notes_page_get')).toBe('notesPageGet');
    expect(api.inputTypeName('notes_page_get')).toBe('NotesPageGetInput');
    expect(api.outputTypeName('crm_list_records')).toBe('CrmListRecordsOutput');
  });

  it('refuses tool names that would collide as type names', () => {
    expect(() => assertDistinctNames(['crm_v2_list', 'crm_v_2_list'])).toThrow(
      'tools "crm_v2_list" and "crm_v_2_list" both map to the type name CrmV2List*',
    );
    expect(() => assertDistinctNames(['notes_page_get', 'notes_page_list'])).not.toThrow();
  });
});
