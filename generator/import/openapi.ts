/**
 * Reading an OpenAPI 3.0/3.1 document for `toolspec import`: parse JSON or YAML, resolve local
 * `$ref`s (a cycle keeps its `$ref`), and find operations by operationId or `METHOD /path`. Pure
 * apart from the one read of the document text.
 */
import { parse as parseYaml } from 'yaml';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export interface Operation {
  readonly method: string;
  readonly path: string;
  readonly op: JsonObject;
  /** Parameters of the path item and the operation (the operation's win), resolved. */
  readonly parameters: JsonObject[];
}

export function parseDocument(text: string): JsonObject {
  const trimmed = text.trimStart();
  const doc = (trimmed.startsWith('{') ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 100 })) as Json;
  if (!isObject(doc) || (typeof doc.openapi !== 'string' && typeof doc.swagger !== 'string'))
    throw new Error('not an OpenAPI document (no "openapi" field)');
  if (typeof doc.openapi !== 'string' || !/^3\.[01]\./.test(doc.openapi))
    throw new Error(`OpenAPI ${String(doc.openapi ?? doc.swagger)} is not supported (3.0 and 3.1 are)`);
  return doc;
}

export function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function pointerGet(doc: JsonObject, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let cur: Json | undefined = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(cur) && !Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, Json>)[key];
  }
  return cur;
}

/** `value` with every local `$ref` replaced by its target (siblings of `$ref` kept, as in 3.1); cycles keep their `$ref`. */
export function resolveRefs(doc: JsonObject, value: Json, seen: readonly string[] = []): Json {
  if (Array.isArray(value)) return value.map((v) => resolveRefs(doc, v, seen));
  if (!isObject(value)) return value;
  const ref = value.$ref;
  if (typeof ref === 'string') {
    if (seen.includes(ref)) return value;
    const target = pointerGet(doc, ref);
    if (target === undefined)
      throw new Error(`unresolvable $ref ${ref} (only local references are supported)`);
    const { $ref: _ref, ...siblings } = value;
    const resolved = resolveRefs(doc, target, [...seen, ref]);
    return isObject(resolved)
      ? { ...resolved, ...(resolveRefs(doc, siblings, seen) as JsonObject) }
      : resolved;
  }
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) out[k] = resolveRefs(doc, v, seen);
  return out;
}

/** The operation named by its operationId or `METHOD /path`. */
export function findOperation(doc: JsonObject, id: string): Operation {
  const paths = isObject(doc.paths) ? doc.paths : {};
  const byPath = /^([A-Za-z]+)\s+(\/\S*)$/.exec(id.trim());
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const match = byPath
        ? byPath[1]?.toLowerCase() === method && byPath[2] === path
        : op.operationId === id;
      if (!match) continue;
      const params = new Map<string, JsonObject>();
      for (const p of [...asArray(item.parameters), ...asArray(op.parameters)]) {
        const r = resolveRefs(doc, p);
        if (isObject(r) && typeof r.name === 'string') params.set(`${String(r.in)}:${r.name}`, r);
      }
      return { method, path, op: resolveRefs(doc, op) as JsonObject, parameters: [...params.values()] };
    }
  }
  throw new Error(`no operation "${id}" in the document (name an operationId or "METHOD /path")`);
}

const asArray = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
