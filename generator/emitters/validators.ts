/**
 * Precompiled input/output validators per set (ajv standalone, ESM): `<set>/validators.js` plus
 * its `.d.ts`. Compiled with `createAjv()`'s options, so verdicts equal the runtime-compiled ones;
 * the runtime loads them through its validator provider instead of compiling at start-up.
 */

import type { JsonSchema, ToolSetIR } from '@toolspec/language';
import { createAjv, schemaFingerprint } from '@toolspec/language';
import { _ } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { codeHeader } from '../provenance.js';
import { perSet } from '../sets.js';
import type { EmitOptions, Emitter, GeneratedFile } from '../types.js';
import { SCHEMA_ID_BASE, schemaPath } from './schemas.js';

type StandaloneCode = (ajv: ReturnType<typeof createAjv>, refs: Record<string, string>) => string;
// ajv's standalone entry is CommonJS: under NodeNext its default import is the module object in types only.
const standaloneCode = ((standaloneModule as unknown as { default?: unknown }).default ??
  standaloneModule) as StandaloneCode;

export const VALIDATORS_FILE = 'validators.js';

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
      formats: _`require("ajv-formats/dist/formats").fullFormats`,
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
  const code = standaloneCode(ajv, exports).replace(/^"use strict";\n?/, '');
  return [
    codeHeader([set.source], options, ['Precompiled validators (ajv standalone, JSON Schema 2020-12).']),
    `import { createRequire } from 'node:module';`,
    `const require = createRequire(import.meta.url);`,
    code.trimEnd(),
    `export const inputValidators = Object.freeze({\n${inputs.join('\n')}\n});`,
    `export const outputValidators = Object.freeze({\n${outputs.join('\n')}\n});`,
    `export const inputFingerprints = Object.freeze({\n${fingerprints.join('\n')}\n});`,
    `export const outputFingerprints = Object.freeze({\n${outputFingerprints.join('\n')}\n});`,
    '',
  ].join('\n');
}

function declarations(set: ToolSetIR, options: EmitOptions): string {
  return `${codeHeader([set.source], options)}
import type { ErrorObject } from 'ajv';

/** A precompiled validator: the same verdicts and errors as compiling the schema with \`createAjv()\`. */
export interface GeneratedValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** Input validators by tool name. */
export declare const inputValidators: Readonly<Record<string, GeneratedValidator>>;
/** Output validators by tool name (tools with a declared output schema). */
export declare const outputValidators: Readonly<Record<string, GeneratedValidator>>;
/** Fingerprint of the input schema each validator was compiled from (see runtime/validate/generated.ts). */
export declare const inputFingerprints: Readonly<Record<string, string>>;
/** Fingerprint of the output schema each output validator was compiled from. */
export declare const outputFingerprints: Readonly<Record<string, string>>;
`;
}

export const validatorsEmitter: Emitter = {
  name: 'validators',
  summary: '<set>/validators.js (+ .d.ts): precompiled ajv standalone validators',
  emit: (ir, options) =>
    perSet(ir, (set): GeneratedFile[] => [
      { path: `${set.name}/${VALIDATORS_FILE}`, contents: setValidators(set, options) },
      { path: `${set.name}/validators.d.ts`, contents: declarations(set, options) },
    ]),
};
