/**
 * The shipped sets' IR for the CLI: from the generated snapshot while it matches the spec files,
 * else parsed in full (the spec language is imported here, not by ./paths.ts).
 */
import { join } from 'node:path';
import { loadSpecs, SNAPSHOT_FILE, type SpecIR } from '@toolspec/language';
import { generatedDir, packageRoot, shippedSpecFiles } from './paths.js';

export { generatedDir, packageRoot, packageVersion, setsPackageDir, shippedSpecFiles } from './paths.js';

/** The shipped sets' IR: from the generated snapshot while it matches the spec files, else parsed in full. */
export function loadShippedSpecs(): SpecIR {
  return loadSpecs(shippedSpecFiles(), {
    root: packageRoot(),
    snapshot: join(generatedDir(), SNAPSHOT_FILE),
  });
}

/** The IR of `--specs` files when given, else of the shipped sets. */
export function loadSpecsOrShipped(files: readonly string[] | undefined): SpecIR {
  return files && files.length > 0 ? loadSpecs(files) : loadShippedSpecs();
}
