/**
 * The IR snapshot: the generator's `ir.ts` holds the IR of a build's specs as JSON text, with the
 * SHA-256 of each spec file it was built from. Loading it costs one JSON.parse instead of
 * YAML parsing, schema validation and lint (seconds on a small machine), so the runtime,
 * `toolspec serve` and the CLI start fast. Beside spec files it is used only when every file
 * still has the recorded hash; otherwise the specs are loaded in full. `generate --check` keeps
 * it equal to what the loader builds, so a change to the loader itself shows up as drift too.
 * The snapshot is data the caller hands over (a module it imports): nothing here reads a file.
 */
import { createHash } from 'node:crypto';
import { type Helpers, NO_HELPERS } from '../helpers/registry.js';
import type { SpecIR, ToolSetIR } from '../ir/ir.js';
import { deepFreeze } from './build-ir.js';

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
export function specFromSets(sets: ToolSetIR[], helpers: Helpers = NO_HELPERS): SpecIR {
  sets.sort((a, b) => a.name.localeCompare(b.name));
  const tools = sets.flatMap((s) => s.tools).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return Object.freeze({
    sets: Object.freeze(sets),
    tools: Object.freeze(tools),
    byName: new Map(tools.map((t) => [t.name, t])),
    helpers,
  });
}

/**
 * The snapshot's JSON text for an IR, one member per line (deterministic: the IR is built in a
 * fixed order, and key order is the IR's own, which decides body key order).
 */
export function serializeSnapshot(ir: SpecIR): string {
  return JSON.stringify({ format: FORMAT, sets: ir.sets }, null, 1);
}

/**
 * The IR from a snapshot's parsed data when it matches these spec texts exactly (same files,
 * same hashes), else null. Never throws: missing or foreign data means "load in full".
 */
export function readSnapshot(texts: readonly { file: string; text: string }[], data: unknown): SpecIR | null {
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
 * The IR of a snapshot's parsed contents, trusted as the generator wrote it (generated code
 * that ships its `ir.ts` without its YAML, such as @toolspec/sets). Throws on a foreign format.
 */
export function specFromSnapshot(data: unknown): SpecIR {
  if (!isSnapshot(data)) throw new Error(`not a toolspec IR snapshot (format ${FORMAT} expected)`);
  return specFromSets(data.sets.map((s) => deepFreeze(s)));
}
