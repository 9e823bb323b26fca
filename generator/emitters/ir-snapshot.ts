/**
 * `ir.ts`: the IR of every set as JSON text, with each spec file's hash, exported as a string
 * (`snapshotJson`) that the barrel's `specs()` parses: the runtime, the MCP server and the CLI
 * get the IR with one JSON.parse and no YAML, and nothing is read from a file at run time, so
 * the output compiles with plain `tsc` and bundles as it is (language/load/snapshot.ts).
 * Key order is the IR's own (it decides body key order), so the text is not canonicalized.
 */
import { serializeSnapshot } from '@toolspec/language';
import { jsonLiteral, jsonOfLiteral } from '../json.js';
import { codeHeader } from '../provenance.js';
import { sourcesOf } from '../sets.js';
import type { Emitter } from '../types.js';

export const SNAPSHOT_MODULE = 'ir.ts';
const DECLARATION = 'export const snapshotJson: string =\n';

export const irSnapshotEmitter: Emitter = {
  name: 'ir',
  summary: "ir.ts: the IR snapshot (JSON text) the barrel's specs() parses instead of the YAML",
  emit: (ir, options) => [
    {
      path: SNAPSHOT_MODULE,
      contents: `${codeHeader(sourcesOf(ir), options)}
/** The IR of these sets as JSON, with the hash of each spec file: the barrel's \`specs()\` parses it. */
${DECLARATION}${jsonLiteral(serializeSnapshot(ir))};
`,
    },
  ],
};

/** The snapshot's JSON text in the source of an `ir.ts` this emitter wrote, or null when it is not one. */
export function snapshotJsonOf(source: string): string | null {
  const start = source.indexOf(DECLARATION);
  const end = source.lastIndexOf("';");
  if (start < 0 || end < start) return null;
  return jsonOfLiteral(source.slice(start + DECLARATION.length, end + 1));
}
