/**
 * Reading spec files, without the loader: what `generate` needs to decide that nothing changed
 * (exported through `@toolspec/language/light`, so that check loads no YAML parser or Ajv).
 */
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

export interface SpecText {
  /** Path shown in diagnostics and provenance headers (relative to the project root). */
  readonly file: string;
  readonly text: string;
  /** Size in bytes when known without the text (a file over MAX_SPEC_BYTES is not read). */
  readonly bytes?: number | undefined;
}

/** The largest spec file read: the shipped specs are about 100 kB; a 50 MB file would take gigabytes to check. */
export const MAX_SPEC_BYTES = 4 * 1024 * 1024;

/** A spec file's path as diagnostics and provenance show it: relative to `root` (default: the working directory) when inside it. */
export function displayPath(file: string, root: string = process.cwd()): string {
  const rel = relative(root, resolve(file));
  return (rel.startsWith('..') || isAbsolute(rel) ? file : rel).split(sep).join('/');
}

export function readSpecTexts(files: readonly string[], root?: string): SpecText[] {
  return files.map((f) => {
    const file = displayPath(f, root);
    const bytes = statSync(f).size;
    return bytes > MAX_SPEC_BYTES ? { file, text: '', bytes } : { file, text: readFileSync(f, 'utf8') };
  });
}
