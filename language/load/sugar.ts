/**
 * The spec language's shorthands, rewritten into the core form that build-ir.ts reads. Each one
 * says a thing once that the core form says per tool; none adds meaning, so a spec written with
 * or without them builds the same IR (test/spec/sugar.test.ts pins this):
 *
 * - `$ref: '#/schemas/<name>'` / `$ref: '#/inputs/<name>'` anywhere in a tool (outside its
 *   examples) is replaced by that set-level definition, the keys beside `$ref` overriding it;
 *   `$ref: '#/tools/<name>'` (a whole tool of the set's `tools:` list, for an alias) and
 *   `$ref: '#/tools/<name>/<pointer>'` (a part of one: its `inputs`, an example) the same way.
 *   This is the one way to share a declaration (YAML anchors are local to a file and invisible
 *   to the schema; the shipped specs keep them only on shared templates).
 * - inside a tool's examples, `$ref: '#/samples/<name>'` is replaced by that set-level sample
 *   value by the same rule (a sample is example data: vendor objects several examples show);
 *   only `#/samples/` and `#/tools/<name>/examples/<i>` references resolve there, any other `$ref`
 *   in example data is data.
 * - the set's `response.map` is the map of every tool without paging that declares none
 *   (`map: null` opts a tool out);
 * - an input with no `in` that the tool's templates read (body template, `compute`, SQL block)
 *   is `in: none`;
 * - an example's `request.method` is the tool's, so is its `request.path`: the tool's path, each
 *   variable filled with the example's value of the input placed there when that value needs no
 *   encoding (a request with neither may be left out); its `request.headers` start from the set's
 *   and the tool's static headers (its `response.status` is 200 unless written, as in the core form);
 * - an example without `output` expects the response body, or what the tool's map makes of it
 *   when that map is a projection (`{$eval: body.data}`, `{$eval: 'omit(body, ["k"])'}`, or an
 *   object of such parts, `{items: {$eval: body.data}}`); for a paged tool that maps nothing, the
 *   last page: `{items, next_cursor: null, has_more: false}`.
 */
import type { Diagnostic } from '../check/diagnostics.js';
import type { JsonValue } from '../ir/ir.js';
import { escapeToken, getPointer } from '../ir/json-pointer.js';
import type { SqlBlock } from '../sql/block.js';
import { conditions, referencedInputs } from '../sql/block.js';
import { evaluateTemplate, templateExpressions } from '../template/template.js';

type Raw = Record<string, unknown>;

const REF_KINDS = ['schemas', 'inputs', 'tools'] as const;
const SAMPLE_KINDS = ['samples', 'tools'] as const;
type RefKind = (typeof REF_KINDS)[number] | (typeof SAMPLE_KINDS)[number];
const MAX_REF_DEPTH = 16;

/** The set-level definitions `$ref` may name (`tools` by name: the set's `tools:` list). */
export interface Definitions {
  readonly schemas: Readonly<Record<string, unknown>>;
  readonly inputs: Readonly<Record<string, unknown>>;
  readonly samples: Readonly<Record<string, unknown>>;
  readonly tools: Readonly<Record<string, unknown>>;
}

export interface RefProblem {
  readonly pointer: string;
  readonly ref: string;
}

export function definitionsOf(raw: Raw): Definitions {
  const tools: Record<string, unknown> = {};
  for (const t of Array.isArray(raw.tools) ? raw.tools : []) {
    const name = (t as Raw | null)?.name;
    if (typeof name === 'string' && !Object.hasOwn(tools, name)) tools[name] = t;
  }
  return {
    schemas: (raw.schemas as Record<string, unknown> | undefined) ?? {},
    inputs: (raw.inputs as Record<string, unknown> | undefined) ?? {},
    samples: (raw.samples as Record<string, unknown> | undefined) ?? {},
    tools,
  };
}

/** What a reference names: a definition, or (`#/tools/<name>/<pointer>`) a part of another tool. */
function target(ref: string, defs: Definitions, kinds: readonly RefKind[]): unknown {
  for (const kind of kinds) {
    const prefix = `#/${kind}/`;
    if (!ref.startsWith(prefix)) continue;
    if (kind !== 'tools') {
      const name = ref.slice(prefix.length);
      return Object.hasOwn(defs[kind], name) ? defs[kind][name] : undefined;
    }
    const [name = '', ...rest] = ref.slice(prefix.length).split('/');
    if (!Object.hasOwn(defs.tools, name)) return undefined;
    const tool = defs.tools[name] as JsonValue;
    return rest.length === 0 ? tool : getPointer(tool, `/${rest.join('/')}`);
  }
  return undefined;
}

