/** Conformance of one tool: rule violations, the strict variant when needed, approximate token sizes. */

import type { JsonSchema, ToolIR } from '@toolspec/language';
import { advertisedInput, createAjv } from '@toolspec/language';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { SchemaNode } from '../schema-walk.js';
import { RULES, type Violation } from './rules.js';
import { strictVariant } from './strict.js';

export interface ToolConformance {
  readonly name: string;
  /** Approximate tokens the tool costs in a client's context (see TOKEN_METHOD). */
  readonly approxTokens: number;
  readonly violations: readonly Violation[];
  /** The strict-mode variant, when the plain schema does not conform to strict mode. */
  readonly strictSchema: SchemaNode | null;
  readonly strictApproxTokens: number | null;
  /** Strict-mode violations left in the variant (empty when the variant conforms). */
  readonly strictResidue: readonly Violation[];
}

export const TOKEN_METHOD =
  'approxTokens = ceil(characters of the compact JSON {name, description, inputSchema} / 4); a rough rule of thumb, not a tokenizer.';

export function approxTokens(name: string, description: string, schema: JsonSchema): number {
  return Math.ceil(JSON.stringify({ name, description, inputSchema: schema }).length / 4);
}

export function checkSchema(name: string, schema: JsonSchema, ajv: Ajv2020): Violation[] {
  const out: Violation[] = [];
  for (const rule of RULES) {
    for (const v of rule.check({ name, schema, ajv }))
      out.push({ rule: rule.id, severity: rule.severity, ...v });
  }
  return out;
}

let sharedAjv: Ajv2020 | null = null;
const cache = new WeakMap<ToolIR, ToolConformance>();

export function analyzeTool(tool: ToolIR): ToolConformance {
  const hit = cache.get(tool);
  if (hit) return hit;
  // Ajv's code optimiser changes the shape of the meta-schema validator's code, never a verdict;
  // without it, compiling the meta-schema (the first check) costs half as much.
  sharedAjv ??= createAjv({ code: { optimize: false } });
  // What clients see is the advertised (flat) schema, so that is what is checked.
  const advertised = advertisedInput(tool).schema;
  const violations = checkSchema(tool.name, advertised, sharedAjv);
  const needsVariant = violations.some((v) => v.severity === 'strict');
  const strictSchema = needsVariant ? strictVariant(advertised) : null;
  const residue = strictSchema
    ? checkSchema(tool.name, strictSchema, sharedAjv).filter((v) => v.severity === 'strict')
    : [];
  const result: ToolConformance = {
    name: tool.name,
    approxTokens: approxTokens(tool.name, tool.description, advertised),
    violations,
    strictSchema,
    strictApproxTokens: strictSchema ? approxTokens(tool.name, tool.description, strictSchema) : null,
    strictResidue: residue,
  };
  cache.set(tool, result);
  return result;
}
