/**
 * Semantic lint over the built IR: what the spec schema cannot express. Every finding is a
 * diagnostic with a stable code; nothing throws.
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { HELPERS, type Helpers, isTransform } from '../helpers/index.js';
import type { ErrorRuleIR, PagingIR, SourceLoc, ToolIR, ToolSetIR } from '../ir/ir.js';
import { getPointer } from '../ir/json-pointer.js';
import { pathVariables, publicInputSchema } from '../load/build-ir.js';
import { createAjv } from '../schema/ajv.js';
import { applyCoercions, planCoercions } from '../schema/coerce.js';
import { evaluateTemplate, negatedCalls, unknownFunctions } from '../template/template.js';
import type { Diagnostic, Severity } from './diagnostics.js';
import { lintDescriptions } from './lint-descriptions.js';
import { lintSqlBlock } from './lint-sql.js';

type Locate = (pointer: string) => SourceLoc;

const ENCODINGS = new Set(['json', 'none', 'sql', 'form', 'multipart', 'graphql', 'raw']);
/** Encodings whose request body is built from body inputs and the body template. */
const JSON_BODY_ENCODINGS = new Set(['json', 'sql', 'form', 'multipart', 'graphql', 'raw']);
/** The media type each encoding sends; a declared Content-Type must agree (its parameters are kept). */
const ENCODING_MEDIA: Readonly<Record<string, string | null>> = {
  json: 'application/json',
  sql: 'application/json',
  graphql: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
  raw: null,
  none: null,
};
/** Encodings whose payload is the JSON text of the built body: where a paging position may be set as a body member. */
const POSITION_BODY_ENCODINGS: readonly string[] = Object.keys(ENCODING_MEDIA).filter(
  (e) => ENCODING_MEDIA[e] === 'application/json',
);

/**
 * One Ajv instance for checking input schemas: strict, so unknown keywords and typos surface.
 * Its code optimiser is off (a third of each compile): it changes the code's shape, never a verdict.
 */
let strictAjv: ReturnType<typeof createAjv> | null = null;
function inputSchemaAjv() {
  strictAjv ??= createAjv({
    strict: true,
    strictRequired: false,
    strictTypes: false,
    allowUnionTypes: true,
    code: { optimize: false },
  });
  return strictAjv;
}

/** Lint one built set; `helpers` are the ones its templates may call (the built-ins and the user's). */
export function lintSet(
  set: ToolSetIR,
  locate: Locate,
  diagnostics: Diagnostic[],
  helpers: Helpers = HELPERS,
): void {
  const report = (loc: SourceLoc, code: string, message: string, severity: Severity = 'error') =>
    diagnostics.push({ ...loc, severity, code, message });

  const urlVars = pathVariables(set.server.url);
  for (const v of urlVars) {
    if (!set.server.variables.some((d) => d.name === v)) {
      report(
        locate('/server/url'),
        'unknown_server_variable',
        `server url uses {${v}} but server.variables does not declare it`,
      );
    }
  }

  lintPaging(set, locate, report);
  lintRules(set.errors.rules, report, helpers);
  for (const [name, pointers] of [
    ['errors.code', set.errors.code],
    ['errors.message', set.errors.message],
    ['errors.field', set.errors.field],
    ['errors.details', Object.values(set.errors.details)],
  ] as const) {
    for (const p of pointers) pointerProblem(p, locate('/errors'), name, report);
  }
  for (const tool of set.tools) lintTool(set, tool, locate, report, helpers);
  lintDescriptions(set.tools, set.prefix, (tool, suffix) => locate(`${tool.loc.pointer}${suffix}`), report);
}

/**
 * Why a JSON pointer can never resolve, or null: a `~` not followed by 0 or 1, or a negative
 * array index (`/data/-1/id`: RFC 6901 has no "last item"; use an expression over `last_item`).
 */
