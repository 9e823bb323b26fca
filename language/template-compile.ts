/// <reference path="./json-e-internals.d.ts" />
/**
 * Spec templates compiled once into closures. JSON-e re-tokenises and re-parses every expression
 * on every evaluation and copies its whole context twice; a tool's templates never change, so
 * this module does that work once per template: the template tree becomes nested closures,
 * every expression is parsed once by JSON-e's own parser and its tree compiled into closures
 * (expression-compile.ts). Values stay values: nothing is turned into code.
 *
 * `evaluateTemplate` (template.ts, JSON-e itself) stays the reference. The compiled form covers
 * the operators specs use (`$eval`, `$if`/`then`/`else`, `$map`, `$flatten`, `${...}`
 * interpolation, `$$` escapes); a template using anything else, and every evaluation that fails,
 * is handed to the reference, so results and errors are always exactly JSON-e's.
 * test/spec/template-compile.test.ts checks the two against each other on every shipped template.
 */
import jsoneParser from 'json-e/src/parser.js';
import JsoneTokenizer from 'json-e/src/tokenizer.js';
import typeUtils from 'json-e/src/type-utils.js';
import { BUILTINS, compileExpression, type Expr } from './expression-compile.js';
import { HELPER_CONTEXT } from './helpers.js';
import { evaluateTemplate } from './template.js';

type Ctx = Record<string, unknown>;
type Tree = { readonly constructorName: string } & Record<string, unknown>;
type Node = (ctx: Ctx) => unknown;
export type CompiledTemplate = (vars: Readonly<Record<string, unknown>>) => unknown;

/** JSON-e's tokenizer, configured exactly as json-e/src/index.js configures it. */
const tokenizer = new JsoneTokenizer({
  ignore: '\\s+',
  patterns: {
    number: '[0-9]+(?:\\.[0-9]+)?',
    identifier: '[a-zA-Z_][a-zA-Z_0-9]*',
    string: '\'[^\']*\'|"[^"]*"',
    true: 'true(?![a-zA-Z_0-9])',
    false: 'false(?![a-zA-Z_0-9])',
    in: 'in(?![a-zA-Z_0-9])',
    null: 'null(?![a-zA-Z_0-9])',
  },
  tokens: [
    '**',
    ...'+-*/[].(){}:,'.split(''),
    '>=',
    '<=',
    '<',
    '>',
    '==',
    '!=',
    '!',
    '&&',
    '||',
    'true',
    'false',
    'in',
    'null',
    'number',
    'identifier',
    'string',
  ],
});

/** Thrown at compile time for anything the compiled form leaves to the reference. */
class Unsupported extends Error {}
/** Thrown at evaluation time: re-run the reference, which returns or throws exactly as JSON-e. */
class Fallback extends Error {}

const DELETE = Symbol('delete');
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const OPERATORS = new Set([
  '$eval',
  '$flatten',
  '$flattenDeep',
  '$fromNow',
  '$if',
  '$json',
  '$let',
  '$map',
  '$reduce',
  '$find',
  '$match',
  '$switch',
  '$merge',
  '$mergeDeep',
  '$reverse',
  '$sort',
]);
const EACH = /^each\(([a-zA-Z_][a-zA-Z0-9_]*)(,\s*([a-zA-Z_][a-zA-Z0-9_]*))?\)$/;

const FUNCTION_NAMES = new Set([...Object.keys(BUILTINS), ...Object.keys(HELPER_CONTEXT)]);

const { isObject, isTruthy } = typeUtils;

/** JSON-e's `setProp`: an own data property, `__proto__` included (a plain assignment is the same for any other key). */
function setProp(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') typeUtils.setProp(obj, key, value);
  else obj[key] = value;
}

function containsFunctions(v: unknown): boolean {
  if (typeof v === 'function') return true;
  if (Array.isArray(v)) return v.some(containsFunctions);
  if (v !== null && typeof v === 'object') return Object.values(v).some(containsFunctions);
  return false;
}

