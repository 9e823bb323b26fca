/** JSON-e evaluation of spec templates: type-preserving trees whose leaves are sandboxed expressions. */
import jsone from 'json-e';
import { HELPER_CONTEXT, HELPERS, JSONE_BUILTINS } from '../helpers/helpers.js';

export class TemplateError extends Error {
  override name = 'TemplateError';
  /** The evaluator's own error class (`InterpreterError` for data problems; others for syntax). */
  readonly kind: string;
  constructor(message: string, kind = 'Error') {
    super(message);
    this.kind = kind;
  }
}

/** JSON-e refuses a context whose top-level names are not identifiers (it throws on them). */
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Evaluate `template` with `vars` (absent optional inputs are simply not defined) and the helpers.
 * Variables whose names are not identifiers (Graph's `$filter`, `$top`) cannot be referenced by
 * an expression and are left out of the context instead of making JSON-e throw.
 */
export function evaluateTemplate(template: unknown, vars: Readonly<Record<string, unknown>>): unknown {
  const context: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(vars)) if (IDENTIFIER.test(k)) context[k] = v;
  try {
    return jsone(template as Record<string, unknown>, { ...context, ...HELPER_CONTEXT });
  } catch (e) {
    throw new TemplateError((e as Error).message, (e as Error).name);
  }
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

export function unknownFunctions(template: unknown): string[] {
  return calledFunctions(template).filter((n) => !(n in HELPERS) && !JSONE_BUILTINS.has(n));
}
