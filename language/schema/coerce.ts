/**
 * Pre-validation coercions for what agents commonly send: an object or array given as a JSON
 * string is decoded, a 32-hex-digit id where the schema says `format: uuid` is hyphenated, and
 * `null` for an optional value that does not take null (how strict clients say "not given") is
 * dropped, at the top level and inside objects.
 * Coercions are planned once per tool; the per-call work touches only the planned fields.
 */
import { jsonValue as decodeJson, hyphenateUuid } from '../helpers/core.js';
import type { JsonSchema, ToolIR } from '../ir/ir.js';

type Coercion = 'json' | 'uuid' | 'uuid_items' | 'nulls';

export interface CoercionPlan {
  readonly fields: readonly (readonly [name: string, coercion: Coercion])[];
  /** Optional inputs whose schema refuses null: a null given for one is dropped. */
  readonly optional?: ReadonlySet<string>;
  /** Object and array inputs: their schemas, for dropping nested nulls (see stripNulls). */
  readonly nested?: ReadonlyMap<string, JsonSchema>;
}

const takesNull = (schema: JsonSchema): boolean => {
  const t = schema.type;
  if (t === 'null' || (Array.isArray(t) && t.includes('null'))) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  if (t === undefined && !('enum' in schema) && !('const' in schema) && !('properties' in schema))
    return true;
  return false;
};

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** What stripNulls needs of one schema, read once per schema object (schemas come from the frozen IR). */
interface NullFacts {
  /** A string given here is JSON text to decode (the schema says object or array, not string). */
  readonly decodes: boolean;
  readonly items: JsonSchema | null;
  /**
   * Object properties by name: schema, whether a null given for it is dropped, and whether a
   * string given for it is decoded (else a string there is left as it is, without a call).
   */
  readonly properties: ReadonlyMap<
    string,
    readonly [schema: JsonSchema, dropsNull: boolean, decodes: boolean]
  > | null;
}

const nullFacts = new WeakMap<JsonSchema, NullFacts>();

/** A string given where `schema` says object or array (and not string) is JSON text to decode. */
function decodes(schema: JsonSchema): boolean {
  const t = types(schema);
  return (t.includes('object') || t.includes('array')) && !t.includes('string');
}

function factsOf(schema: JsonSchema): NullFacts {
  let f = nullFacts.get(schema);
  if (!f) {
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    f = {
      decodes: decodes(schema),
      items: isObj(schema.items) ? (schema.items as JsonSchema) : null,
      properties: isObj(schema.properties)
        ? new Map(
            Object.entries(schema.properties)
              .filter((e): e is [string, JsonSchema] => isObj(e[1]))
              .map(([k, p]) => [k, [p, !required.has(k) && !takesNull(p), decodes(p)] as const]),
          )
        : null,
    };
    nullFacts.set(schema, f);
  }
  return f;
}

/**
 * Inside objects and arrays of objects: drop nulls given for optional properties that refuse
 * null, and decode JSON text where the schema says object or array (how an open map is advertised).
 */
function stripNulls(input: unknown, schema: JsonSchema, depth = 0): unknown {
  // Numbers, booleans and nulls stay as they are whatever the schema: no need to read its facts.
  if (depth > 32 || input === null || (typeof input !== 'object' && typeof input !== 'string')) return input;
  const facts = factsOf(schema);
  let value: unknown = input;
  if (depth > 0 && typeof value === 'string' && facts.decodes) value = decodeJson(value);
  if (Array.isArray(value)) {
    const items = facts.items;
    if (items === null) return value;
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      const n = stripNulls(v, items, depth + 1);
      if (n !== v) out ??= value.slice();
      if (out !== null) out[i] = n;
    }
    return out ?? value;
  }
  if (!isObj(value) || facts.properties === null) return value;
  let out: Record<string, unknown> | null = null;
  // The keys given, each looked up among the schema's properties (usually far fewer than those).
  for (const k in value) {
    const property = facts.properties.get(k);
    if (property === undefined) continue;
    const [p, dropsNull, decodesText] = property;
    const v = value[k];
    if (typeof v === 'string' && !decodesText) continue;
    if (v === null) {
      if (dropsNull) {
        out ??= Object.assign({}, value);
        delete out[k];
      }
      continue;
    }
    const n = stripNulls(v, p, depth + 1);
    if (n !== v) {
      out ??= Object.assign({}, value);
      out[k] = n;
    }
  }
  return out ?? value;
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
  const optional = new Set<string>();
  const nested = new Map<string, JsonSchema>();
  for (const input of tool.inputs) {
    if (input.kind === 'computed') continue;
    if (!input.required && !takesNull(input.schema)) optional.add(input.name);
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
  for (const input of tool.inputs) {
    if (input.kind === 'computed') continue;
    const t = types(input.schema);
    if (t.includes('object') || t.includes('array')) {
      fields.push([input.name, 'nulls']);
      nested.set(input.name, input.schema);
    }
  }
  return { fields, optional, nested };
}

/** Returns the coerced input (a shallow copy when anything changed, else the same object). */
export function applyCoercions(plan: CoercionPlan, input: Record<string, unknown>): Record<string, unknown> {
  let out = input;
  const optional = plan.optional;
  // The input's own keys (a few) rather than every optional input's name (often dozens).
  if (optional !== undefined && optional.size > 0) {
    for (const name in input) {
      if (input[name] !== null || !optional.has(name) || !Object.hasOwn(input, name)) continue;
      if (out === input) out = { ...input };
      delete out[name];
    }
  }
  for (const [name, coercion] of plan.fields) {
    // Read from `out`: a JSON-text array decoded by an earlier step is then hyphenated.
    const v = out[name];
    if (v === undefined) continue;
    const next =
      coercion === 'nulls'
        ? stripNulls(v, plan.nested?.get(name) ?? {})
        : coercion === 'json'
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
