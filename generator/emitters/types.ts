/**
 * TypeScript input/output types per set (json-schema-to-typescript), one compile per set: every
 * tool's schema goes into one `$defs` map, so the schema library's fixed costs are paid once.
 */

// Before json-schema-to-typescript: prettier (which it requires) loads only if something formats.
import type { JsonValue, ToolIR, ToolSetIR } from '@toolspec/language';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { inputTypeName, outputTypeName, toolMapName } from '../naming.js';
import { codeHeader } from '../provenance.js';
import { reindent } from '../reindent.js';
import { isSchemaObject, mapSchema, type SchemaNode, usesRefs } from '../schema-walk.js';
import { perSet } from '../sets.js';
import { type EmitOptions, type Emitter, type GeneratedFile, RUNTIME_PACKAGE } from '../types.js';

const ROOT = 'ToolspecGeneratedRoot';

const COMPILE_OPTIONS = {
  bannerComment: '',
  format: false,
  unreachableDefinitions: true,
  strictIndexSignatures: true,
  additionalProperties: true,
  unknownAny: true,
  declareExternallyReferenced: true,
  ignoreMinAndMaxItems: true,
} as const;

/** Keywords TypeScript cannot express; the validators enforce them. */
const VALIDATION_ONLY = ['not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas'];

/** A composition member that says what a value is (rather than only constraining it, like `{required: [a]}`). */
const isTyped = (v: JsonValue): boolean =>
  isSchemaObject(v) &&
  ['type', 'properties', 'items', 'enum', 'const', '$ref', 'anyOf', 'oneOf', 'allOf'].some((k) => k in v);

/**
 * Prepare a schema for json-schema-to-typescript: nested titles would become separately named
 * (and numbered) types, so they are folded into the description; constraint-only composition
 * members (`oneOf: [{required: [a]}, {required: [b]}]`) would become `{[k: string]: unknown}`
 * unions, so they are dropped.
 */
function forTypes(schema: JsonValue, title: string, description: string): JSONSchema {
  const mapped = mapSchema(schema, (node, depth) => {
    const { title: nested, $id: _id, $schema: _s, $comment: _c, examples: _e, ...rest } = node;
    const out: SchemaNode = rest;
    if (depth > 0 && typeof nested === 'string' && typeof out.description !== 'string')
      out.description = nested;
    for (const k of VALIDATION_ONLY) delete out[k];
    // `allOf: [{required: [a]}]` is a plain requirement TypeScript can express.
    if (Array.isArray(out.allOf)) {
      const required = new Set(Array.isArray(out.required) ? out.required.map(String) : []);
      for (const m of out.allOf) {
        if (isSchemaObject(m) && !isTyped(m) && Array.isArray(m.required))
          for (const r of m.required) required.add(String(r));
      }
      if (required.size > 0) out.required = [...required];
    }
    for (const k of ['oneOf', 'anyOf', 'allOf']) {
      const list = out[k];
      if (!Array.isArray(list)) continue;
      const typed = list.filter(isTyped);
      if (typed.length > 0) out[k] = typed;
      else delete out[k];
    }
    return out;
  }) as SchemaNode;
  const top: SchemaNode = { ...mapped, title };
  if (description) top.description = description;
  return top as JSONSchema;
}

function inputDoc(tool: ToolIR): string {
  return `Input of \`${tool.name}\` (${tool.title}).\n\n${tool.description}`;
}

function outputDoc(tool: ToolIR): string {
  return `Output of \`${tool.name}\` (${tool.title}).`;
}

/** Remove the synthetic root interface and the "referenced by" notes json-schema-to-typescript adds to definitions. */
function tidy(ts: string): string {
  return ts
    .replace(new RegExp(`export interface ${ROOT} \\{\\s*\\}\\n?`), '')
    .replace(
      /(\n \*\s*)?\n \* This interface was referenced by `[^`]+`'s JSON-Schema\n \* via the `definition` "[^"]+"\./g,
      '',
    )
    .replace(/\/\*\*\n \*\/\n/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

async function compileDefs(defs: Record<string, JSONSchema>): Promise<string> {
  if (Object.keys(defs).length === 0) return '';
  const root = { title: ROOT, type: 'object', additionalProperties: false, properties: {}, $defs: defs };
  return tidy(await compile(root as JSONSchema, ROOT, COMPILE_OPTIONS));
}

function toolMap(set: ToolSetIR): string {
  const rows = set.tools.map(
    (t) => `  ${t.name}: { input: ${inputTypeName(t.name)}; output: ${outputTypeName(t.name)} };`,
  );
  return `/** The tools of set \`${set.name}\` by name: \`createToolkit<${toolMapName(set.name)}>(...)\` types \`call\` by tool name. */\nexport type ${toolMapName(set.name)} = {\n${rows.join('\n')}\n};`;
}

export async function setTypes(set: ToolSetIR, options: EmitOptions): Promise<string> {
  const batched: Record<string, JSONSchema> = {};
  const alone: [string, JSONSchema][] = [];
  const aliases: string[] = [];
  let usesJson = false;
  let usesPage = false;
  const add = (name: string, schema: JSONSchema, raw: JsonValue) => {
    // A schema with its own `$ref`s keeps its own root so its pointers resolve.
    if (usesRefs(raw)) alone.push([name, schema]);
    else batched[name] = schema;
  };
  for (const tool of set.tools) {
    add(
      inputTypeName(tool.name),
      forTypes(tool.inputSchema, inputTypeName(tool.name), inputDoc(tool)),
      tool.inputSchema,
    );
    const out = outputTypeName(tool.name);
    if (tool.response.schema) {
      add(out, forTypes(tool.response.schema, out, outputDoc(tool)), tool.response.schema);
    } else if (tool.paging) {
      usesPage = true;
      aliases.push(
        `/** ${outputDoc(tool)} The paging envelope; no output schema is declared. */\nexport type ${out} = Page;`,
      );
    } else {
      usesJson = true;
      aliases.push(
        `/** ${outputDoc(tool)} No output schema is declared. */\nexport type ${out} = JsonValue;`,
      );
    }
  }
  const parts = [await compileDefs(batched)];
  for (const [name, schema] of alone) parts.push(tidy(await compile(schema, name, COMPILE_OPTIONS)));
  const imports: string[] = [];
  const names = [usesJson ? 'JsonValue' : '', usesPage ? 'Page' : ''].filter(Boolean);
  if (names.length > 0) imports.push(`import type { ${names.join(', ')} } from '${RUNTIME_PACKAGE}';`);
  const compiled = reindent(parts.filter(Boolean).join('\n\n')).replace(/^(\}.*)\n(?=\S)/gm, '$1\n\n');
  const body = [compiled, ...aliases, toolMap(set)].filter(Boolean).join('\n\n');
  const header = codeHeader([set.source], options, [
    'Input and output types of every tool (json-schema-to-typescript).',
  ]);
  const importBlock = imports.length > 0 ? `${imports.join('\n')}\n\n` : '';
  return `${header}\n${importBlock}${body}\n`;
}

export const typesEmitter: Emitter = {
  name: 'types',
  summary: '<set>/types.ts: input and output types of every tool',
  emit: (ir, options) =>
    perSet(
      ir,
      async (set): Promise<GeneratedFile[]> => [
        { path: `${set.name}/types.ts`, contents: await setTypes(set, options) },
      ],
    ),
};
