/**
 * OpenAPI schemas -> the spec language's JSON Schema (2020-12), without ever inlining a shared
 * schema: a reference to `#/components/schemas/X` becomes `{$ref: '#/schemas/x'}`, and X is written
 * once at the set level. Bounded whatever the document's `$ref` structure: conversion is one pass
 * per component (memoised), a reference that closes a cycle is cut to an open schema, and a
 * component whose expansion (what the loader will build by replacing references) would exceed
 * `MAX_EXPANDED` nodes or nest deeper than `MAX_DEPTH` references is replaced where it is used by
 * a loose schema of its top-level type, with a note. Pure.
 */
import { createAjv } from '@toolspec/language';
import { deref, isObject, type Json, type JsonObject, pointerGet } from './openapi.js';

/** Nodes the loader may build for one component (its references replaced by their definitions). */
const MAX_EXPANDED = 20_000;
/** References one component may nest (the loader resolves at most 16, a tool's own counting). */
const MAX_DEPTH = 10;
/** Inline nesting converted before a schema is left open. */
const MAX_INLINE = 40;

const KEEP = new Set([
  'type',
  'enum',
  'const',
  'required',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'default',
  'multipleOf',
  'minProperties',
  'maxProperties',
  'readOnly',
  'writeOnly',
  'deprecated',
]);
const SUBSCHEMA = new Set([
  'items',
  'not',
  'additionalProperties',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
]);
const SUBSCHEMA_LIST = new Set(['oneOf', 'anyOf', 'allOf', 'prefixItems']);
const SUBSCHEMA_MAP = new Set(['properties', 'patternProperties']);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);

let knownFormats: ReadonlySet<string> | null = null;
/** Formats the language's Ajv checks; any other is kept as an annotation (`$comment`). */
function isKnownFormat(f: string): boolean {
  knownFormats ??= new Set(Object.keys(createAjv().formats));
  return knownFormats.has(f);
}

/** First sentence (or paragraph) of a description, at most `max` characters. */
export function trimText(text: unknown, max = 160): string | undefined {
  if (typeof text !== 'string') return undefined;
  const para =
    text
      .trim()
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, ' ')
      .trim() ?? '';
  if (para === '') return undefined;
  if (para.length <= max) return para;
  const cut = para.slice(0, max);
  const stop = cut.search(/[.!?](?=\s)[^.!?]*$/);
  return stop > 40 ? cut.slice(0, stop + 1) : `${cut.replace(/\s+\S*$/, '')}…`;
}

function validPattern(p: string): boolean {
  try {
    new RegExp(p, 'u');
    return true;
  } catch {
    return false;
  }
}

interface Component {
  readonly name: string;
  readonly ref: string;
  schema: JsonObject;
  /** Each `{$ref: '#/schemas/..'}` node of the converted schema, with the component it names. */
  readonly refs: { node: JsonObject; target: string }[];
}

/** The components of one import: converted once, referenced by set-level name. */
export class SchemaSet {
  private readonly byRef = new Map<string, Component>();
  private readonly names = new Set<string>();
  private readonly pending: Component[] = [];
  /** Nodes of the loader's expansion, per component (after bounding). */
  private readonly sizes = new Map<string, number>();
  readonly notes: string[] = [];

  constructor(private readonly doc: JsonObject) {}

