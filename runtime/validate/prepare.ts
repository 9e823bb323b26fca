/**
 * Caller input -> validated input: coerce what agents commonly get wrong, refuse computed
 * inputs, validate against the tool's public schema, enforce version floors. Every problem is
 * collected; the error names the tool, each field and what was expected. Nothing is sent after
 * a failure here.
 */

import { applyCoercions } from '@toolspec/language';
import { type InputIssue, ToolError } from '../errors.js';
import type { ToolPlan } from '../request/plan.js';
import type { InputValidator } from './provider.js';

export function inputError(tool: string, issues: readonly InputIssue[]): ToolError {
  const first = issues[0] as InputIssue;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem(s), see issues)` : '';
  return new ToolError({
    code: 'invalid_input',
    tool,
    field: first.field,
    expected: first.expected,
    message: `${tool}: invalid input "${first.field}": expected ${first.expected ?? first.message}${more}`,
    hint: 'Fix the listed input fields and call again; nothing was sent.',
    issues,
  });
}

/** Deepest nesting of objects and arrays an input may have (tool schemas nest about 10 levels). */
export const MAX_INPUT_DEPTH = 64;

const isNested = (v: unknown): v is object => v !== null && typeof v === 'object';

/**
 * Whether the object or array `v` nests deeper than MAX_INPUT_DEPTH below `depth` (recursion stops
 * there: no stack to overflow). Only objects and arrays are visited; other values are tested in place.
 */
function nestsTooDeep(v: object, depth: number): boolean {
  if (depth > MAX_INPUT_DEPTH) return true;
  if (Array.isArray(v)) {
    for (const child of v) if (isNested(child) && nestsTooDeep(child, depth + 1)) return true;
  } else
    for (const k in v) {
      const child = (v as Record<string, unknown>)[k];
      if (isNested(child) && nestsTooDeep(child, depth + 1)) return true;
    }
  return false;
}

/** The top-level field where the input nests deeper than MAX_INPUT_DEPTH, or null. */
function tooDeep(input: Record<string, unknown>): string | null {
  for (const k in input) {
    const v = input[k];
    if (isNested(v) && nestsTooDeep(v, 1)) return k;
  }
  return null;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function prepareInput(
  plan: ToolPlan,
  validate: InputValidator,
  raw: unknown,
): Record<string, unknown> {
  const tool = plan.tool.name;
  let input: Record<string, unknown>;
  if (raw === undefined || raw === null) input = {};
  else if (typeof raw === 'string' && raw.trim().startsWith('{')) {
    try {
      input = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      input = raw as unknown as Record<string, unknown>;
    }
  } else input = raw as Record<string, unknown>;
  if (!isPlainObject(input)) {
    throw inputError(tool, [
      { field: '(input)', message: 'input is not an object', expected: 'a JSON object of named inputs' },
    ]);
  }
  const issues: InputIssue[] = [];
  if (plan.computedNames.size > 0) {
    let stripped: Record<string, unknown> | null = null;
    for (const name of plan.computedNames) {
      if (name in input) {
        issues.push({
          field: name,
          message: `${name} is computed by the executor and cannot be supplied`,
          expected: 'no value: this input is computed by the executor from the other inputs',
        });
        stripped ??= { ...input };
        delete stripped[name];
      }
    }
    if (stripped) input = stripped;
  }
  input = applyCoercions(plan.coercions, input);
  // Checked after the coercions: a field given as JSON text is nested only once it is decoded.
  const deep = tooDeep(input);
  if (deep !== null) {
    throw inputError(tool, [
      {
        field: deep,
        message: `nested more than ${MAX_INPUT_DEPTH} levels deep`,
        expected: `a value nested at most ${MAX_INPUT_DEPTH} levels deep`,
      },
    ]);
  }
  const problems = validate(input);
  if (problems) issues.push(...problems);
  for (const v of plan.versionInputs) {
    const value = input[v.name];
    if (v.minVersion !== null && typeof value === 'string' && value < v.minVersion) {
      issues.push({
        field: v.name,
        message: `version ${value} is older than ${v.minVersion}`,
        expected: `a version >= ${v.minVersion}`,
      });
    }
  }
  if (issues.length > 0) throw inputError(tool, issues);
  return input;
}
