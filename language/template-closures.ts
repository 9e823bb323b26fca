/// <reference path="./json-e-internals.d.ts" />
/**
 * Spec templates compiled into closures: the template tree becomes nested closures, and every
 * expression, parsed once by JSON-e's own parser, closures too (expression-compile.ts). Values
 * stay values: nothing is turned into code. template-compile.ts uses them where the platform
 * refuses to create functions, and the generated functions of template-codegen.ts call them
 * for what they do not emit. The closures cover the operators specs use (`$eval`,
 * `$if`/`then`/`else`, `$map`, `$flatten`, `${...}` interpolation, `$$` escapes); anything
 * else throws `Unsupported` when compiling, and an evaluation they cannot answer throws
 * `Fallback`, and JSON-e itself answers.
 */
import jsoneParser from 'json-e/src/parser.js';
import JsoneTokenizer from 'json-e/src/tokenizer.js';
import typeUtils from 'json-e/src/type-utils.js';
import {
  type Bindings,
  BUILTINS,
  compileExpression,
  type Expr,
  type Scope,
  truthy,
} from './expression-compile.js';
import { HELPER_CONTEXT } from './helpers.js';
import { setOwn } from './json-pointer.js';

type Tree = { readonly constructorName: string } & Record<string, unknown>;
export type Node = (s: Scope) => unknown;

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
export class Unsupported extends Error {}
/** Thrown at evaluation time: re-run the reference, which returns or throws exactly as JSON-e. */
export class Fallback extends Error {}

