/**
 * Reusing the IR snapshot (`ir.ts`) a previous run wrote, when the specs and the spec language
 * are unchanged: forced and checking runs then skip parsing, validating and linting the YAML.
 * Imported only once `generate` knows it has work to do (it loads the spec language).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { type Diagnostic, readSnapshot, type SpecIR } from '@toolspec/language';
import { type CacheKeyInput, codeFiles, libraryVersions, readCache, sha } from './cache.js';
import { SNAPSHOT_MODULE, snapshotJsonOf } from './emitters/ir-snapshot.js';

const require = createRequire(import.meta.url);

/**
 * The key of what loading produces: the spec texts, the spec language's own code and the libraries
 * it parses and validates with. The same key means the loader would build the same IR.
 */
export function loaderKey(specs: CacheKeyInput['specs']): string {
  const h = createHash('sha256');
  for (const s of specs) h.update(`spec\0${s.file}\0${s.text}\0`);
  h.update(`libs\0${libraryVersions(['yaml', 'ajv', 'ajv-formats', 'json-e'])}\0`);
  for (const f of codeFiles(dirname(require.resolve('@toolspec/language/package.json'))))
    h.update(`code\0${f}\0`).update(readFileSync(f));
  return h.digest('hex');
}

/**
 * The IR of the snapshot (`ir.ts`) a previous run wrote into `outDir`, when that run loaded
 * the same specs with the same spec language and the file is still exactly what it wrote: the
 * YAML need not be parsed, validated and linted again. Null otherwise (load in full).
 */
export function reusableLoad(
  cacheDir: string,
  outDir: string,
  specs: CacheKeyInput['specs'],
  key: string,
): { ir: SpecIR; diagnostics: readonly Diagnostic[] } | null {
  const entry = readCache(cacheDir)[resolve(outDir)];
  if (!entry?.loader || entry.loader.key !== key) return null;
  let source: Buffer;
  try {
    source = readFileSync(join(outDir, SNAPSHOT_MODULE));
  } catch {
    return null;
  }
  if (sha(source) !== entry.files[SNAPSHOT_MODULE]) return null;
  const json = snapshotJsonOf(source.toString('utf8'));
  let data: unknown;
  try {
    data = json === null ? null : JSON.parse(json);
  } catch {
    return null;
  }
  const ir = readSnapshot(specs, data);
  return ir && { ir, diagnostics: entry.loader.diagnostics };
}