const refersTo = (ref: unknown, kinds: readonly RefKind[]): ref is string =>
  typeof ref === 'string' && kinds.some((k) => ref.startsWith(`#/${k}/`));

/** Is this `$ref` one of the set's (not a JSON Schema reference such as `#/$defs/x`)? */
export function isSetRef(ref: unknown): ref is string {
  return refersTo(ref, REF_KINDS);
}

/**
 * Where a value sits, which decides the references resolved in it: a whole tool (its `examples`
 * are example data), a declaration (schemas, inputs, parts of tools) or example data, where only
 * `#/samples/` and `#/tools/<name>/examples/...` references resolve.
 */
type Scope = 'tool' | 'declaration' | 'example';

/** The scope of what `#/tools/<name>/<pointer>` names. */
function toolPartScope(ref: string): Scope {
  const parts = ref.split('/');
  return parts.length === 3 ? 'tool' : parts[3] === 'examples' ? 'example' : 'declaration';
}

/**
 * Replace every set `$ref` below `node` with its definition; siblings override. A tool's examples
 * (`examples` directly under it) are example data: only `#/samples/` references and references to
 * other tools' examples resolve there.
 */
export function resolveRefs(
  node: unknown,
  defs: Definitions,
  pointer: string,
  problems: RefProblem[],
  depth = 0,
  scope: Scope = 'tool',
): unknown {
  const kinds: readonly RefKind[] = scope === 'example' ? SAMPLE_KINDS : REF_KINDS;
  const inner: Scope = scope === 'tool' ? 'declaration' : scope;
  const again = (v: unknown, p: string, d: number, s: Scope = inner) =>
    resolveRefs(v, defs, p, problems, d, s);
  if (Array.isArray(node)) return node.map((v, i) => again(v, `${pointer}/${i}`, depth));
  if (!node || typeof node !== 'object') return node;
  const obj = node as Raw;
  if (refersTo(obj.$ref, kinds)) {
    const ref = obj.$ref;
    const toolRef = ref.startsWith('#/tools/');
    const found = depth < MAX_REF_DEPTH ? target(ref, defs, kinds) : undefined;
    const { $ref: _, ...siblings } = obj;
    if (found === undefined || (toolRef && scope === 'example' && toolPartScope(ref) !== 'example')) {
      problems.push({ pointer: `${pointer}/$ref`, ref });
      return again(siblings, pointer, depth, scope);
    }
    const base = again(found, pointer, depth + 1, toolRef ? toolPartScope(ref) : scope);
    const over = again(siblings, pointer, depth, scope) as Raw;
    return base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Raw), ...over } : base;
  }
  const out: Raw = {};
  for (const [k, v] of Object.entries(obj)) {
    const at = `${pointer}/${escapeToken(k)}`;
    out[k] = scope === 'tool' && k === 'examples' ? again(v, at, depth, 'example') : again(v, at, depth);
  }
  return out;
}

const STRING_LITERAL = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;
const IDENTIFIER = /(?<![\w.$])([A-Za-z_][A-Za-z0-9_]*)(?!\s*\()/g;

/** Names a tool's request templates read: the body template, `compute` templates and the SQL block. */
export function templateNames(tool: Raw): Set<string> {
  const inputs = (tool.inputs as Record<string, Raw> | undefined) ?? {};
  const expressions = templateExpressions([
    tool.body ?? null,
    ...Object.values(inputs).map((i) => i?.compute ?? null),
  ]);
  const names = new Set<string>();
  for (const e of expressions) {
    for (const m of e.replace(STRING_LITERAL, '""').matchAll(IDENTIFIER)) if (m[1]) names.add(m[1]);
  }
  const sql = tool.sql as SqlBlock | undefined;
  if (sql && typeof sql === 'object') {
    for (const n of referencedInputs(sql)) names.add(n);
    for (const w of conditions(sql)) {
      for (const m of w.replace(STRING_LITERAL, '""').matchAll(IDENTIFIER)) if (m[1]) names.add(m[1]);
    }
  }
  return names;
}

const SELECT = /^\s*body(?:\.[A-Za-z_][A-Za-z0-9_]*)*\s*$/;
const OMIT = /^\s*omit\(\s*body\s*,\s*\[\s*"[^"\\]*"(?:\s*,\s*"[^"\\]*")*\s*\]\s*\)\s*$/;

