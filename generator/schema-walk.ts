/** Walking JSON Schema (2020-12) documents by their subschema keywords. Pure, no copies unless asked. */

import type { JsonValue } from '@toolspec/language';
import { pointerOf } from '@toolspec/language';

export type SchemaNode = { [k: string]: JsonValue };

/** Keywords whose value is a map of name -> subschema. */
export const MAP_KEYWORDS = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
] as const;
/** Keywords whose value is one subschema. */
export const SINGLE_KEYWORDS = [
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
] as const;
/** Keywords whose value is a list of subschemas. */
export const LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;

export const isSchemaObject = (v: unknown): v is SchemaNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Visit a schema and every subschema (depth first), with its JSON pointer from the root. */
export function walkSchema(
  schema: JsonValue,
  visit: (node: SchemaNode, pointer: string, parentKeyword: string | null) => void,
  pointer = '',
  parentKeyword: string | null = null,
): void {
  if (!isSchemaObject(schema)) return;
  visit(schema, pointer, parentKeyword);
  for (const kw of MAP_KEYWORDS) {
    const map = schema[kw];
    if (isSchemaObject(map)) {
      for (const [k, v] of Object.entries(map)) walkSchema(v, visit, `${pointer}${pointerOf([kw, k])}`, kw);
    }
  }
  for (const kw of SINGLE_KEYWORDS) {
    if (kw in schema) walkSchema(schema[kw] as JsonValue, visit, `${pointer}/${kw}`, kw);
  }
  for (const kw of LIST_KEYWORDS) {
    const list = schema[kw];
    if (Array.isArray(list)) {
      list.forEach((v, i) => {
        walkSchema(v, visit, `${pointer}/${kw}/${i}`, kw);
      });
    }
  }
}

/** Rebuild a schema bottom-up: `fn` receives each node with its subschemas already transformed. */
export function mapSchema(
  schema: JsonValue,
  fn: (node: SchemaNode, depth: number) => SchemaNode,
  depth = 0,
): JsonValue {
  if (!isSchemaObject(schema)) return schema;
  const out: SchemaNode = { ...schema };
  for (const kw of MAP_KEYWORDS) {
    const map = schema[kw];
    if (isSchemaObject(map)) {
      const next: SchemaNode = {};
      for (const [k, v] of Object.entries(map)) next[k] = mapSchema(v, fn, depth + 1);
      out[kw] = next;
    }
  }
  for (const kw of SINGLE_KEYWORDS) {
    if (kw in schema) out[kw] = mapSchema(schema[kw] as JsonValue, fn, depth + 1);
  }
  for (const kw of LIST_KEYWORDS) {
    const list = schema[kw];
    if (Array.isArray(list)) out[kw] = list.map((v) => mapSchema(v, fn, depth + 1));
  }
  return fn(out, depth);
}

/** True when the schema or any subschema uses `$ref` / `$dynamicRef`. */
export function usesRefs(schema: JsonValue): boolean {
  let found = false;
  walkSchema(schema, (node) => {
    if ('$ref' in node || '$dynamicRef' in node) found = true;
  });
  return found;
}
