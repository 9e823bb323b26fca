/**
 * A synthetic spec corpus of exactly N tools, made from the shipped sets by replicating their
 * explicit tools (round-robin, so every shape is represented in proportion) under distinct
 * names (`<tool>_x<k>`). Families and set-level blocks are kept as they are.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse, stringify } from 'yaml';

/**
 * Writes the scaled copies of `files` into `outDir`; returns their paths. `baseCount` is the
 * number of tools the originals define (families included), from the IR.
 */
export function writeScaledSpecs(files, baseCount, target, outDir) {
  mkdirSync(outDir, { recursive: true });
  const docs = files.map((f) => ({ file: f, doc: parse(readFileSync(f, 'utf8'), { maxAliasCount: -1 }) }));
  const originals = docs.flatMap(({ doc }) => (doc.tools ?? []).map((tool) => ({ doc, tool })));
  if (originals.length === 0) throw new Error('no explicit tools to replicate');
  for (let extra = 0; extra < target - baseCount; extra++) {
    const { doc, tool } = originals[extra % originals.length];
    const copy = structuredClone(tool);
    copy.name = `${tool.name}_x${Math.floor(extra / originals.length) + 1}`;
    doc.tools.push(copy);
  }
  return docs.map(({ file, doc }) => {
    const out = join(outDir, basename(file));
    writeFileSync(out, stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0 }));
    return out;
  });
}