interface Parsed {
  readonly tree: Tree;
  /** The tree as closures (expression-compile.ts). */
  readonly evaluate: Expr;
  /** The expression may evaluate to a function (a builtin named outside a call). */
  readonly mayYieldFunction: boolean;
}

interface Found {
  fn: boolean;
}

/** Context names every expression of one template may read; null when one cannot be known (a computed `defined` argument). */
type Names = Set<string> | null;

const tokenValue = (n: Tree): string => (n.token as { value: string }).value;

/**
 * Walk a parsed expression: context names used as values (a builtin outside a call may put a
 * function in the result), and every context name it can read, `defined("x")`'s included.
 */
function inspect(tree: Tree, out: Found, names: { set: Names }): void {
  const visit = (node: unknown, callee: boolean) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Tree;
    if (n.constructorName === 'ContextValue') {
      const name = tokenValue(n);
      if (!callee && FUNCTION_NAMES.has(name)) out.fn = true;
      names.set?.add(name);
      return;
    }
    if (n.constructorName === 'FunctionCall') {
      visit(n.name, true);
      const args = n.args as Tree[];
      const callee = n.name as Tree;
      if (callee.constructorName === 'ContextValue' && tokenValue(callee) === 'defined') {
        const arg = args[0];
        if (
          args.length === 1 &&
          arg?.constructorName === 'ASTNode' &&
          (arg.token as { kind: string }).kind === 'string'
        )
          names.set?.add(tokenValue(arg).slice(1, -1));
        else names.set = null;
      }
      for (const a of args) visit(a, false);
      return;
    }
    for (const [k, v] of Object.entries(n)) {
      if (k === 'token') continue;
      if (Array.isArray(v)) for (const x of v) visit(x, false);
      else if (v && typeof v === 'object') {
        if ((v as Tree).constructorName) visit(v, false);
        else for (const x of Object.values(v)) visit(x, false); // an Object literal's members
      }
    }
  };
  visit(tree, false);
}

function parseExpression(source: string, c: Compiler): Parsed {
  const parser = new jsoneParser.Parser(tokenizer, source);
  const tree = parser.parse() as Tree;
  if (parser.current_token != null) throw new Unsupported('trailing tokens');
  const found = { fn: false };
  inspect(tree, found, c.names);
  return { tree, evaluate: compileExpression(tree), mayYieldFunction: found.fn };
}

interface Compiler {
  /** Every context name the template's expressions can read (null: unknown, give them all). */
  names: { set: Names };
}

