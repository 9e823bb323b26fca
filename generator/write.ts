/** The one step that touches the output directory: compare, write and prune generated files. */
import { mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { GeneratedFile } from './types.js';

export interface TreeDiff {
  /** Files whose contents differ from what the generator produces. */
  readonly stale: readonly string[];
  /** Files the generator produces that do not exist. */
  readonly missing: readonly string[];
  /** Files in the output directory the generator does not produce. */
  readonly extra: readonly string[];
}

export const isClean = (d: TreeDiff): boolean => d.stale.length + d.missing.length + d.extra.length === 0;

/**
 * What an output directory may hold besides generated files, at its top: the output can be a
 * package of its own (generated/ is @toolspec/sets), whose manifest, build config and build
 * output are not generated.
 */
const PACKAGE_ENTRIES = new Set(['package.json', 'tsconfig.json', 'dist', 'node_modules']);

/** Every file under `dir` (relative, forward slashes, sorted); dot-files and package entries are not ours and are skipped. */
export function listTree(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(join(dir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || (rel === '' && PACKAGE_ENTRIES.has(e.name))) continue;
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk('');
  return out.sort();
}

export function readExisting(dir: string): (path: string) => string | undefined {
  return (path) => {
    try {
      return readFileSync(join(dir, path), 'utf8');
    } catch {
      return undefined;
    }
  };
}

export function diffTree(dir: string, files: readonly GeneratedFile[]): TreeDiff {
  const wanted = new Set(files.map((f) => f.path));
  const read = readExisting(dir);
  const stale: string[] = [];
  const missing: string[] = [];
  for (const f of files) {
    const current = read(f.path);
    if (current === undefined) missing.push(f.path);
    else if (current !== f.contents) stale.push(f.path);
  }
  const extra = listTree(dir).filter((p) => !wanted.has(p));
  return { stale, missing, extra };
}

function pruneEmptyDirs(dir: string, rel: string): void {
  for (let d = dirname(rel); d !== '.' && d !== ''; d = dirname(d)) {
    try {
      rmdirSync(join(dir, d));
    } catch {
      return;
    }
  }
}

/** Bring `dir` in line with `files`: write what differs, delete what is no longer produced. */
export function writeTree(dir: string, files: readonly GeneratedFile[]): TreeDiff {
  const diff = diffTree(dir, files);
  const changed = new Set([...diff.stale, ...diff.missing]);
  for (const f of files) {
    if (!changed.has(f.path)) continue;
    const target = join(dir, f.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, f.contents);
  }
  for (const p of diff.extra) {
    rmSync(join(dir, p));
    pruneEmptyDirs(dir, p);
  }
  return diff;
}
