/** The repository's layout, as tests see it. */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const SPECS_DIR = `${REPO}specs`;
export const SPEC_SCHEMA_PATH = `${REPO}language/toolspec.schema.json`;
export const GENERATED_DIR = `${REPO}generated`;
/**
 * `node` arguments that run the CLI from its sources (tsx, with the packages' source export
 * condition), from any working directory (tsx is named by its file, not resolved from there).
 */
export const CLI_FROM_SOURCES = [
  '--conditions=@toolspec/source',
  '--import',
  pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href,
  `${REPO}cli/main.ts`,
];