/**
 * Is a response map a projection, one that only selects a part of the body (`{$eval: body.data}`)
 * or drops top-level keys (`{$eval: 'omit(body, ["@odata.context"])'}`), or an object of such
 * parts (`{items: {$eval: body.data}}`)? Such a map returns the answer as is, so an example's
 * output can default to it.
 */
export function isProjection(map: unknown): boolean {
  if (map === undefined || map === null) return true;
  return selectsPart(map) || (isPlainObject(map) && Object.values(map).every(selectsPart));
}

const isPlainObject = (v: unknown): v is Raw => !!v && typeof v === 'object' && !Array.isArray(v);

function selectsPart(map: unknown): boolean {
  if (!isPlainObject(map) || Object.keys(map).length !== 1) return false;
  const expr = map.$eval;
  return typeof expr === 'string' && (SELECT.test(expr) || OMIT.test(expr));
}

/**
 * The output an example without `output` expects, or undefined when the tool needs it written:
 * the body, or the part a plain unwrap map selects; for a paged tool that maps nothing, the last
 * page's envelope (the items at the paging style's pointer, no next cursor).
 */
export function defaultOutput(tool: Raw, example: Raw, set: Raw = {}): unknown {
  const response = (tool.response as Raw | undefined) ?? {};
  if (response.items !== undefined) return undefined;
  const body = (example.response as Raw | undefined)?.body;
  if (tool.paging !== undefined) {
    const paging = (set.paging as Record<string, Raw> | undefined)?.[String(tool.paging)];
    if (!paging || response.map !== undefined || typeof paging.items !== 'string') return undefined;
    if (paging.style === 'partitions' || body === undefined || body === null) return undefined;
    const items = getPointer(body as JsonValue, paging.items);
    return Array.isArray(items) ? { items, next_cursor: null, has_more: false } : undefined;
  }
  if (!isProjection(response.map) || body === undefined || body === null) return undefined;
  if (response.map === undefined || response.map === null) return body;
  try {
    const ex = (example.response as Raw | undefined) ?? {};
    const out = evaluateTemplate(response.map, { body, status: ex.status ?? 200, headers: ex.headers ?? {} });
    return out === undefined || out === null ? undefined : out;
  } catch {
    return undefined; // the body lacks the selected part: the example writes its output
  }
}

const isTemplated = (v: unknown) => typeof v !== 'string' || v.includes('${');

/** The headers every example of a tool inherits: the set's, then the tool's static ones. */
export function inheritedHeaders(set: Raw, tool: Raw): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of [set.headers, tool.headers] as (Record<string, unknown> | undefined)[]) {
    for (const [k, v] of Object.entries(m ?? {})) {
      if (isTemplated(v)) continue;
      for (const existing of Object.keys(out))
        if (existing.toLowerCase() === k.toLowerCase()) delete out[existing];
      out[k] = v as string;
    }
  }
  return out;
}

function pathVariableNames(path: unknown): string[] {
  return typeof path === 'string' ? [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] ?? '') : [];
}

/** A path value that is sent as written: RFC 3986 unreserved characters only. */
const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * An example's request path when the tool's path has variables: each variable filled with the
 * example's value of the input placed there, or undefined (the example writes its path) when a
 * variable has no such value or the value would be percent-encoded or transformed.
 */