  /** An OpenAPI schema converted; `refs` collects the references it makes (for bounding and reachability). */
  convert(
    schema: Json | undefined,
    refs: { node: JsonObject; target: string }[] = [],
    depth = 0,
  ): JsonObject {
    if (!isObject(schema)) return {};
    if (depth > MAX_INLINE) return {};
    if (typeof schema.$ref === 'string') {
      const target = this.component(schema.$ref);
      if (target) {
        const node: JsonObject = { $ref: `#/schemas/${target.name}` };
        refs.push({ node, target: schema.$ref });
        const desc = trimText(schema.description);
        if (desc) node.description = desc;
        return node;
      }
      // a reference into a schema (`#/components/schemas/X/properties/y`): converted where it is used
      return this.convert(deref(this.doc, schema), refs, depth + 1);
    }
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(schema)) {
      if (KEEP.has(k)) out[k] = v;
      else if (k === 'format' && typeof v === 'string') {
        if (isKnownFormat(v)) out.format = v;
        else out.$comment = `format: ${v}`;
      } else if (SUBSCHEMA.has(k)) out[k] = typeof v === 'boolean' ? v : this.convert(v, refs, depth + 1);
      else if (SUBSCHEMA_LIST.has(k) && Array.isArray(v))
        out[k] = v.map((s) => this.convert(s, refs, depth + 1));
      else if (SUBSCHEMA_MAP.has(k) && isObject(v))
        out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, this.convert(s, refs, depth + 1)]));
    }
    const desc = trimText(schema.description);
    if (desc) out.description = desc;
    tidy(out, schema);
    return out;
  }

  /** The component a reference names (`#/components/schemas/X`), converted on first use. */
  private component(ref: string): Component | undefined {
    const m = /^#\/components\/schemas\/([^/]+)$/.exec(ref);
    if (!m?.[1]) return undefined;
    let c = this.byRef.get(ref);
    if (c) return c;
    if (!isObject(pointerGet(this.doc, ref))) throw new Error(`unresolvable $ref ${ref}`);
    const raw = decodeURIComponent(m[1]).replaceAll('~1', '/').replaceAll('~0', '~');
    let name = raw.replace(/[^A-Za-z0-9_.-]+/g, '_') || 'schema';
    for (let i = 2; this.names.has(name); i++) name = `${name}_${i}`;
    this.names.add(name);
    c = { name, ref, schema: {}, refs: [] };
    this.byRef.set(ref, c);
    this.pending.push(c);
    return c;
  }

  /** Convert every component reached so far (iteratively: a component's references queue more). */
  private drain(): void {
    for (let c = this.pending.shift(); c; c = this.pending.shift()) {
      c.schema = this.convert(pointerGet(this.doc, c.ref), c.refs);
    }
  }

  /**
   * Bound the expansion: cut references that close a cycle, replace references to components too
   * large or too deep to expand by a loose schema. Then the size of each component is known.
   */
  bound(): void {
    this.drain();
    const state = new Map<string, 'open' | 'done'>();
    const depth = new Map<string, number>();
    const visit = (ref: string): void => {
      state.set(ref, 'open');
      const c = this.byRef.get(ref) as Component;
      let size = nodeCount(c.schema);
      let deepest = 0;
      for (const r of c.refs) {
        if (!('$ref' in r.node)) continue;
        const s = state.get(r.target);
        if (s === 'open') {
          loosen(r.node, `recursive: refers back to ${this.byRef.get(r.target)?.name}`);
          continue;
        }
        if (s === undefined) visit(r.target);
        const childSize = this.sizes.get(r.target) ?? 1;
        const childDepth = depth.get(r.target) ?? 0;
        if (childSize > MAX_EXPANDED || childDepth >= MAX_DEPTH) {
          const target = this.byRef.get(r.target) as Component;
          loosen(r.node, `${target.name} is too large to expand here`, target.schema);
          this.note(
            `schema ${target.name} is too large or deep to expand where ${c.name} uses it: loosened there`,
          );
          continue;
        }
        size += childSize;
        deepest = Math.max(deepest, childDepth + 1);
      }
      this.sizes.set(ref, size);
      depth.set(ref, deepest);
      state.set(ref, 'done');
    };
    for (const ref of this.byRef.keys()) if (!state.has(ref)) visit(ref);
  }

  /** Bound one tool's own references (after `bound`): each under the limits, the sum too. */
  boundTool(refs: { node: JsonObject; target: string }[], tool: string): void {
    let total = 0;
    for (const r of refs) {
      if (!('$ref' in r.node)) continue;
      const size = this.sizes.get(r.target) ?? 1;
      if (size > MAX_EXPANDED || total + size > MAX_EXPANDED * 2) {
        const target = this.byRef.get(r.target) as Component;
        loosen(r.node, `${target.name} is too large to expand here`, target.schema);
        this.note(`${tool}: schema ${target.name} is too large to expand: loosened`);
      } else total += size;
    }
  }

  private note(n: string): void {
    if (!this.notes.includes(n)) this.notes.push(n);
  }

  /** The set-level `schemas:` the given references reach, by name, in first-use order. */
  reachable(roots: readonly { node: JsonObject; target: string }[]): Record<string, JsonObject> {
    const out: Record<string, JsonObject> = {};
    const queue = roots.filter((r) => '$ref' in r.node).map((r) => r.target);
    while (queue.length > 0) {
      const ref = queue.shift() as string;
      const c = this.byRef.get(ref) as Component;
      if (c.name in out) continue;
      out[c.name] = c.schema;
      for (const r of c.refs) if ('$ref' in r.node) queue.push(r.target);
    }
    return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  /** The top-level shape of a response schema: its type and, for an object (or an array's items), each property's type. */
  topLevel(schema: Json | undefined): JsonObject {
    const s = this.flatten(schema);
    if (!s) return {};
    const out: JsonObject = {};
    const type = typeOf(s);
    if (type) out.type = type;
    if (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array'))) {
      const items = this.flatten(s.items);
      if (items) out.items = this.shallowObject(items);
      return out;
    }
    return { ...out, ...this.shallowObject(s, false) };
  }

  private shallowObject(s: JsonObject, withType = true): JsonObject {
    const out: JsonObject = {};
    const type = typeOf(s);
    if (withType && type) out.type = type;
    if (isObject(s.properties)) {
      const props: JsonObject = {};
      for (const [p, raw] of Object.entries(s.properties)) {
        const f = this.flatten(raw);
        const t = f ? typeOf(f) : undefined;
        props[p] = t ? { type: t } : {};
      }
      if (Object.keys(props).length > 0) out.properties = props;
    }
    return out;
  }

  /** A schema with top-level references followed and `allOf` members' properties merged (shallow). */
  private flatten(schema: Json | undefined, depth = 0): JsonObject | undefined {
    const s = deref(this.doc, schema);
    if (!isObject(s) || depth > 8) return undefined;
    if (!Array.isArray(s.allOf)) return s;
    const merged: JsonObject = { ...s, properties: { ...(isObject(s.properties) ? s.properties : {}) } };
    delete merged.allOf;
    for (const m of s.allOf) {
      const f = this.flatten(m, depth + 1);
      if (!f) continue;
      if (merged.type === undefined && f.type !== undefined) merged.type = f.type;
      if (isObject(f.properties)) Object.assign(merged.properties as JsonObject, f.properties);
      if (Array.isArray(f.required))
        merged.required = [
          ...new Set([...(Array.isArray(merged.required) ? merged.required : []), ...f.required]),
        ];
    }
    return merged;
  }

  /** A schema followed through top-level references and `allOf` (to read a body's properties). */
  resolved(schema: Json | undefined): JsonObject | undefined {
    return this.flatten(schema);
  }
}

