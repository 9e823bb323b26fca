/** Shared paths and loaders for the generator tests. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SpecIR } from '../../language/ir/ir.js';
import { loadSpecFiles } from '../../language/load/load.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const GOLDEN_DIR = join(ROOT, 'test', 'golden');
export const FIXTURE_SPECS = ['mini', 'shapes'].map((n) =>
  join(ROOT, 'test', 'fixtures', 'specs', `${n}.yaml`),
);

/** The golden fixtures' IR, with provenance paths as the CLI writes them (relative to the package). */
export function fixtureIr(): SpecIR {
  const { ir, diagnostics } = loadSpecFiles(FIXTURE_SPECS.map((f) => f.slice(ROOT.length)));
  if (!ir) throw new Error(`fixture specs do not load: ${JSON.stringify(diagnostics)}`);
  return ir;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `toolspec-${prefix}-`));
}