function compileString(s: string, c: Compiler): Node {
  if (!/\$?\$\{/.test(s)) return () => s;
  const parts: (string | Parsed)[] = [];
  let remaining = s;
  for (let offset = remaining.search(/\$?\$\{/); offset !== -1; offset = remaining.search(/\$?\$\{/)) {
    parts.push(remaining.slice(0, offset));
    if (remaining[offset + 1] === '$') {
      parts.push('${');
      remaining = remaining.slice(offset + 3);
      continue;
    }
    const source = remaining.slice(offset + 2);
    const parser = new jsoneParser.Parser(tokenizer, source);
    const tree = parser.parse() as Tree;
    const next = parser.current_token as { kind: string; start: number } | null;
    if (next?.kind !== '}') throw new Unsupported('unterminated interpolation');
    const found = { fn: false };
    inspect(tree, found, c.names);
    parts.push({ tree, evaluate: compileExpression(tree), mayYieldFunction: found.fn });
    remaining = remaining.slice(offset + (next as { start: number }).start + 3);
  }
  parts.push(remaining);
  return (ctx) => {
    let out = '';
    for (const p of parts) {
      if (typeof p === 'string') {
        out += p;
        continue;
      }
      const v = p.evaluate(ctx);
      if (Array.isArray(v) || isObject(v)) throw new Fallback();
      out += v === null ? '' : String((v as { toString(): string }).toString());
    }
    return out;
  };
}

function compileEval(expr: unknown, c: Compiler): Node {
  if (typeof expr !== 'string') throw new Unsupported('$eval of a non-string');
  const parsed = parseExpression(expr, c);
  if (!parsed.mayYieldFunction) return (ctx) => parsed.evaluate(ctx);
  return (ctx) => {
    const v = parsed.evaluate(ctx);
    if (containsFunctions(v)) throw new Fallback();
    return v;
  };
}

function onlyKeys(t: Record<string, unknown>, allowed: (k: string) => boolean): void {
  if (Object.keys(t).some((k) => !allowed(k))) throw new Unsupported('undefined properties');
}

function compileOperator(op: string, t: Record<string, unknown>, c: Compiler): Node {
  switch (op) {
    case '$eval':
      onlyKeys(t, (k) => k === '$eval');
      return compileEval(t.$eval, c);
    case '$if': {
      onlyKeys(t, (k) => k === '$if' || k === 'then' || k === 'else');
      if (typeof t.$if !== 'string') throw new Unsupported('$if of a non-string');
      const cond = parseExpression(t.$if, c);
      const then = Object.hasOwn(t, 'then') ? compileNode(t.then, c) : () => DELETE;
      const otherwise = Object.hasOwn(t, 'else') ? compileNode(t.else, c) : () => DELETE;
      return (ctx) => (isTruthy(cond.evaluate(ctx)) ? then(ctx) : otherwise(ctx));
    }
    case '$flatten': {
      onlyKeys(t, (k) => k === '$flatten');
      const value = compileNode(t.$flatten, c);
      return (ctx) => {
        const v = value(ctx);
        if (!Array.isArray(v)) throw new Fallback();
        return v.reduce((a: unknown[], b) => a.concat(b), []);
      };
    }
    case '$map': {
      const keys = Object.keys(t);
      const eachKey = keys.find((k) => k !== '$map');
      const m = eachKey === undefined ? null : EACH.exec(eachKey);
      if (keys.length !== 2 || !m || eachKey === undefined) throw new Unsupported('$map shape');
      const x = m[1] as string;
      const i = m[3];
      const value = compileNode(t.$map, c);
      const each = compileNode(t[eachKey], c);
      return (ctx) => {
        const v = value(ctx);
        if (Array.isArray(v)) {
          const out: unknown[] = [];
          v.forEach((item, idx) => {
            const r = withBound(ctx, x, item, i, idx, each);
            if (r !== DELETE) out.push(r);
          });
          return out;
        }
        if (!isObject(v)) throw new Fallback();
        const merged: Record<string, unknown> = {};
        for (const key of Object.keys(v)) {
          // JSON-e binds `x` to {key, val} when no index name is given.
          const r =
            i === undefined
              ? withBound(ctx, x, { key, val: v[key] }, undefined, undefined, each)
              : withBound(ctx, x, v[key], i, key, each);
          if (!isObject(r)) throw new Fallback();
          for (const k of Object.keys(r)) setProp(merged, k, r[k]);
        }
        return merged;
      };
    }
    default:
      throw new Unsupported(op);
  }
}

/**
 * `each` evaluated with `x` (and `i`) bound in `ctx`, as JSON-e's `$map` binds them in a copy of
 * its context: the context belongs to this one evaluation, so binding in place and restoring
 * afterwards is the same and copies nothing.
 */
function withBound(
  ctx: Ctx,
  x: string,
  xv: unknown,
  i: string | undefined,
  iv: unknown,
  each: Node,
): unknown {
  const hadX = Object.hasOwn(ctx, x);
  const oldX = ctx[x];
  const hadI = i !== undefined && Object.hasOwn(ctx, i);
  const oldI = i === undefined ? undefined : ctx[i];
  setProp(ctx, x, xv);
  if (i !== undefined) setProp(ctx, i, iv);
  try {
    return each(ctx);
  } finally {
    if (i !== undefined) restore(ctx, i, hadI, oldI);
    restore(ctx, x, hadX, oldX);
  }
}

function restore(ctx: Ctx, name: string, had: boolean, old: unknown): void {
  if (had) setProp(ctx, name, old);
  else delete ctx[name];
}

function compileNode(t: unknown, c: Compiler): Node {
  if (t === null || typeof t === 'number' || typeof t === 'boolean') return () => t;
  if (typeof t === 'string') return compileString(t, c);
  if (Array.isArray(t)) {
    const items = t.map((x) => compileNode(x, c));
    return (ctx) => {
      const out: unknown[] = [];
      for (const f of items) {
        const v = f(ctx);
        if (v !== DELETE) out.push(v);
      }
      return out;
    };
  }
  if (!isObject(t)) throw new Unsupported('not JSON');
  const ops = Object.keys(t).filter((k) => OPERATORS.has(k));
  if (ops.length > 1) throw new Unsupported('several operators');
  if (ops.length === 1) return compileOperator(ops[0] as string, t, c);
  // Keys as JSON-e renders them: `$$x` is `$x`, other `$x` keys are reserved, the rest interpolated.
  const members: [Node, Node][] = [];
  for (const key of Object.keys(t)) {
    if (!key.startsWith('$$') && /^\$[a-zA-Z][a-zA-Z0-9]*$/.test(key)) throw new Unsupported('reserved key');
    const name = key.startsWith('$$') ? key.slice(1) : key;
    members.push([key.startsWith('$$') ? () => name : compileString(key, c), compileNode(t[key], c)]);
  }
  return (ctx) => {
    const out: Record<string, unknown> = {};
    for (const [k, f] of members) {
      const v = f(ctx);
      if (v !== DELETE) setProp(out, k(ctx) as string, v);
    }
    return out;
  };
}

/**
 * The context of one evaluation, layered as `evaluateTemplate` and JSON-e layer it: builtins, then
 * `now`, then the variables whose names JSON-e accepts, then the helpers (which win over all).
 * With the names the template can read known, only those are set: an expression never sees the
 * difference (a name it cannot read is never asked for), and nothing else is copied per call.
 */
function contextOf(vars: Readonly<Record<string, unknown>>, names: Names): Ctx {
  // A plain object (every read checks own properties), not a null-prototype one: V8 keeps
  // those as dictionaries, slower to read and to bind `$map` names in.
  const ctx: Ctx = {};
  if (names === null) {
    Object.assign(ctx, BUILTINS);
    ctx.now = new Date().toJSON();
    for (const k in vars) if (IDENTIFIER.test(k)) setProp(ctx, k, vars[k]);
    return Object.assign(ctx, HELPER_CONTEXT);
  }
  for (const k of names) {
    if (Object.hasOwn(HELPER_CONTEXT, k)) ctx[k] = HELPER_CONTEXT[k];
    else if (Object.hasOwn(vars, k) && IDENTIFIER.test(k)) setProp(ctx, k, vars[k]);
    else if (k === 'now') ctx.now = new Date().toJSON();
    else if (Object.hasOwn(BUILTINS, k)) ctx[k] = BUILTINS[k];
  }
  return ctx;
}

/** A template compiled once; evaluating it gives exactly what `evaluateTemplate` gives. */
export function compileTemplate(template: unknown): CompiledTemplate {
  const c: Compiler = { names: { set: new Set() } };
  let root: Node;
  try {
    root = compileNode(template, c);
  } catch (e) {
    if (e instanceof Unsupported) return (vars) => evaluateTemplate(template, vars);
    throw e;
  }
  const names = c.names.set;
  return (vars) => {
    try {
      const v = root(contextOf(vars, names));
      return v === DELETE ? null : v;
    } catch {
      // A failure (or a value JSON-e refuses): the reference gives JSON-e's exact answer or error.
      return evaluateTemplate(template, vars);
    }
  };
}

const cache = new WeakMap<object, CompiledTemplate>();

/** `compileTemplate` once per template object (templates come from the frozen IR). */
export function compiledTemplate(template: object): CompiledTemplate {
  let f = cache.get(template);
  if (!f) {
    f = compileTemplate(template);
    cache.set(template, f);
  }
  return f;
}