export function examplePath(tool: Raw, input: unknown): string | undefined {
  if (typeof tool.path !== 'string' || !isPlainObject(input)) return undefined;
  const vars = pathVariableNames(tool.path);
  const inputs = Object.entries((tool.inputs as Record<string, Raw> | undefined) ?? {});
  const plainValue = (variable: string): string | undefined => {
    const found = inputs.find(
      ([name, i]) =>
        isPlainObject(i) &&
        (i.in ?? (vars.includes(name) ? 'path' : undefined)) === 'path' &&
        (i.as ?? name) === variable,
    );
    if (!found || found[1].transform !== undefined || (found[1].kind ?? 'public') !== 'public')
      return undefined;
    const v = input[found[0]];
    return typeof v === 'string' && PLAIN_SEGMENT.test(v) ? v : undefined;
  };
  const values = vars.map(plainValue);
  if (values.some((v) => v === undefined)) return undefined;
  let i = 0;
  return tool.path.replace(/\{([^{}]+)\}/g, () => values[i++] as string);
}

/** Should this input, declared without `in`, be `in: none`? */
export function inferredNone(name: string, input: Raw, tool: Raw, reads: ReadonlySet<string>): boolean {
  if (input.in !== undefined || input.kind === 'version' || input.kind === 'computed') return false;
  if (pathVariableNames(tool.path).includes(name)) return false;
  return reads.has(name);
}

/** One tool in core form (refs already resolved). */
export function desugarTool(set: Raw, tool: Raw): Raw {
  const out: Raw = { ...tool };
  const setResponse = (set.response as Raw | undefined) ?? {};
  const response = { ...((tool.response as Raw | undefined) ?? {}) };
  if (response.map === null) delete response.map;
  else if (
    response.map === undefined &&
    setResponse.map !== undefined &&
    tool.paging === undefined &&
    !('items' in response)
  )
    response.map = setResponse.map;
  if (tool.response !== undefined || response.map !== undefined) out.response = response;

  const inputs = tool.inputs as Record<string, Raw> | undefined;
  if (inputs) {
    const reads = templateNames(tool);
    out.inputs = Object.fromEntries(
      Object.entries(inputs).map(([name, input]) => [
        name,
        input && typeof input === 'object' && inferredNone(name, input, tool, reads)
          ? { in: 'none', ...input }
          : input,
      ]),
    );
  }

  const examples = tool.examples as Raw[] | undefined;
  if (Array.isArray(examples)) {
    const headers = inheritedHeaders(set, tool);
    out.examples = examples.map((ex) => {
      if (!ex || typeof ex !== 'object') return ex;
      const e: Raw = { ...ex };
      let request = (e.request ?? {}) as Raw;
      if (request && typeof request === 'object') {
        const fixedPath =
          typeof tool.path === 'string' && !tool.path.includes('{') ? tool.path : examplePath(out, e.input);
        request = {
          ...(request.method === undefined && typeof tool.method === 'string' ? { method: tool.method } : {}),
          ...(request.path === undefined && fixedPath !== undefined ? { path: fixedPath } : {}),
          ...request,
        };
        e.request = request;
      }
      if (request && typeof request === 'object' && Object.keys(headers).length > 0) {
        const own = (request.headers as Record<string, string> | undefined) ?? {};
        const merged: Record<string, string> = { ...headers };
        for (const [k, v] of Object.entries(own)) {
          for (const existing of Object.keys(merged))
            if (existing.toLowerCase() === k.toLowerCase()) delete merged[existing];
          merged[k] = v;
        }
        e.request = { ...request, headers: merged };
      }
      if (!('output' in e)) {
        const output = defaultOutput(out, e, set);
        if (output !== undefined) e.output = output;
      }
      return e;
    });
  }
  return out;
}

function refProblemText(ref: string): string {
  if (ref.startsWith('#/tools/'))
    return "names no part of a tool of the set's tools: list (in an example, only another tool's example)";
  const kind = ref.split('/')[1] ?? 'schemas';
  return `names no ${kind === 'samples' ? 'sample' : 'definition'} (declare it under the set's ${kind}:)`;
}

/** Diagnostics for unknown `$ref`s, with the caller's locate. */
export function refDiagnostics(
  problems: readonly RefProblem[],
  locate: (pointer: string) => { file: string; line: number; column: number },
  label: (pointer: string) => string = (p) => p,
): Diagnostic[] {
  return problems.map((p) => ({
    ...locate(p.pointer),
    pointer: p.pointer,
    severity: 'error' as const,
    code: 'unknown_ref',
    message: `${label(p.pointer.replace(/\/\$ref$/, ''))}: "$ref: ${p.ref}" ${refProblemText(p.ref)}`,
  }));
}
