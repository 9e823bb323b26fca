/**
 * Reading an OpenAPI 3.0/3.1 document for `toolspec import`: parse JSON or YAML, refuse remote and
 * file `$ref`s, follow one local `$ref` at a time (never inlining a schema: shared schemas stay
 * references, see schema.ts), and list its operations. Pure apart from the one read of the text.
 */
import { parse as parseYaml } from 'yaml';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export interface Operation {
  readonly method: string;
  readonly path: string;
  /** `METHOD /path`: the operation's identity in a set (how `--update` matches tools). */
  readonly key: string;
  readonly op: JsonObject;
  /** Parameters of the path item and the operation (the operation's win), each followed through one `$ref`. */
  readonly parameters: Parameter[];
}

export interface Parameter {
  readonly param: JsonObject;
  /** The `components/parameters` name when the parameter is a reference to one. */
  readonly component?: string;
}

export function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export const asArray = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);

export function parseDocument(text: string): JsonObject {
  const trimmed = text.trimStart();
  const doc = (trimmed.startsWith('{') ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 100 })) as Json;
  if (!isObject(doc) || (typeof doc.openapi !== 'string' && typeof doc.swagger !== 'string'))
    throw new Error('not an OpenAPI document (no "openapi" field)');
  if (typeof doc.openapi !== 'string' || !/^3\.[01]\./.test(doc.openapi))
    throw new Error(
      `OpenAPI ${String(doc.openapi ?? doc.swagger)} is not supported (3.0 and 3.1 are; convert Swagger 2.0 with swagger2openapi first)`,
    );
  checkRefs(doc);
  return doc;
}

/** Every `$ref` must be local (`#/...`): remote and file references are refused, naming the first. */
function checkRefs(doc: JsonObject): void {
  const stack: Json[] = [doc];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (isObject(v)) {
      if (typeof v.$ref === 'string' && !v.$ref.startsWith('#'))
        throw new Error(
          `the $ref "${v.$ref}" is not local: only references inside the document are supported`,
        );
      for (const x of Object.values(v)) if (x !== null && typeof x === 'object') stack.push(x);
    }
  }
}

export function pointerGet(doc: JsonObject, ref: string): Json | undefined {
  if (ref === '#') return doc;
  if (!ref.startsWith('#/')) return undefined;
  let cur: Json | undefined = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(cur) && !Array.isArray(cur)) return undefined;
    cur = Object.hasOwn(cur, key) ? (cur as Record<string, Json>)[key] : undefined;
  }
  return cur;
}

/** Follow `$ref`s at the top of a value only (a parameter, a response, a request body): at most 20 hops. */
export function deref(doc: JsonObject, value: Json | undefined): Json | undefined {
  let v = value;
  for (let i = 0; i < 20 && isObject(v) && typeof v.$ref === 'string'; i++) {
    const target = pointerGet(doc, v.$ref);
    if (target === undefined) throw new Error(`unresolvable $ref ${v.$ref}`);
    v = target;
  }
  return v;
}

const COMPONENT_PARAM = /^#\/components\/parameters\/([^/]+)$/;

/** Every operation of the document, in document order. */
export function listOperations(doc: JsonObject): Operation[] {
  const out: Operation[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref(doc, rawItem);
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const params = new Map<string, Parameter>();
      for (const p of [...asArray(item.parameters), ...asArray(op.parameters)]) {
        const param = deref(doc, p);
        if (!isObject(param) || typeof param.name !== 'string') continue;
        const ref = isObject(p) && typeof p.$ref === 'string' ? COMPONENT_PARAM.exec(p.$ref) : null;
        const component = ref?.[1]
          ? decodeURIComponent(ref[1]).replaceAll('~1', '/').replaceAll('~0', '~')
          : undefined;
        params.set(`${String(param.in)}:${param.name}`, { param, ...(component ? { component } : {}) });
      }
      // what follows `#` (AWS's `/#X-Amz-Target=...`) or `?` in a path key is never sent in the path
      const sent = path.replace(/[#?].*$/, '') || '/';
      out.push({
        method,
        path: sent,
        key: `${method.toUpperCase()} ${sent}`,
        op,
        parameters: [...params.values()],
      });
    }
  }
  return out;
}

/** The operation named by its operationId or `METHOD /path`. */
export function findOperation(operations: readonly Operation[], id: string): Operation {
  const byPath = /^([A-Za-z]+)\s+(\/\S*)$/.exec(id.trim());
  const found = operations.find((o) =>
    byPath ? o.key === `${byPath[1]?.toUpperCase()} ${byPath[2]}` : o.op.operationId === id,
  );
  if (!found) throw new Error(`no operation "${id}" in the document (name an operationId or "METHOD /path")`);
  return found;
}
