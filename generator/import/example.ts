/**
 * The one example of an imported tool: its minimal call (the required inputs, each with a value its
 * schema accepts), the request that call makes as `validate` compares it (only what does not follow
 * from the tool), and an answer its output schema accepts. Pure.
 */
import { createAjv, SECRET_PARAMS } from '@toolspec/language';
import randexpModule from 'randexp';
import { isObject, type Json, type JsonObject } from './openapi.js';

// randexp is CommonJS with an ES default in its types: under NodeNext the default import is the module.
const RandExp = ((randexpModule as unknown as { default?: unknown }).default ?? randexpModule) as new (
  pattern: string,
) => { max: number; randInt: (a: number, b: number) => number; gen(): string };

import type { ImportedTool } from './to-tool.js';

/** Resolves a set-level reference (`#/schemas/x`, `#/inputs/x`) to its definition. */
export type Resolve = (ref: string) => JsonObject | undefined;

const SAMPLE_BY_FORMAT: Readonly<Record<string, string>> = {
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  'date-time': '2025-01-02T03:04:05Z',
  date: '2025-01-02',
  time: '03:04:05Z',
  email: 'someone@example.com',
  uri: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  url: 'https://example.com/',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  duration: 'P1D',
};

/** A schema with its set-level `$ref` replaced (siblings override), one level. */
function open(schema: JsonObject, resolve: Resolve): JsonObject {
  let s = schema;
  for (let i = 0; i < 16 && typeof s.$ref === 'string'; i++) {
    const { $ref, ...rest } = s;
    s = { ...(resolve($ref) ?? {}), ...rest };
  }
  return s;
}

/** A branch of oneOf/anyOf with its parent's keys: properties merged, required joined. */
function merge(parent: JsonObject, branch: JsonObject): JsonObject {
  const props = {
    ...(isObject(parent.properties) ? parent.properties : {}),
    ...(isObject(branch.properties) ? branch.properties : {}),
  };
  const required = [
    ...new Set([
      ...(Array.isArray(parent.required) ? parent.required : []),
      ...(Array.isArray(branch.required) ? branch.required : []),
    ]),
  ];
  return {
    ...parent,
    ...branch,
    ...(Object.keys(props).length > 0 ? { properties: props } : {}),
    ...(required.length > 0 ? { required } : {}),
  };
}

let ajv: ReturnType<typeof createAjv> | null = null;
/** Does the schema (its set-level references inlined, to a bounded depth) accept the value? */
function accepts(schema: JsonObject, value: Json, resolve: Resolve): boolean {
  ajv ??= createAjv({ strict: false, logger: false });
  try {
    return ajv.validate(inline(schema, resolve, 0) as JsonObject, value) === true;
  } catch {
    return false;
  }
}

function inline(v: Json, resolve: Resolve, depth: number): Json {
  if (Array.isArray(v)) return v.map((x) => inline(x, resolve, depth));
  if (!isObject(v)) return v;
  if (typeof v.$ref === 'string' && v.$ref.startsWith('#/')) {
    if (depth > 12) return {};
    const { $ref, ...rest } = v;
    return inline({ ...(resolve($ref) ?? {}), ...rest }, resolve, depth + 1);
  }
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, inline(x, resolve, depth)]));
}

