/**
 * Validated input -> the HTTP request (without credentials, which the auth step adds per
 * attempt). Computed inputs are evaluated first; body-placed inputs land at their dot paths
 * and the JSON-e `body` template is deep-merged over them; the encoding from the registry
 * turns the result into bytes.
 */

import type { JsonValue } from '@toolspec/language';
import { deepMerge, evaluateTemplate, evaluateTemplates, setDotPath } from '@toolspec/language';
import { ToolError } from '../errors.js';
import type { HttpRequest } from '../http/request.js';
import { appendEncodedQuery, expandPath, pathValueProblem, pathValueString } from '../http/uri.js';
import type { PlacedInput, ToolPlan } from './plan.js';

/** The parts of a request that do not depend on the input, resolved once per tool and connection. */
export interface RequestBase {
  readonly origin: string;
  /** Server path prefix without a trailing slash (e.g. `/v1`). */
  readonly basePath: string;
  /** Set + tool headers (lower-cased), applied before header inputs. */
  readonly leadHeaders: Readonly<Record<string, string>>;
  /** Auth-scheme + connection headers, applied after header inputs. */
  readonly tailHeaders: Readonly<Record<string, string>>;
  /** The connection's server variables used in the tool's path (already checked). */
  readonly pathVariables?: Readonly<Record<string, string>> | undefined;
}

function invalid(tool: string, field: string, expected: string, message: string): ToolError {
  return new ToolError({
    code: 'invalid_input',
    tool,
    field,
    expected,
    message: `${tool}: invalid input "${field}": expected ${expected} (${message})`,
    issues: [{ field, message, expected }],
    hint: 'Fix the input and call again; nothing was sent.',
  });
}

function templateError(tool: string, what: string, e: unknown): ToolError {
  return new ToolError({
    code: 'invalid_input',
    tool,
    field: what,
    expected: 'inputs the tool can shape into a request',
    message: `${tool}: could not evaluate the ${what} template: ${(e as Error).message}`,
  });
}

/** Whether some input is given as undefined (which templates must see as absent). */
function holdsUndefined(input: Readonly<Record<string, unknown>>): boolean {
  for (const k in input) if (input[k] === undefined) return true;
  return false;
}

/**
 * The template variables: present inputs, sent defaults, then computed inputs in order; the input
 * itself when that is all of them (no computed inputs, no sent defaults, nothing given as undefined).
 */
function templateVars(
  plan: ToolPlan,
  input: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  if (plan.computedLevels.length === 0 && plan.sendDefaults.length === 0 && !holdsUndefined(input))
    return input;
  const vars: Record<string, unknown> = {};
  for (const k in input) if (input[k] !== undefined) vars[k] = input[k];
  for (const i of plan.sendDefaults) if (vars[i.name] === undefined) vars[i.name] = i.default;
  for (const level of plan.computedLevels) {
    const values = evaluateTemplates(level.templates, vars, plan.helpers, (i, e) =>
      templateError(plan.tool.name, `computed input "${level.inputs[i]?.name}"`, e),
    );
    level.inputs.forEach((c, i) => {
      vars[c.name] = values[i];
    });
  }
  return vars;
}

/** An input's value as placed: transformed when the input declares a transform. */
function placed(p: PlacedInput, vars: Readonly<Record<string, unknown>>): unknown {
  const v = vars[p.name];
  return v === undefined || p.transform === null ? v : p.transform(v);
}

/**
 * The body-placed inputs as one object: each given input (transformed when it declares a
 * transform) lands at its dot path (`body.content`), intermediate objects created as needed, in
 * declaration order.
 */
export function placeBody(
  placed: readonly PlacedInput[],
  vars: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const obj: Record<string, unknown> = {};
  for (const b of placed) {
    const v = vars[b.name];
    if (v !== undefined) setDotPath(obj, b.asPath, b.transform === null ? v : b.transform(v));
  }
  return obj;
}

