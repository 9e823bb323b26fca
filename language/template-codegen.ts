/**
 * A spec template as one generated function. The closures of template-closures.ts share their
 * code among all templates, so on a busy runtime every object they build and every variable they
 * read goes through call sites that have seen every tool's shapes; a function of its own per
 * template builds its objects and reads its variables at sites that see one tool only, and
 * nests what the closures do in separate calls into straight-line code.
 *
 * Values stay values: the generated source holds no text of the spec at all. Every spec value,
 * key, variable name and helper is an element of the constants array `K`, read at run time; the
 * source is only generated names, indexes and operators (a test holds it to that). What this
 * module does not emit (interpolation, `$map`, most operators) is the closure template-closures.ts
 * compiles for it, called from the generated code. Like the closures, a generated function
 * agrees with JSON-e on success and throws where JSON-e would; template-compile.ts then hands the
 * evaluation to the reference.
 */
import {
  type Bindings,
  BUILTINS,
  compileExpression,
  definedAnswer,
  definedLiteral,
  FAST_BUILTINS,
  isPrimitiveLiteral,
  literalList,
  literalValue,
  type Scope,
  type Tree,
  token,
  truthy,
} from './expression-compile.js';
import { HELPER_CONTEXT } from './helpers.js';
import { setOwn } from './json-pointer.js';
import {
  type Compiler,
  compileNode,
  DELETE,
  Fallback,
  INTERPOLATES,
  keyInterpolates,
  literalKey,
  type Node,
  OPERATORS,
  onlyKeys,
  parseExpression,
  Unsupported,
} from './template-closures.js';

/** What generated code calls besides its constants and closures. */
const SUPPORT = {
  H: Object.hasOwn,
  T: truthy,
  D: DELETE,
  /** An evaluation the generated code cannot answer: the reference answers it. */
  X: (): never => {
    throw new Fallback();
  },
  /** JSON-e's setProp: an own key, `__proto__` included. */
  P: setOwn,
  /** Appends `item` to `out`, one level flattened (JSON-e's `$flatten`). */
  F: (out: unknown[], item: unknown): void => {
    if (Array.isArray(item)) for (const x of item) out.push(x);
    else out.push(item);
  },
  /** A `$flatten` of a value that is not a literal array: it must be an array. */
  L: (v: unknown): unknown[] => {
    if (!Array.isArray(v)) throw new Fallback();
    const out: unknown[] = [];
    for (const item of v) SUPPORT.F(out, item);
    return out;
  },
};

/** One generated function being written. */
class Writer {
  readonly constants: unknown[] = [];
  readonly closures: ((s: Scope) => unknown)[] = [];
  private readonly indexOf = new Map<unknown, number>();
  private temps = 0;
  /** Whether a variable named `defined` is tested (once, at the top). */
  definedTested = false;

  /** `K[i]`: a constant (spec values, names and helpers are never written into the source). */
  k(value: unknown): string {
    let i = this.indexOf.get(value);
    if (i === undefined) {
      i = this.constants.push(value) - 1;
      this.indexOf.set(value, i);
    }
    return `K[${i}]`;
  }

  /** `C[i](s)`: a closure of template-closures.ts for what is not emitted. */
  call(f: (s: Scope) => unknown): string {
    return `C[${this.closures.push(f) - 1}](s)`;
  }

  temp(): string {
    return `t${this.temps++}`;
  }
}

/** Emitted code for a value: `code` is valid after the statements written before it. */
interface Value {
  readonly code: string;
  /** The value may be JSON-e's "delete this" marker (an `$if` without the branch taken). */
  readonly mayDelete: boolean;
}

/** Emitted code for an expression; `bool` when it is always a boolean. */
interface Code {
  readonly code: string;
  readonly bool: boolean;
}

const cond = (c: Code): string => (c.bool ? c.code : `T(${c.code})`);

/**
 * The variable `name` as JSON-e reads it, or null when something else may answer to the name (a
 * `$map` name, a helper, `now`, a builtin when no variable has the name, `__proto__`).
 */
function variable(name: string, b: Bindings, w: Writer): string | null {
  if (b.has(name) || Object.hasOwn(HELPER_CONTEXT, name) || Object.hasOwn(BUILTINS, name)) return null;
  if (name === 'now' || name === '__proto__') return null;
  const key = w.k(name);
  return `(H(v, ${key}) ? v[${key}] : X())`;
}

