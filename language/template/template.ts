/** JSON-e evaluation of spec templates: type-preserving trees whose leaves are sandboxed expressions. */
import jsone from 'json-e';
import { HELPERS, type Helpers, helperContext, JSONE_BUILTINS } from '../helpers/index.js';
import type { SpecIR, ToolSetIR } from '../ir/ir.js';
import { foldPresence } from './presence.js';

export class TemplateError extends Error {
  override name = 'TemplateError';
  /** The evaluator's own error class (`InterpreterError` for data problems; others for syntax). */
  readonly kind: string;
  constructor(message: string, kind = 'Error') {
    super(message);
    this.kind = kind;
  }
}

const WORD = /[A-Za-z_][A-Za-z0-9_]*/g;
const wordCache = new WeakMap<object, ReadonlySet<string>>();

/** Every identifier-like word of a template's text, computed once per template object. */
function wordsOf(template: unknown): ReadonlySet<string> {
  const cached = typeof template === 'object' && template !== null ? wordCache.get(template) : undefined;
  if (cached) return cached;
  const words = new Set(JSON.stringify(template).match(WORD));
  if (typeof template === 'object' && template !== null) wordCache.set(template, words);
  return words;
}

/** JSON-e refuses a context whose top-level names are not identifiers (it throws on them). */
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Evaluate `template` with `vars` (absent optional inputs are simply not defined) and `helpers`.
 * Variables whose names are not identifiers (Graph's `$filter`, `$top`) cannot be referenced by
 * an expression and are left out of the context instead of making JSON-e throw. JSON-e copies its
 * context on every render and into every `$map` element, so it is given only the variables and
 * helpers whose names appear in the template's text (a name an expression builds at run time,
 * `defined(prefix + "x")`, is not seen). `$if`s that only ask which inputs are present are decided
 * first (./presence.ts).
 */
export function evaluateTemplate(
  template: unknown,
  vars: Readonly<Record<string, unknown>>,
  helpers: Helpers = HELPERS,
): unknown {
  const fns = helperContext(helpers);
  const folded = foldPresence(
    template,
    (name) =>
      (Object.hasOwn(vars, name) && IDENTIFIER.test(name)) ||
      Object.hasOwn(fns, name) ||
      JSONE_BUILTINS.has(name) ||
      name === 'now',
  );
  const words = wordsOf(folded);
  const context: Record<string, unknown> = {};
  for (const k in vars) if (words.has(k) && IDENTIFIER.test(k)) context[k] = vars[k];
  for (const k in fns) if (words.has(k)) context[k] = fns[k];
  try {
    return jsone(folded as Record<string, unknown>, context);
  } catch (e) {
    throw new TemplateError((e as Error).message, (e as Error).name);
  }
}

const combined = new WeakMap<readonly unknown[], Record<string, unknown>>();

/**
 * Evaluate several templates over the same variables in one JSON-e render: JSON-e copies its
 * builtins, the helpers and the variables into a fresh context on every render (about 10 µs,
 * most of a small template's cost), so a tool's independent templates share that copy. Each
 * result is what `evaluateTemplate` would give for that template alone (nothing -> null). When
 * the render fails, each is evaluated alone, in order, so the error is the first failing one's;
 * `onError(index, error)` names it.
 */
export function evaluateTemplates(
  templates: readonly unknown[],
  vars: Readonly<Record<string, unknown>>,
  helpers: Helpers = HELPERS,
  onError: (index: number, error: TemplateError) => Error = (_, e) => e,
): unknown[] {
  if (templates.length === 1) {
    try {
      return [evaluateTemplate(templates[0], vars, helpers)];
    } catch (e) {
      throw onError(0, e as TemplateError);
    }
  }
  let all = combined.get(templates);
  if (!all) {
    all = Object.fromEntries(templates.map((t, i) => [`t${i}`, t]));
    combined.set(templates, all);
  }
  let out: Record<string, unknown>;
  try {
    out = evaluateTemplate(all, vars, helpers) as Record<string, unknown>;
  } catch (combined) {
    templates.forEach((t, i) => {
      try {
        evaluateTemplate(t, vars, helpers);
      } catch (e) {
        throw onError(i, e as TemplateError);
      }
    });
    throw onError(0, combined as TemplateError);
  }
  return templates.map((_, i) => out[`t${i}`] ?? null);
}

