/**
 * The input schema a tool advertises to clients (MCP tools/list, the generated catalog): the
 * flat subset every major client converts without rewriting it — objects with named properties
 * and `additionalProperties: false`, arrays, scalars, enums, consts, descriptions. Composition
 * (`oneOf/anyOf/allOf`), conditionals (`if/then/else`, `dependentRequired`, `not`) and keywords
 * strict clients refuse are removed and said in words instead; the runtime keeps validating the
 * full schema (ToolIR.inputSchema) and names the field on every violation. Open maps become
 * JSON-object text (the runtime decodes it), an id with `format: uuid` also takes the 32 hex
 * digits users copy from URLs, and the cursor input also takes the engine's `next_cursor` text,
 * so every continuation hint validates against what is advertised. Pure; computed once per tool.
 */

import type { JsonSchema, JsonValue, ToolIR } from '../ir/ir.js';

export interface AdvertisedInput {
  /** The flat schema clients see. */
  readonly schema: JsonSchema;
  /** Rules over several inputs that the schema no longer says (one sentence each). */
  readonly rules: readonly string[];
}

type Node = Record<string, JsonValue>;

/** Keywords kept as they are: what OpenAI strict mode, LangChain and the AI SDK all accept. */
const KEPT = new Set([
  'type',
  'description',
  'title',
  'enum',
  'const',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);

/** Annotations dropped without a word. */
const SILENT = new Set(['$schema', '$id', '$comment', 'examples', 'deprecated', 'readOnly', 'writeOnly']);

/** Formats strict clients accept and validate like the runtime. */
const KEPT_FORMATS = new Set(['date-time', 'date', 'time', 'email']);

const UUID_NOTE = 'A UUID; the 32 hex digits without hyphens are accepted too.';
const CURSOR_NOTE = 'Also takes the next_cursor text from the previous page.';
const JSON_TEXT_NOTE =
  'A JSON object given as JSON text, e.g. "{\\"key\\": \\"value\\"}" (an object is accepted too).';

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const compact = (v: JsonValue): string => JSON.stringify(v);

function typesOf(node: Node): string[] {
  const t = node.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  if (isNode(node.properties)) return ['object'];
  if (isNode(node.items)) return ['array'];
  return [];
}

function describe(node: Node, ...notes: string[]): Node {
  const parts = [typeof node.description === 'string' ? node.description.trim() : '', ...notes].filter(
    (x) => x !== '',
  );
  if (parts.length === 0) return node;
  return { ...node, description: parts.join(' ') };
}

const requiredOnly = (v: JsonValue): string[] | null => {
  if (!isNode(v)) return null;
  const keys = Object.keys(v);
  if (keys.length !== 1 || !Array.isArray(v.required)) return null;
  return v.required.map(String);
};

const list = (names: readonly string[]): string => names.map((n) => `\`${n}\``).join(', ');

/** `{properties: {x: {const|enum}}, required: [x]}` as "`x` is v" (or null when it is something else). */
function condition(v: JsonValue): string | null {
  if (!isNode(v)) return null;
  const req = Array.isArray(v.required) ? v.required.map(String) : [];
  const props = isNode(v.properties) ? v.properties : {};
  const parts: string[] = [];
  for (const [name, p] of Object.entries(props)) {
    if (!isNode(p)) return null;
    if ('const' in p && Object.keys(p).length === 1) parts.push(`\`${name}\` is ${compact(p.const ?? null)}`);
    else if (Array.isArray(p.enum) && Object.keys(p).length === 1)
      parts.push(`\`${name}\` is one of ${p.enum.map((x) => compact(x)).join(', ')}`);
    else return null;
  }
  for (const name of req) if (!(name in props)) parts.push(`\`${name}\` is given`);
  const extra = Object.keys(v).filter((k) => k !== 'properties' && k !== 'required');
  if (extra.length > 0 || parts.length === 0) return null;
  return parts.join(' and ');
}

function consequence(v: JsonValue): string | null {
  const req = requiredOnly(v);
  if (req) return `${list(req)} ${req.length > 1 ? 'are' : 'is'} required`;
  if (isNode(v) && isNode(v.not) && Object.keys(v).length === 1) {
    const notReq = requiredOnly(v.not);
    if (notReq) return `${list(notReq)} must be left out`;
  }
  return condition(v);
}

/** One sentence for a conditional or composed rule, in words where the shape is common. */
function ruleText(keyword: string, value: JsonValue, node: Node): string {
  if (keyword === 'dependentRequired' && isNode(value)) {
    return Object.entries(value)
      .map(([k, deps]) => `With \`${k}\`, also give ${list(Array.isArray(deps) ? deps.map(String) : [])}.`)
      .join(' ');
  }
  if ((keyword === 'oneOf' || keyword === 'anyOf') && Array.isArray(value)) {
    const sets = value.map(requiredOnly);
    if (sets.every((s) => s !== null && s.length === 1)) {
      const names = sets.map((s) => (s as string[])[0] as string);
      return keyword === 'oneOf'
        ? `Give exactly one of ${list(names)}.`
        : `Give at least one of ${list(names)}.`;
    }
  }
  if (keyword === 'allOf' && Array.isArray(value)) {
    return value.map((m) => (isNode(m) ? ruleOfNode(m) : compact(m))).join(' ');
  }
  if (keyword === 'if') {
    const when = condition(value);
    const then = 'then' in node ? consequence(node.then ?? null) : null;
    const otherwise = 'else' in node ? consequence(node.else ?? null) : null;
    if (when && (then || !('then' in node)) && (otherwise || !('else' in node))) {
      return [then ? `When ${when}, ${then}.` : '', otherwise ? `Otherwise ${otherwise}.` : '']
        .filter((x) => x !== '')
        .join(' ');
    }
    const rest = ['then', 'else'].filter((k) => k in node).map((k) => `${k} ${compact(node[k] ?? null)}`);
    return `Checked by the server: if ${compact(value)} ${rest.join(' ')}.`;
  }
  if (keyword === 'not') {
    if (isNode(value) && 'const' in value) return `Must not be ${compact(value.const ?? null)}.`;
    return `Must not match ${compact(value)}.`;
  }
  return `Checked by the server: ${keyword} ${compact(value)}.`;
}

/** The rules a composed node states, as sentences. */
function ruleOfNode(node: Node): string {
  const out: string[] = [];
  for (const k of ['oneOf', 'anyOf', 'allOf', 'if', 'not', 'dependentRequired']) {
    if (k in node) out.push(ruleText(k, node[k] ?? null, node));
  }
  const req = requiredOnly(node);
  if (req && out.length === 0) out.push(`${list(req)} ${req.length > 1 ? 'are' : 'is'} required.`);
  return out.join(' ');
}

const isTypedMember = (v: JsonValue): v is Node =>
  isNode(v) && ['type', 'properties', 'enum', 'const', 'items'].some((k) => k in v);

/** Members of a oneOf/anyOf that each say what the value is, merged into one flat schema. */
function mergeMembers(members: readonly Node[]): Node {
  const objects = members.every((m) => typesOf(m).includes('object') || isNode(m.properties));
  if (objects) {
    const props: Record<string, Node> = {};
    let common: string[] | null = null;
    for (const m of members) {
      const req: string[] = Array.isArray(m.required) ? m.required.map(String) : [];
      common = common === null ? req : common.filter((x) => req.includes(x));
      for (const [name, p] of Object.entries(isNode(m.properties) ? m.properties : {})) {
        if (!isNode(p)) continue;
        const prev = props[name];
        props[name] = prev ? mergeProperty(prev, p) : p;
      }
    }
    const forms = members.map((m) => {
      const req = Array.isArray(m.required) ? m.required.map(String) : [];
      const consts = Object.entries(isNode(m.properties) ? m.properties : {})
        .filter(([, p]) => isNode(p) && 'const' in p)
        .map(([n, p]) => `${n}=${compact((p as Node).const ?? null)}`);
      return [...consts, ...(req.length ? [`with ${req.join(', ')}`] : [])].join(' ');
    });
    const node: Node = { type: 'object', properties: props };
    const req = [...(common ?? [])];
    if (req.length > 0) node.required = req;
    return describe(node, `One of these forms: ${forms.join('; ')}.`);
  }
  const types = new Set<string>();
  let items: JsonValue | undefined;
  for (const m of members) {
    for (const t of typesOf(m)) types.add(t);
    if (isNode(m.items)) items ??= m.items;
    if ('const' in m && typesOf(m).length === 0) types.add(typeof m.const === 'number' ? 'number' : 'string');
  }
  const node: Node = { type: types.size === 1 ? ([...types][0] as string) : [...types] };
  if (items !== undefined) node.items = items;
  if (members.every((m) => 'const' in m || Array.isArray(m.enum))) {
    node.enum = members.flatMap((m) => ('const' in m ? [m.const ?? null] : (m.enum as JsonValue[])));
  }
  return describe(node, `Any of: ${members.map((m) => compact(m)).join(' | ')}.`);
}

/** Two schemas for the same property from different forms: enums and consts become one enum. */
function mergeProperty(a: Node, b: Node): Node {
  const values = (n: Node): JsonValue[] | null =>
    'const' in n ? [n.const ?? null] : Array.isArray(n.enum) ? n.enum : null;
  const va = values(a);
  const vb = values(b);
  if (va && vb) {
    const { const: _a, enum: _e, ...rest } = a;
    return { ...rest, enum: [...new Set([...va, ...vb])] as JsonValue[] };
  }
  return a;
}

/** An object whose keys are not all named: free-form or a map. */
const isOpenObject = (node: Node): boolean => {
  if (!typesOf(node).includes('object')) return false;
  const named = isNode(node.properties) && Object.keys(node.properties).length > 0;
  return !named || (node.additionalProperties !== undefined && node.additionalProperties !== false);
};

interface Where {
  readonly cursor: boolean;
}

function flat(input: Node, where: Where): Node {
  let node = input;
  const notes: string[] = [];
  // Composition first: it decides what the node is.
  for (const k of ['oneOf', 'anyOf'] as const) {
    const members = node[k];
    if (!Array.isArray(members)) continue;
    const { [k]: _drop, ...rest } = node;
    if (members.every(isTypedMember)) {
      const merged = mergeMembers(members as Node[]);
      const { description: own, ...kept } = rest;
      node = { ...merged, ...kept };
      if (typeof own === 'string')
        node = describe({ ...node, description: own }, String(merged.description ?? ''));
    } else {
      notes.push(ruleText(k, members, node));
      node = rest;
    }
  }
  if (Array.isArray(node.allOf)) {
    const { allOf, ...rest } = node;
    const req = new Set(Array.isArray(rest.required) ? rest.required.map(String) : []);
    for (const m of allOf) {
      const only = requiredOnly(m);
      if (only) for (const r of only) req.add(r);
      else notes.push(isNode(m) ? ruleOfNode(m) : compact(m));
    }
    node = rest;
    if (req.size > 0) node.required = [...req];
  }
  if ('if' in node) notes.push(ruleText('if', node.if ?? null, node));
  if ('not' in node) notes.push(ruleText('not', node.not ?? null, node));
  if (isNode(node.dependentRequired)) notes.push(ruleText('dependentRequired', node.dependentRequired, node));

  if (isOpenObject(node) && !where.cursor) {
    const out: Node = { type: typesOf(node).includes('null') ? ['string', 'null'] : 'string' };
    if (typeof node.description === 'string') out.description = node.description;
    return describe(out, ...notes, JSON_TEXT_NOTE);
  }

  const out: Node = {};
  for (const [k, v] of Object.entries(node)) {
    if (SILENT.has(k) || ['if', 'then', 'else', 'not', 'dependentRequired'].includes(k)) continue;
    if (k === 'properties' && isNode(v)) {
      const props: Node = {};
      for (const [name, p] of Object.entries(v)) props[name] = isNode(p) ? flat(p, { cursor: false }) : p;
      out.properties = props;
    } else if (k === 'items' && isNode(v)) out.items = flat(v, { cursor: false });
    else if (k === 'required' && Array.isArray(v)) out.required = v;
    else if (k === 'additionalProperties') continue;
    else if (k === 'format' && typeof v === 'string') {
      if (v === 'uuid') {
        if (!/\b32\b/.test(String(node.description ?? ''))) notes.push(UUID_NOTE);
      } else if (KEPT_FORMATS.has(v)) out.format = v;
      else notes.push(`Format: ${v}.`);
    } else if (k === 'default') notes.push(`Default: ${compact(v)}.`);
    else if (k === 'minLength' && typeof v === 'number') {
      if (v > 1) notes.push(`At least ${v} characters.`);
      else if (v === 1) notes.push('Not empty.');
    } else if (k === 'maxLength' && typeof v === 'number') notes.push(`At most ${v} characters.`);
    else if (k === 'minProperties' && typeof v === 'number')
      notes.push(`Give at least ${v} of these fields.`);
    else if (k === 'maxProperties' && typeof v === 'number') notes.push(`Give at most ${v} of these fields.`);
    else if (KEPT.has(k)) out[k] = v;
    else notes.push(`Checked by the server: ${k} ${compact(v)}.`);
  }
  if (typesOf(out).includes('object') || isNode(out.properties)) {
    out.type ??= 'object';
    out.properties ??= {};
    out.additionalProperties = false;
  }
  if (where.cursor) {
    const t = typesOf(out);
    if (t.length > 0 && !t.includes('string')) {
      out.type = [...t, 'string'];
      notes.push(CURSOR_NOTE);
    }
  }
  return describe(out, ...notes);
}

/** The flat schema of a tool's input, and the cross-input rules said in words. */
export function advertiseInput(tool: Pick<ToolIR, 'inputSchema' | 'facts'>): AdvertisedInput {
  const root = tool.inputSchema as Node;
  const rules: string[] = [];
  const { properties, required, description, ...rest } = root;
  const ruleNode: Node = { ...rest };
  delete ruleNode.type;
  delete ruleNode.additionalProperties;
  for (const k of SILENT) delete ruleNode[k];
  // Every remaining root keyword is a rule over several inputs.
  for (const k of ['oneOf', 'anyOf', 'allOf', 'if', 'not', 'dependentRequired']) {
    if (k in ruleNode) rules.push(ruleText(k, ruleNode[k] ?? null, ruleNode));
  }
  for (const k of Object.keys(ruleNode)) {
    if (['oneOf', 'anyOf', 'allOf', 'if', 'then', 'else', 'not', 'dependentRequired'].includes(k)) continue;
    if (k === 'minProperties') rules.push(`Give at least ${compact(ruleNode[k] ?? null)} input(s).`);
    else rules.push(`Checked by the server: ${k} ${compact(ruleNode[k] ?? null)}.`);
  }
  const props: Node = {};
  for (const [name, p] of Object.entries(isNode(properties) ? properties : {})) {
    props[name] = isNode(p) ? flat(p, { cursor: name === tool.facts.cursorInput }) : p;
  }
  const schema: Node = { type: 'object', properties: props };
  if (Array.isArray(required) && required.length > 0) schema.required = required;
  schema.additionalProperties = false;
  const text = [typeof description === 'string' ? description : '', ...rules].filter((x) => x).join(' ');
  if (text) schema.description = text;
  return { schema: schema as JsonSchema, rules };
}

const cache = new WeakMap<object, AdvertisedInput>();

/** advertiseInput, computed once per tool. */
export function advertisedInput(tool: ToolIR): AdvertisedInput {
  let hit = cache.get(tool);
  if (!hit) {
    hit = advertiseInput(tool);
    cache.set(tool, hit);
  }
  return hit;
}

/**
 * A value as the advertised schema asks for it: open maps (objects whose keys are not all named)
 * given as JSON text. The runtime accepts both forms; clients that validate against the
 * advertised schema accept this one.
 */
export function inAdvertisedForm(schema: JsonSchema, value: JsonValue, depth = 0): JsonValue {
  if (depth > 32 || !isNode(schema)) return value;
  const node = schema as Node;
  if (depth > 0 && isOpenObject(node) && isNode(value)) return JSON.stringify(value);
  if (Array.isArray(value) && isNode(node.items))
    return value.map((v) => inAdvertisedForm(node.items as JsonSchema, v, depth + 1));
  if (isNode(value) && isNode(node.properties)) {
    const props = node.properties;
    const out: Node = {};
    for (const [k, v] of Object.entries(value)) {
      const p = props[k];
      out[k] = isNode(p) ? inAdvertisedForm(p as JsonSchema, v, depth + 1) : v;
    }
    return out;
  }
  return value;
}

/** A declared output schema as clients may check it: no closed objects (a cut output carries `_truncated`), no formats. */
function loosen(node: JsonValue, depth = 0): JsonValue {
  if (depth > 64 || !isNode(node)) return node;
  const out: Node = {};
  for (const [k, v] of Object.entries(node)) {
    if (SILENT.has(k) || k === 'format' || k === 'additionalProperties') continue;
    if ((k === 'properties' || k === '$defs') && isNode(v)) {
      const props: Node = {};
      for (const [name, p] of Object.entries(v)) props[name] = loosen(p, depth + 1);
      out[k] = props;
    } else if (k === 'items' || k === 'not') out[k] = loosen(v, depth + 1);
    else if ((k === 'oneOf' || k === 'anyOf' || k === 'allOf') && Array.isArray(v))
      out[k] = v.map((m) => loosen(m, depth + 1));
    else out[k] = v;
  }
  return out;
}

/** The page envelope of a paged tool that declares no output schema. */
const ENVELOPE: Node = {
  type: 'object',
  properties: {
    items: { type: 'array', description: 'This page of results.' },
    next_cursor: {
      type: ['string', 'null'],
      description: 'Pass back (as the cursor input) for the next page; null on the last page.',
    },
    has_more: { type: 'boolean' },
    truncated: { type: 'object', description: 'Present when the page was cut to the output budget.' },
  },
  required: ['items', 'next_cursor', 'has_more'],
};

/**
 * The MCP `outputSchema` of a tool, derived from its declared output: paged tools the page
 * envelope, an object output its schema, anything else `{ result }` (how the server wraps a
 * non-object value). Tools that may answer with a pending handle (a declared poll) or declare
 * nothing get an object schema that every structuredContent they return satisfies.
 */
export function advertisedOutput(tool: Pick<ToolIR, 'response' | 'paging' | 'poll'>): JsonSchema {
  const declared = tool.response.schema;
  const pending = tool.poll !== null;
  let schema: Node;
  if (declared && typesOf(declared as Node).includes('object') && typesOf(declared as Node).length === 1) {
    schema = loosen(declared) as Node;
  } else if (tool.paging) schema = ENVELOPE;
  else if (declared) schema = { type: 'object', properties: { result: loosen(declared) } };
  else schema = { type: 'object' };
  if (pending) {
    // The first answer may be the handle to poll instead of the output.
    const { required: _r, ...rest } = schema;
    schema = rest;
  }
  return schema as JsonSchema;
}