function expression(tree: Tree, b: Bindings, w: Writer): Code {
  const delegated = (): Code => ({ code: w.call(compileExpression(tree, b)), bool: false });
  switch (tree.constructorName) {
    case 'ASTNode':
      return { code: w.k(literalValue(token(tree))), bool: false };
    case 'ContextValue': {
      const read = variable(token(tree).value, b, w);
      return read === null ? delegated() : { code: read, bool: false };
    }
    case 'UnaryOp':
      if (token(tree).kind !== '!') return delegated();
      return { code: `!${cond(expression(tree.expr as Tree, b, w))}`, bool: true };
    case 'BinOp':
      return binary(tree, b, w) ?? delegated();
    case 'FunctionCall':
      return call(tree, b, w) ?? delegated();
    default:
      return delegated();
  }
}

function binary(tree: Tree, b: Bindings, w: Writer): Code | null {
  const kind = token(tree).kind;
  const left = tree.left as Tree;
  const right = tree.right as Tree;
  if (kind === '||' || kind === '&&') {
    const l = cond(expression(left, b, w));
    const r = cond(expression(right, b, w));
    return { code: `(${l} ${kind} ${r})`, bool: true };
  }
  if (kind === 'in') {
    const choices = literalList(right);
    if (choices === null) return null;
    return { code: `(${w.k(choices)}.indexOf(${expression(left, b, w).code}) !== -1)`, bool: true };
  }
  // JSON-e's equality with a literal number, string, boolean or null is strict equality.
  if ((kind === '==' || kind === '!=') && (isPrimitiveLiteral(left) || isPrimitiveLiteral(right))) {
    const op = kind === '==' ? '===' : '!==';
    return { code: `(${expression(left, b, w).code} ${op} ${expression(right, b, w).code})`, bool: true };
  }
  return null;
}

function call(tree: Tree, b: Bindings, w: Writer): Code | null {
  const callee = tree.name as Tree;
  const args = tree.args as Tree[];
  if (callee.constructorName !== 'ContextValue') return null;
  const name = token(callee).value;
  if (b.has(name)) return null;
  // A helper (helpers win over variables and builtins).
  if (Object.hasOwn(HELPER_CONTEXT, name)) {
    const values = args.map((a) => expression(a, b, w).code);
    return { code: `${w.k(HELPER_CONTEXT[name])}(${values.join(', ')})`, bool: false };
  }
  // `defined("x")`, unless a variable named `defined` hides the builtin.
  const definedName = name === 'defined' ? definedLiteral(args) : null;
  if (definedName !== null) {
    w.definedTested = true;
    const answer = definedAnswer(definedName, b);
    const test = answer === 'variable' ? `H(v, ${w.k(definedName)})` : String(answer);
    return { code: `(DS ? ${w.call(compileExpression(tree, b))} : ${test})`, bool: false };
  }
  // A builtin JSON-e calls with these arguments, unless a variable hides it.
  const fast = Object.hasOwn(FAST_BUILTINS, name) ? FAST_BUILTINS[name] : undefined;
  if (fast && fast.length === args.length) {
    const values = args.map((a) => expression(a, b, w).code);
    const general = w.call(compileExpression(tree, b));
    return { code: `(H(v, ${w.k(name)}) ? ${general} : ${w.k(fast)}(${values.join(', ')}))`, bool: false };
  }
  return null;
}

/** The statements computing a template node into `out`, and its value. */
function node(t: unknown, c: Compiler, w: Writer, out: string[]): Value {
  const delegated = (): Value => ({ code: w.call(compileNode(t, c)), mayDelete: true });
  if (t === null || typeof t === 'number' || typeof t === 'boolean')
    return { code: w.k(t), mayDelete: false };
  if (typeof t === 'string') return INTERPOLATES.test(t) ? delegated() : { code: w.k(t), mayDelete: false };
  if (Array.isArray(t)) return array(t, c, w, out);
  if (typeof t !== 'object') throw new Unsupported('not JSON');
  const record = t as Record<string, unknown>;
  const ops = Object.keys(record).filter((k) => OPERATORS.has(k));
  if (ops.length > 1) throw new Unsupported('several operators');
  if (ops.length === 0) return object(record, c, w, out);
  switch (ops[0]) {
    case '$eval': {
      onlyKeys(record, (k) => k === '$eval');
      if (typeof record.$eval !== 'string') throw new Unsupported('$eval of a non-string');
      const parsed = parseExpression(record.$eval, c);
      if (parsed.mayYieldFunction) return delegated();
      return { code: expression(parsed.tree, c.bindings, w).code, mayDelete: false };
    }
    case '$if': {
      const result = w.temp();
      out.push(`let ${result} = D;`);
      into(t, c, w, out, (v) => `${result} = ${v};`);
      return { code: result, mayDelete: true };
    }
    case '$flatten': {
      onlyKeys(record, (k) => k === '$flatten');
      const inner = record.$flatten;
      if (!Array.isArray(inner)) return { code: `L(${node(inner, c, w, out).code})`, mayDelete: false };
      const target = w.temp();
      out.push(`const ${target} = [];`);
      for (const item of inner) into(item, c, w, out, (v) => `F(${target}, ${v});`);
      return { code: target, mayDelete: false };
    }
    default:
      return delegated();
  }
}

