/**
 * Template evaluation in the call pipeline: every spec template (body, computed inputs, response
 * maps, paging expressions, error rules, SQL conditions) is evaluated by JSON-e itself
 * (`evaluateTemplate` of the spec language), with the vetted helpers in its context.
 */
import { evaluateTemplate, type Helpers } from '@toolspec/language';

type Vars = Readonly<Record<string, unknown>>;

/** Evaluate a spec template with the tool's helpers (`ToolPlan.helpers`). */
export const evaluate = (template: unknown, vars: Vars, helpers: Helpers): unknown =>
  evaluateTemplate(template, vars, helpers);

/** Evaluate one expression (a SQL `when` condition). */
export const evaluateExpression = (expression: string, vars: Vars, helpers: Helpers): unknown =>
  evaluateTemplate({ $eval: expression }, vars, helpers);
