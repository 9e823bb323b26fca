/**
 * Per-tool work done once, on first use: inputs grouped by placement, the parsed path template,
 * the fixed query, transforms resolved, coercions planned, the body encoding looked up. The
 * per-call builder (./build.ts) only walks these lists.
 */

import type { InputIR, PagingIR, ToolIR, ToolSetIR } from '@toolspec/language';
import { type CoercionPlan, HELPERS, type Helpers, mentions, planCoercions } from '@toolspec/language';
import { BODY_ENCODINGS, type BodyEncoding } from '../encodings/index.js';
import { appendQuery, encodeQueryKey, type PathPart, parsePathTemplate } from '../http/uri.js';
import { type PagingStyle, pagingStyle } from '../paging/index.js';

export type Transform = (value: unknown) => unknown;

export interface PlacedInput {
  readonly input: InputIR;
  readonly name: string;
  readonly as: string;
  /** `as` split at its dots (where a body input lands). */
  readonly asPath: readonly string[];
  /** `as` encoded as a query key. */
  readonly queryKey: string;
  readonly transform: Transform | null;
}

export interface ComputedLevel {
  readonly inputs: readonly PlacedInput[];
  readonly templates: readonly unknown[];
}

/** Consecutive computed inputs grouped until one mentions a member of the group it would join. */
function computedLevels(computed: readonly PlacedInput[]): ComputedLevel[] {
  const levels: PlacedInput[][] = [];
  for (const c of computed) {
    const last = levels.at(-1);
    if (last && !last.some((m) => mentions(c.input.compute, m.name))) last.push(c);
    else levels.push([c]);
  }
  return levels.map((inputs) => ({ inputs, templates: inputs.map((c) => c.input.compute) }));
}

export interface ToolPlan {
  readonly tool: ToolIR;
  readonly set: ToolSetIR;
  /** What the tool's templates may call: the built-in helpers and the toolkit's own. */
  readonly helpers: Helpers;
  readonly coercions: CoercionPlan;
  readonly pathParts: readonly PathPart[];
  /** Path variables filled from the connection's server variables (an account id in the path), not from inputs. */
  readonly serverPathVars: readonly string[];
  readonly path: readonly PlacedInput[];
  readonly query: readonly PlacedInput[];
  readonly header: readonly PlacedInput[];
  readonly body: readonly PlacedInput[];
  /**
   * Computed inputs in declaration order (a later one may use an earlier one), in levels: each
   * level's templates read none of its own members, so one JSON-e render evaluates a level.
   */
  readonly computedLevels: readonly ComputedLevel[];
  readonly computedNames: ReadonlySet<string>;
  /** Inputs whose default is sent when the caller omits them. */
  readonly sendDefaults: readonly InputIR[];
  readonly versionInputs: readonly InputIR[];
  /** The tool's fixed query, already encoded (`a=1&b=2`), or ''. */
  readonly fixedQuery: string;
  /** The encoding from the registry. */
  readonly encoding: BodyEncoding;
  readonly paging: PagingIR | null;
  readonly pagingStyle: PagingStyle | null;
  /** The public input that carries the page position (e.g. `start_cursor`, `offset`); it also accepts the engine's next_cursor. */
  readonly cursorInput: InputIR | null;
  /** Query and body inputs by vendor name (for reading back what a request sent, e.g. the page size). */
  readonly byVendorName: ReadonlyMap<string, InputIR>;
}

function transformOf(input: InputIR, helpers: Helpers): Transform | null {
  if (!input.transform) return null;
  const helper = helpers[input.transform];
  return helper ? (v) => helper.fn(v) : null;
}

export function planTool(tool: ToolIR, set: ToolSetIR, helpers: Helpers = HELPERS): ToolPlan {
  const placed = (i: InputIR): PlacedInput => ({
    input: i,
    name: i.name,
    as: i.as,
    asPath: i.as.split('.'),
    queryKey: encodeQueryKey(i.as),
    transform: transformOf(i, helpers),
  });
  const by = (loc: InputIR['in']) => tool.inputs.filter((i) => i.in === loc).map(placed);
  const body = by('body');
  const fixed: string[] = [];
  for (const [k, v] of Object.entries(tool.request.query)) appendQuery(fixed, k, v, true);
  const computed = tool.inputs.filter((i) => i.kind === 'computed').map(placed);
  const pathParts = parsePathTemplate(tool.request.path);
  const serverPathVars = pathParts.flatMap((p) =>
    'variable' in p &&
    !tool.inputs.some((i) => i.in === 'path' && i.as === p.variable) &&
    set.server.variables.some((v) => v.name === p.variable)
      ? [p.variable]
      : [],
  );
  const style = tool.paging ? pagingStyle(tool.paging) : null;
  const cursorInput = tool.inputs.find((i) => i.name === tool.facts.cursorInput) ?? null;
  const byVendorName = new Map<string, InputIR>();
  for (const i of tool.inputs) if (i.in === 'query' || i.in === 'body') byVendorName.set(i.as, i);
  return {
    tool,
    set,
    helpers,
    coercions: planCoercions(tool),
    pathParts,
    serverPathVars,
    path: by('path'),
    query: by('query'),
    header: by('header'),
    body,
    computedLevels: computedLevels(computed),
    computedNames: new Set(computed.map((i) => i.name)),
    sendDefaults: tool.inputs.filter((i) => i.sendDefault && i.hasDefault),
    versionInputs: tool.inputs.filter((i) => i.kind === 'version'),
    fixedQuery: fixed.join('&'),
    encoding: BODY_ENCODINGS[tool.request.encoding],
    paging: tool.paging,
    pagingStyle: style,
    cursorInput,
    byVendorName,
  };
}
