/**
 * Spec templates compiled once: each template becomes one generated function
 * (template-codegen.ts), or, where the platform refuses to create functions, closures
 * (template-closures.ts). JSON-e re-tokenises and re-parses every expression on every evaluation
 * and copies its whole context twice; a tool's templates never change, so the work is done once.
 *
 * `evaluateTemplate` (template.ts, JSON-e itself) stays the reference. The compiled forms cover
 * the operators specs use (`$eval`, `$if`/`then`/`else`, `$map`, `$flatten`, `${...}`
 * interpolation, `$$` escapes); a template using anything else, and every evaluation that fails,
 * is handed to the reference, so results and errors are always exactly JSON-e's.
 * test/spec/template-compile.test.ts checks both forms against it on every shipped template.
 */
import type { Scope } from './expression-compile.js';
import { evaluateTemplate } from './template.js';
import { compileClosures, DELETE, type Node, Unsupported } from './template-closures.js';
import { generateTemplate } from './template-codegen.js';

export type CompiledTemplate = (vars: Readonly<Record<string, unknown>>) => unknown;

/** The closures alone (null when they leave the template to JSON-e). */
function closuresOf(template: unknown): Node | null {
  try {
    return compileClosures(template);
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
}

/** A compiled root as a template of the variables. */
function rooted(root: Node): CompiledTemplate {
  return (vars) => {
    const s: Scope = { vars, bound: [], now: undefined, definedShadowed: undefined };
    const v = root(s);
    return v === DELETE ? null : v;
  };
}

/**
 * A compiled form alone, without the reference behind it: null when the template uses what the
 * compiled forms leave to JSON-e, and an evaluation that fails throws instead of asking JSON-e.
 * Tests use it to show that the compiled form, not the reference, gives the answers; `form`
 * picks one form (the default: the generated function, else the closures).
 */
export function compileStrict(
  template: unknown,
  form: 'best' | 'closures' | 'generated' = 'best',
): CompiledTemplate | null {
  const generated = form === 'closures' ? null : generateTemplate(template);
  if (generated !== null) return rooted(generated.evaluate);
  if (form === 'generated') return null;
  const closures = closuresOf(template);
  return closures === null ? null : rooted(closures);
}

/** A template compiled once; evaluating it gives exactly what `evaluateTemplate` gives. */
export function compileTemplate(template: unknown): CompiledTemplate {
  const compiled = compileStrict(template);
  if (compiled === null) return (vars) => evaluateTemplate(template, vars);
  return (vars) => {
    try {
      return compiled(vars);
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