/**
 * Whether `template` may read the variable `name`: the word appears anywhere in its text (an
 * expression, a `defined("name")` test, a `by(x)` value). Over-approximate on purpose: a false
 * "yes" only costs `evaluateTemplates` a second render. A name that is not an identifier cannot be
 * read by an expression (it is left out of the context), so it is never mentioned.
 */
export function mentions(template: unknown, name: string): boolean {
  return wordsOf(template).has(name);
}

const CALL = /([A-Za-z_][A-Za-z0-9_]*)\s*\(/g;

const INTERPOLATION = /\$\{([^}]*)\}/g;
const EXPRESSION_KEYS = new Set([
  '$eval',
  '$if',
  '$map',
  '$sort',
  '$reverse',
  '$flatten',
  '$flattenDeep',
  '$find',
]);

/** Every expression string of a template: `$eval`, `$if`, ... values, `${...}` interpolations, `$switch`/`$match` keys. */
export function templateExpressions(template: unknown): string[] {
  const out: string[] = [];
  const visit = (node: unknown) => {
    if (typeof node === 'string') {
      for (const m of node.matchAll(INTERPOLATION)) out.push(m[1] ?? '');
    } else if (Array.isArray(node)) {
      node.forEach(visit);
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (EXPRESSION_KEYS.has(k) && typeof v === 'string') out.push(v);
        if ((k === '$switch' || k === '$match') && v && typeof v === 'object') out.push(...Object.keys(v));
        visit(v);
      }
    }
  };
  visit(template);
  return out;
}

/** Every function name a template calls, read from expression positions only (`$eval`, `$if`, `${...}`, `$switch` keys). */
export function calledFunctions(template: unknown): string[] {
  const names = new Set<string>();
  for (const expr of templateExpressions(template)) {
    for (const m of expr.matchAll(CALL)) if (m[1]) names.add(m[1]);
  }
  // `each(x)` in `$map` and `by(x)` in `$sort` are JSON-e syntax, not calls.
  for (const syntax of ['each', 'by']) names.delete(syntax);
  return [...names].sort();
}

const STRING_LITERAL = /"[^"]*"|'[^']*'/g;
const NEGATED_CALL = /!\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(/g;

/**
 * Functions called as `!f(...)`. JSON-e binds `!` tighter than a call, so this is `(!f)(...)`:
 * a boolean called as a function, which fails on every evaluation. `!(f(...))` is meant.
 */
export function negatedCalls(template: unknown): string[] {
  const names = new Set<string>();
  for (const expr of templateExpressions(template)) {
    for (const m of expr.replace(STRING_LITERAL, '""').matchAll(NEGATED_CALL)) if (m[1]) names.add(m[1]);
  }
  return [...names].sort();
}

/** The functions a template calls that are neither JSON-e's nor among `helpers`. */
export function unknownFunctions(template: unknown, helpers: Helpers = HELPERS): string[] {
  return calledFunctions(template).filter((n) => !Object.hasOwn(helpers, n) && !JSONE_BUILTINS.has(n));
}

/**
 * The helper functions a set's templates call (inputs' `compute`, bodies, response maps and
 * items, error rules, paging expressions) that neither JSON-e nor `helpers` has, by tool: what a
 * toolkit refuses to start without (the spec names its helper modules; the caller did not pass them).
 */
export function missingHelpers(ir: SpecIR, helpers: Helpers): { tool: string; fn: string; set: ToolSetIR }[] {
  const out: { tool: string; fn: string; set: ToolSetIR }[] = [];
  for (const set of ir.sets) {
    const shared: unknown[] = [
      ...set.errors.rules.map((r) => ({ $eval: r.when })),
      ...Object.values(set.paging).flatMap((p) => ('nextExpr' in p ? [p.nextExpr, p.hasMoreExpr] : [])),
    ];
    for (const tool of set.tools) {
      const templates = [
        ...shared,
        ...tool.inputs.map((i) => i.compute),
        tool.request.body,
        tool.response.map,
        tool.response.items,
        ...tool.errorRules.map((r) => ({ $eval: r.when })),
      ];
      const fns = new Set(templates.flatMap((t) => (t === null ? [] : unknownFunctions(t, helpers))));
      for (const fn of [...fns].sort()) out.push({ tool: tool.name, fn, set });
    }
  }
  return out;
}
