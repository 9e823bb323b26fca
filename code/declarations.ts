/**
 * The TypeScript a program is written against: for each tool, its input and output types printed
 * from the IR's JSON Schemas (the input the runtime validates, the output it maps), with the
 * descriptions as doc comments, and its method on `tools`. Compact and self-contained (no import,
 * no generator), so the server prints them for a search's hits at once.
 */
import type { JsonSchema, ToolIR } from '@toolspec/language';

type Node = Readonly<Record<string, unknown>>;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

const MAX_DEPTH = 12;

/** A doc comment's text: no comment terminator, one line per line. */
function doc(text: string | undefined, indent: string): string {
  if (!text || text.trim() === '') return '';
  const lines = text.trim().replace(/\*\//g, '*\\/').split('\n');
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`.trimEnd()).join('\n')}\n${indent} */\n`;
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (k: string): string => (IDENT.test(k) ? k : JSON.stringify(k));

/** What a schema that says nothing is: `unknown` in inputs, `any` in outputs (a program reads their fields). */
type Open = 'unknown' | 'any';

const union = (parts: readonly string[], open: Open): string => {
  const unique = [...new Set(parts)];
  if (unique.includes(open)) return open;
  return unique.length === 0 ? 'never' : unique.join(' | ');
};

const wrapForArray = (t: string): string => (/^[A-Za-z0-9_$.]+$/.test(t) ? `${t}[]` : `Array<${t}>`);

function objectType(node: Node, indent: string, depth: number, open: Open): string {
  const props = isNode(node.properties) ? node.properties : {};
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const inner = `${indent}  `;
  const lines: string[] = [];
  for (const [name, p] of Object.entries(props)) {
    const description = isNode(p) && typeof p.description === 'string' ? p.description : undefined;
    const optional = required.has(name) ? '' : '?';
    lines.push(
      `${doc(description, inner)}${inner}${key(name)}${optional}: ${typeOf(p, inner, depth + 1, open)};`,
    );
  }
  const extra = node.additionalProperties;
  if (Object.keys(props).length === 0 || (extra !== undefined && extra !== false)) {
    const value = isNode(extra) ? typeOf(extra, inner, depth + 1, open) : open;
    if (extra !== false)
      lines.push(`${inner}[key: string]: ${Object.keys(props).length > 0 ? open : value};`);
  }
  if (lines.length === 0) return 'Record<string, never>';
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function singleType(type: string, node: Node, indent: string, depth: number, open: Open): string {
  switch (type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return node.items === undefined
        ? `${open}[]`
        : wrapForArray(typeOf(node.items, indent, depth + 1, open));
    case 'object':
      return objectType(node, indent, depth, open);
    default:
      return open;
  }
}

/** The TypeScript type of a JSON Schema, indented for its place. */
export function typeOf(schema: unknown, indent = '', depth = 0, open: Open = 'unknown'): string {
  if (schema === true || schema === undefined) return open;
  if (schema === false) return 'never';
  if (!isNode(schema) || depth > MAX_DEPTH) return open;
  if ('const' in schema) return JSON.stringify(schema.const) ?? open;
  if (Array.isArray(schema.enum))
    return union(
      schema.enum.map((v) => JSON.stringify(v) ?? open),
      open,
    );
  for (const k of ['oneOf', 'anyOf'] as const) {
    const list = schema[k];
    if (Array.isArray(list)) {
      const { [k]: _list, ...base } = schema;
      const hasBase = base.type !== undefined || base.properties !== undefined;
      return union(
        list.map((m) => typeOf(hasBase && isNode(m) ? { ...base, ...m } : m, indent, depth + 1, open)),
        open,
      );
    }
  }
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...base } = schema;
    const parts = [...(Object.keys(base).length > 0 ? [base] : []), ...allOf].map((m) =>
      typeOf(m, indent, depth + 1, open),
    );
    return parts.filter((p) => p !== open).join(' & ') || open;
  }
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === 'string'
      ? [schema.type]
      : isNode(schema.properties)
        ? ['object']
        : [];
  if (types.length === 0) return open;
  return union(
    types.map((t) => singleType(t, schema, indent, depth, open)),
    open,
  );
}

const PAGE =
  "{\n  items: any[];\n  /** Pass back as the call's `cursor` option for the next page; null on the last page. */\n  next_cursor: string | null;\n  has_more: boolean;\n}";

const pascal = (name: string): string =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter((p) => p !== '')
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join('');

/** What a tool call resolves to: the declared output, a paged tool's page, else unknown. */
function outputSchemaOf(tool: ToolIR): JsonSchema | null {
  return tool.response.schema ?? null;
}

const CALL_OPTIONS = `/** The second argument of every tool call. */
interface CallOptions {
  /** Follow every page and return all items in one page (bounded by maxItems, maxPages). */
  all?: boolean;
  maxItems?: number;
  maxPages?: number;
  /** A next_cursor from an earlier page of the same tool. */
  cursor?: string;
}
/** What a failed tool call throws (catch it to handle it in the program). */
interface ToolError extends Error {
  code: string;
  tool?: string;
  field?: string;
  hint?: string;
  retryable: boolean;
}`;

/**
 * The declarations of these tools: `CallOptions`, each tool's `<Name>Input` and `<Name>Output`,
 * and `declare const tools` with one documented method per tool.
 */
export function toolDeclarations(tools: readonly ToolIR[]): string {
  const parts: string[] = [CALL_OPTIONS];
  const methods: string[] = [];
  for (const t of tools) {
    const base = pascal(t.name);
    const output = outputSchemaOf(t);
    parts.push(`${doc(`Input of ${t.name}.`, '')}type ${base}Input = ${typeOf(t.inputSchema)};`);
    const outType = output ? typeOf(output, '', 0, 'any') : t.paging ? PAGE : 'any';
    parts.push(`${doc(`Output of ${t.name}.`, '')}type ${base}Output = ${outType};`);
    const about = [
      `${t.title}.`,
      t.description.trim(),
      `Effects: ${t.effects.join(', ')}.${t.paging ? ' Paged: pass {all: true} for every page.' : ''}`,
    ].join('\n');
    methods.push(
      `${doc(about, '  ')}  ${t.name}(input: ${base}Input, options?: CallOptions): Promise<${base}Output>;`,
    );
  }
  parts.push(`declare const tools: {\n${methods.join('\n')}\n};`);
  return `${parts.join('\n\n')}\n`;
}
