/**
 * Conformance rules strict agent clients enforce on a tool's input schema, as a typed registry.
 * `error` rules are hard limits (the generate check fails); `strict` rules are OpenAI strict-mode
 * requirements, met by the emitted strict variant instead; `warning` rules are only reported.
 */

import type { JsonSchema, JsonValue } from '@toolspec/language';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { isSchemaObject, type SchemaNode, walkSchema } from '../schema-walk.js';
import {
  isClosedObject,
  isObjectSchema,
  ROOT_FORBIDDEN,
  STRICT_FORMATS,
  STRICT_KEYWORDS,
  typesOf,
} from './strict.js';

export type RuleSeverity = 'error' | 'strict' | 'warning';

export interface Violation {
  readonly rule: string;
  readonly severity: RuleSeverity;
  /** JSON pointer into the input schema ('' = the root, or the tool name for name rules). */
  readonly pointer: string;
  readonly message: string;
}

export interface RuleSubject {
  readonly name: string;
  readonly schema: JsonSchema;
  readonly ajv: Ajv2020;
}

export interface Rule {
  readonly id: string;
  readonly severity: RuleSeverity;
  /** Which client profile asks for it. */
  readonly profile: 'mcp' | 'openai-strict' | 'clients';
  readonly summary: string;
  check(subject: RuleSubject): Omit<Violation, 'rule' | 'severity'>[];
}

