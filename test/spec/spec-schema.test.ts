/** The spec language's JSON Schema is the source of truth: every field documents itself. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../language/schema/ajv.js';
import { SPEC_SCHEMA_PATH } from '../support/paths.js';

type Schema = Record<string, unknown>;
const schema = JSON.parse(readFileSync(SPEC_SCHEMA_PATH, 'utf8')) as Schema;

/** Every named field: each value of a `properties` map and each `$defs` entry, with its pointer. */
function fields(node: unknown, pointer: string, out: [string, Schema][]): [string, Schema][] {
  if (!node || typeof node !== 'object') return out;
  for (const [key, value] of Object.entries(node as Schema)) {
    const here = `${pointer}/${key}`;
    if ((key === 'properties' || key === '$defs') && value && typeof value === 'object') {
      for (const [name, sub] of Object.entries(value as Schema)) {
        if (sub && typeof sub === 'object') out.push([`${here}/${name}`, sub as Schema]);
      }
    }
    fields(value, here, out);
  }
  return out;
}

function resolve(s: Schema): Schema {
  const ref = s.$ref;
  if (typeof ref !== 'string' || Object.keys(s).length > 1) return s;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((n, k) => (n as Schema)[k], schema);
  return target as Schema;
}

describe('specs/toolspec.schema.json', () => {
  it('is a valid JSON Schema 2020-12', () => {
    expect(() => createAjv({ strict: false }).compile(schema)).not.toThrow();
  });

  // `if` branches only discriminate (`style: {const: cursor}`); they declare no field.
  const all = fields(schema, '', []).filter(([pointer]) => !pointer.includes('/if/'));
  it('documents every field with a title, a description and examples', () => {
    const missing = all
      .map(([pointer, s]) => [pointer, resolve(s)] as const)
      .filter(
        ([, s]) =>
          !(typeof s.title === 'string' && typeof s.description === 'string' && Array.isArray(s.examples)),
      )
      .map(([pointer]) => pointer);
    expect(missing).toEqual([]);
    expect(all.length).toBeGreaterThan(80);
  });

  it('is referenced by a yaml-language-server modeline in every shipped spec', async () => {
    const { shippedSpecFiles } = await import('../../cli/shipped.js');
    for (const file of shippedSpecFiles()) {
      expect(readFileSync(file, 'utf8').split('\n')[0]).toBe(
        '# yaml-language-server: $schema=./toolspec.schema.json',
      );
    }
  });
});