const isIf = (t: unknown): t is Record<string, unknown> =>
  t !== null && typeof t === 'object' && !Array.isArray(t) && Object.hasOwn(t, '$if');

/**
 * The statements giving a template node's value to `use` (a statement consuming it), unless the
 * value is JSON-e's "delete this": an `$if` becomes an `if` whose branches give theirs, a
 * missing branch nothing.
 */
function into(t: unknown, c: Compiler, w: Writer, out: string[], use: (v: string) => string): void {
  if (isIf(t)) {
    onlyKeys(t, (k) => k === '$if' || k === 'then' || k === 'else');
    if (typeof t.$if !== 'string') throw new Unsupported('$if of a non-string');
    const test = cond(expression(parseExpression(t.$if, c).tree, c.bindings, w));
    const branch = (key: 'then' | 'else'): string[] => {
      const lines: string[] = [];
      if (Object.hasOwn(t, key)) into(t[key], c, w, lines, use);
      return lines;
    };
    const then = branch('then');
    const otherwise = branch('else');
    out.push(`if (${test}) {`, ...then, ...(otherwise.length > 0 ? ['} else {', ...otherwise] : []), '}');
    return;
  }
  give(node(t, c, w, out), w, out, use);
}

/** The statement using a value, skipped when the value is JSON-e's "delete this". */
function give(v: Value, w: Writer, out: string[], use: (v: string) => string): void {
  if (!v.mayDelete) {
    out.push(use(v.code));
    return;
  }
  let held = v.code;
  if (!/^t\d+$/.test(held)) {
    held = w.temp();
    out.push(`const ${held} = ${v.code};`);
  }
  out.push(`if (${held} !== D) ${use(held)}`);
}

function object(t: Record<string, unknown>, c: Compiler, w: Writer, out: string[]): Value {
  const target = w.temp();
  out.push(`const ${target} = {};`);
  for (const key of Object.keys(t)) {
    // An interpolated key is rendered (by its closure); `__proto__` is set as JSON-e sets it, an own key.
    if (keyInterpolates(key)) {
      const k = w.call(compileNode(key, c));
      into(t[key], c, w, out, (v) => `P(${target}, ${k}, ${v});`);
      continue;
    }
    const name = literalKey(key);
    const k = w.k(name);
    if (name === '__proto__') into(t[key], c, w, out, (v) => `P(${target}, ${k}, ${v});`);
    else into(t[key], c, w, out, (v) => `${target}[${k}] = ${v};`);
  }
  return { code: target, mayDelete: false };
}

function array(t: unknown[], c: Compiler, w: Writer, out: string[]): Value {
  // Items that are not `$if`s first computed; a literal array when none can be "delete this".
  const items = t.map((x) => (isIf(x) ? null : node(x, c, w, out)));
  if (items.every((v) => v !== null && !v.mayDelete))
    return { code: `[${items.map((v) => v?.code).join(', ')}]`, mayDelete: false };
  const target = w.temp();
  out.push(`const ${target} = [];`);
  const push = (v: string) => `${target}.push(${v});`;
  t.forEach((x, i) => {
    const v = items[i];
    if (v === null || v === undefined) into(x, c, w, out, push);
    else give(v, w, out, push);
  });
  return { code: target, mayDelete: false };
}

/** A generated template: its source (for tests) and the function. */
export interface GeneratedTemplate {
  readonly source: string;
  readonly evaluate: Node;
}

/**
 * The template as one generated function of an evaluation's scope, or null when it uses what
 * the closures leave to JSON-e or the platform refuses to create functions (`new Function`).
 */
export function generateTemplate(template: unknown): GeneratedTemplate | null {
  const w = new Writer();
  const lines: string[] = [];
  let root: Value;
  try {
    root = node(template, { bindings: new Map(), nextSlot: 0 }, w, lines);
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
  const top = ['const v = s.vars;'];
  if (w.definedTested) top.push(`const DS = H(v, ${w.k('defined')});`);
  const source = [...top, ...lines, `return ${root.code};`].join('\n');
  try {
    const make = new Function(
      'K',
      'C',
      'R',
      `const { H, T, D, X, P, F, L } = R;\nreturn (s) => {\n${source}\n};`,
    );
    return { source, evaluate: make(Object.freeze(w.constants), Object.freeze(w.closures), SUPPORT) as Node };
  } catch {
    return null; // a platform without `new Function` (a strict content security policy)
  }
}