export function unresolvablePointer(pointer: string): string | null {
  if (pointer === '') return null;
  if (!pointer.startsWith('/')) return 'a pointer starts with "/"';
  for (const token of pointer.slice(1).split('/')) {
    if (/~(?![01])/.test(token))
      return `"${token}" has a "~" not followed by 0 or 1 (write ~0 for ~, ~1 for /)`;
    if (/^-\d+$/.test(token))
      return `"${token}" is a negative index, which RFC 6901 pointers cannot express (for the last item's id use an expression: {$eval: last_item.id})`;
  }
  return null;
}

function pointerProblem(pointer: string, loc: SourceLoc, what: string, report: Report): void {
  const why = unresolvablePointer(pointer);
  if (why) report(loc, 'unresolvable_pointer', `${what}: pointer "${pointer}" cannot resolve: ${why}`);
}

const RULE_VARS = new Set(['status', 'headers', 'body']);

function lintRules(rules: readonly ErrorRuleIR[], report: Report, helpers: Helpers): void {
  for (const r of rules) {
    try {
      evaluateTemplate({ $eval: r.when }, { status: 200, headers: {}, body: null }, helpers);
    } catch (e) {
      const m = (e as Error).message;
      // Evaluation over a placeholder answer may fail on data; only syntax and unknown names are mistakes.
      const unknown = /unknown context value (\w+)/.exec(m);
      const parsed = (e as { kind?: string }).kind === 'InterpreterError';
      if (!parsed || /syntax|unexpected token/i.test(m) || (unknown && !RULE_VARS.has(unknown[1] ?? ''))) {
        report(r.loc, 'bad_error_rule', `error rule "when: ${r.when}" does not parse: ${m}`);
      }
    }
    for (const p of [...r.vendorCode, ...r.vendorMessage]) pointerProblem(p, r.loc, 'error rule', report);
  }
}

function lintPaging(set: ToolSetIR, locate: Locate, report: Report): void {
  for (const [name, p] of Object.entries(set.paging)) {
    const at = locate(`/paging/${name}`);
    const pointers: string[] = [p.itemsPointer];
    if (p.style === 'cursor') {
      if (p.nextExpr === null) pointers.push(p.nextPointer);
      if (p.hasMorePointer !== null) pointers.push(p.hasMorePointer);
    } else if (p.style === 'offset') {
      for (const q of [p.lastPointer, p.totalPointer]) if (q !== null) pointers.push(q);
    } else if (p.style === 'page_number') {
      for (const q of [p.lastPointer, p.totalPagesPointer]) if (q !== null) pointers.push(q);
    } else if (p.style === 'next_link') pointers.push(p.nextPointer);
    else if (p.style === 'partitions') pointers.push(p.partitionsPointer, p.handlePointer, ...p.keep);
    for (const q of pointers) pointerProblem(q, at, `paging "${name}"`, report);
    if (p.style === 'next_link' || p.style === 'link_header') {
      for (const path of p.linkPaths) linkPathProblem(path, at, name, report);
    }
  }
}