/** The type of a schema with nullability folded in (3.0 `nullable`), or undefined when it has none. */
function typeOf(s: JsonObject): Json | undefined {
  let t: Json | undefined = s.type;
  if (t === undefined && isObject(s.properties)) t = 'object';
  if (typeof t === 'string' && !TYPES.has(t)) t = undefined;
  if (Array.isArray(t)) t = t.filter((x) => typeof x === 'string' && TYPES.has(x));
  if (s.nullable === true && typeof t === 'string') t = [t, 'null'];
  return t;
}

/** 3.0 idioms made 2020-12: `nullable`, boolean `exclusiveMinimum`, invalid patterns, `file`. */
function tidy(out: JsonObject, src: JsonObject): void {
  if (out.type === 'file') {
    out.type = 'string';
    out.contentEncoding = 'base64';
  }
  if (typeof out.type === 'string' && !TYPES.has(out.type)) delete out.type;
  if (Array.isArray(out.type)) out.type = out.type.filter((t) => typeof t === 'string' && TYPES.has(t));
  for (const [ex, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[ex] === 'boolean') {
      if (out[ex] === true && typeof out[bound] === 'number') {
        out[ex] = out[bound];
        delete out[bound];
      } else delete out[ex];
    }
  }
  if (out.required !== undefined && !Array.isArray(out.required)) delete out.required;
  if (Array.isArray(out.required)) {
    // a readOnly property is the vendor's to fill: never required of a caller
    const props = isObject(out.properties) ? out.properties : {};
    out.required = out.required.filter(
      (r) => typeof r === 'string' && !(isObject(props[r]) && props[r].readOnly === true),
    );
    if (out.required.length === 0) delete out.required;
  }
  if (typeof out.pattern === 'string' && !validPattern(out.pattern)) {
    out.$comment = `${out.$comment ? `${out.$comment}; ` : ''}pattern: ${out.pattern}`;
    delete out.pattern;
  }
  if (src.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    if (out.type === undefined && (out.oneOf || out.anyOf || out.allOf)) {
      const { description, ...rest } = out;
      for (const k of Object.keys(out)) delete out[k];
      out.anyOf = [rest, { type: 'null' }];
      if (description !== undefined) out.description = description;
    }
  }
}

function nodeCount(v: Json): number {
  let n = 0;
  const stack: Json[] = [v];
  while (stack.length > 0) {
    const x = stack.pop() as Json;
    n++;
    if (Array.isArray(x)) stack.push(...x);
    else if (isObject(x)) stack.push(...Object.values(x));
  }
  return n;
}

/** A reference replaced in place by an open schema of the target's top-level type, with why. */
function loosen(node: JsonObject, why: string, target?: JsonObject): void {
  delete node.$ref;
  const type = target ? typeOf(target) : undefined;
  if (type !== undefined) node.type = type;
  node.$comment = why;
}
