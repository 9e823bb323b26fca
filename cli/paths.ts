/**
 * Where the CLI finds the shipped tool sets: the spec files in this package's specs/ and the
 * generated artifacts of @toolspec/sets (the IR snapshot, the MCP catalogue, the validators).
 * Paths only, located on first use (never at import time), and nothing heavy imported: `serve`
 * answers its first tools/list with these alone. Loading the specs is ./shipped.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** This package's root: the nearest folder above this module whose package.json is the toolspec CLI. */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'toolspec') {
      root = dir;
      return dir;
    }
    const up = dirname(dir);
    if (up === dir) throw new Error('toolspec: cannot find the toolspec package root');
    dir = up;
  }
}

/** The shipped spec files (specs/*.yaml), sorted. */
export function shippedSpecFiles(): string[] {
  const dir = join(packageRoot(), 'specs');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * The root of the @toolspec/sets package: where `toolspec generate` writes the shipped sets'
 * artifacts (resolved by the ESM resolver this module was loaded with: no CommonJS resolver is
 * set up on the way to `serve`'s first answer).
 */
export function setsPackageDir(): string {
  return dirname(fileURLToPath(import.meta.resolve('@toolspec/sets/package.json')));
}

/**
 * Where the shipped sets' artifacts are read from: beside the modules of @toolspec/sets that this
 * CLI runs with, i.e. the package's sources when the CLI runs from sources (tsx, vitest), its
 * dist/ (where the build copies them) when the CLI is built.
 */
export function generatedDir(): string {
  return import.meta.url.endsWith('.ts') ? setsPackageDir() : join(setsPackageDir(), 'dist');
}

/** This package's version, announced by the MCP server. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string })
    .version;
}
