/// <reference path="./json-e-internals.d.ts" />
/**
 * JSON-e expression trees (parsed once by JSON-e's own parser) compiled into closures, one per
 * node, each doing what JSON-e's interpreter does for that node on the values it accepts. Values
 * stay values: nothing is turned into code. Where the interpreter would throw, the closure throws
 * too (any error), and the compiled template hands the whole evaluation to the reference
 * (`evaluateTemplate`), so errors are always exactly JSON-e's; the closures only need to agree
 * with the interpreter on success, which test/spec/template-compile.test.ts checks on every
 * shipped template and on generated inputs.
 */
import jsoneBuiltins from 'json-e/src/builtins.js';
import typeUtils from 'json-e/src/type-utils.js';
import { HELPER_CONTEXT } from './helpers.js';
import { IDENTIFIER } from './template.js';

export type Ctx = Record<string, unknown>;

/**
 * One evaluation's state. Context names are resolved when a template is compiled, so no context
 * object is built per evaluation: a name reads the names `$map` binds (slots, fixed at compile
 * time), a helper (a constant), or the variables, then `now`, then JSON-e's builtins, exactly as
 * JSON-e layers its context (builtins, `now`, the variables, the helpers; bound names over all).
 */
export interface Scope {
  readonly vars: Readonly<Record<string, unknown>>;
  /** Values of the names `$map` binds, by slot. */
  readonly bound: unknown[];
  /** JSON-e's `now` for this evaluation, made when first read. */
  now: string | undefined;
  /** Whether a variable named `defined` hides the builtin, tested when first needed. */
  definedShadowed: boolean | undefined;
}
export type Expr = (s: Scope) => unknown;
/** Names bound by the enclosing `$map`s at a point of a template, with their slots. */
export type Bindings = ReadonlyMap<string, number>;
export type Tree = { readonly constructorName: string } & Record<string, unknown>;
type Token = { readonly kind: string; readonly value: string };

const { hasOwn, isArray, isFunction, isInteger, isNumber, isObject, isString, isTruthy, setProp } = typeUtils;

/** JSON-e's truthiness, with the booleans conditions mostly yield answered without its type tests. */
export const truthy = (v: unknown): boolean => (typeof v === 'boolean' ? v : isTruthy(v));

/** `Object.keys(r).includes(l)` (JSON-e's `in` on an object) without the array of keys: an own enumerable key. */
const ownsKey = (r: object, l: string): boolean => Object.prototype.propertyIsEnumerable.call(r, l);

/** JSON-e's builtins, created once (`defined` reads the context it is called with). */
export const BUILTINS: Ctx = jsoneBuiltins({});
/** The builtin `defined`, whose call with a literal name is a property test. */
const DEFINED = BUILTINS.defined;
/** The builtins that read the context they are called with. */
const NEEDS_CONTEXT = new Set([DEFINED, BUILTINS.fromNow]);

/** A variable an expression can read: JSON-e's context never holds `__proto__` as its own name. */
const isVar = (vars: Readonly<Record<string, unknown>>, name: string): boolean =>
  name !== '__proto__' && hasOwn(vars, name);

const nowOf = (s: Scope): string => {
  s.now ??= new Date().toJSON();
  return s.now;
};

/** The whole JSON-e context of an evaluation (for the builtins that read it): rarely needed, built on demand. */
function contextOf(s: Scope, bindings: Bindings): Ctx {
  const ctx: Ctx = Object.assign({}, BUILTINS, { now: nowOf(s) });
  for (const k in s.vars) if (IDENTIFIER.test(k) && isVar(s.vars, k)) ctx[k] = s.vars[k];
  Object.assign(ctx, HELPER_CONTEXT);
  for (const [name, slot] of bindings) setProp(ctx, name, s.bound[slot]);
  return ctx;
}

/** Whether a variable hides the builtin `defined` in this evaluation (tested once per evaluation). */
function shadowsDefined(s: Scope): boolean {
  if (s.definedShadowed === undefined) s.definedShadowed = isVar(s.vars, 'defined');
  return s.definedShadowed;
}

/**
 * What the builtin `defined` (not shadowed) answers for `name`: always true (a `$map` name, a
 * helper, a builtin, `now`), always false (a name no variable can have), or whether the
 * variables hold it (`'variable'`).
 */
export function definedAnswer(name: string, bindings: Bindings): boolean | 'variable' {
  if (bindings.has(name)) return true;
  if (hasOwn(HELPER_CONTEXT, name) || hasOwn(BUILTINS, name) || name === 'now') return true;
  if (!IDENTIFIER.test(name) || name === '__proto__') return false;
  return 'variable';
}

