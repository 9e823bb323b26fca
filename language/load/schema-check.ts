/** Validate raw spec data against the spec language's schema (toolspec.schema.json) and turn Ajv errors into diagnostics. */
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { Diagnostic } from '../check/diagnostics.js';
import { getPointer, pointerTokens } from '../ir/json-pointer.js';
import { specValidator } from '../schema/spec-validator.js';
import type { YamlSource } from './yaml-source.js';

const CODES: Record<string, string> = {
  required: 'missing_field',
  additionalProperties: 'unknown_field',
  type: 'wrong_type',
  enum: 'bad_value',
  const: 'bad_value',
  oneOf: 'bad_value',
  anyOf: 'bad_value',
  pattern: 'bad_pattern',
  minItems: 'too_few',
  minLength: 'too_short',
  minimum: 'out_of_range',
  maximum: 'out_of_range',
  exclusiveMinimum: 'out_of_range',
  exclusiveMaximum: 'out_of_range',
  maxLength: 'too_long',
  'false schema': 'field_not_allowed',
};

function describe(e: ErrorObject): { pointer: string; message: string } {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return { pointer: e.instancePath, message: `missing required field "${String(p.missingProperty)}"` };
    case 'additionalProperties':
      return {
        pointer: `${e.instancePath}/${String(p.additionalProperty)}`,
        message: `unknown field "${String(p.additionalProperty)}"`,
      };
    case 'enum':
      return {
        pointer: e.instancePath,
        message: `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'const':
      return { pointer: e.instancePath, message: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'false schema':
      return {
        pointer: e.instancePath,
        message: `field "${e.instancePath.split('/').pop() ?? ''}" is not allowed here (it belongs to another kind, e.g. another auth type)`,
      };
    default:
      return { pointer: e.instancePath, message: e.message ?? e.keyword };
  }
}

/** A failed oneOf/anyOf, told as the values and types its branches would have accepted. */
function describeAlternatives(failed: ErrorObject, all: readonly ErrorObject[]): string {
  const branches = all.filter((b) => b !== failed && b.instancePath === failed.instancePath);
  const values = branches.flatMap((b) =>
    b.keyword === 'enum' ? ((b.params as { allowedValues: unknown[] }).allowedValues ?? []) : [],
  );
  const types = branches.flatMap((b) =>
    b.keyword === 'type' ? [String((b.params as { type: unknown }).type)] : [],
  );
  const parts: string[] = [];
  if (values.length > 0)
    parts.push(`one of ${[...new Set(values)].map((v) => JSON.stringify(v)).join(', ')}`);
  for (const t of new Set(types)) parts.push(`a valid ${t}`);
  return parts.length > 0
    ? `must be ${parts.join(' or ')}`
    : (failed.message ?? 'matches none of the allowed forms');
}

/**
 * What a pointer is about, as a reader names it: `tool.input field` for a place inside a tool
 * (`many_item_get.item_id type`, `many_item_get effects`), else the pointer itself.
 */
export function subject(data: unknown, pointer: string): string {
  const m = /^(\/(?:families\/\d+\/)?tools\/\d+)(\/.*)?$/.exec(pointer);
  if (!m) return pointer || '/';
  const tool = getPointer(data, m[1] ?? '') as { name?: unknown } | undefined;
  const name = typeof tool?.name === 'string' ? tool.name : (m[1] ?? '');
  const rest = [...pointerTokens(m[2] ?? '')];
  if (rest[0] === 'inputs' && rest[1] !== undefined) {
    const field = rest.slice(2).join('.');
    return `${name}.${rest[1]}${field ? ` ${field}` : ''}`;
  }
  return rest.length > 0 ? `${name} ${rest.join('.')}` : name;
}

export function checkAgainstSpecSchema(source: YamlSource, diagnostics: Diagnostic[]): boolean {
  if (specValidator(source.data)) return true;
  const errors = (specValidator.errors ?? []).filter((e) => e.keyword !== 'if');
  // Where a oneOf/anyOf failed, its branches' own errors at or below that point are noise.
  const alternatives = errors
    .filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')
    .map((e) => e.instancePath);
  const seen = new Set<string>();
  for (const e of errors) {
    const under = alternatives.some((a) => e.instancePath === a || e.instancePath.startsWith(`${a}/`));
    if (under && e.keyword !== 'oneOf' && e.keyword !== 'anyOf') continue;
    const described = describe(e);
    const { pointer } = described;
    const message =
      e.keyword === 'oneOf' || e.keyword === 'anyOf' ? describeAlternatives(e, errors) : described.message;
    const code = CODES[e.keyword] ?? 'schema_violation';
    const key = `${pointer}|${code}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    diagnostics.push({
      file: source.file,
      ...source.locate(pointer),
      pointer,
      severity: 'error',
      code,
      message: `${subject(source.data, pointer)}: ${message}`,
    });
  }
  return false;
}