/** A value valid for `schema`: its default, const or first enum value, else one built from its type. */
export function sample(
  raw: JsonObject,
  resolve: Resolve,
  name = 'value',
  depth = 0,
  text = false,
  full = false,
): Json {
  const schema = open(raw, resolve);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return schema.enum.find((v) => v !== null) ?? null;
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  for (const k of ['oneOf', 'anyOf'] as const) {
    if (!Array.isArray(schema[k])) continue;
    const { [k]: branches, ...parent } = schema;
    const usable = (branches as Json[]).filter((b): b is JsonObject => isObject(b) && b.type !== 'null');
    // a value sent as text ("1") matches integer and string branches alike: the string one first
    if (text)
      usable.sort(
        (a, b) => Number(open(b, resolve).type === 'string') - Number(open(a, resolve).type === 'string'),
      );
    const candidates = usable.flatMap((b) => {
      const branch = merge(parent, open(b, resolve));
      return [
        sample(branch, resolve, name, depth + 1),
        sample(branch, resolve, name, depth + 1, false, true),
      ];
    });
    return candidates.find((c) => accepts(schema, c, resolve)) ?? candidates[0] ?? null;
  }
  if (Array.isArray(schema.allOf)) {
    let merged: JsonObject = {};
    for (const m of schema.allOf) if (isObject(m)) merged = merge(merged, open(m, resolve));
    const { allOf: _a, ...rest } = schema;
    return sample(merge(merged, rest), resolve, name, depth + 1);
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type =
    types.find((t) => t !== 'null' && t !== undefined) ??
    (isObject(schema.properties) ? 'object' : undefined);
  switch (type) {
    case 'integer':
    case 'number': {
      const min =
        typeof schema.minimum === 'number'
          ? schema.minimum
          : typeof schema.exclusiveMinimum === 'number'
            ? schema.exclusiveMinimum + 1
            : 1;
      const max = typeof schema.maximum === 'number' ? schema.maximum : Number.POSITIVE_INFINITY;
      return Math.min(Math.max(Math.ceil(min), 1), max);
    }
    case 'boolean':
      return true;
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 1;
      if (depth > 6 || !isObject(schema.items) || schema.maxItems === 0) return [];
      return Array.from({ length: Math.max(min, 1) }, (_, i) => {
        const v = sample(schema.items as JsonObject, resolve, name, depth + 1);
        return typeof v === 'string' && schema.uniqueItems === true ? `${v}${i || ''}` : v;
      });
    }
    case 'object': {
      const out: JsonObject = {};
      const props = isObject(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required : [];
      if (depth <= 10)
        for (const p of required)
          if (typeof p === 'string')
            out[p] = isObject(props[p]) ? sample(props[p], resolve, p, depth + 1) : 'value';
      // every property, to tell oneOf branches apart
      if (full)
        for (const [p, ps] of Object.entries(props))
          if (!(p in out) && isObject(ps)) out[p] = sample(ps, resolve, p, depth + 1);
      // at least minProperties: further declared properties, then keys the schema allows beyond them
      const least = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
      for (const [p, ps] of Object.entries(props))
        if (Object.keys(out).length < least && !(p in out) && isObject(ps))
          out[p] = sample(ps, resolve, p, depth + 1);
      const extra = isObject(schema.additionalProperties)
        ? schema.additionalProperties
        : schema.additionalProperties === false
          ? null
          : {};
      for (let i = 1; extra && Object.keys(out).length < least && i <= least; i++)
        out[`key${i}`] =
          Object.keys(extra).length > 0 ? sample(extra, resolve, `key${i}`, depth + 1) : 'value';
      return out;
    }
    case 'null':
      return null;
    default: {
      const byFormat = typeof schema.format === 'string' ? SAMPLE_BY_FORMAT[schema.format] : undefined;
      if (byFormat) return byFormat;
      if (schema.contentEncoding === 'base64') return 'aGVsbG8='; // hello
      const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
      const max = typeof schema.maxLength === 'number' ? schema.maxLength : 64;
      if (typeof schema.pattern === 'string') {
        const matching = fromPattern(schema.pattern, min, max);
        if (matching !== undefined) return matching;
      }
      const base = /^[A-Za-z][A-Za-z0-9_]*$/.test(name) ? name.replace(/_/g, '-') : 'value';
      return `${base}-1`.padEnd(min, 'x').slice(0, Math.max(max, 1));
    }
  }
}

/** A text matching `pattern` within the length bounds (randexp, with a fixed seed: the same every import). */
function fromPattern(pattern: string, min: number, max: number): string | undefined {
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  let seed = 7;
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      const gen = new RandExp(pattern);
      gen.max = Math.max(4, Math.min(min, 64));
      gen.randInt = (a: number, b: number) => {
        seed = (seed * 16807) % 2147483647;
        return a + (seed % (b - a + 1));
      };
      const v = gen.gen();
      // a length bound the pattern leaves to minLength/maxLength: the last character repeated, or cut
      const fitted = v.length < min ? v + v.slice(-1).repeat(min - v.length) : v.slice(0, max);
      for (const c of [v, fitted]) if (re.test(c) && c.length >= min && c.length <= max) return c;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]+$/;

function redacted(v: Json, key = ''): Json {
  if (typeof v === 'string') return SECRET_PARAMS.has(key.toLowerCase()) ? '[redacted]' : v;
  if (Array.isArray(v)) return v.map((x) => redacted(x, key));
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, redacted(x, k)]));
  return v;
}