const NAME_PATTERN = /^[a-zA-Z0-9_-]+$/;
const MAX_NAME = 64;
/** Annotations strict mode tolerates being absent from its list (they carry no validation). */
const ANNOTATIONS = new Set([
  '$schema',
  '$id',
  '$comment',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/** A value meant to be an array (possibly null), as opposed to a union standing for any JSON value. */
const isArraySchema = (node: SchemaNode): boolean => {
  const t = typesOf(node).filter((x) => x !== 'null');
  return t.length === 1 && t[0] === 'array';
};

type Visit = Parameters<typeof walkSchema>[1];

/** Each schema's nodes (with pointer and parent keyword) in walk order, walked once for all the rules. */
const walked = new WeakMap<object, Parameters<Visit>[]>();

function nodes(schema: JsonValue, visit: Visit): void {
  let list = isSchemaObject(schema) ? walked.get(schema) : undefined;
  if (!list) {
    const found: Parameters<Visit>[] = [];
    walkSchema(schema, (...node) => {
      found.push(node);
    });
    if (isSchemaObject(schema)) walked.set(schema, found);
    list = found;
  }
  for (const node of list) visit(...node);
}

export const RULES: readonly Rule[] = [
  {
    id: 'name-length',
    severity: 'error',
    profile: 'clients',
    summary: `Tool names are at most ${MAX_NAME} characters.`,
    check: ({ name }) =>
      name.length > MAX_NAME
        ? [{ pointer: '', message: `name has ${name.length} characters (max ${MAX_NAME})` }]
        : [],
  },
  {
    id: 'name-pattern',
    severity: 'error',
    profile: 'clients',
    summary: 'Tool names match ^[a-zA-Z0-9_-]+$.',
    check: ({ name }) =>
      NAME_PATTERN.test(name)
        ? []
        : [{ pointer: '', message: `name "${name}" does not match ${NAME_PATTERN.source}` }],
  },
  {
    id: 'schema-valid',
    severity: 'error',
    profile: 'mcp',
    summary: 'The input schema is a valid JSON Schema 2020-12 document.',
    check: ({ schema, ajv }) => {
      if (ajv.validateSchema(schema as object)) return [];
      return (ajv.errors ?? []).map((e) => ({
        pointer: e.instancePath,
        message: `invalid schema: ${e.message ?? e.keyword}`,
      }));
    },
  },
  {
    id: 'root-object',
    severity: 'error',
    profile: 'mcp',
    summary: 'The input schema is an object schema (type: object).',
    check: ({ schema }) =>
      schema.type === 'object' ? [] : [{ pointer: '', message: 'root type is not "object"' }],
  },
  {
    id: 'array-items',
    severity: 'error',
    profile: 'clients',
    summary: 'Every array schema (type `array`, or `array` + `null`) declares `items`.',
    check: ({ schema }) => {
      const out: { pointer: string; message: string }[] = [];
      nodes(schema, (node, pointer) => {
        if (isArraySchema(node) && !isSchemaObject(node.items))
          out.push({ pointer, message: 'array without `items`' });
      });
      return out;
    },
  },
  {
    id: 'union-array-items',
    severity: 'warning',
    profile: 'clients',
    summary:
      'A type union that admits arrays among other types (any JSON value) declares `items`; some clients reject it.',
    check: ({ schema }) => {
      const out: { pointer: string; message: string }[] = [];
      nodes(schema, (node, pointer) => {
        if (typesOf(node).includes('array') && !isArraySchema(node) && !isSchemaObject(node.items)) {
          out.push({
            pointer,
            message: `type union ${JSON.stringify(node.type)} admits arrays without \`items\``,
          });
        }
      });
      return out;
    },
  },
  {
    id: 'no-external-ref',
    severity: 'error',
    profile: 'clients',
    summary: 'Only local `$ref`s (`#...`).',
    check: ({ schema }) => {
      const out: { pointer: string; message: string }[] = [];
      nodes(schema, (node, pointer) => {
        for (const k of ['$ref', '$dynamicRef']) {
          const ref = node[k];
          if (typeof ref === 'string' && !ref.startsWith('#'))
            out.push({ pointer, message: `external ${k} "${ref}"` });
        }
      });
      return out;
    },
  },
  {
    id: 'strict-root-composition',
    severity: 'strict',
    profile: 'openai-strict',
    summary: `No ${ROOT_FORBIDDEN.join('/')} at the root.`,
    check: ({ schema }) =>
      ROOT_FORBIDDEN.filter((k) => k in schema).map((k) => ({
        pointer: `/${k}`,
        message: `\`${k}\` at the root`,
      })),
  },
  {
    id: 'strict-closed-objects',
    severity: 'strict',
    profile: 'openai-strict',
    summary: 'Every object schema has named properties and `additionalProperties: false`.',
    check: ({ schema }) => {
      const out: { pointer: string; message: string }[] = [];
      nodes(schema, (node, pointer) => {
        if (!isObjectSchema(node)) return;
        if (!isClosedObject(node) && pointer !== '')
          out.push({ pointer, message: 'free-form object (no properties)' });
        else if (node.additionalProperties !== false)
          out.push({ pointer, message: '`additionalProperties` is not false' });
      });
      return out;
    },
  },
  {
    id: 'strict-all-required',
    severity: 'strict',
    profile: 'openai-strict',
    summary: 'Every property is required (optional ones become nullable in the variant).',
    check: ({ schema }) => {
      const out: { pointer: string; message: string }[] = [];
      nodes(schema, (node, pointer) => {
        if (!isSchemaObject(node.properties)) return;
        const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
        const optional = Object.keys(node.properties).filter((k) => !required.has(k));
        if (optional.length > 0)
          out.push({ pointer, message: `optional properties: ${optional.join(', ')}` });
      });
      return out;
    },
  },
  {
    id: 'strict-keywords',
    severity: 'strict',
    profile: 'openai-strict',
    summary:
      'Only keywords strict mode supports (no allOf, oneOf, not, if/then/else, minLength, default, ...).',
    check: ({ schema }) => {
      const out: { pointer: string; message: string }[] = [];
      nodes(schema, (node, pointer) => {
        const bad = Object.keys(node).filter((k) => !STRICT_KEYWORDS.has(k) && !ANNOTATIONS.has(k));
        if (bad.length > 0) out.push({ pointer, message: `unsupported keywords: ${bad.sort().join(', ')}` });
        if (typeof node.format === 'string' && !STRICT_FORMATS.has(node.format)) {
          out.push({ pointer, message: `unsupported format "${node.format}"` });
        }
      });
      return out;
    },
  },
  {
    id: 'strict-typed',
    severity: 'strict',
    profile: 'openai-strict',
    summary: 'Every value schema says what it is (type, enum, const, anyOf or $ref).',
    check: ({ schema }) => {
      const out: { pointer: string; message: string }[] = [];
      nodes(schema, (node, pointer, parent) => {
        if (parent !== 'properties' && parent !== 'items') return;
        if (!['type', 'enum', 'const', 'anyOf', 'oneOf', '$ref', 'properties'].some((k) => k in node)) {
          out.push({ pointer, message: 'untyped value (any JSON)' });
        }
      });
      return out;
    },
  },
];