/**
 * `deepMerge(built, over)` for the object this build created from body-placed inputs: its own
 * top level is merged in place (nothing else holds it); below it, `deepMerge` copies, so an
 * object the caller passed as an input is never changed.
 */
function mergeOver(built: unknown, over: unknown): unknown {
  if (built === null || typeof built !== 'object' || Array.isArray(built)) return deepMerge(built, over);
  if (over === null || typeof over !== 'object' || Array.isArray(over)) return deepMerge(built, over);
  const target = built as Record<string, unknown>;
  for (const k of Object.keys(over)) {
    const v = (over as Record<string, unknown>)[k];
    if (v !== undefined) target[k] = k in target ? deepMerge(target[k], v) : v;
  }
  return target;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: header values must not carry line breaks
const BAD_HEADER = /[\r\n\u0000]/;

/** Build the request for `input` (already validated). `vars` may be passed when already computed. */
export function buildRequest(
  plan: ToolPlan,
  base: RequestBase,
  input: Readonly<Record<string, unknown>>,
  extraHeaders?: Readonly<Record<string, string>>,
): HttpRequest {
  const tool = plan.tool.name;
  const vars = templateVars(plan, input);

  let path = base.basePath;
  if (plan.path.length === 0 && plan.serverPathVars.length === 0) path += plan.tool.request.path;
  else {
    const values: Record<string, string> = Object.assign({}, base.pathVariables);
    for (const p of plan.path) {
      const s = pathValueString(placed(p, vars));
      const problem = pathValueProblem(s, p.input.pathEncoding === 'one_segment');
      if (problem) throw invalid(tool, p.name, problem, 'path inputs cannot change the path');
      values[p.as] = s;
    }
    path += expandPath(plan.pathParts, values);
  }

  const pairs: string[] = plan.fixedQuery ? [plan.fixedQuery] : [];
  for (const q of plan.query) appendEncodedQuery(pairs, q.queryKey, placed(q, vars), q.input.explode);
  if (pairs.length > 0) path += `?${pairs.join('&')}`;

  // Object.assign, not a spread: on Node 20 every key added to a spread copy (`{...a}`, `{...a, k}`)
  // costs about a microsecond; a copy made by Object.assign takes new keys at the usual cost.
  const headers: Record<string, string> = Object.assign({}, base.leadHeaders);
  for (const h of plan.header) {
    const v = placed(h, vars);
    if (v === undefined || v === null) continue;
    const s = typeof v === 'string' ? v : JSON.stringify(v);
    if (BAD_HEADER.test(s))
      throw invalid(tool, h.name, 'a value without line breaks', 'it is sent as a header');
    headers[h.as.toLowerCase()] = s;
  }
  Object.assign(headers, base.tailHeaders);
  if (extraHeaders) for (const k in extraHeaders) headers[k.toLowerCase()] = extraHeaders[k] as string;

  let body: string | Buffer | null = null;
  let json: JsonValue | null = null;
  const encoding = plan.encoding;
  if (encoding.hasBody) {
    let built: unknown = plan.body.length === 0 ? undefined : placeBody(plan.body, vars);
    const template = plan.tool.request.body;
    if (template !== null) {
      let evaluated: unknown;
      try {
        evaluated = evaluateTemplate(template, vars, plan.helpers);
      } catch (e) {
        throw templateError(tool, 'body', e);
      }
      if (evaluated !== null) built = built === undefined ? evaluated : mergeOver(built, evaluated);
    }
    const encoded = encoding.encode({
      tool: plan.tool,
      body: built as JsonValue | undefined,
      vars,
      helpers: plan.helpers,
    });
    if (encoded) {
      body = encoded.payload;
      json = encoded.json;
      // A declared Content-Type is kept with its parameters (`; charset=utf-8`); lint refuses one
      // whose media type the encoding would contradict, and multipart needs its own boundary.
      if (plan.tool.request.contentType === null || plan.tool.request.encoding === 'multipart')
        headers['content-type'] = encoded.contentType;
    }
  }
  return { method: plan.tool.request.method, origin: base.origin, path, headers, body, json };
}
