/**
 * Pre-validation coercions for what agents commonly send: an object or array given as a JSON
 * string is decoded, and a 32-hex-digit id where the schema says `format: uuid` is hyphenated.
 * Coercions are planned once per tool; the per-call work touches only the planned fields.
 */
import { jsonValue as decodeJson, hyphenateUuid } from './helpers.js';
import type { JsonSchema, ToolIR } from './ir.js';

type Coercion = 'json' | 'uuid' | 'uuid_items';

export interface CoercionPlan {
  readonly fields: readonly (readonly [name: string, coercion: Coercion])[];
}

function types(schema: JsonSchema): string[] {
  const t = schema.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  const out: string[] = [];
  if ('properties' in schema) out.push('object');
  if ('items' in schema) out.push('array');
  return out;
}

export function planCoercions(tool: ToolIR): CoercionPlan {
  const fields: [string, Coercion][] = [];
  for (const input of tool.inputs) {
    if (input.kind === 'computed') continue;
    const t = types(input.schema);
    if (t.includes('object') || t.includes('array')) {
      if (!t.includes('string')) fields.push([input.name, 'json']);
      const items = input.schema.items;
      if (items && typeof items === 'object' && !Array.isArray(items) && items.format === 'uuid') {
        fields.push([input.name, 'uuid_items']);
      }
    } else if (input.schema.format === 'uuid') {
      fields.push([input.name, 'uuid']);
    }
  }
  return { fields };
}

/** Returns the coerced input (a shallow copy when anything changed, else the same object). */
export function applyCoercions(plan: CoercionPlan, input: Record<string, unknown>): Record<string, unknown> {
  let out = input;
  for (const [name, coercion] of plan.fields) {
    // Read from `out`: a JSON-text array decoded by an earlier step is then hyphenated.
    const v = out[name];
    if (v === undefined) continue;
    const next =
      coercion === 'json'
        ? decodeJson(v)
        : coercion === 'uuid'
          ? hyphenateUuid(v)
          : Array.isArray(v) && v.some((x) => hyphenateUuid(x) !== x)
            ? v.map(hyphenateUuid)
            : v;
    if (next !== v) {
      if (out === input) out = { ...input };
      out[name] = next;
    }
  }
  return out;
}
