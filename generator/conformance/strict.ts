/**
 * OpenAI strict mode (structured outputs / strict function calling) as data: the keywords and
 * formats it accepts, and the rewrite that turns a plain input schema into a conforming variant.
 * The variant only loosens what the schema *says*; the runtime still validates the full schema.
 */
import type { JsonValue } from '@toolspec/language';
import { isSchemaObject, type SchemaNode } from '../schema-walk.js';

/** Keywords strict mode accepts. Everything else is reported and, in the variant, dropped and described. */
export const STRICT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'description',
  'title',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);

/** Annotations with no meaning for validation: dropped from the variant without a note. */
const SILENT = new Set(['$schema', '$id', '$comment', 'examples', 'deprecated', 'readOnly', 'writeOnly']);

export const STRICT_FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

/** Composition keywords strict mode refuses at the root (anyOf is fine below the root). */
export const ROOT_FORBIDDEN = [
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'enum',
  'const',
] as const;

export const typesOf = (node: SchemaNode): string[] =>
  Array.isArray(node.type) ? node.type.map(String) : typeof node.type === 'string' ? [node.type] : [];

export const isObjectSchema = (node: SchemaNode): boolean =>
  typesOf(node).includes('object') || isSchemaObject(node.properties);

/** An object strict mode can describe: named properties and nothing else. */
export const isClosedObject = (node: SchemaNode): boolean =>
  isSchemaObject(node.properties) && Object.keys(node.properties).length > 0;

function compact(value: JsonValue): string {
  return JSON.stringify(value);
}

function appendDescription(node: SchemaNode, note: string): SchemaNode {
  const base = typeof node.description === 'string' ? node.description.trimEnd() : '';
  return { ...node, description: base ? `${base} ${note}` : note };
}

/** Accept null as well: how strict mode says "optional". */
export function nullable(node: SchemaNode): SchemaNode {
  const types = typesOf(node);
  if (types.includes('null')) return node;
  const out: SchemaNode = { ...node };
  if (Array.isArray(node.enum)) {
    out.enum = [...node.enum, null];
    if (types.length === 0) return out;
  }
  if (types.length > 0 && !('const' in node)) {
    out.type = [...types, 'null'];
    return out;
  }
  if (Array.isArray(node.anyOf) && types.length === 0) {
    out.anyOf = [...node.anyOf, { type: 'null' }];
    return out;
  }
  const { description, ...inner } = out;
  const wrapped: SchemaNode = { anyOf: [inner, { type: 'null' }] };
  if (description !== undefined) wrapped.description = description;
  return wrapped;
}

/** A value strict mode cannot describe (free-form object, map, untyped): carried as JSON text, which the runtime decodes. */
function asJsonText(node: SchemaNode, what: string): SchemaNode {
  const out: SchemaNode = { type: 'string' };
  if (typeof node.description === 'string') out.description = node.description;
  return appendDescription(out, `${what}, encoded as a JSON string.`);
}

/** A composition member strict mode can carry inside `anyOf`: it says what the value is, not only constrains it. */
const isTyped = (v: JsonValue): boolean =>
  isSchemaObject(v) && ['type', 'properties', 'enum', 'const', '$ref', 'anyOf'].some((k) => k in v);

/** Top-down, so dropped constraints are described as the author wrote them. */
function strictNode(node: SchemaNode, depth: number): SchemaNode {
  let out: SchemaNode = {};
  const dropped: string[] = [];
  const drop = (k: string, v: JsonValue) => dropped.push(`${k} ${compact(v)}`);
  for (const [k, v] of Object.entries(node)) {
    if (SILENT.has(k)) continue;
    if (depth === 0 && (ROOT_FORBIDDEN as readonly string[]).includes(k)) drop(k, v);
    else if (k === 'format' && typeof v === 'string' && !STRICT_FORMATS.has(v)) drop(k, v);
    else if ((k === 'anyOf' || k === 'oneOf') && Array.isArray(v) && v.every(isTyped)) {
      out.anyOf = v.map((m) => strictNode(m as SchemaNode, depth + 1));
    } else if (k === 'properties' && isSchemaObject(v)) {
      const props: SchemaNode = {};
      for (const [name, p] of Object.entries(v))
        props[name] = isSchemaObject(p) ? strictNode(p, depth + 1) : p;
      out.properties = props;
    } else if (k === '$defs' && isSchemaObject(v)) {
      const defs: SchemaNode = {};
      for (const [name, p] of Object.entries(v)) defs[name] = isSchemaObject(p) ? strictNode(p, 1) : p;
      out.$defs = defs;
    } else if (k === 'items' && isSchemaObject(v)) out.items = strictNode(v, depth + 1);
    else if (k === 'additionalProperties' && v !== false) continue;
    else if (STRICT_KEYWORDS.has(k)) out[k] = v;
    else drop(k, v);
  }
  if (dropped.length > 0)
    out = appendDescription(out, `(Also checked by the server: ${dropped.sort().join('; ')}.)`);
  const typed = typesOf(node).length > 0 || ['anyOf', 'enum', 'const', '$ref'].some((k) => k in out);
  if (!typed && !isSchemaObject(node.properties))
    return depth === 0 ? out : asJsonText(out, 'Any JSON value');
  if (!isObjectSchema(out)) return out;
  const open = node.additionalProperties !== undefined && node.additionalProperties !== false;
  if (!isClosedObject(out)) {
    if (depth > 0) return asJsonText(out, 'A JSON object');
    return { ...out, properties: {}, required: [], additionalProperties: false };
  }
  if (open) out = appendDescription(out, '(Only the listed properties are accepted.)');
  const properties = out.properties as Record<string, SchemaNode>;
  const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
  const next: SchemaNode = {};
  for (const [name, schema] of Object.entries(properties))
    next[name] = required.has(name) ? schema : nullable(schema);
  return { ...out, properties: next, required: Object.keys(next), additionalProperties: false };
}

/** The strict-mode variant of an input schema. */
export function strictVariant(schema: JsonValue): SchemaNode {
  return isSchemaObject(schema) ? strictNode(schema, 0) : {};
}
