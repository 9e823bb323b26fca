/** JSON Schemas (2020-12) per tool: public input, declared output, and the strict-mode input variant where needed. */
import type { JsonSchema, ToolIR, ToolSetIR } from '@toolspec/language';
import { analyzeTool } from '../conformance/analyze.js';
import { jsonFile } from '../json.js';
import { provenanceText } from '../provenance.js';
import { perSet } from '../sets.js';
import type { EmitOptions, Emitter, GeneratedFile } from '../types.js';

export const DIALECT = 'https://json-schema.org/draft/2020-12/schema';
export const SCHEMA_ID_BASE = 'https://toolspec.dev/generated';

export const schemaPath = (set: string, tool: string, kind: 'input' | 'output' | 'input.strict'): string =>
  `${set}/schemas/${tool}.${kind}.json`;

function schemaFile(
  set: ToolSetIR,
  tool: ToolIR,
  kind: 'input' | 'output' | 'input.strict',
  schema: JsonSchema,
  options: EmitOptions,
): GeneratedFile {
  const path = schemaPath(set.name, tool.name, kind);
  return {
    path,
    contents: jsonFile(provenanceText([set.source], options), {
      ...schema,
      $schema: DIALECT,
      $id: `${SCHEMA_ID_BASE}/${path}`,
    }),
  };
}

export const schemasEmitter: Emitter = {
  name: 'schemas',
  summary: '<set>/schemas/<tool>.{input,output,input.strict}.json: JSON Schemas (2020-12)',
  emit: (ir, options) =>
    perSet(ir, (set) =>
      set.tools.flatMap((tool) => {
        const files = [schemaFile(set, tool, 'input', tool.inputSchema, options)];
        if (tool.response.schema) files.push(schemaFile(set, tool, 'output', tool.response.schema, options));
        const strict = analyzeTool(tool).strictSchema;
        if (strict) files.push(schemaFile(set, tool, 'input.strict', strict, options));
        return files;
      }),
    ),
};
