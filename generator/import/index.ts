/**
 * `toolspec import`: an OpenAPI document, whole or narrowed (`tags`, `paths`, `operations`), into a
 * compact spec a maintainer keeps: shared parameters and schemas once at the set level, one tool
 * per operation with its minimal example, every inference (effects, paging, errors, auth) and what
 * could not be carried over as a YAML comment. `updateImport` (update.ts) applies a newer document
 * to a set that was imported and edited since, from the import record written beside it.
 */
import { minimatch } from 'minimatch';
import { Document, isMap, isSeq, parseDocument as parseYamlDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import { exampleOf, type Resolve } from './example.js';
import type { ImportModel, ImportOptions } from './model.js';
import { toolNames } from './names.js';
import {
  findOperation,
  isObject,
  type JsonObject,
  listOperations,
  type Operation,
  parseDocument,
} from './openapi.js';
import { pagingName } from './paging.js';
import { type ImportRecord, recordOf } from './record.js';
import { SchemaSet } from './schema.js';
import { setHeader } from './set-header.js';
import { type ImportedTool, operationToTool, type ToolContext } from './to-tool.js';

export type { ImportModel, ImportOptions } from './model.js';
export type { ImportRecord } from './record.js';

export interface ImportResult {
  readonly yaml: string;
  readonly tools: readonly string[];
  readonly notes: readonly string[];
  /** What `--update` needs next time: the options and what this import produced, per operation. */
  readonly record: ImportRecord;
  /** Operations of the document, and those that became tools. */
  readonly operations: {
    readonly total: number;
    readonly imported: number;
    readonly skipped: readonly string[];
  };
}

const comment = (notes: readonly string[]) => notes.map((n) => ` toolspec import: ${n}`).join('\n');

/** The operations the options select, in document order. */
function select(all: readonly Operation[], o: ImportOptions): { chosen: Operation[]; skipped: string[] } {
  const named = new Set((o.operations ?? []).map((id) => findOperation(all, id)));
  const skipped: string[] = [];
  const chosen = all.filter((op) => {
    if (named.size > 0 && !named.has(op)) return false;
    const tags = Array.isArray(op.op.tags) ? op.op.tags.map(String) : [];
    if (o.tags?.length && !o.tags.some((t) => tags.includes(t))) return false;
    if (o.paths?.length && !o.paths.some((g) => minimatch(op.path, g))) return false;
    if (op.op.deprecated === true && !o.deprecated && !named.has(op)) {
      skipped.push(`${op.key}: deprecated (import it with --deprecated)`);
      return false;
    }
    return true;
  });
  return { chosen, skipped };
}

export function buildImport(documentText: string, options: ImportOptions): ImportModel {
  if (!/^[a-z][a-z0-9]*$/.test(options.set))
    throw new Error(`--set must be a lower-case name of letters and digits, got "${options.set}"`);
  if (options.name !== undefined && options.operations?.length !== 1)
    throw new Error('--name applies to one operation only');
  const doc = parseDocument(documentText);
  const all = listOperations(doc);
  const { chosen, skipped } = select(all, options);
  if (chosen.length === 0)
    throw new Error('no operation of the document matches the given --tags, --paths and --operations');
  const allNames = toolNames(options.set, all);
  const nameOf = new Map(all.map((o, i) => [o, allNames[i] as string]));
  const schemas = new SchemaSet(doc);
  const ctx: ToolContext = {
    doc,
    schemas,
    sharedInputs: new Map(),
    responses: options.responses ?? 'top-level',
  };
  const tools = chosen.map((o) => operationToTool(ctx, o, options.name ?? (nameOf.get(o) as string)));
  schemas.bound();
  for (const t of tools) schemas.boundTool(t.refs, String(t.tool.name));

  const paging: Record<string, { style: JsonObject; why: string }> = {};
  for (const t of tools) {
    if (t.paging.kind !== 'paged') continue;
    let name = pagingName(t.paging.style);
    for (
      let i = 2;
      paging[name] && JSON.stringify(paging[name]?.style) !== JSON.stringify(t.paging.style);
      i++
    )
      name = `${pagingName(t.paging.style)}_${i}`;
    paging[name] ??= { style: t.paging.style, why: t.paging.why };
    t.tool.paging = name;
  }
  const inputs: Record<string, JsonObject> = {};
  const used = new Set(
    tools
      .flatMap((t) => Object.values(isObject(t.tool.inputs) ? t.tool.inputs : {}))
      .map((d) => (isObject(d) ? d.$ref : undefined)),
  );
  for (const s of [...ctx.sharedInputs.values()].sort((a, b) => (a.key < b.key ? -1 : 1)))
    if (used.has(`#/inputs/${s.key}`)) inputs[s.key] = s.def;
  const setSchemas = schemas.reachable(tools.flatMap((t) => t.refs));
  const resolve: Resolve = (ref) =>
    ref.startsWith('#/schemas/')
      ? setSchemas[ref.slice(10)]
      : ref.startsWith('#/inputs/')
        ? inputs[ref.slice(9)]
        : undefined;
  for (const t of tools) t.tool.examples = [exampleOf(t, resolve)];

  const header = setHeader(doc, options.set, all);
  return {
    header: header.header,
    headerNotes: header.notes,
    paging,
    inputs,
    schemas: setSchemas,
    tools,
    notes: [...header.notes, ...schemas.notes],
    total: all.length,
    skipped,
  };
}

/** A tool as a YAML node: its notes above it, its output schema in flow style (one line per ~110 characters). */
export function toolNode(doc: Document, t: ImportedTool): YAMLMap {
  const node = doc.createNode(t.tool) as YAMLMap;
  node.commentBefore = comment([`${t.operation.key}`, ...t.notes]);
  const response = node.get('response');
  if (isMap(response)) flowSmall(response);
  for (const key of ['examples', 'body', 'idempotency', 'files', 'headers'] as const) {
    const v = node.get(key, true);
    if (isMap(v) || isSeq(v)) {
      if (key === 'examples' && isSeq(v))
        for (const ex of v.items)
          if (isMap(ex)) for (const p of ex.items) if (isMap(p.value) || isSeq(p.value)) p.value.flow = true;
      if (key !== 'examples') v.flow = true;
    }
  }
  const inputs = node.get('inputs');
  if (isMap(inputs)) for (const p of inputs.items) if (isMap(p.value)) flowSmall(p.value);
  const paging = node.get('paging', true);
  if (paging && t.paging.kind === 'paged') (paging as { comment?: string }).comment = ` ${t.paging.why}`;
  return node;
}

/** Nested maps and lists that fit on a line in flow style (`items: {type: string}`, `enum: [a, b]`). */
function flowSmall(m: YAMLMap | YAMLSeq): void {
  for (const item of m.items) {
    const v = isMap(m) ? (item as { value?: unknown }).value : item;
    if (!isMap(v) && !isSeq(v)) continue;
    if (JSON.stringify(v.toJSON()).length <= 90) v.flow = true;
    else flowSmall(v);
  }
}

export function modelYaml(model: ImportModel, options: Pick<ImportOptions, 'schemaPath'>): Document {
  const out = new Document({ ...model.header } as JsonObject);
  if (options.schemaPath) out.commentBefore = ` yaml-language-server: $schema=${options.schemaPath}`;
  if (model.notes.length > 0 && out.contents) (out.contents as YAMLMap).commentBefore = comment(model.notes);
  const root = out.contents as YAMLMap;
  for (const k of ['server', 'auth', 'errors'] as const) {
    const v = root.get(k, true);
    if (isMap(v)) for (const p of v.items) if (isMap(p.value) || isSeq(p.value)) p.value.flow = true;
  }
  if (Object.keys(model.paging).length > 0) {
    const paging = out.createNode(
      Object.fromEntries(Object.entries(model.paging).map(([k, v]) => [k, v.style])),
    ) as YAMLMap;
    for (const p of paging.items) {
      if (isMap(p.value)) p.value.flow = true;
      const why = model.paging[String((p.key as { value?: unknown }).value ?? p.key)]?.why;
      if (why) (p.key as { commentBefore?: string }).commentBefore = ` inferred: ${why}`;
    }
    root.set('paging', paging);
  }
  if (Object.keys(model.inputs).length > 0) {
    const inputs = out.createNode(model.inputs) as YAMLMap;
    for (const p of inputs.items) if (isMap(p.value)) flowSmall(p.value);
    root.set('inputs', inputs);
  }
  if (Object.keys(model.schemas).length > 0) {
    const schemas = out.createNode(model.schemas) as YAMLMap;
    for (const p of schemas.items) if (isMap(p.value)) flowSmall(p.value);
    root.set('schemas', schemas);
  }
  const tools = out.createNode([]) as YAMLSeq;
  for (const t of model.tools) tools.items.push(toolNode(out, t));
  root.set('tools', tools);
  return out;
}

export const YAML_OPTIONS = { lineWidth: 110, flowCollectionPadding: false } as const;

export function importOpenApi(documentText: string, options: ImportOptions): ImportResult {
  const model = buildImport(documentText, options);
  const notes = [
    ...model.notes,
    ...model.skipped,
    ...model.tools.flatMap((t) => t.notes.map((n) => `${String(t.tool.name)}: ${n}`)),
  ];
  const names = model.tools.map((t) => String(t.tool.name));
  let out: Document;
  if (options.existing) {
    out = parseYamlDocument(options.existing);
    if (!isMap(out.contents)) throw new Error('the --out file is not a spec (no top-level mapping)');
    const set = out.get('set');
    if (set !== options.set)
      throw new Error(`the --out file is the spec of set "${String(set)}", not "${options.set}"`);
    if (!isSeq(out.get('tools'))) out.set('tools', out.createNode([]));
    const tools = out.get('tools') as YAMLSeq;
    const existingNames = new Set(tools.items.map((t) => (isMap(t) ? String(t.get('name')) : '')));
    for (const section of ['paging', 'inputs', 'schemas'] as const) {
      const entries =
        section === 'paging'
          ? Object.fromEntries(Object.entries(model.paging).map(([k, v]) => [k, v.style]))
          : model[section];
      if (Object.keys(entries).length === 0) continue;
      if (!isMap(out.get(section))) out.set(section, out.createNode({}));
      const map = out.get(section) as YAMLMap;
      for (const [k, v] of Object.entries(entries)) if (!map.has(k)) map.set(k, out.createNode(v));
    }
    for (const t of model.tools) {
      if (existingNames.has(String(t.tool.name)))
        throw new Error(`the --out file already has a tool named ${String(t.tool.name)}`);
      tools.items.push(toolNode(out, t));
    }
  } else out = modelYaml(model, options);
  return {
    yaml: out.toString(YAML_OPTIONS),
    tools: names,
    notes,
    record: recordOf(documentText, options, model),
    operations: { total: model.total, imported: model.tools.length, skipped: model.skipped },
  };
}
