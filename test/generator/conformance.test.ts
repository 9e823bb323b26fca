/** Conformance rules for agent clients and the strict-mode variant. */
import { describe, expect, it } from 'vitest';
import { checkSchema } from '../../generator/conformance/analyze.js';
import { strictVariant } from '../../generator/conformance/strict.js';
import { analyzeTool, conformanceErrors } from '../../generator/index.js';
import type { JsonSchema } from '../../language/ir/ir.js';
import { advertisedInput } from '../../language/schema/advertise.js';
import { createAjv } from '../../language/schema/ajv.js';
import { fixtureIr } from './support.js';

const ajv = createAjv();
const rules = (name: string, schema: JsonSchema, severity: string) =>
  checkSchema(name, schema, ajv)
    .filter((v) => v.severity === severity)
    .map((v) => `${v.rule} ${v.pointer}`);

const closed = (
  properties: Record<string, JsonSchema>,
  required: string[] = Object.keys(properties),
): JsonSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

describe('hard client limits (errors)', () => {
  it('accepts a conforming schema', () => {
    expect(rules('ok_tool', closed({ a: { type: 'string' } }), 'error')).toEqual([]);
    expect(rules('ok_tool', closed({ a: { type: 'string' } }), 'strict')).toEqual([]);
  });

  it('names too long or with forbidden characters', () => {
    const schema = closed({});
    expect(rules('x'.repeat(65), schema, 'error')).toEqual(['name-length ']);
    expect(rules('x'.repeat(64), schema, 'error')).toEqual([]);
    expect(rules('notes.page get', schema, 'error')).toEqual(['name-pattern ']);
  });

  it('arrays without items, external refs, non-object roots, invalid schemas', () => {
    expect(rules('t', closed({ a: { type: 'array' }, b: { type: ['array', 'null'] } }), 'error')).toEqual([
      'array-items /properties/a',
      'array-items /properties/b',
    ]);
    expect(rules('t', closed({ a: { $ref: 'https://example.test/s.json' } }), 'error')).toEqual([
      'no-external-ref /properties/a',
    ]);
    expect(rules('t', { type: 'string' }, 'error')).toEqual(['root-object ']);
    expect(rules('t', closed({ a: { type: 'strng' } }), 'error')[0]).toMatch(/^schema-valid /);
  });

  it('an any-JSON type union without items is a warning, not an error', () => {
    const schema = closed({ v: { type: ['string', 'number', 'array', 'object', 'null'] } });
    expect(rules('t', schema, 'error')).toEqual([]);
    expect(rules('t', schema, 'warning')).toEqual(['union-array-items /properties/v']);
  });
});

describe('OpenAI strict mode', () => {
  const plain: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    required: ['id'],
    properties: {
      id: { type: 'string', minLength: 1 },
      limit: { type: 'integer', minimum: 1, default: 10 },
      mode: { enum: ['a', 'b'] },
      meta: { type: 'object', additionalProperties: { type: 'string' } },
      sorts: {
        type: 'array',
        items: {
          type: 'object',
          properties: { p: { type: 'string' }, t: { type: 'string' } },
          oneOf: [{ required: ['p'] }, { required: ['t'] }],
        },
      },
    },
    oneOf: [{ required: ['id'] }, { required: ['mode'] }],
  };

  it('reports what strict mode refuses', () => {
    expect(rules('t', plain, 'strict')).toEqual([
      'strict-root-composition /oneOf',
      'strict-closed-objects /properties/meta',
      'strict-closed-objects /properties/sorts/items',
      'strict-all-required ',
      'strict-all-required /properties/sorts/items',
      'strict-keywords ',
      'strict-keywords /properties/id',
      'strict-keywords /properties/limit',
      'strict-keywords /properties/sorts/items',
    ]);
  });

  it('emits a variant that conforms: optional -> required + nullable, free-form -> JSON text, dropped constraints described', () => {
    const v = strictVariant(plain);
    expect(rules('t', v, 'strict')).toEqual([]);
    expect(rules('t', v, 'error')).toEqual([]);
    expect(v.required).toEqual(['id', 'limit', 'mode', 'meta', 'sorts']);
    const props = v.properties as Record<string, Record<string, unknown>>;
    expect(props.id).toEqual({ type: 'string', description: '(Also checked by the server: minLength 1.)' });
    expect(props.limit?.type).toEqual(['integer', 'null']);
    expect(props.limit?.description).toContain('default 10');
    expect(props.mode).toEqual({ enum: ['a', 'b', null] });
    expect(props.meta).toEqual({
      type: ['string', 'null'],
      description: 'A JSON object, encoded as a JSON string.',
    });
    expect(v.description).toContain('oneOf [{"required":["id"]},{"required":["mode"]}]');
    expect(JSON.stringify(props.sorts)).toContain('"additionalProperties":false');
  });

  it('a strict-variant input with nulls for omitted inputs, nulls dropped, passes the plain schema', () => {
    const plainCheck = ajv.compile(plain as object);
    const strictCheck = ajv.compile(strictVariant(plain) as object);
    const sent = { id: 'x', limit: null, mode: null, meta: null, sorts: null };
    expect(strictCheck(sent)).toBe(true);
    const dropped = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== null));
    expect(plainCheck(dropped)).toBe(true);
  });
});

describe('the fixture sets', () => {
  it('have no hard violations, and every strict variant conforms', () => {
    const ir = fixtureIr();
    expect(conformanceErrors(ir)).toEqual([]);
    for (const tool of ir.tools) {
      const c = analyzeTool(tool);
      expect(c.strictResidue, tool.name).toEqual([]);
      expect(c.approxTokens).toBe(
        Math.ceil(
          JSON.stringify({
            name: tool.name,
            description: tool.description,
            inputSchema: advertisedInput(tool).schema,
          }).length / 4,
        ),
      );
    }
  });
});
