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

export type Ctx = Record<string, unknown>;
export type Expr = (ctx: Ctx) => unknown;
type Tree = { readonly constructorName: string } & Record<string, unknown>;
type Token = { readonly kind: string; readonly value: string };

const { hasOwn, isArray, isFunction, isInteger, isNumber, isObject, isString, isTruthy, setProp } = typeUtils;

/** JSON-e's builtins, created once (`defined` reads the context it is called with). */
export const BUILTINS: Ctx = jsoneBuiltins({});
/** The builtin `defined`, whose call with a literal name is a property test. */
const DEFINED = BUILTINS.defined;

/** JSON-e's equality (its interpreter's `isEqual`, which the module does not export). */
function isEqual(a: unknown, b: unknown): boolean {
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

const token = (n: Tree): Token => n.token as Token;

function literal(n: Tree): Expr {
  const t = token(n);
  let v: unknown;
  if (t.kind === 'number') v = +t.value;
  else if (t.kind === 'null') v = null;
  else if (t.kind === 'string') v = t.value.slice(1, -1);
  else if (t.kind === 'true') v = true;
  else if (t.kind === 'false') v = false;
  else if (t.kind === 'identifier') v = t.value;
  return () => v;
}

function unary(n: Tree): Expr {
  const expr = compileExpression(n.expr as Tree);
  switch (token(n).kind) {
    case '+':
      return (ctx) => {
        const v = expr(ctx);
        return isNumber(v) ? +v : fail('unary +');
      };
    case '-':
      return (ctx) => {
        const v = expr(ctx);
        return isNumber(v) ? -v : fail('unary -');
      };
    case '!':
      return (ctx) => !isTruthy(expr(ctx));
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
    if (isObject(r)) return isString(l) ? Object.keys(r).includes(l) : fail('in');
    if (isString(r)) return isString(l) ? r.indexOf(l) !== -1 : fail('in');
    return isArray(r) ? r.some((x) => isEqual(l, x)) : fail('in');
  },
};

function binary(n: Tree): Expr {
  const left = compileExpression(n.left as Tree);
  const right = compileExpression(n.right as Tree);
  const kind = token(n).kind;
  if (kind === '||') return (ctx) => isTruthy(left(ctx)) || isTruthy(right(ctx));
  if (kind === '&&') return (ctx) => isTruthy(left(ctx)) && isTruthy(right(ctx));
  const op = BINARY[kind];
  if (!op) return () => undefined;
  return (ctx) => op(left(ctx), right(ctx));
}

function list(n: Tree): Expr {
  const items = (n.list as Tree[]).map(compileExpression);
  return (ctx) => items.map((f) => f(ctx));
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

function access(n: Tree): Expr {
  const arr = compileExpression(n.arr as Tree);
  const left = n.left ? compileExpression(n.left as Tree) : () => 0;
  const right = n.right ? compileExpression(n.right as Tree) : () => null;
  const isInterval = Boolean(n.isInterval);
  return (ctx) => {
    const value = arr(ctx);
    const l = left(ctx);
    const r = right(ctx);
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

function contextValue(n: Tree): Expr {
  const name = token(n).value;
  return (ctx) => (hasOwn(ctx, name) ? ctx[name] : fail(`unknown context value ${name}`));
}

function call(n: Tree): Expr {
  const callee = compileExpression(n.name as Tree);
  const args = (n.args as Tree[]).map(compileExpression);
  const name = n.name as Tree;
  const only = (n.args as Tree[])[0];
  const general: Expr = (ctx) => {
    const f = callee(ctx);
    if (!isFunction(f)) return fail('not callable');
    const values = args.map((a) => a(ctx));
    if (hasOwn(f, 'jsone_builtin')) values.unshift(ctx);
    return f.apply(null, values);
  };
  // `defined("name")`: the builtin's answer without its argument checks (a string is a string).
  if (
    name.constructorName === 'ContextValue' &&
    args.length === 1 &&
    only?.constructorName === 'ASTNode' &&
    token(only).kind === 'string'
  ) {
    const key = token(only).value.slice(1, -1);
    return (ctx) => (ctx.defined === DEFINED && hasOwn(ctx, 'defined') ? hasOwn(ctx, key) : general(ctx));
  }
  return general;
}

function object(n: Tree): Expr {
  const members = Object.entries(n.obj as Record<string, Tree>).map(
    ([k, v]) => [k, compileExpression(v)] as const,
  );
  return (ctx) => {
    const out = {};
    for (const [k, f] of members) setProp(out, k, f(ctx));
    return out;
  };
}

const NODES: Readonly<Record<string, (n: Tree) => Expr>> = {
  ASTNode: literal,
  UnaryOp: unary,
  BinOp: binary,
  List: list,
  ValueAccess: access,
  ContextValue: contextValue,
  FunctionCall: call,
  Object: object,
};

/** One parsed expression as a closure over the evaluation context. */
export function compileExpression(tree: Tree): Expr {
  const node = NODES[tree.constructorName];
  if (!node) throw new ExpressionError(`unknown expression node ${tree.constructorName}`);
  return node(tree);
}