/** Whether `name` is in the context of an evaluation, as the builtin `defined` answers (the builtin not shadowed). */
function definedTest(name: string, bindings: Bindings): Expr {
  const answer = definedAnswer(name, bindings);
  if (answer !== 'variable') return () => answer;
  return (s) => hasOwn(s.vars, name);
}

/** JSON-e's equality (its interpreter's `isEqual`, which the module does not export). */
function isEqual(a: unknown, b: unknown): boolean {
  // A primitive (null included) is neither an array, a function nor an object: strict equality.
  if (a === null || (typeof a !== 'object' && typeof a !== 'function')) return a === b;
  if (isArray(a) && isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) if (!isEqual(a[i], b[i])) return false;
    return true;
  }
  if (isFunction(a)) return a === b;
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a).sort();
    if (!isEqual(keys, Object.keys(b).sort())) return false;
    for (const k of keys) if (!isEqual(a[k], b[k])) return false;
    return true;
  }
  return a === b;
}

class ExpressionError extends Error {}
const fail = (what: string): never => {
  throw new ExpressionError(what);
};

export const token = (n: Tree): Token => n.token as Token;

/** The value a literal token stands for (JSON-e's interpreter on an ASTNode). */
export function literalValue(t: Token): unknown {
  if (t.kind === 'number') return +t.value;
  if (t.kind === 'null') return null;
  if (t.kind === 'string') return t.value.slice(1, -1);
  if (t.kind === 'true') return true;
  if (t.kind === 'false') return false;
  if (t.kind === 'identifier') return t.value;
  return undefined;
}

function literal(n: Tree, _b: Bindings): Expr {
  const v = literalValue(token(n));
  return () => v;
}

function unary(n: Tree, b: Bindings): Expr {
  const expr = compileExpression(n.expr as Tree, b);
  switch (token(n).kind) {
    case '+':
      return (s) => {
        const v = expr(s);
        return isNumber(v) ? +v : fail('unary +');
      };
    case '-':
      return (s) => {
        const v = expr(s);
        return isNumber(v) ? -v : fail('unary -');
      };
    case '!':
      return (s) => !truthy(expr(s));
    default:
      return () => undefined;
  }
}

const numbers = (l: unknown, r: unknown): l is number => isNumber(l) && isNumber(r);
const strings = (l: unknown, r: unknown): l is string => isString(l) && isString(r);
const ordered = (l: unknown, r: unknown) => numbers(l, r) || strings(l, r);

/** Binary operators on two evaluated operands (`&&`, `||` short-circuit and are built apart). */
const BINARY: Readonly<Record<string, (l: unknown, r: unknown) => unknown>> = {
  '+': (l, r) => (ordered(l, r) ? (l as number) + (r as number) : fail('+')),
  '-': (l, r) => (numbers(l, r) ? l - (r as number) : fail('-')),
  '*': (l, r) => (numbers(l, r) ? l * (r as number) : fail('*')),
  '/': (l, r) => (numbers(l, r) && r !== 0 ? l / (r as number) : fail('/')),
  '**': (l, r) => (numbers(l, r) ? (r as number) ** l : fail('**')),
  '>': (l, r) => (ordered(l, r) ? (l as number) > (r as number) : fail('>')),
  '<': (l, r) => (ordered(l, r) ? (l as number) < (r as number) : fail('<')),
  '>=': (l, r) => (ordered(l, r) ? (l as number) >= (r as number) : fail('>=')),
  '<=': (l, r) => (ordered(l, r) ? (l as number) <= (r as number) : fail('<=')),
  '==': (l, r) => isEqual(l, r),
  '!=': (l, r) => !isEqual(l, r),
  '.': (l, r) => (isObject(l) && hasOwn(l, r as string) ? l[r as string] : fail('.')),
  in: (l, r) => {
    if (isObject(r)) return isString(l) ? ownsKey(r, l) : fail('in');
    if (isString(r)) return isString(l) ? r.indexOf(l) !== -1 : fail('in');
    return isArray(r) ? r.some((x) => isEqual(l, x)) : fail('in');
  },
};

