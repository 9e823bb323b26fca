/**
 * The advertised input schemas (language/schema/advertise.ts) of every shipped tool: flat (no keyword a
 * major client rewrites or refuses), every example input valid against it in its advertised form
 * (checked with LangChain's own validator), and what it advertises is accepted by the runtime:
 * JSON-text maps, 32-hex ids, an engine cursor on an integer offset, null for optional inputs.
 */
import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { loadShippedSpecs } from '../../cli/shipped.js';
import type { JsonSchema, JsonValue } from '../../language/ir/ir.js';
import { advertisedInput, advertisedOutput, inAdvertisedForm } from '../../language/schema/advertise.js';
import { createAjv } from '../../language/schema/ajv.js';
import { createToolkit } from '../../runtime/toolkit.js';

const ir = loadShippedSpecs();

const FORBIDDEN = new Set([
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'propertyNames',
  'patternProperties',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'default',
  '$ref',
]);

function problems(node: JsonValue, at: string, out: string[]): void {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
  for (const k of Object.keys(node)) if (FORBIDDEN.has(k)) out.push(`${at}: ${k}`);
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('object')) {
    if (node.additionalProperties !== false) out.push(`${at}: open object`);
    if (typeof node.properties !== 'object') out.push(`${at}: object without properties`);
  }
  if (node.format === 'uuid') out.push(`${at}: format uuid`);
  for (const [name, p] of Object.entries((node.properties as Record<string, JsonValue>) ?? {}))
    problems(p, `${at}/${name}`, out);
  if (node.items) problems(node.items, `${at}[]`, out);
}

describe('advertised input schemas', () => {
  it('are flat for all 148 tools: closed objects, no composition, conditionals or refused keywords', () => {
    expect(ir.tools.length).toBe(148);
    const found: string[] = [];
    for (const t of ir.tools) problems(advertisedInput(t).schema, t.name, found);
    expect(found).toEqual([]);
  });

  it('say the rules they no longer encode in words', () => {
    const grants = advertisedInput(ir.byName.get('datastore_show_grants')!).schema;
    expect(grants.description).toContain('When `grant_view` is "to_user", `user_name` is required.');
    const notes = advertisedInput(ir.byName.get('crm_list_notes')!).schema;
    expect(notes.description).toContain('With `parent_object`, also give `parent_record_id`.');
    const attr = advertisedInput(ir.byName.get('crm_get_attribute')!).schema;
    expect(attr.description).toContain('Give exactly one of `object`, `list`.');
  });

  it('let every shipped example input pass a client validator (LangChain: @cfworker/json-schema)', () => {
    let n = 0;
    const refused: string[] = [];
    for (const t of ir.tools) {
      const v = new Validator(advertisedInput(t).schema as never, '2020-12', false);
      for (const ex of t.examples) {
        n++;
        if (!v.validate(inAdvertisedForm(t.inputSchema, ex.input)).valid)
          refused.push(`${t.name}: ${ex.name}`);
      }
    }
    expect(n).toBeGreaterThan(170);
    expect(refused).toEqual([]);
  });

  it('advertise the cursor input as taking the next_cursor text, and ids without format uuid', () => {
    const offsetTools = ir.tools.filter((t) => t.facts.cursorInput === 'offset');
    expect(offsetTools.length).toBeGreaterThanOrEqual(11);
    for (const t of offsetTools) {
      const offset = (advertisedInput(t).schema.properties as Record<string, JsonSchema>).offset!;
      expect(offset.type, t.name).toContain('string');
      expect(
        new Validator(offset as never).validate('ts1.eyJhIjoxfQ').valid &&
          new Validator(offset as never).validate(50).valid,
      ).toBe(true);
    }
    const page = advertisedInput(ir.byName.get('notes_page_get')!).schema;
    expect(new Validator(page as never).validate({ page_id: '59833787a2b14d1d9a4bbfc9a0c1f3e2' }).valid).toBe(
      true,
    );
  });
});

describe('the runtime accepts what is advertised', () => {
  const kit = createToolkit({ specs: ir, connections: { notes: { token: 'x' }, crm: { token: 'x' } } });

  it('null for every optional input is "not given"', async () => {
    for (const name of ['crm_list_companies', 'notes_page_content_append', 'crm_create_webhook']) {
      const t = ir.byName.get(name)!;
      const ex = t.examples[0]!;
      const props = Object.keys((advertisedInput(t).schema.properties ?? {}) as object);
      const input: Record<string, unknown> = Object.fromEntries(props.map((p) => [p, null]));
      Object.assign(input, inAdvertisedForm(t.inputSchema, ex.input) as object);
      const plain = await kit.dryRun(name, inAdvertisedForm(t.inputSchema, ex.input));
      const withNulls = await kit.dryRun(name, input);
      expect(withNulls, name).toEqual(plain);
    }
  });

  it('JSON text for open maps, nested ones included', async () => {
    const t = ir.byName.get('crm_create_webhook')!;
    const ex = t.examples[0]!;
    const asText = await kit.dryRun(t.name, inAdvertisedForm(t.inputSchema, ex.input));
    expect(asText).toEqual(await kit.dryRun(t.name, ex.input));
  });
});

describe('advertised output schemas', () => {
  it('every tool has one, and every shipped example output (as structuredContent) satisfies it', () => {
    const ajv = createAjv();
    const failed: string[] = [];
    for (const t of ir.tools) {
      const schema = advertisedOutput(t);
      expect(schema.type, t.name).toBe('object');
      const check = ajv.compile(schema as object);
      for (const ex of t.examples) {
        const out = ex.output;
        const structured =
          typeof out === 'object' && out !== null && !Array.isArray(out) ? out : { result: out };
        if (!check(structured)) failed.push(`${t.name}: ${ex.name}: ${ajv.errorsText(check.errors)}`);
      }
    }
    expect(failed).toEqual([]);
  });

  it('paged tools advertise the page envelope', () => {
    for (const t of ir.tools.filter((x) => x.paging && !x.poll)) {
      const s = advertisedOutput(t);
      expect(s.required, t.name).toEqual(expect.arrayContaining(['items', 'has_more']));
    }
  });
});
