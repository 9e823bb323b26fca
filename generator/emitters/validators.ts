/**
 * Precompiled input/output validators per set (ajv standalone): `<set>/validators.ts`, a
 * TypeScript module holding Ajv's generated JavaScript (unchecked: `// @ts-nocheck`) with typed
 * exports, so plain `tsc` compiles it with the rest and bundlers follow it. Compiled with
 * `createAjv()`'s options, so verdicts equal the runtime-compiled ones; the runtime loads them
 * through its validator provider instead of compiling at start-up. What Ajv's code references at
 * run time (its runtime helpers, the formats) comes from `validatorRuntime` of @toolspec/runtime:
 * generated code imports no other package.
 */

import type { JsonSchema, ToolSetIR } from '@toolspec/language';
import { createAjv, schemaFingerprint } from '@toolspec/language';
import { _ } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { codeHeader } from '../provenance.js';
import { perSet } from '../sets.js';
import { type EmitOptions, type Emitter, type GeneratedFile, RUNTIME_PACKAGE } from '../types.js';
import { SCHEMA_ID_BASE, schemaPath } from './schemas.js';

type StandaloneCode = (ajv: ReturnType<typeof createAjv>, refs: Record<string, string>) => string;
// ajv's standalone entry is CommonJS: under NodeNext its default import is the module object in types only.
const standaloneCode = ((standaloneModule as unknown as { default?: unknown }).default ??
  standaloneModule) as StandaloneCode;

export const VALIDATORS_MODULE = 'validators.ts';

/** Ajv's runtime helpers that `validatorRuntime` (runtime/validate/generated.ts) provides. */
const RUNTIME_HELPERS = new Set(['ucs2length', 'equal', 'uri']);

/**
 * Ajv's standalone code, made a module of ours: its per-schema exports become locals (the typed
 * maps below are the exports), and each scope constant that `require`s an Ajv runtime helper (a
 * line of its own: `const func0 = require("ajv/dist/runtime/ucs2length").default;`) reads it from
 * `validatorRuntime` instead. Any other such `require` would be a dependency generated code does
 * not declare: it fails the generation. (Spec text only ever appears inside string literals, so
 * no spec can make a line of its own.)
 */
export function asModuleCode(code: string, set: string): string {
  const out = code
    .replace(/^"use strict";\n?/, '')
    .replace(/^export const (\w+) = (validate\d+);$/gm, 'const $1 = $2;')
    .replace(/^const (\w+) = require\("ajv\/dist\/runtime\/(\w+)"\)\.default;$/gm, (line, name, helper) =>
      RUNTIME_HELPERS.has(helper) ? `const ${name} = validatorRuntime.${helper};` : line,
    );
  const left = /^const \w+ = require\(.*$/m.exec(out);
  if (left)
    throw new Error(
      `validators of set ${set}: Ajv's code needs a module @toolspec/runtime does not provide: ${left[0].slice(0, 200)}`,
    );
  return out;
}

const ident = (kind: string, tool: string): string => `${kind}_${tool.replace(/[^A-Za-z0-9_$]/g, '_')}`;

export function setValidators(set: ToolSetIR, options: EmitOptions): string {
  // Same validation options as the runtime's createAjv(); only code-generation settings differ.
  // The schemas were checked by the spec lint and the conformance rules, so they are not re-validated here,
  // and Ajv's code optimiser (a third of the cost) is off: it changes the code's shape, never a verdict.
  const ajv = createAjv({
    validateSchema: false,
    code: {
      source: true,
      esm: true,
      lines: true,
      optimize: false,
      formats: _`validatorRuntime.formats`,
    },
  });
  const exports: Record<string, string> = {};
  // Identical schemas (family instances) share one compiled function.
  const compiled = new Map<string, string>();
  const validatorFor = (kind: 'input' | 'output', tool: string, schema: JsonSchema): string => {
    const text = JSON.stringify(schema);
    const known = compiled.get(text);
    if (known) return known;
    const name = ident(kind, tool);
    const id = `${SCHEMA_ID_BASE}/${schemaPath(set.name, tool, kind)}`;
    ajv.addSchema({ ...schema, $id: id });
    exports[name] = id;
    compiled.set(text, name);
    return name;
  };
  const inputs: string[] = [];
  const outputs: string[] = [];
  const fingerprints: string[] = [];
  const outputFingerprints: string[] = [];
  for (const tool of set.tools) {
    const key = JSON.stringify(tool.name);
    inputs.push(`  ${key}: ${validatorFor('input', tool.name, tool.inputSchema)},`);
    fingerprints.push(`  ${key}: ${JSON.stringify(schemaFingerprint(tool.inputSchema))},`);
    if (tool.response.schema)
      outputs.push(`  ${key}: ${validatorFor('output', tool.name, tool.response.schema)},`);
  }
  const code = asModuleCode(standaloneCode(ajv, exports), set.name);
  return [
    codeHeader([set.source], options, [
      'Precompiled validators (ajv standalone, JSON Schema 2020-12): generated JavaScript, not type-checked;',
      'its exports at the end are typed.',
    ]),
    '// @ts-nocheck',
    `import { type CompiledValidate, validatorRuntime } from '${RUNTIME_PACKAGE}';`,
    code.trimEnd(),
    '',
    '/** Input validators by tool name: the same verdicts and errors as compiling the schema with `createAjv()`. */',
    `export const inputValidators: Readonly<Record<string, CompiledValidate>> = Object.freeze({\n${inputs.join('\n')}\n});`,
    '/** Output validators by tool name (tools with a declared output schema). */',
    `export const outputValidators: Readonly<Record<string, CompiledValidate>> = Object.freeze({\n${outputs.join('\n')}\n});`,
    '/** Fingerprint of the input schema each validator was compiled from (a changed schema is compiled afresh). */',
    `export const inputFingerprints: Readonly<Record<string, string>> = Object.freeze({\n${fingerprints.join('\n')}\n});`,
    '/** Fingerprint of the output schema each output validator was compiled from. */',
    `export const outputFingerprints: Readonly<Record<string, string>> = Object.freeze({\n${outputFingerprints.join('\n')}\n});`,
    '',
  ].join('\n');
}

export const validatorsEmitter: Emitter = {
  name: 'validators',
  summary: '<set>/validators.ts: precompiled ajv standalone validators',
  emit: (ir, options) =>
    perSet(ir, (set): GeneratedFile[] => [
      { path: `${set.name}/${VALIDATORS_MODULE}`, contents: setValidators(set, options) },
    ]),
};