function binary(n: Tree, b: Bindings): Expr {
  const left = compileExpression(n.left as Tree, b);
  const right = compileExpression(n.right as Tree, b);
  const kind = token(n).kind;
  if (kind === '||') return (s) => truthy(left(s)) || truthy(right(s));
  if (kind === '&&') return (s) => truthy(left(s)) && truthy(right(s));
  if (kind === 'in') {
    // `x in ["a", "b"]`: the literal list built once; a value equals a primitive exactly when it is it.
    const choices = literalList(n.right as Tree);
    if (choices !== null) return (s) => choices.indexOf(left(s)) !== -1;
  }
  const op = BINARY[kind];
  if (!op) return () => undefined;
  return (s) => op(left(s), right(s));
}

const PRIMITIVE_TOKENS: ReadonlySet<string> = new Set(['number', 'string', 'null', 'true', 'false']);

/** A literal number, string, boolean or null. */
export const isPrimitiveLiteral = (n: Tree): boolean =>
  n.constructorName === 'ASTNode' && PRIMITIVE_TOKENS.has(token(n).kind);

/** The values of a list of literals (`["a", 1, null]`), or null for any other expression. */
export function literalList(n: Tree): readonly unknown[] | null {
  if (n.constructorName !== 'List') return null;
  const items = n.list as Tree[];
  if (!items.every(isPrimitiveLiteral)) return null;
  return items.map((x) => literalValue(token(x)));
}

function list(n: Tree, b: Bindings): Expr {
  const items = (n.list as Tree[]).map((x) => compileExpression(x, b));
  return (s) => items.map((f) => f(s));
}

