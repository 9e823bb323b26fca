/**
 * Input validation behind a small provider interface. The default provider compiles each
 * tool's public input schema with Ajv on first use and caches it; a generated catalog can
 * plug in precompiled (ajv standalone) validators instead, so nothing compiles at start-up.
 */

import type { ToolIR } from '@toolspec/language';
import { createAjv } from '@toolspec/language';
import type { ErrorObject } from 'ajv';
import type { InputIssue } from '../errors.js';

/** Returns the problems with an input, or null when it is valid. */
export type InputValidator = (input: unknown) => readonly InputIssue[] | null;

export interface ValidatorProvider {
  validatorFor(tool: ToolIR): InputValidator;
}

/** The shape of an Ajv (or ajv-standalone) validate function. */
export interface CompiledValidate {
  (data: unknown): boolean;
  errors?: readonly ErrorObject[] | null | undefined;
}

function fieldOf(e: ErrorObject): string {
  const base = e.instancePath.replace(/^\//, '');
  const params = e.params as Record<string, unknown>;
  const extra =
    e.keyword === 'required'
      ? params.missingProperty
      : e.keyword === 'additionalProperties'
        ? params.additionalProperty
        : e.keyword === 'dependentRequired'
          ? params.missingProperty
          : undefined;
  if (typeof extra === 'string') return base ? `${base}/${extra}` : extra;
  return base || '(input)';
}

function expectedOf(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return 'a value (required)';
    case 'additionalProperties':
      return 'no such input (unknown field)';
    case 'type':
      return `a value of type ${String(p.type)}`;
    case 'enum':
      return `one of ${JSON.stringify(p.allowedValues)}`;
    case 'const':
      return `the value ${JSON.stringify(p.allowedValue)}`;
    case 'format':
      return `a string in ${String(p.format)} format`;
    case 'pattern':
      return `a string matching ${String(p.pattern)}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties':
      return `${e.keyword} ${String(p.limit)}`;
    case 'oneOf':
      return 'exactly one of the alternative input combinations';
    case 'anyOf':
      return 'at least one of the alternative input combinations';
    case 'dependentRequired':
      return `${String(p.missingProperty)} together with ${String(p.property)}`;
    case 'not':
      return 'a value of another form: this one is excluded here (see the field description)';
    case 'false schema':
      return 'no value here (this field is not allowed in this combination)';
    case 'multipleOf':
      return `a multiple of ${String(p.multipleOf)}`;
    case 'uniqueItems':
      return 'a list without duplicate items';
    case 'propertyNames':
      return `member names of the allowed form (${String(p.propertyName)} is not)`;
    case 'contains':
    case 'minContains':
      return 'a list holding at least one item of the described form';
    case 'unevaluatedProperties':
      return 'no such member (unknown field)';
    default:
      return e.message ?? e.keyword;
  }
}

/** Ajv errors -> input issues (one per problem; the `if` wrapper errors are dropped as noise). */
export function issuesFromAjv(errors: readonly ErrorObject[] | null | undefined): InputIssue[] {
  const out: InputIssue[] = [];
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    if (e.keyword === 'if') continue;
    const field = fieldOf(e);
    const expected = expectedOf(e);
    const key = `${field}\u0000${expected}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // Ajv's own text for some keywords reads as a riddle ("must NOT be valid"): say what was expected.
    const message =
      e.keyword === 'not' || e.keyword === 'false schema' ? `expected ${expected}` : (e.message ?? e.keyword);
    out.push({ field, message, expected });
  }
  return out;
}

export function validatorFromCompiled(fn: CompiledValidate): InputValidator {
  return (input) => (fn(input) ? null : issuesFromAjv(fn.errors));
}

/** Compiles each tool's schema once, on first use. */
export function ajvValidatorProvider(): ValidatorProvider {
  const ajv = createAjv({ logger: false });
  const cache = new Map<string, InputValidator>();
  return {
    validatorFor(tool) {
      let v = cache.get(tool.name);
      if (!v) {
        v = validatorFromCompiled(ajv.compile(tool.inputSchema as object) as CompiledValidate);
        cache.set(tool.name, v);
      }
      return v;
    },
  };
}

/**
 * Precompiled validators by tool name (e.g. the generated ajv-standalone modules); tools
 * without one fall back to `fallback` (default: compile with Ajv on first use).
 */
export function precompiledValidatorProvider(
  validators: Readonly<Record<string, CompiledValidate>>,
  fallback: ValidatorProvider = ajvValidatorProvider(),
): ValidatorProvider {
  const cache = new Map<string, InputValidator>();
  return {
    validatorFor(tool) {
      let v = cache.get(tool.name);
      if (!v) {
        const fn = validators[tool.name];
        v = fn ? validatorFromCompiled(fn) : fallback.validatorFor(tool);
        cache.set(tool.name, v);
      }
      return v;
    },
  };
}