/** A declared next-link path: a path template of whole segments, never leaving the base path. */
function linkPathProblem(path: string, at: SourceLoc, name: string, report: Report): void {
  const what = `paging "${name}": link path "${path}"`;
  const dot = dotSegmentOf(path);
  if (dot !== null)
    report(at, 'paging_link_path', `${what} has a "${dot}" segment; write the path the links lead to`);
  if (!path.startsWith('/') || /[?#]/.test(path))
    report(at, 'paging_link_path', `${what} must be a path starting with "/", without a query or fragment`);
  const unbalanced = path.replace(/\{[^{}/]+\}/g, '');
  if (/[{}]/.test(unbalanced))
    report(
      at,
      'paging_link_path',
      `${what} has a malformed variable; write each as {name}, within one segment`,
    );
}

/** The request parameters a paging style may add (positions and sizes). */
function pagingParams(p: PagingIR | null): string[] {
  if (p === null) return [];
  switch (p.style) {
    case 'cursor':
      return [p.cursorParam, ...(p.sizeParam ? [p.sizeParam] : [])];
    case 'offset':
      return [p.offsetParam, p.limitParam];
    case 'page_number':
      return [p.pageParam, ...(p.sizeParam ? [p.sizeParam] : [])];
    case 'partitions':
      return [p.partitionParam];
    default:
      return [];
  }
}

/** A literal `.` or `..` path segment (also percent-encoded, `%2e%2E`), or null. */
function dotSegmentOf(path: string): string | null {
  for (const segment of path.split('?')[0]?.split('/') ?? []) {
    const plain = segment.replace(/%2e/gi, '.');
    if (plain === '.' || plain === '..') return segment;
  }
  return null;
}

/** The page-size parameter a style needs to tell a last page by its length, when it has no other end signal. */
function sizeParamNeeded(p: PagingIR): { name: string; where: 'query' | 'body' } | null {
  if (p.style === 'offset' && p.lastPointer === null && p.totalPointer === null)
    return { name: p.limitParam, where: p.in };
  if (p.style === 'page_number' && p.lastPointer === null && p.totalPagesPointer === null && p.sizeParam)
    return { name: p.sizeParam, where: p.in };
  return null;
}

type Report = (loc: SourceLoc, code: string, message: string, severity?: Severity) => void;

function lintTool(set: ToolSetIR, tool: ToolIR, locate: Locate, report: Report, helpers: Helpers): void {
  const at = (suffix: string) => locate(`${tool.loc.pointer}${suffix}`);
  const t = tool.name;

  if (!t.startsWith(set.prefix)) {
    report(at('/name'), 'bad_prefix', `tool "${t}" must start with the set prefix "${set.prefix}"`);
  }

  const vars = pathVariables(tool.request.path);
  const dotSegment = dotSegmentOf(tool.request.path);
  if (dotSegment !== null) {
    report(
      at('/path'),
      'path_dot_segment',
      `${t}: the path has a "${dotSegment}" segment, which leaves the tool's own path (and can take the connection's credentials outside the base path); write the path it means`,
    );
  }
  const byName = new Map(tool.inputs.map((i) => [i.name, i]));
  for (const v of vars) {
    const input = tool.inputs.find((i) => i.in === 'path' && i.as === v);
    if (!input && set.server.variables.some((d) => d.name === v)) continue; // filled from the connection
    if (!input) {
      report(at('/path'), 'path_var_not_input', `${t}: path variable {${v}} has no path input`);
    } else if (!input.required && input.kind === 'public') {
      report(input.loc, 'path_input_not_required', `${t}.${input.name}: path inputs must be required`);
    }
  }

  const placements = new Map<string, string>();
  for (const input of tool.inputs) {
    const field = `${t}.${input.name}`;
    if (input.in === 'path' && !vars.includes(input.as)) {
      report(
        input.loc,
        'path_input_unused',
        `${field}: placed in the path as {${input.as}} but the path template has no such variable`,
      );
    }
    if (Object.hasOwn(helpers, input.name)) {
      report(
        input.loc,
        'input_helper_clash',
        `${field}: input name clashes with the template helper "${input.name}"`,
      );
    }
    if (input.transform !== null && !isTransform(helpers, input.transform)) {
      report(
        input.loc,
        'unknown_transform',
        `${field}: unknown transform "${input.transform}" (known: ${Object.keys(helpers)
          .filter((h) => isTransform(helpers, h))
          .join(', ')})`,
      );
    }
    if (input.kind === 'computed') {
      if (input.compute === null) {
        report(input.loc, 'computed_without_compute', `${field}: computed inputs need a "compute" template`);
      }
      if (input.required) {
        report(
          input.loc,
          'computed_required',
          `${field}: computed inputs are hidden from callers and cannot be required`,
        );
      }
    } else if (input.compute !== null) {
      report(input.loc, 'compute_on_public', `${field}: only computed inputs may have a "compute" template`);
    }
    if (input.kind === 'version' && input.in === 'body') {
      report(
        input.loc,
        'version_in_body',
        `${field}: version inputs select a version or header and are never sent as body data`,
      );
    }
    if (input.compute !== null) {
      for (const fn of unknownFunctions(input.compute, helpers)) {
        report(input.loc, 'unknown_helper', `${field}: compute calls unknown function "${fn}"`);
      }
    }
    if (input.in === 'body' && !JSON_BODY_ENCODINGS.has(tool.request.encoding)) {
      report(
        input.loc,
        'body_without_encoding',
        `${field}: placed in the body but the tool's encoding is "${tool.request.encoding}"`,
      );
    }
    if (input.in !== 'none') {
      const key = `${input.in}:${input.as}`;
      const other = placements.get(key);
      if (other)
        report(
          input.loc,
          'duplicate_placement',
          `${field}: ${input.in} "${input.as}" is already filled by "${other}"`,
        );
      else placements.set(key, input.name);
    }
  }

  if (!ENCODINGS.has(tool.request.encoding)) {
    report(at('/encoding'), 'unknown_encoding', `${t}: unknown body encoding "${tool.request.encoding}"`);
  }
  const enc = tool.request.encoding;
  if (
    (enc === 'sql' && tool.request.encodingSpec === null) ||
    (enc !== 'sql' && enc !== 'graphql' && enc !== 'multipart' && tool.request.encodingSpec !== null)
  ) {
    report(at(''), 'encoding_mismatch', `${t}: "encoding: sql" and a "sql" block go together`);
  }
  if (enc === 'graphql' && tool.request.encodingSpec === null) {
    report(at('/encoding'), 'encoding_mismatch', `${t}: "encoding: graphql" needs the "graphql" document`);
  }
  lintContentType(tool, at, report);
  lintToolPaging(tool, at, report);
  lintRules(tool.errorRules, report, helpers);
  if (tool.request.body !== null) {
    if (!JSON_BODY_ENCODINGS.has(tool.request.encoding)) {
      report(
        at('/body'),
        'body_without_encoding',
        `${t}: has a body template but its encoding is "${tool.request.encoding}"`,
      );
    }
    for (const fn of unknownFunctions(tool.request.body, helpers)) {
      report(at('/body'), 'unknown_helper', `${t}: body template calls unknown function "${fn}"`);
    }
  }
  if (tool.response.map !== null) {
    for (const fn of unknownFunctions(tool.response.map, helpers)) {
      report(at('/response/map'), 'unknown_helper', `${t}: response map calls unknown function "${fn}"`);
    }
  }
  if (tool.response.items !== null) {
    if (tool.paging === null) {
      report(at('/response/items'), 'items_without_paging', `${t}: response.items needs a paging style`);
    }
    for (const fn of unknownFunctions(tool.response.items, helpers)) {
      report(at('/response/items'), 'unknown_helper', `${t}: response items call unknown function "${fn}"`);
    }
  }

  for (const [what, name] of [
    ['poll.timeout_input', tool.poll?.timeoutInput],
    ['poll.skip_when', tool.poll?.skipWhenInput],
    ['idempotency.key', tool.idempotency?.keyInput],
    ['idempotency.retry_flag', tool.idempotency?.retryFlagInput],
  ] as const) {
    if (name && !byName.has(name))
      report(at(''), 'unknown_input_ref', `${t}: ${what} names "${name}", which is not an input`);
  }

  lintSqlBlock(tool, at, report);
  const templates: [string, unknown][] = [
    ...tool.inputs.map((i): [string, unknown] => [`/inputs/${i.name}/compute`, i.compute]),
    ['/body', tool.request.body],
    ['/response/map', tool.response.map],
    ['/response/items', tool.response.items],
  ];
  for (const [where, template] of templates) {
    for (const fn of negatedCalls(template)) {
      report(
        at(where),
        'negated_call',
        `${t}: "!${fn}(...)" negates the function before calling it (JSON-e precedence) and always fails; write "!(${fn}(...))"`,
      );
    }
  }

  lintEffects(tool, at, report);
  const validate = compileInputSchema(tool, at, report);
  // Examples are checked against the path template only when every variable of it is filled.
  const pathSound = vars.every(
    (v) =>
      tool.inputs.some((i) => i.in === 'path' && i.as === v) ||
      set.server.variables.some((d) => d.name === v),
  );
  if (validate) lintExamples(tool, validate, report, pathSound, at);
}

/** A declared Content-Type the encoding would contradict (or must replace: multipart's boundary). */
function lintContentType(tool: ToolIR, at: (s: string) => SourceLoc, report: Report): void {
  const declared = tool.request.contentType;
  if (declared === null) return;
  const enc = tool.request.encoding;
  const media = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  const expected = ENCODING_MEDIA[enc] ?? null;
  if (enc === 'multipart') {
    report(
      at('/headers'),
      'encoding_header_clash',
      `${tool.name}: declares Content-Type "${declared}" but encoding multipart sets its own (with the boundary); remove the header`,
    );
  } else if (expected !== null && media !== expected) {
    report(
      at('/headers'),
      'encoding_header_clash',
      `${tool.name}: declares Content-Type "${declared}" but its encoding "${enc}" sends ${expected}`,
    );
  }
}

/** Paging parameters that must be inputs, and the items pointer against the examples' answers. */
function lintToolPaging(tool: ToolIR, at: (s: string) => SourceLoc, report: Report): void {
  const p = tool.paging;
  if (p === null) return;
  const size = sizeParamNeeded(p);
  if (size && !tool.inputs.some((i) => i.as === size.name && i.in === size.where)) {
    report(
      at('/paging'),
      'paging_param_not_input',
      `${tool.name}: paging "${p.name}" ends on a short page, so its size parameter "${size.name}" (${size.where}) must be an input of the tool`,
      'warning',
    );
  }
  if ('in' in p && p.in === 'body' && !POSITION_BODY_ENCODINGS.includes(tool.request.encoding)) {
    report(
      at('/paging'),
      'paging_body_not_json',
      `${tool.name}: paging "${p.name}" sets its position in the body, which needs a JSON body (encoding ${POSITION_BODY_ENCODINGS.join(', ')}), not "${tool.request.encoding}"`,
    );
  }
  if (tool.response.items !== null || p.style === 'partitions') return;
  for (const ex of tool.examples) {
    const { status, body } = ex.response;
    if (status >= 300 || body === null) continue;
    if (!Array.isArray(getPointer(body, p.itemsPointer))) {
      report(
        ex.loc,
        'unresolvable_pointer',
        `${tool.name} example "${ex.name}": paging "${p.name}" items pointer "${p.itemsPointer}" does not find an array in the example's answer`,
      );
    }
  }
}

/** One warning per tool where the HTTP method suggests other effects than those declared. */
function lintEffects(tool: ToolIR, at: (s: string) => SourceLoc, report: Report): void {
  const { method } = tool.request;
  const e = new Set(tool.effects);
  const readOnly = e.size === 1 && e.has('read');
  const problem =
    method === 'DELETE' && !e.has('delete')
      ? 'DELETE request but effects do not include delete'
      : method === 'GET' && !e.has('read')
        ? 'GET request but effects do not include read'
        : readOnly && (method === 'PUT' || method === 'PATCH')
          ? `effects say read-only but the method is ${method}`
          : null;
  if (problem) report(at('/effects'), 'effects_method_mismatch', `${tool.name}: ${problem}`, 'warning');
}

function compileInputSchema(
  tool: ToolIR,
  at: (s: string) => SourceLoc,
  report: Report,
): ValidateFunction | null {
  try {
    return inputSchemaAjv().compile(tool.inputSchema);
  } catch (e) {
    // Tell which input: compile each alone and report at its own line.
    let located = false;
    const broken = new Set<string>();
    for (const input of tool.inputs) {
      try {
        inputSchemaAjv().compile({ type: 'object', properties: { [input.name]: input.schema } });
      } catch (inner) {
        located = true;
        broken.add(input.name);
        report(
          input.loc,
          'invalid_input_schema',
          `${tool.name}.${input.name}: ${inputSchemaProblem(input.schema, inner as Error)}`,
        );
      }
    }
    if (!located)
      report(
        at('/inputs'),
        'invalid_input_schema',
        `${tool.name}: input schema does not compile: ${(e as Error).message}`,
      );
    // The examples are still checked, with the broken inputs accepting anything.
    const rest = tool.inputs.map((i) => (broken.has(i.name) ? { ...i, schema: {} } : i));
    try {
      return located ? inputSchemaAjv().compile(publicInputSchema(rest, tool.constraints)) : null;
    } catch {
      return null;
    }
  }
}

/** An input schema's compile error, with the likely cause when a key is a stray piece of text. */
function inputSchemaProblem(schema: Readonly<Record<string, unknown>>, e: Error): string {
  const unknown = /unknown keyword: "([^"]*)"/.exec(e.message)?.[1];
  if (unknown !== undefined && schema[unknown] === null) {
    return `"${unknown}" is read as a keyword with no value: an unquoted comma inside a { } flow map ends the value before it (quote the description: description: "..., ...")`;
  }
  return `input schema does not compile: ${e.message}`;
}

