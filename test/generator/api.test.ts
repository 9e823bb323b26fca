/** Pins the generator's public API (package export `toolspec/generator`). */
import { describe, expect, it } from 'vitest';
import * as api from '../../generator/index.js';

describe('toolspec/generator exports', () => {
  it('are exactly these names', () => {
    expect(Object.keys(api).sort()).toEqual([
      'EMITTERS',
      'REGENERATE_COMMAND',
      'RULES',
      'TOKEN_METHOD',
      'analyzeTool',
      'camelName',
      'conformanceErrors',
      'diffTree',
      'generate',
      'inputTypeName',
      'isClean',
      'outputTypeName',
      'pascalName',
      'runGenerate',
      'strictVariant',
      'writeTree',
    ]);
  });

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
    ]);
  });

  it('derives names from tool names', () => {
    expect(api.pascalName('notes_page_get')).toBe('NotesPageGet');
    expect(api.camelName('notes_page_get')).toBe('notesPageGet');
    expect(api.inputTypeName('notes_page_get')).toBe('NotesPageGetInput');
    expect(api.outputTypeName('crm_list_records')).toBe('CrmListRecordsOutput');
  });
});
