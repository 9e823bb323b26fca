/**
 * The helper vocabulary of templates: named, pure functions of JSON data that bodies, computed
 * inputs, response maps and rules call (`rich_text(text)`), and that one-argument helpers lend to
 * inputs as `transform`s. The built-in helpers are grouped by vendor family (core, notion, graph,
 * snowflake); a user adds helpers of their own (`helpers:` modules named by a spec, or
 * `loadSpecs(files, {helpers})` / `createToolkit({helpers})`), checked here like the built-ins.
 */

type Json = unknown;

export interface Helper {
  readonly description: string;
  /** Most arguments it takes; a helper of arity 1 may also be used as an input transform. */
  readonly arity: number;
  readonly fn: (...args: Json[]) => Json;
}

/** Helpers by the name templates call them with. */
export type Helpers = Readonly<Record<string, Helper>>;

/** JSON-e's own built-in functions, which templates may also call. */
export const JSONE_BUILTINS: ReadonlySet<string> = new Set([
  'min',
  'max',
  'sqrt',
  'ceil',
  'floor',
  'abs',
  'lowercase',
  'uppercase',
  'len',
  'str',
  'number',
  'strip',
  'lstrip',
  'rstrip',
  'join',
  'split',
  'range',
  'typeof',
  'defined',
  'fromNow',
]);

/** Words JSON-e's expressions reserve, and names its context may not take. */
const RESERVED = new Set(['true', 'false', 'null', 'in', 'now', 'each', 'by']);
const NAME = /^[a-z][a-z0-9_]*$/;
const MAX_ARITY = 8;

export class HelperError extends Error {
  override name = 'HelperError';
}

/** A JSON value (what a helper must return): no functions, symbols, undefined, non-finite numbers, cycles or class instances. */
function jsonProblem(value: unknown, seen: Set<object> = new Set()): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `the number ${value}`;
  if (typeof value !== 'object') return `a value of type ${typeof value}`;
  if (seen.has(value)) return 'a cycle';
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return 'an instance of a class';
  seen.add(value);
  for (const v of Object.values(value)) {
    const p = jsonProblem(v, seen);
    if (p !== null) return p;
  }
  seen.delete(value);
  return null;
}

/**
 * A helper from outside the product, held to what the built-ins promise: it is called with at
 * most `arity` arguments, each a copy (a helper cannot change the caller's data), and what it
 * returns must be JSON.
 */
function guarded(name: string, helper: Helper): Helper {
  const { fn, arity } = helper;
  return Object.freeze({
    description: helper.description,
    arity,
    fn: (...args: Json[]): Json => {
      if (args.length > arity)
        throw new HelperError(`helper ${name} takes at most ${arity} argument(s), got ${args.length}`);
      const out = fn(...args.map((a) => (a !== null && typeof a === 'object' ? structuredClone(a) : a)));
      const problem = jsonProblem(out);
      if (problem !== null) throw new HelperError(`helper ${name} returned ${problem}, not JSON`);
      return out;
    },
  });
}

/** Registries `checkHelpers` returned (and merges of them): already checked and guarded. */
const CHECKED = new WeakSet<object>();

/** No helpers of the user's own. */
export const NO_HELPERS: Helpers = Object.freeze({});
CHECKED.add(NO_HELPERS);

/**
 * Check helpers from outside the product (`source` names where they come from in messages) and
 * return them guarded and frozen: each name a lower-case identifier (`slugify`, `to_cents`) that
 * is no JSON-e builtin or reserved word and no name of `taken` (the built-ins: a user helper
 * never replaces a vetted one), a description, an integer arity of 0 to 8, a function.
 */
export function checkHelpers(helpers: unknown, source: string, taken: Helpers): Helpers {
  if (CHECKED.has(helpers as object)) return helpers as Helpers;
  if (helpers === null || typeof helpers !== 'object' || Array.isArray(helpers))
    throw new HelperError(`${source}: helpers must be an object of {name: {description, arity, fn}}`);
  const out: Record<string, Helper> = {};
  for (const [name, h] of Object.entries(helpers)) {
    const where = `${source}: helper "${name}"`;
    if (!NAME.test(name))
      throw new HelperError(`${where}: a name is lower-case letters, digits and _ (starting with a letter)`);
    if (JSONE_BUILTINS.has(name) || RESERVED.has(name))
      throw new HelperError(`${where}: the name is JSON-e's own (a builtin or reserved word)`);
    if (Object.hasOwn(taken, name)) throw new HelperError(`${where}: a built-in helper has that name`);
    const { description, arity, fn } = (h ?? {}) as Partial<Helper>;
    if (typeof fn !== 'function') throw new HelperError(`${where}: fn must be a function`);
    if (typeof description !== 'string' || description.trim() === '')
      throw new HelperError(
        `${where}: description must be a non-empty string (what it does, for spec authors)`,
      );
    if (typeof arity !== 'number' || !Number.isInteger(arity) || arity < 0 || arity > MAX_ARITY)
      throw new HelperError(`${where}: arity must be an integer from 0 to ${MAX_ARITY}`);
    out[name] = guarded(name, { description, arity, fn });
  }
  const checked = Object.freeze(out);
  CHECKED.add(checked);
  return checked;
}

/** `base` and `extra` together (names already checked distinct by `checkHelpers`). */
export function withHelpers(base: Helpers, extra: Helpers | undefined): Helpers {
  if (!extra || Object.keys(extra).length === 0) return base;
  if (Object.keys(base).length === 0) return extra;
  for (const name of Object.keys(extra))
    if (Object.hasOwn(base, name)) throw new HelperError(`helper "${name}" is defined twice`);
  const merged = Object.freeze({ ...base, ...extra });
  if (CHECKED.has(base) && CHECKED.has(extra)) CHECKED.add(merged);
  return merged;
}

/** Whether `name` is a helper that may serve as an input transform (one argument). */
export function isTransform(helpers: Helpers, name: string): boolean {
  return helpers[name]?.arity === 1;
}

const contexts = new WeakMap<Helpers, Readonly<Record<string, (...args: Json[]) => Json>>>();

/** The helpers as a JSON-e context fragment (made once per registry). */
export function helperContext(helpers: Helpers): Readonly<Record<string, (...args: Json[]) => Json>> {
  let c = contexts.get(helpers);
  if (!c) {
    c = Object.freeze(Object.fromEntries(Object.entries(helpers).map(([k, h]) => [k, h.fn])));
    contexts.set(helpers, c);
  }
  return c;
}
