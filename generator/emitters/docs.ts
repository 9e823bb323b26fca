/** Markdown reference per set (handlebars): every tool with its inputs table, effects, example request and response. */

import type { ExampleIR, InputIR, JsonSchema, JsonValue, ToolIR, ToolSetIR } from '@toolspec/language';
import Handlebars from 'handlebars';
import { analyzeTool } from '../conformance/analyze.js';
import { fenced, markdownText } from '../escape.js';
import { camelName, inputTypeName, outputTypeName } from '../naming.js';
import { markdownHeader } from '../provenance.js';
import { isSchemaObject } from '../schema-walk.js';
import { perSet } from '../sets.js';
import { SET_DOCS_TEMPLATE } from '../templates/set-docs.js';
import type { EmitOptions, Emitter } from '../types.js';

const render = Handlebars.compile(SET_DOCS_TEMPLATE, { noEscape: true, strict: false });

/** Make text safe inside a Markdown table cell (and as Markdown prose). */
const cell = (s: string): string =>
  markdownText(s)
    .replaceAll('|', '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();

/** A code span for short text; text a code span cannot hold safely is written as escaped prose. */
const codeSpan = (s: string): string => (/[`<>&|]|\{\{/.test(s) ? cell(s) : `\`${s}\``);

export function typeLabel(schema: JsonValue): string {
  if (!isSchemaObject(schema)) return 'any';
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const alts = (schema.anyOf ?? schema.oneOf) as JsonValue;
  if (Array.isArray(alts) && schema.type === undefined) return alts.map(typeLabel).join(' \\| ');
  const types = Array.isArray(schema.type)
    ? schema.type.map(String)
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  const label = types
    .map((t) => {
      if (t === 'array')
        return `${typeLabel((schema.items ?? {}) as JsonValue)}[]`.replace(/^(.*\\\|.*)\[\]$/, '($1)[]');
      if (t === 'string' && typeof schema.format === 'string') return `string (${schema.format})`;
      return t;
    })
    .join(' \\| ');
  return label || (isSchemaObject(schema.properties) ? 'object' : 'any');
}

function placement(input: InputIR): string {
  if (input.kind === 'version') return input.in === 'header' ? `header \`${input.as}\` (version)` : 'version';
  if (input.in === 'none') return 'not sent (used by the mapping)';
  if (input.in === 'path') return 'path';
  return `${input.in} \`${input.as}\``;
}

function inputRow(input: InputIR) {
  const s = input.schema as JsonSchema;
  return {
    name: input.name,
    type: markdownText(typeLabel(s)),
    required: input.required ? 'yes' : 'no',
    placement: placement(input),
    default: input.hasDefault ? codeSpan(JSON.stringify(input.default)) : '',
    description: cell(
      typeof s.description === 'string' ? s.description : typeof s.title === 'string' ? s.title : '',
    ),
  };
}

/** The declared output's fields: a paged envelope's item fields, else the top-level ones. */
function outputView(schema: JsonSchema | null) {
  if (!schema || !isSchemaObject(schema.properties)) return null;
  const items = schema.properties.items;
  const envelope = isSchemaObject(items) && isSchemaObject(items.items) && 'next_cursor' in schema.properties;
  const target = envelope ? (items.items as JsonSchema) : schema;
  if (!isSchemaObject(target.properties)) return null;
  const required = new Set(Array.isArray(target.required) ? target.required.map(String) : []);
  return {
    label: envelope ? 'Output: the paging envelope `{items, next_cursor, has_more}`; each item' : 'Output',
    fields: Object.entries(target.properties).map(([name, s]) => ({
      name,
      type: markdownText(typeLabel(s)),
      required: required.has(name) ? 'yes' : 'no',
      description: cell(isSchemaObject(s) && typeof s.description === 'string' ? s.description : ''),
    })),
  };
}

const pretty = (v: unknown): string => JSON.stringify(v, null, 2);

function requestText(ex: ExampleIR): string {
  const q = Object.entries(ex.request.query).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}=${encodeURIComponent(String(x))}`),
  );
  const lines = [`${ex.request.method} ${ex.request.path}${q.length ? `?${q.join('&')}` : ''}`];
  for (const [k, v] of Object.entries(ex.request.headers)) lines.push(`${k}: ${v}`);
  if (ex.request.body !== null) lines.push('', pretty(ex.request.body));
  return lines.join('\n');
}

function responseText(ex: ExampleIR): string {
  const lines = [`HTTP ${ex.response.status}`];
  for (const [k, v] of Object.entries(ex.response.headers)) lines.push(`${k}: ${v}`);
  if (ex.response.body !== null) lines.push('', pretty(ex.response.body));
  return lines.join('\n');
}

function toolView(tool: ToolIR) {
  const c = analyzeTool(tool);
  return {
    name: tool.name,
    anchor: tool.name.toLowerCase().replace(/[^a-z0-9_-]/g, ''),
    title: cell(tool.title),
    description: markdownText(tool.description),
    effects: tool.effects.join(', '),
    idempotent: tool.idempotent,
    destructive: tool.destructive,
    method: tool.request.method,
    path: tool.request.path,
    paging: tool.paging ? `${tool.paging.name} (${tool.paging.style})` : null,
    handler: tool.handler,
    inputType: inputTypeName(tool.name),
    outputType: outputTypeName(tool.name),
    fn: camelName(tool.name),
    tokens: c.approxTokens,
    strict: c.strictApproxTokens,
    inputs: tool.inputs.filter((i) => i.kind !== 'computed').map(inputRow),
    constraints: tool.constraints ? fenced(pretty(tool.constraints)) : null,
    output: outputView(tool.response.schema),
    examples: tool.examples.map((ex) => ({
      name: cell(ex.name),
      input: fenced(pretty(ex.input)),
      request: fenced(requestText(ex)),
      response: fenced(responseText(ex)),
      output: fenced(pretty(ex.output)),
    })),
  };
}

export function setDocs(set: ToolSetIR, options: EmitOptions): string {
  const view = {
    ...set,
    title: cell(set.title),
    description: markdownText(set.description),
    server: {
      ...set.server,
      variables: set.server.variables.map((v) => ({ ...v, description: cell(v.description) })),
    },
  };
  const text = render({
    header: markdownHeader([set.source], options),
    set: view,
    tools: set.tools.map(toolView),
  });
  return `${text.replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

export const docsEmitter: Emitter = {
  name: 'docs',
  summary: '<set>/README.md: Markdown reference (inputs, effects, examples)',
  emit: (ir, options) =>
    perSet(ir, (set) => [{ path: `${set.name}/README.md`, contents: setDocs(set, options) }]),
};
