/**
 * Presence folding: the `$if` nodes of a template whose condition only asks which names are
 * defined (`defined("a")`, or several joined by `||`) are decided before JSON-e renders it.
 *
 * Why: request bodies are mostly "this key when that input was given" (27 of the shipped `$if`s),
 * and JSON-e parses every condition again on every render; Graph's calendar-event body spends a
 * third of its dry run there. A condition of that form depends on nothing but which inputs are
 * present, so the template folded for one presence pattern is the same on every call with that
 * pattern: it is kept (a few patterns per tool in practice, at most `MAX_PATTERNS`).
 *
 * What is folded is exactly what JSON-e would do: the taken branch in place of the node, and no
 * key (in an object), no element (in an array) or null (at the top) when the branch is missing.
 * Only plain objects, arrays, `$if` nodes and `$flatten` arrays are walked; every other operator
 * (`$map`, `$let`, ...) binds names of its own and is left whole to JSON-e, as is any `$if` whose
 * condition says more than `defined(...)`.
 */

/** Defined-only conditions: `defined("a")` or `defined('a')`, optionally joined by `||`. */
const DEFINED = /^\s*defined\(\s*(?:"([A-Za-z_][A-Za-z0-9_]*)"|'([A-Za-z_][A-Za-z0-9_]*)')\s*\)\s*$/;
const IF_KEYS = new Set(['$if', 'then', 'else']);
const DELETE: unique symbol = Symbol('deleted');

/** Presence patterns remembered per template; past this, templates are folded on each call. */
const MAX_PATTERNS = 64;

/** The names a defined-only condition tests, or null when the condition is anything else. */
function definedNames(condition: unknown): string[] | null {
  if (typeof condition !== 'string') return null;
  const names: string[] = [];
  for (const part of condition.split('||')) {
    const m = DEFINED.exec(part);
    if (!m) return null;
    names.push((m[1] ?? m[2]) as string);
  }
  return names;
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The condition's names when `node` is a `$if` this module decides (no keys beside `then`/`else`). */
function foldableIf(node: Node): string[] | null {
  if (!Object.hasOwn(node, '$if')) return null;
  for (const k of Object.keys(node)) if (!IF_KEYS.has(k)) return null;
  return definedNames(node.$if);
}

/** A node without operator keys: its values are templates in the same scope. */
const isPlain = (node: Node): boolean => !Object.keys(node).some((k) => k.startsWith('$'));

/** The key of a lone `$flatten` / `$flattenDeep` over a literal array (its elements are walked), or null. */
function flattenKey(node: Node): string | null {
  const keys = Object.keys(node);
  const k = keys[0];
  return keys.length === 1 && (k === '$flatten' || k === '$flattenDeep') && Array.isArray(node[k]) ? k : null;
}

/** The children walked: a plain object's values, an array's elements, a `$flatten` array, an `$if`'s branches. */
function walk(node: unknown, visit: (child: unknown) => void): void {
  if (Array.isArray(node)) {
    node.forEach(visit);
  } else if (isNode(node)) {
    if (foldableIf(node)) {
      if (Object.hasOwn(node, 'then')) visit(node.then);
      if (Object.hasOwn(node, 'else')) visit(node.else);
    } else if (isPlain(node)) {
      Object.values(node).forEach(visit);
    } else {
      const flatten = flattenKey(node);
      if (flatten !== null) visit(node[flatten]);
    }
  }
}

/** `node` as `walk` sees it, with every foldable `$if` replaced by its branch (DELETE: none). */
function fold(node: unknown, isDefined: (name: string) => boolean): unknown {
  if (Array.isArray(node)) {
    const out: unknown[] = [];
    for (const v of node) {
      const f = fold(v, isDefined);
      if (f !== DELETE) out.push(f);
    }
    return out;
  }
  if (!isNode(node)) return node;
  const names = foldableIf(node);
  if (names) {
    const branch = names.some(isDefined) ? 'then' : 'else';
    return Object.hasOwn(node, branch) ? fold(node[branch], isDefined) : DELETE;
  }
  if (!isPlain(node)) {
    const flatten = flattenKey(node);
    return flatten === null ? node : { [flatten]: fold(node[flatten], isDefined) };
  }
  const out: Node = {};
  for (const k of Object.keys(node)) {
    const f = fold(node[k], isDefined);
    if (f !== DELETE) out[k] = f;
  }
  return out;
}

interface Folding {
  /** Every name a folded condition tests, in a fixed order: the pattern key's positions. */
  names: string[];
  byPattern: Map<string, unknown>;
}
const foldings = new WeakMap<object, Folding | null>();

function foldingOf(template: object): Folding | null {
  let f = foldings.get(template);
  if (f === undefined) {
    const names = new Set<string>();
    const collect = (node: unknown): void => {
      if (isNode(node)) for (const n of foldableIf(node) ?? []) names.add(n);
      walk(node, collect);
    };
    collect(template);
    f = names.size > 0 ? { names: [...names], byPattern: new Map() } : null;
    foldings.set(template, f);
  }
  return f;
}

/**
 * `template` with its defined-only `$if`s decided by `isDefined` (what JSON-e's `defined` would
 * answer in the render's context). The same object is returned for the same presence pattern,
 * and `template` itself when it has no such `$if`.
 */
export function foldPresence(template: unknown, isDefined: (name: string) => boolean): unknown {
  if (typeof template !== 'object' || template === null) return template;
  const folding = foldingOf(template);
  if (!folding) return template;
  let pattern = '';
  for (const n of folding.names) pattern += isDefined(n) ? '1' : '0';
  let folded = folding.byPattern.get(pattern);
  if (folded === undefined) {
    const f = fold(template, isDefined);
    folded = f === DELETE ? null : f;
    if (folding.byPattern.size < MAX_PATTERNS) folding.byPattern.set(pattern, folded);
  }
  return folded;
}
