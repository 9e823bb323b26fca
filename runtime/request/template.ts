/**
 * Template evaluation in the call pipeline: every spec template (body, computed inputs, response
 * maps, SQL conditions) is compiled once into closures by the spec language
 * (language/template-compile.ts) and the compiled form is kept per template object, so a call
 * never parses an expression. Results and errors are exactly JSON-e's.
 */
import { compiledTemplate, evaluateTemplate } from '@toolspec/language';

type Vars = Readonly<Record<string, unknown>>;

/** Evaluate a spec template (a scalar template needs no compiling). */
export function evaluate(template: unknown, vars: Vars): unknown {
  if (template === null || typeof template !== 'object') return evaluateTemplate(template, vars);
  return compiledTemplate(template)(vars);
}

const conditions = new Map<string, object>();

/** Evaluate one expression (a SQL `when` condition), compiled once per expression text. */
export function evaluateExpression(expression: string, vars: Vars): unknown {
  let template = conditions.get(expression);
  if (!template) {
    template = { $eval: expression };
    conditions.set(expression, template);
  }
  return compiledTemplate(template)(vars);
}
