/**
 * Coercions of nested values: inside object and array inputs, a null given for an optional
 * property that refuses null is dropped (how strict clients say "not given"), JSON text where the
 * schema says object or array is decoded, and nothing else changes; an input that needs nothing
 * is returned as it is.
 */
import { describe, expect, it } from 'vitest';
import type { ToolIR } from '../../language/ir/ir.js';
import { applyCoercions, planCoercions } from '../../language/schema/coerce.js';

const block = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { type: 'string' },
    text: { type: 'string' },
    note: { type: ['string', 'null'] },
    level: { type: 'integer' },
    meta: { type: 'object', properties: { tag: { type: 'string' } } },
    children: { type: 'array', items: { type: 'object', properties: { text: { type: 'string' } } } },
  },
};
const tool = {
  inputs: [{ name: 'blocks', kind: 'input', required: true, schema: { type: 'array', items: block } }],
} as unknown as ToolIR;
const plan = planCoercions(tool);

describe('nested coercions', () => {
  it('drops nulls given for optional properties that refuse null, at every depth, and keeps the rest', () => {
    const input = {
      blocks: [
        { type: 'p', text: null, note: null, level: 2 },
        { type: null, meta: { tag: null }, children: [{ text: null }, { text: 'x' }] },
        { type: 'h', meta: '{"tag":null}' },
      ],
    };
    const before = JSON.stringify(input);
    expect(applyCoercions(plan, input)).toEqual({
      blocks: [
        { type: 'p', note: null, level: 2 },
        { type: null, meta: {}, children: [{}, { text: 'x' }] },
        { type: 'h', meta: {} },
      ],
    });
    expect(JSON.stringify(input), 'the caller’s input is not changed').toBe(before);
  });

  it('returns an input that needs nothing as it is', () => {
    const input = { blocks: [{ type: 'p', text: 'a', children: [{ text: 'b' }] }] };
    const out = applyCoercions(plan, input);
    expect(out).toBe(input);
    expect(out.blocks).toBe(input.blocks);
  });
});
