/**
 * `ir.json`: the IR of every set as data, with each spec file's hash, so the runtime, the MCP
 * server and the CLI load the shipped specs with one JSON.parse (language/snapshot.ts).
 * Key order is the IR's own (it decides body key order), so this file is not canonicalized.
 */
import { SNAPSHOT_FILE, serializeSnapshot } from '@toolspec/language';
import { provenanceText } from '../provenance.js';
import { sourcesOf } from '../sets.js';
import type { Emitter } from '../types.js';

export const irSnapshotEmitter: Emitter = {
  name: 'ir',
  summary: 'IR snapshot (ir.json) the runtime loads instead of parsing YAML',
  emit: (ir, options) => [
    { path: SNAPSHOT_FILE, contents: serializeSnapshot(ir, provenanceText(sourcesOf(ir), options)) },
  ],
};
