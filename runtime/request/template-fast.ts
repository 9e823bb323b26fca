/**
 * A compiled fast path for the common, simple JSON-e templates (literals, objects, arrays,
 * `$eval` of a plain path such as `body.results` or `body["@odata.nextLink"]`, and `$if` on
 * `defined("x")`). Anything else, and any value the fast path cannot read exactly as JSON-e
 * would (a missing property, a non-object on the way), falls back to the full JSON-e
 * evaluation, so results and errors are always JSON-e's. Compiled once per template object.
 */
import { evaluateTemplate } from '@toolspec/language';

type Vars = Readonly<Record<string, unknown>>;
/** Returns the value, DELETE (a `$if` without `else` that was false), or MISS (fall back). */
type Fast = (vars: Vars) => unknown;

const MISS = Symbol('miss');
const DELETE = Symbol('delete');

const IDENT = '[A-Za-z_][A-Za-z0-9_]*';
const PATH = new RegExp(`^${IDENT}(?:\\.${IDENT}|\\["[^"\\\\]*"\\]|\\[\\d+\\])*$`);
const STEP = new RegExp(`\\.(${IDENT})|\\["([^"\\\\]*)"\\]|\\[(\\d+)\\]`, 'g');
/** `defined("x")` or `!(defined("x"))` (JSON-e reads `!defined("x")` as `(!defined)("x")`, an error: left to JSON-e). */
const DEFINED =
  /^(?:defined\(\s*"([A-Za-z_][A-Za-z0-9_]*)"\s*\)|(!)\(\s*defined\(\s*"([A-Za-z_][A-Za-z0-9_]*)"\s*\)\s*\))$/;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function compilePath(expr: string): Fast | null {
  const e = expr.trim();
  if (!PATH.test(e)) return null;
  const root = (/^[A-Za-z_][A-Za-z0-9_]*/.exec(e) as RegExpExecArray)[0];
  const steps: (string | number)[] = [];
  for (const m of e.slice(root.length).matchAll(STEP)) {
    steps.push(m[1] ?? (m[2] !== undefined ? m[2] : Number(m[3])));
  }
  return (vars) => {
    if (!Object.hasOwn(vars, root)) return MISS;
    let cur = vars[root];
    for (const s of steps) {
      if (typeof s === 'number') {
        if (!Array.isArray(cur) || s >= cur.length) return MISS;
        cur = cur[s];
      } else {
        if (!isPlainObject(cur) || !Object.hasOwn(cur, s)) return MISS;
        cur = cur[s];
      }
    }
    return cur === undefined || typeof cur === 'function' ? MISS : cur;
  };
}

function compileNode(t: unknown): Fast | null {
  if (t === null || typeof t === 'number' || typeof t === 'boolean') return () => t;
  if (typeof t === 'string') return t.includes('${') ? null : () => t;
  if (Array.isArray(t)) {
    const items = t.map(compileNode);
    if (items.some((i) => i === null)) return null;
    const fns = items as Fast[];
    return (vars) => {
      const out: unknown[] = [];
      for (const f of fns) {
        const v = f(vars);
        if (v === MISS) return MISS;
        if (v !== DELETE) out.push(v);
      }
      return out;
    };
  }
  if (!isPlainObject(t)) return null;
  const keys = Object.keys(t);
  if (keys.length === 1 && keys[0] === '$eval' && typeof t.$eval === 'string') return compilePath(t.$eval);
  if (keys.includes('$if')) {
    if (typeof t.$if !== 'string' || keys.some((k) => k !== '$if' && k !== 'then' && k !== 'else'))
      return null;
    const m = DEFINED.exec(t.$if.trim());
    if (!m) return null;
    const negate = m[2] === '!';
    const name = (m[1] ?? m[3]) as string;
    const then = 'then' in t ? compileNode(t.then) : () => DELETE;
    const otherwise = 'else' in t ? compileNode(t.else) : () => DELETE;
    if (!then || !otherwise) return null;
    return (vars) => ((vars[name] !== undefined) !== negate ? then(vars) : otherwise(vars));
  }
  if (keys.some((k) => k.startsWith('$'))) return null;
  const entries = keys.map((k) => [k, compileNode(t[k])] as const);
  if (entries.some(([, f]) => f === null)) return null;
  const fns = entries as unknown as readonly (readonly [string, Fast])[];
  return (vars) => {
    const out: Record<string, unknown> = {};
    for (const [k, f] of fns) {
      const v = f(vars);
      if (v === MISS) return MISS;
      if (v !== DELETE) out[k] = v;
    }
    return out;
  };
}

const compiled = new WeakMap<object, Fast | null>();

/** JSON-e evaluation with the compiled fast path where it applies. */
export function evaluate(template: unknown, vars: Vars): unknown {
  if (template === null || typeof template !== 'object') return evaluateTemplate(template, vars);
  let fast = compiled.get(template);
  if (fast === undefined) {
    fast = compileNode(template);
    compiled.set(template, fast);
  }
  if (fast !== null) {
    const v = fast(vars);
    if (v === DELETE) return null;
    if (v !== MISS) return v;
  }
  return evaluateTemplate(template, vars);
}