/** JSON-e's index and slice of an array (or a string's characters). */
function sliceOrIndex(
  isInterval: boolean,
  value: readonly unknown[] | string,
  l: unknown,
  r: unknown,
): unknown {
  let left = l as number;
  let right = r as number | null;
  if (left < 0) left = Math.max(value.length + left, 0);
  if (isInterval) {
    right = right === null ? value.length : right;
    if (right < 0) right = Math.max(value.length + right, 0);
    if (left > right) left = right;
    if (!isInteger(left) || !isInteger(right)) fail('interval');
    return value.slice(left, right);
  }
  if (!isInteger(left) || left >= value.length) fail('index');
  return value[left];
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON-e's own ASCII test
const ASCII = /^[\x00-\x7F]*$/;

function access(n: Tree, b: Bindings): Expr {
  const arr = compileExpression(n.arr as Tree, b);
  const left = n.left ? compileExpression(n.left as Tree, b) : () => 0;
  const right = n.right ? compileExpression(n.right as Tree, b) : () => null;
  const isInterval = Boolean(n.isInterval);
  return (s) => {
    const value = arr(s);
    const l = left(s);
    const r = right(s);
    if (isArray(value)) return sliceOrIndex(isInterval, value, l, r);
    if (isString(value)) {
      if (ASCII.test(value)) return sliceOrIndex(isInterval, value, l, r);
      const res = sliceOrIndex(isInterval, [...value], l, r);
      return isArray(res) ? res.join('') : res;
    }
    if (!isObject(value) || !isString(l)) return fail('[..]');
    return hasOwn(value, l) ? value[l] : null;
  };
}

function contextValue(n: Tree, b: Bindings): Expr {
  const name = token(n).value;
  const slot = b.get(name);
  if (slot !== undefined) return (s) => s.bound[slot];
  if (hasOwn(HELPER_CONTEXT, name)) {
    const helper = HELPER_CONTEXT[name];
    return () => helper;
  }
  if (name === 'now') return (s) => (isVar(s.vars, name) ? s.vars[name] : nowOf(s));
  if (hasOwn(BUILTINS, name)) {
    const builtin = BUILTINS[name];
    return (s) => (isVar(s.vars, name) ? s.vars[name] : builtin);
  }
  const unknown = `unknown context value ${name}`;
  return (s) => (isVar(s.vars, name) ? s.vars[name] : fail(unknown));
}

const bad = (name: string): never => fail(`invalid arguments to builtin: ${name}`);
const typeNames: readonly [string, (v: unknown) => boolean][] = [
  ['string', isString],
  ['number', isNumber],
  ['boolean', (v) => typeof v === 'boolean'],
  ['array', isArray],
  ['object', isObject],
  ['function', isFunction],
];

/**
 * JSON-e builtins that specs call, as what each returns for arguments its type tests accept,
 * called with exactly `fn.length` arguments (JSON-e's wrapper refuses fewer and fails on more).
 * Any other argument throws, and the template's evaluation goes to the reference for JSON-e's error.
 * Without this, each call would pass through JSON-e's wrapper, which splits its type names on every call.
 */
export const FAST_BUILTINS: Readonly<Record<string, (...args: unknown[]) => unknown>> = {
  lowercase: (v) => (isString(v) ? v.toLowerCase() : bad('lowercase')),
  uppercase: (v) => (isString(v) ? v.toUpperCase() : bad('uppercase')),
  strip: (v) => (isString(v) ? v.trim() : bad('strip')),
  number: (v) => (isString(v) ? Number(v) : bad('number')),
  str: (v) =>
    v === null ? 'null' : isString(v) || isNumber(v) || typeof v === 'boolean' ? String(v) : bad('str'),
  len: (v) => (isString(v) ? Array.from(v).length : isArray(v) ? v.length : bad('len')),
  split: (v, d) => (isString(v) && (isString(d) || isNumber(d)) ? v.split(d as string) : bad('split')),
  join: (v, d) => (isArray(v) && (isString(d) || isNumber(d)) ? v.join(d as string) : bad('join')),
  typeof: (v) => {
    for (const [name, test] of typeNames) if (test(v)) return name;
    return v === null ? 'null' : bad('typeof');
  },
};

/** The name in `defined("name")`: the call's one argument when it is a string literal, else null. */
export function definedLiteral(args: readonly Tree[]): string | null {
  const only = args[0];
  return args.length === 1 && only?.constructorName === 'ASTNode' && token(only).kind === 'string'
    ? token(only).value.slice(1, -1)
    : null;
}

function call(n: Tree, b: Bindings): Expr {
  const callee = compileExpression(n.name as Tree, b);
  const args = (n.args as Tree[]).map((x) => compileExpression(x, b));
  const name = n.name as Tree;
  const general: Expr = (s) => {
    const f = callee(s);
    if (!isFunction(f)) return fail('not callable');
    const values = args.map((a) => a(s));
    // JSON-e passes its context to every builtin; only `defined` and `fromNow` read it.
    if (hasOwn(f, 'jsone_builtin')) values.unshift(NEEDS_CONTEXT.has(f) ? contextOf(s, b) : null);
    return f.apply(null, values);
  };
  // The rest is for a call by a name no `$map` binds: a helper, or a builtin unless a variable hides it.
  const called =
    name.constructorName === 'ContextValue' && !b.has(token(name).value) ? token(name).value : null;
  if (called === null) return general;
  // A helper (helpers win over variables and builtins): called directly.
  if (hasOwn(HELPER_CONTEXT, called))
    return direct(HELPER_CONTEXT[called] as (...a: unknown[]) => unknown, args);
  // `defined("name")`: the builtin's answer without its argument checks (a string is a string).
  const definedName = called === 'defined' ? definedLiteral(n.args as Tree[]) : null;
  if (definedName !== null) {
    const test = definedTest(definedName, b);
    return (s) => (shadowsDefined(s) ? general(s) : test(s));
  }
  // A builtin JSON-e would call with these arguments.
  const fast = hasOwn(FAST_BUILTINS, called) ? FAST_BUILTINS[called] : undefined;
  if (fast && fast.length === args.length) {
    const call = direct(fast, args);
    return (s) => (isVar(s.vars, called) ? general(s) : call(s));
  }
  return general;
}

/** A call of a known function with the evaluated arguments, without an argument array for up to three. */
function direct(f: (...a: unknown[]) => unknown, args: readonly Expr[]): Expr {
  const [x, y, z] = args as [Expr, Expr, Expr];
  switch (args.length) {
    case 0:
      return () => f();
    case 1:
      return (s) => f(x(s));
    case 2:
      return (s) => f(x(s), y(s));
    case 3:
      return (s) => f(x(s), y(s), z(s));
    default:
      return (s) => f(...args.map((x) => x(s)));
  }
}

function object(n: Tree, b: Bindings): Expr {
  const members = Object.entries(n.obj as Record<string, Tree>).map(
    ([k, v]) => [k, compileExpression(v, b)] as const,
  );
  return (s) => {
    const out = {};
    for (const [k, f] of members) setProp(out, k, f(s));
    return out;
  };
}

const NODES: Readonly<Record<string, (n: Tree, b: Bindings) => Expr>> = {
  ASTNode: literal,
  UnaryOp: unary,
  BinOp: binary,
  List: list,
  ValueAccess: access,
  ContextValue: contextValue,
  FunctionCall: call,
  Object: object,
};

/** One parsed expression as a closure over an evaluation's scope, with `b` the names `$map` binds around it. */
export function compileExpression(tree: Tree, b: Bindings): Expr {
  const node = NODES[tree.constructorName];
  if (!node) throw new ExpressionError(`unknown expression node ${tree.constructorName}`);
  return node(tree, b);
}