export const DELETE = Symbol('delete');
export const OPERATORS = new Set([
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

const { isObject } = typeUtils;

function containsFunctions(v: unknown): boolean {
  if (typeof v === 'function') return true;
  if (Array.isArray(v)) return v.some(containsFunctions);
  if (v !== null && typeof v === 'object') return Object.values(v).some(containsFunctions);
  return false;
}

export interface Parsed {
  readonly tree: Tree;
  /** The tree as closures (expression-compile.ts). */
  readonly evaluate: Expr;
  /** The expression may evaluate to a function (a builtin named outside a call). */
  readonly mayYieldFunction: boolean;
}

interface Found {
  fn: boolean;
}

const tokenValue = (n: Tree): string => (n.token as { value: string }).value;

/** Whether a parsed expression names a function as a value (a builtin outside a call may put a function in the result). */
function yieldsFunction(tree: Tree): boolean {
  const out: Found = { fn: false };
  const visit = (node: unknown, callee: boolean) => {
    if (out.fn || !node || typeof node !== 'object') return;
    const n = node as Tree;
    if (n.constructorName === 'ContextValue') {
      if (!callee && FUNCTION_NAMES.has(tokenValue(n))) out.fn = true;
      return;
    }
    if (n.constructorName === 'FunctionCall') {
      visit(n.name, true);
      for (const a of n.args as Tree[]) visit(a, false);
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
  return out.fn;
}

function parsed(tree: Tree, c: Compiler): Parsed {
  return { tree, evaluate: compileExpression(tree, c.bindings), mayYieldFunction: yieldsFunction(tree) };
}

export function parseExpression(source: string, c: Compiler): Parsed {
  const parser = new jsoneParser.Parser(tokenizer, source);
  const tree = parser.parse() as Tree;
  if (parser.current_token != null) throw new Unsupported('trailing tokens');
  return parsed(tree, c);
}

/** Where compilation is in a template: the names the enclosing `$map`s bind, their slots, and the next free slot. */
export interface Compiler {
  readonly bindings: Bindings;
  readonly nextSlot: number;
}

/**
 * `c` with `names` bound to fresh slots (a `$map`'s `each(x, i)`; a name given twice is one slot). A
 * slot is never shared with an enclosing `$map`, even when a name is bound again, so what an outer
 * `each` reads after an inner `$map` is still its own.
 */
function binding(c: Compiler, ...names: string[]): { inner: Compiler; slots: number[] } {
  const bindings = new Map(c.bindings);
  const slots = names.map((name) => c.nextSlot + names.indexOf(name));
  names.forEach((name, k) => {
    bindings.set(name, slots[k] as number);
  });
  return { inner: { bindings, nextSlot: c.nextSlot + names.length }, slots };
}

/** The interpolations of a string, or null when it has none (`$${` escapes included). */
export const INTERPOLATES = /\$?\$\{/;

function compileString(s: string, c: Compiler): Node {
  if (!INTERPOLATES.test(s)) return () => s;
  const parts: (string | Parsed)[] = [];
  let remaining = s;
  for (let offset = remaining.search(INTERPOLATES); offset !== -1; offset = remaining.search(INTERPOLATES)) {
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
    parts.push(parsed(tree, c));
    remaining = remaining.slice(offset + (next as { start: number }).start + 3);
  }
  parts.push(remaining);
  return (scope) => {
    let out = '';
    for (const p of parts) {
      if (typeof p === 'string') {
        out += p;
        continue;
      }
      const v = p.evaluate(scope);
      if (Array.isArray(v) || isObject(v)) throw new Fallback();
      out += v === null ? '' : String((v as { toString(): string }).toString());
    }
    return out;
  };
}

function compileEval(expr: unknown, c: Compiler): Node {
  if (typeof expr !== 'string') throw new Unsupported('$eval of a non-string');
  const { evaluate, mayYieldFunction } = parseExpression(expr, c);
  if (!mayYieldFunction) return evaluate;
  return (s) => {
    const v = evaluate(s);
    if (containsFunctions(v)) throw new Fallback();
    return v;
  };
}

export function onlyKeys(t: Record<string, unknown>, allowed: (k: string) => boolean): void {
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
      const cond = parseExpression(t.$if, c).evaluate;
      const then = Object.hasOwn(t, 'then') ? compileNode(t.then, c) : () => DELETE;
      const otherwise = Object.hasOwn(t, 'else') ? compileNode(t.else, c) : () => DELETE;
      return (s) => (truthy(cond(s)) ? then(s) : otherwise(s));
    }
    case '$flatten': {
      onlyKeys(t, (k) => k === '$flatten');
      const value = compileNode(t.$flatten, c);
      return (s) => {
        const v = value(s);
        if (!Array.isArray(v)) throw new Fallback();
        // One level, as JSON-e's `reduce((a, b) => a.concat(b), [])`.
        const out: unknown[] = [];
        for (const item of v) {
          if (Array.isArray(item)) for (const x of item) out.push(x);
          else out.push(item);
        }
        return out;
      };
    }
    case '$map':
      return compileMap(t, c);
    default:
      throw new Unsupported(op);
  }
}

/**
 * `$map` with `each(x)` or `each(x, i)`. JSON-e binds the names in a copy of its context; here they
 * live in slots of the evaluation's scope that only this `$map`'s `each` reads (fixed at compile
 * time), so nothing is copied per item.
 */
function compileMap(t: Record<string, unknown>, c: Compiler): Node {
  const keys = Object.keys(t);
  const eachKey = keys.find((k) => k !== '$map');
  const m = eachKey === undefined ? null : EACH.exec(eachKey);
  if (keys.length !== 2 || !m || eachKey === undefined) throw new Unsupported('$map shape');
  const x = m[1] as string;
  const i = m[3];
  const value = compileNode(t.$map, c);
  const { inner, slots } = i === undefined ? binding(c, x) : binding(c, x, i);
  const [sx, si] = slots as [number, number | undefined];
  const each = compileNode(t[eachKey], inner);
  return (s) => {
    const v = value(s);
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      for (let idx = 0; idx < v.length; idx++) {
        s.bound[sx] = v[idx];
        if (si !== undefined) s.bound[si] = idx;
        const r = each(s);
        if (r !== DELETE) out.push(r);
      }
      return out;
    }
    if (!isObject(v)) throw new Fallback();
    const merged: Record<string, unknown> = {};
    for (const key of Object.keys(v)) {
      // JSON-e binds `x` to {key, val} when no index name is given.
      if (si === undefined) s.bound[sx] = { key, val: v[key] };
      else {
        s.bound[sx] = v[key];
        s.bound[si] = key;
      }
      const r = each(s);
      if (!isObject(r)) throw new Fallback();
      for (const k of Object.keys(r)) setOwn(merged, k, r[k]);
    }
    return merged;
  };
}

/** Whether an object template's key is rendered (it holds `${...}` and is not a `$$` escape). */
export const keyInterpolates = (key: string): boolean => !key.startsWith('$$') && INTERPOLATES.test(key);

/**
 * An object template's key as written, unescaped (`$$x` is `$x`); other `$x` keys are reserved for
 * operators JSON-e refuses there, which the reference answers.
 */
export function literalKey(key: string): string {
  if (key.startsWith('$$')) return key.slice(1);
  if (/^\$[a-zA-Z][a-zA-Z0-9]*$/.test(key)) throw new Unsupported('reserved key');
  return key;
}

/** An object template: its keys as JSON-e renders them (`$$x` is `$x`, other `$x` keys are reserved, the rest interpolated). */
function compileObject(t: Record<string, unknown>, c: Compiler): Node {
  const members: [string | Node, Node][] = Object.keys(t).map((key) => {
    const name = keyInterpolates(key) ? compileString(key, c) : literalKey(key);
    return [name, compileNode(t[key], c)];
  });
  if (members.every(([k]) => typeof k === 'string' && k !== '__proto__')) {
    const keys = members.map(([k]) => k as string);
    const values = members.map(([, f]) => f);
    return (s) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const v = (values[i] as Node)(s);
        if (v !== DELETE) out[keys[i] as string] = v;
      }
      return out;
    };
  }
  return (s) => {
    const out: Record<string, unknown> = {};
    for (const [k, f] of members) {
      const v = f(s);
      if (v !== DELETE) setOwn(out, typeof k === 'string' ? k : (k(s) as string), v);
    }
    return out;
  };
}

export function compileNode(t: unknown, c: Compiler): Node {
  if (t === null || typeof t === 'number' || typeof t === 'boolean') return () => t;
  if (typeof t === 'string') return compileString(t, c);
  if (Array.isArray(t)) {
    const items = t.map((x) => compileNode(x, c));
    return (s) => {
      const out: unknown[] = [];
      for (let i = 0; i < items.length; i++) {
        const v = (items[i] as Node)(s);
        if (v !== DELETE) out.push(v);
      }
      return out;
    };
  }
  if (!isObject(t)) throw new Unsupported('not JSON');
  const ops = Object.keys(t).filter((k) => OPERATORS.has(k));
  if (ops.length > 1) throw new Unsupported('several operators');
  if (ops.length === 1) return compileOperator(ops[0] as string, t, c);
  return compileObject(t, c);
}

/** The closures of a template (throws `Unsupported` for what they leave to JSON-e). */
export function compileClosures(template: unknown): Node {
  return compileNode(template, { bindings: new Map(), nextSlot: 0 });
}
