/**
 * `toolspec import`: OpenAPI operations -> toolspec YAML tools, a curated starting point rather
 * than a wholesale conversion. The result is a spec that validates; its review notes (effects
 * proposed from the method, paging proposed from names, what could not be carried over) are
 * written as YAML comments above each tool, for the maintainer to resolve.
 */
import { Document, isMap, isSeq, parseDocument as parseYamlDocument, type YAMLSeq } from 'yaml';
import { findOperation, type JsonObject, parseDocument } from './openapi.js';
import { type ImportedTool, operationToTool, setHeader } from './to-tool.js';

export interface ImportOptions {
  /** The set name: tool names are `<set>_<operationId in snake_case>`. */
  readonly set: string;
  /** operationIds or `METHOD /path`. */
  readonly operations: readonly string[];
  /** The tool name, when importing one operation. */
  readonly name?: string | undefined;
  /** The spec file's current text, to append to (null: a new spec file). */
  readonly existing?: string | null | undefined;
  /** A `yaml-language-server` modeline for a new file (the spec schema's path as seen from it). */
  readonly schemaPath?: string | undefined;
}

export interface ImportResult {
  readonly yaml: string;
  readonly tools: readonly string[];
  readonly notes: readonly string[];
}

const comment = (notes: readonly string[]) => notes.map((n) => ` toolspec import: ${n}`).join('\n');

export function importOpenApi(documentText: string, options: ImportOptions): ImportResult {
  if (!/^[a-z][a-z0-9_]*$/.test(options.set))
    throw new Error(`--set must be a lower-case name, got "${options.set}"`);
  if (options.name !== undefined && options.operations.length !== 1)
    throw new Error('--name applies to one operation only');
  const doc = parseDocument(documentText);
  const imported: ImportedTool[] = options.operations.map((id) =>
    operationToTool(options.set, findOperation(doc, id), options.name),
  );
  const names = imported.map((t) => String(t.tool.name));
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate)
    throw new Error(`two operations map to the tool name ${duplicate}: import them one by one with --name`);

  let out: Document;
  const notes: string[] = [];
  if (options.existing) {
    out = parseYamlDocument(options.existing);
    if (!isMap(out.contents)) throw new Error('the --out file is not a spec (no top-level mapping)');
    const set = out.get('set');
    if (set !== options.set)
      throw new Error(`the --out file is the spec of set "${String(set)}", not "${options.set}"`);
    if (!isSeq(out.get('tools'))) out.set('tools', out.createNode([]));
  } else {
    const header = setHeader(doc, options.set);
    notes.push(...header.notes);
    out = new Document({ ...header.header, tools: [] } as JsonObject);
    if (options.schemaPath) out.commentBefore = ` yaml-language-server: $schema=${options.schemaPath}`;
    if (header.notes.length > 0 && out.contents) out.contents.commentBefore = comment(header.notes);
  }
  const tools = out.get('tools') as YAMLSeq;
  const existingNames = new Set(tools.items.map((t) => (isMap(t) ? String(t.get('name')) : '')));
  for (const t of imported) {
    if (existingNames.has(String(t.tool.name)))
      throw new Error(`the --out file already has a tool named ${String(t.tool.name)}`);
    const node = out.createNode(t.tool);
    node.commentBefore = comment(t.notes);
    tools.items.push(node);
    notes.push(...t.notes.map((n) => `${String(t.tool.name)}: ${n}`));
  }
  return { yaml: out.toString({ lineWidth: 110 }), tools: names, notes };
}
