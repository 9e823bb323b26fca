/**
 * The IR snapshot: the generator's `ir.json` holds the IR of a build's specs as data, with the
 * SHA-256 of each spec file it was built from. Loading it costs one JSON.parse instead of
 * YAML parsing, schema validation and lint (seconds on a small machine), so the runtime,
 * `toolspec serve` and the CLI start fast. Beside spec files it is used only when every file
 * still has the recorded hash; otherwise the specs are loaded in full. `generate --check` keeps
 * it equal to what the loader builds, so a change to the loader itself shows up as drift too.
 * Paths are always given by the caller: this package never locates files on its own.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { deepFreeze } from './build-ir.js';
import type { SpecIR, ToolSetIR } from './ir.js';

export const SNAPSHOT_FILE = 'ir.json';
/** 2: tools and sets carry `search` (keywords, aliases; product). */
const FORMAT = 2;

export interface SnapshotData {
  readonly format: number;
  readonly sets: readonly ToolSetIR[];
}

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Assemble the SpecIR from built sets: sorted sets and tools, and the by-name index. */
export function specFromSets(sets: ToolSetIR[]): SpecIR {
  sets.sort((a, b) => a.name.localeCompare(b.name));
  const tools = sets.flatMap((s) => s.tools).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return Object.freeze({
    sets: Object.freeze(sets),
    tools: Object.freeze(tools),
    byName: new Map(tools.map((t) => [t.name, t])),
  });
}

/** The snapshot file's contents for an IR (deterministic: the IR is built in a fixed order). */
export function serializeSnapshot(ir: SpecIR, comment: string): string {
  return `${JSON.stringify({ $comment: comment, format: FORMAT, sets: ir.sets }, null, 1)}\n`;
}

/**
 * The IR from the snapshot when it matches these spec texts exactly (same files, same hashes),
 * else null. Never throws: a missing, unreadable or foreign snapshot means "load in full".
 */
export function readSnapshot(texts: readonly { file: string; text: string }[], path: string): SpecIR | null {
  let data: SnapshotData;
  try {
    data = JSON.parse(readFileSync(path, 'utf8')) as SnapshotData;
  } catch {
    return null;
  }
  if (!isSnapshot(data) || data.sets.length !== texts.length) return null;
  const recorded = new Map(data.sets.map((s) => [s.source, s.sourceHash]));
  for (const { file, text } of texts) if (recorded.get(file) !== hashText(text)) return null;
  return specFromSnapshot(data);
}

function isSnapshot(data: unknown): data is SnapshotData {
  const d = data as Partial<SnapshotData> | null;
  return d?.format === FORMAT && Array.isArray(d.sets);
}

/**
 * The IR of a snapshot's parsed contents, trusted as the generator wrote it (a package that
 * ships `ir.json` without its YAML, such as @toolspec/sets). Throws on a foreign format.
 */
export function specFromSnapshot(data: unknown): SpecIR {
  if (!isSnapshot(data)) throw new Error(`not a toolspec IR snapshot (format ${FORMAT} expected)`);
  return specFromSets(data.sets.map((s) => deepFreeze(s)));
}

/** The IR of a snapshot file written by the generator (no YAML, no hash check: the file is trusted as its package shipped it). */
export function loadSnapshot(path: string | URL): SpecIR {
  return specFromSnapshot(JSON.parse(readFileSync(path, 'utf8')));
}
