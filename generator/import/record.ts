/**
 * The import record: written beside an imported spec (`<spec>.import.json`), it holds the options
 * of the import, a fingerprint of the document, and what the import produced (the set header, the
 * set-level paging, inputs and schemas, each tool by its operation `METHOD /path`). It is the base
 * of `--update`'s three-way merge: what differs between the record and the maintainer's file is a
 * hand edit, kept; what differs between the record and the new document's import is the vendor's
 * change, applied. Pure.
 */
import { createHash } from 'node:crypto';
import type { ImportModel, ImportOptions } from './model.js';
import { isObject, type Json, type JsonObject } from './openapi.js';

export interface ImportRecord {
  readonly toolspecImport: 1;
  /** sha256 of the document text. */
  readonly document: string;
  readonly options: {
    readonly set: string;
    readonly operations?: readonly string[];
    readonly tags?: readonly string[];
    readonly paths?: readonly string[];
    readonly deprecated?: boolean;
    readonly responses?: string;
  };
  readonly header: JsonObject;
  readonly paging: JsonObject;
  readonly inputs: JsonObject;
  readonly schemas: JsonObject;
  /** `METHOD /path` -> the tool the import produced. */
  readonly tools: Record<string, JsonObject>;
}

export const fingerprint = (text: string) => createHash('sha256').update(text).digest('hex');

/** The record's file beside a spec file: `x.yaml` -> `x.import.json`. */
export const recordPath = (specFile: string) => specFile.replace(/(\.ya?ml)?$/, '.import.json');

const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

export function recordOf(text: string, o: ImportOptions, model: ImportModel): ImportRecord {
  const options: Record<string, Json> = { set: o.set };
  if (o.operations?.length) options.operations = [...o.operations];
  if (o.tags?.length) options.tags = [...o.tags];
  if (o.paths?.length) options.paths = [...o.paths];
  if (o.deprecated) options.deprecated = true;
  if (o.responses) options.responses = o.responses;
  return {
    toolspecImport: 1,
    document: fingerprint(text),
    options: options as unknown as ImportRecord['options'],
    header: plain(model.header),
    paging: plain(Object.fromEntries(Object.entries(model.paging).map(([k, v]) => [k, v.style]))),
    inputs: plain(model.inputs),
    schemas: plain(model.schemas),
    tools: Object.fromEntries(model.tools.map((t) => [t.operation.key, plain(t.tool)])),
  };
}

/** A record read back, checked for its shape (a clear error naming what is wrong). */
export function parseRecord(text: string, file: string): ImportRecord {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not an import record (not JSON)`);
  }
  if (!isObject(data as Json) || (data as JsonObject).toolspecImport !== 1)
    throw new Error(`${file} is not an import record (no "toolspecImport": 1)`);
  const r = data as unknown as ImportRecord;
  for (const k of ['header', 'paging', 'inputs', 'schemas', 'tools', 'options'] as const)
    if (!isObject(r[k] as Json)) throw new Error(`${file}: "${k}" must be an object`);
  return r;
}

/** The record as written: one tool per line, so a vendor's change shows as a small diff. */
export function recordText(r: ImportRecord): string {
  const lines = Object.entries(r.tools).map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  const head = JSON.stringify({ ...r, tools: {} }, null, 2).replace(/,\n {2}"tools": \{\}\n\}$/, '');
  return `${head},\n  "tools": {${lines.length > 0 ? `\n${lines.join(',\n')}\n  ` : ''}}\n}\n`;
}