export function exampleOf(t: ImportedTool, resolve: Resolve): JsonObject {
  const inputs = isObject(t.tool.inputs) ? t.tool.inputs : {};
  const input: JsonObject = {};
  const query: JsonObject = {};
  const body: JsonObject = {};
  let payload: Json | undefined;
  let path = String(t.tool.path);
  let pathWritten = false;
  for (const part of t.minimal) {
    const decl = isObject(inputs[part.input]) ? (inputs[part.input] as JsonObject) : {};
    const value = sample(
      withoutPlacement(decl),
      resolve,
      part.input,
      0,
      ['path', 'query', 'header'].includes(part.where),
    );
    input[part.input] = value;
    if (part.where === 'path') {
      const text = String(value);
      if (typeof value !== 'string' || !PLAIN_SEGMENT.test(text)) pathWritten = true;
      // as the runtime sends it: everything outside RFC 3986 "unreserved" percent-encoded
      const encoded = encodeURIComponent(text).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      );
      path = path.replace(`{${part.vendor}}`, encoded);
    } else if (part.where === 'query') {
      // what the runtime sends: text as it is, anything else as JSON text
      const asText = (v: Json) =>
        typeof v === 'string' ? v : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v);
      if (Array.isArray(value)) {
        const texts = value.map(asText);
        query[part.vendor] = part.explode
          ? texts.length === 1
            ? (texts[0] as string)
            : texts
          : texts.join(',');
      } else query[part.vendor] = asText(value);
    } else if (part.where === 'body') body[part.vendor] = value;
    else if (part.where === 'payload') payload = value;
  }
  const method = String(t.tool.method);
  const encoding =
    typeof t.tool.encoding === 'string'
      ? t.tool.encoding
      : ['POST', 'PUT', 'PATCH'].includes(method)
        ? 'json'
        : 'none';
  const request: JsonObject = {};
  if (pathWritten) request.path = path;
  if (Object.keys(query).length > 0) request.query = redacted(query);
  if (encoding === 'json') {
    if (payload !== undefined) request.body = redacted(payload);
    else request.body = redacted(body);
  }
  const response: JsonObject = {};
  if (t.status !== 200) response.status = t.status;
  if (t.answers) response.body = answer(t, resolve);
  return {
    name: 'minimal',
    ...(Object.keys(input).length > 0 ? { input } : {}),
    ...(Object.keys(request).length > 0 ? { request } : {}),
    response,
    // an answer without a body is the runtime's {ok: true}
    ...(t.answers ? {} : { output: { ok: true } }),
  };
}

function withoutPlacement(decl: JsonObject): JsonObject {
  const { in: _i, as: _a, required, explode: _e, description: _d, ...schema } = decl;
  return Array.isArray(required) ? { ...schema, required } : schema;
}

/** An answer the output schema accepts: the smallest value of its type; a paged tool's, an empty page. */
function answer(t: ImportedTool, resolve: Resolve): Json {
  if (t.paging.kind === 'paged') {
    const items = String(t.paging.style.items ?? '');
    if (items === '') return [];
    return { [items.slice(1).replaceAll('~1', '/').replaceAll('~0', '~')]: [] };
  }
  const schema =
    isObject(t.tool.response) && isObject(t.tool.response.schema) ? t.tool.response.schema : null;
  if (!schema) return {};
  const s = open(schema, resolve);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('array')) return [];
  return sample(schema, resolve, 'result');
}
