/**
 * `toolspec import <doc> --update <spec>`: a three-way merge of the maintainer's spec (mine), the
 * import record of the last import (base) and the new document's import (theirs), done on the
 * YAML document so comments and order stay. A value the maintainer left as imported takes the new
 * import's; a value the maintainer changed is kept (a hand edit). Tools are matched by their
 * operation (`METHOD /path`), inputs by their vendor name, so renamed tools and inputs keep their
 * names; a tool or input the maintainer deleted stays deleted. Pure.
 */
import { isDeepStrictEqual } from 'node:util';
import { isMap, isSeq, parseDocument as parseYamlDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import { buildImport, toolNode, YAML_OPTIONS } from './index.js';
import type { ImportModel, ImportOptions } from './model.js';
import { isObject, type Json, type JsonObject } from './openapi.js';
import { fingerprint, type ImportRecord, parseRecord, recordOf, recordText } from './record.js';

export interface UpdateOptions {
  /** The maintainer's spec file text. */
  readonly spec: string;
  /** The import record's text (null: none, every difference counts as a hand edit). */
  readonly record: string | null;
  /** The record's file name, for errors. */
  readonly recordFile: string;
}

export interface UpdateReport {
  readonly added: string[];
  readonly changed: string[];
  readonly removed: string[];
  readonly kept: string[];
}

export interface UpdateResult {
  readonly yaml: string;
  readonly recordText: string;
  readonly report: UpdateReport;
  /** The document differs from the one last imported, or the spec would change. */
  readonly moved: boolean;
}

const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);
const plain = (v: unknown): Json | undefined =>
  v === undefined ? undefined : (JSON.parse(JSON.stringify(v)) as Json);

/** `METHOD /path` of a tool in a spec (its operation). */
const keyOf = (t: JsonObject) => `${String(t.method ?? 'GET').toUpperCase()} ${String(t.path ?? '')}`;

/** The vendor identity of an input: its vendor name (`as`, a shared input's, or its own). */
function identity(key: string, decl: Json, shared: JsonObject): string {
  if (!isObject(decl)) return key;
  if (typeof decl.as === 'string') return decl.as;
  if (typeof decl.$ref === 'string' && decl.$ref.startsWith('#/inputs/')) {
    const def = shared[decl.$ref.slice(9)];
    if (isObject(def) && typeof def.as === 'string') return def.as;
  }
  return key;
}

export function updateImport(documentText: string, o: UpdateOptions): UpdateResult {
  const doc = parseYamlDocument(o.spec);
  if (!isMap(doc.contents)) throw new Error('the spec to update is not a spec (no top-level mapping)');
  const base: ImportRecord | null = o.record === null ? null : parseRecord(o.record, o.recordFile);
  const set = String(doc.get('set'));
  const options = { ...(base?.options ?? {}), set } as ImportOptions;
  const model: ImportModel = buildImport(documentText, options);
  const next = recordOf(documentText, options, model);
  const report: UpdateReport = { added: [], changed: [], removed: [], kept: [] };
  const root = doc.contents as YAMLMap;
  const mine = (plain(root.toJSON()) ?? {}) as JsonObject;

  // set header fields and set-level maps, entry by entry
  for (const field of Object.keys(next.header)) {
    if (field === 'toolspec' || field === 'set') continue;
    merge3(root, field, base?.header[field], mine[field], next.header[field], `set ${field}`, report);
  }
  for (const section of ['paging', 'inputs', 'schemas'] as const) {
    const theirs = next[section];
    const b = base?.[section] ?? {};
    const names = new Set([...Object.keys(b), ...Object.keys(theirs)]);
    if (names.size === 0) continue;
    if (!isMap(root.get(section))) root.set(section, doc.createNode({}));
    const map = root.get(section) as YAMLMap;
    const m = isObject(mine[section]) ? mine[section] : {};
    for (const name of names) merge3(map, name, b[name], m[name], theirs[name], `${section}.${name}`, report);
  }

  // tools, by operation
  if (!isSeq(root.get('tools'))) root.set('tools', doc.createNode([]));
  const seq = root.get('tools') as YAMLSeq;
  const mineTools = new Map<string, YAMLMap>();
  for (const item of seq.items) if (isMap(item)) mineTools.set(keyOf(item.toJSON() as JsonObject), item);
  const shared = { ...(isObject(mine.inputs) ? mine.inputs : {}), ...next.inputs };
  for (const t of model.tools) {
    const key = t.operation.key;
    const node = mineTools.get(key);
    const b = base?.tools[key];
    const theirs = next.tools[key] as JsonObject;
    if (!node) {
      if (b) report.kept.push(`${String(b.name)}: the tool was removed by hand (${key})`);
      else {
        seq.items.push(toolNode(doc, t));
        report.added.push(String(theirs.name));
      }
      continue;
    }
    mergeTool(node, b, theirs, shared, report);
  }
  const nextKeys = new Set(model.tools.map((t) => t.operation.key));
  for (const [key, node] of mineTools) {
    if (!base?.tools[key] || nextKeys.has(key)) continue;
    seq.items.splice(seq.items.indexOf(node), 1);
    report.removed.push(`${String(node.get('name'))} (${key})`);
  }

  const yaml = doc.toString(YAML_OPTIONS);
  const moved =
    base?.document !== fingerprint(documentText) ||
    report.added.length + report.changed.length + report.removed.length > 0;
  return { yaml, recordText: recordText(next), report, moved };
}

