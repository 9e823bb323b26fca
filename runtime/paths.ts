/** Locations inside the installed package, valid both from sources (vitest) and from dist/. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'specs'))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('toolspec: cannot find the package root (package.json beside specs/)');
    dir = up;
  }
}

/** The toolspec package root (holds package.json, specs/, generated/). */
export const PACKAGE_ROOT = findRoot();
export const SPECS_DIR = join(PACKAGE_ROOT, 'specs');
export const SPEC_SCHEMA_PATH = join(SPECS_DIR, 'toolspec.schema.json');
export const GENERATED_DIR = join(PACKAGE_ROOT, 'generated');