function lintExamples(
  tool: ToolIR,
  validate: ValidateFunction,
  report: Report,
  pathSound: boolean,
  at: (s: string) => SourceLoc,
): void {
  const queryNames = new Set([
    ...tool.inputs.filter((i) => i.in === 'query').map((i) => i.as),
    ...Object.keys(tool.request.query),
    ...pagingParams(tool.paging),
  ]);
  for (const ex of tool.examples) {
    const computed = tool.inputs.filter((i) => i.kind === 'computed' && i.name in ex.input);
    for (const c of computed) {
      report(
        ex.loc,
        'example_supplies_computed',
        `${tool.name} example "${ex.name}": supplies computed input "${c.name}"`,
      );
    }
    // Examples are checked as calls are: after the runtime's pre-validation coercions.
    if (!validate(applyCoercions(planCoercions(tool), { ...ex.input }))) {
      const first = validate.errors?.[0];
      const where = first ? inputProblem(first) : '';
      const input =
        first?.instancePath.split('/')[1] ??
        (first?.params as { additionalProperty?: string } | undefined)?.additionalProperty;
      const index = tool.examples.indexOf(ex);
      report(
        input ? at(`/examples/${index}/input/${input}`) : ex.loc,
        'example_input_invalid',
        `${tool.name} example "${ex.name}": input does not match the tool's schema: ${where}`.trim(),
      );
    }
    if (pathSound && !examplePathMatches(tool, ex.request.path)) {
      report(
        ex.loc,
        'example_path_mismatch',
        `${tool.name} example "${ex.name}": request path ${ex.request.path} does not fit the tool's path ${tool.request.path}`,
      );
    }
    const unknownQuery = Object.keys(ex.request.query).filter((k) => !queryNames.has(k));
    if (unknownQuery.length > 0) {
      report(
        ex.loc,
        'example_query_mismatch',
        `${tool.name} example "${ex.name}": query parameter(s) ${unknownQuery.join(', ')} are sent by no input, fixed query or paging parameter of the tool`,
      );
    }
    if (ex.request.method !== tool.request.method) {
      report(
        ex.loc,
        'example_method_mismatch',
        `${tool.name} example "${ex.name}": request method ${ex.request.method} differs from the tool's ${tool.request.method}`,
      );
    }
  }
}

/** An Ajv error on a tool input, told by input name (`unknown input "colour"`, `input "limit" must be <= 100`). */
function inputProblem(e: {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}): string {
  if (e.instancePath === '' && e.keyword === 'additionalProperties')
    return `unknown input "${String(e.params.additionalProperty)}"`;
  if (e.instancePath === '' && e.keyword === 'required')
    return `missing required input "${String(e.params.missingProperty)}"`;
  const [name, ...rest] = e.instancePath.slice(1).split('/');
  return `input "${name}"${rest.length ? ` at /${rest.join('/')}` : ''} ${e.message ?? ''}`.trim();
}

/** Does an example's request path fit the tool's path template (each variable one non-empty segment)? */
function examplePathMatches(tool: ToolIR, path: string): boolean {
  const template = tool.request.path;
  const pattern = template
    .split(/(\{[^{}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const bare = path.split('?')[0] ?? path;
  return new RegExp(`^${pattern}$`).test(bare) || new RegExp(`${pattern}$`).test(bare);
}