/** One value of a map, merged three ways; reports a change taken or an edit kept. */
function merge3(
  map: YAMLMap,
  key: string,
  base: Json | undefined,
  mine: Json | undefined,
  theirs: Json | undefined,
  label: string,
  report: UpdateReport,
): void {
  if (same(mine, theirs)) return;
  if (base !== undefined && same(mine, base)) {
    if (theirs === undefined) map.delete(key);
    else map.set(key, theirs);
    report.changed.push(label);
    return;
  }
  if (base === undefined && mine === undefined) {
    map.set(key, theirs);
    report.changed.push(label);
    return;
  }
  if (!same(base, theirs) || base === undefined) report.kept.push(`${label}: edited by hand`);
}

function mergeTool(
  node: YAMLMap,
  base: JsonObject | undefined,
  theirs: JsonObject,
  shared: JsonObject,
  report: UpdateReport,
): void {
  const mine = plain(node.toJSON()) as JsonObject;
  const name = String(mine.name);
  const before = report.changed.length;
  if (mine.name !== theirs.name)
    report.kept.push(`${name}: renamed by hand (imported as ${String(theirs.name)})`);
  const renames = mergeInputs(node, name, base?.inputs, mine.inputs, theirs.inputs, shared, report);
  const fields = new Set([...Object.keys(base ?? {}), ...Object.keys(theirs)]);
  for (const f of fields) {
    if (f === 'name' || f === 'inputs') continue;
    let t = theirs[f];
    if (f === 'examples' && Array.isArray(t)) t = t.map((ex) => renameExampleInputs(ex, renames));
    const baseValue = base?.[f];
    const b =
      f === 'examples' && Array.isArray(baseValue)
        ? baseValue.map((ex) => renameExampleInputs(ex, renames))
        : baseValue;
    const m = mine[f];
    if (same(m, t)) continue;
    if (base && same(m, b)) {
      if (t === undefined) node.delete(f);
      else node.set(f, t);
      report.changed.push(`${name}.${f}`);
    } else if (base && !same(b, t))
      report.kept.push(`${name}.${f}: edited by hand (the document changed it too)`);
    else if (base) report.kept.push(`${name}.${f}: edited by hand`);
  }
  if (report.changed.length > before) {
    const own = report.changed.splice(before);
    report.changed.push(`${name} (${own.map((c) => c.slice(name.length + 1)).join(', ')})`);
  }
}

/** Inputs merged by vendor identity; returns imported name -> the maintainer's name (renames, null: removed). */
function mergeInputs(
  node: YAMLMap,
  tool: string,
  base: Json | undefined,
  mine: Json | undefined,
  theirs: Json | undefined,
  shared: JsonObject,
  report: UpdateReport,
): Map<string, string | null> {
  const renames = new Map<string, string | null>();
  const b = isObject(base) ? base : {};
  const m = isObject(mine) ? mine : {};
  const t = isObject(theirs) ? theirs : {};
  const byId = (o: JsonObject) => new Map(Object.entries(o).map(([k, d]) => [identity(k, d, shared), k]));
  const bId = byId(b);
  const mId = byId(m);
  const tId = byId(t);
  if (
    !isMap(node.get('inputs')) &&
    Object.keys(t).length > 0 &&
    Object.keys(m).length === 0 &&
    Object.keys(b).length === 0
  )
    node.set('inputs', {});
  const map = node.get('inputs') as YAMLMap | undefined;
  for (const id of new Set([...bId.keys(), ...tId.keys()])) {
    const bk = bId.get(id);
    const mk = mId.get(id);
    const tk = tId.get(id);
    if (mk === undefined) {
      if (bk !== undefined) {
        if (tk !== undefined) {
          renames.set(tk, null);
          report.kept.push(`${tool}: input ${bk} removed by hand`);
        }
      } else if (tk !== undefined && map) {
        map.set(tk, t[tk]);
        report.changed.push(`${tool}.inputs.${tk}`);
      }
      continue;
    }
    if (tk !== undefined && mk !== tk) {
      renames.set(tk, mk);
      report.kept.push(`${tool}: input ${tk} renamed by hand to ${mk}`);
    }
    if (!map) continue;
    const md = m[mk];
    const bd = bk !== undefined ? b[bk] : undefined;
    const td = tk !== undefined ? t[tk] : undefined;
    const rename = (d: Json | undefined) =>
      isObject(d) && mk !== tk && tk !== undefined && d.as === undefined && !d.$ref ? { ...d, as: tk } : d;
    if (same(md, rename(td))) continue;
    if (bk !== undefined && same(md, rename(bd))) {
      if (td === undefined) map.delete(mk);
      else map.set(mk, rename(td));
      report.changed.push(`${tool}.inputs.${mk}`);
    } else report.kept.push(`${tool}: input ${mk} edited by hand`);
  }
  return renames;
}

/** An imported example with the maintainer's input names (renamed inputs renamed, removed ones dropped). */
function renameExampleInputs(ex: Json, renames: Map<string, string | null>): Json {
  if (!isObject(ex) || !isObject(ex.input) || renames.size === 0) return ex;
  const input: JsonObject = {};
  for (const [k, v] of Object.entries(ex.input)) {
    const to = renames.has(k) ? renames.get(k) : k;
    if (to) input[to] = v;
  }
  return { ...ex, input };
}
