/**
 * Skip regeneration when nothing changed. The key is a hash of everything the output depends
 * on: the spec texts, the emit options, the code of every package the generator runs (its own,
 * the spec language, and any other @toolspec package it imports) and the versions of the
 * libraries that emit. It lives outside the output (node_modules/.cache), so generated files
 * stay a pure function of the specs; the output files' hashes are recorded too, so a
 * hand-edited or deleted file is regenerated.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { GeneratedFile } from './types.js';
import { listTree } from './write.js';

const require = createRequire(import.meta.url);
const LIBRARIES = [
  'json-schema-to-typescript',
  'ajv',
  'ajv-formats',
  'ts-morph',
  'handlebars',
  'yaml',
  'json-e',
];

export const sha = (s: string | Buffer): string => createHash('sha256').update(s).digest('hex');

/**
 * The packages whose code shapes the output: this generator's, and every @toolspec dependency it
 * declares (the generator's boundary lint allows no other first-party import).
 */
function codeDirs(): string[] {
  // Located by name (the package's self-reference), not from this module's URL, so the same code
  // bundled elsewhere (the CLI's generate bundle) still hashes the generator package.
  const own = dirname(require.resolve('@toolspec/generator/package.json'));
  const manifest = JSON.parse(readFileSync(join(own, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const deps = Object.keys(manifest.dependencies ?? {}).filter((d) => d.startsWith('@toolspec/'));
  return [own, ...deps.map((d) => dirname(require.resolve(`${d}/package.json`)))];
}

export function codeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...codeFiles(p));
    else if (/\.(ts|js|json)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out.sort();
}

export function libraryVersions(names: readonly string[] = LIBRARIES): string {
  return names
    .map((name) => {
      try {
        const pkg = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8'));
        return `${name}@${String(pkg.version)}`;
      } catch {
        return `${name}@?`;
      }
    })
    .join(',');
}

export interface CacheKeyInput {
  readonly specs: readonly { readonly file: string; readonly text: string }[];
  /** Everything else that changes the output (emit options, emitter selection). */
  readonly options: string;
}

/** Every file whose contents are part of the key. */
export function hashedCodeFiles(): string[] {
  return codeDirs().flatMap(codeFiles);
}

export function cacheKey(input: CacheKeyInput): string {
  const h = createHash('sha256');
  for (const s of input.specs) h.update(`spec\0${s.file}\0${s.text}\0`);
  h.update(`options\0${input.options}\0libs\0${libraryVersions()}\0`);
  for (const f of hashedCodeFiles()) h.update(`code\0${f}\0`).update(readFileSync(f));
  return h.digest('hex');
}

export interface Entry {
  readonly key: string;
  readonly files: Record<string, string>;
}

const cacheFile = (cacheDir: string) => join(cacheDir, 'generate.json');

export function readCache(cacheDir: string): Record<string, Entry> {
  try {
    return JSON.parse(readFileSync(cacheFile(cacheDir), 'utf8')) as Record<string, Entry>;
  } catch {
    return {};
  }
}

/** True when `outDir` holds exactly the files the generator produced last time for this key. */
export function isUpToDate(cacheDir: string, outDir: string, key: string): boolean {
  const entry = readCache(cacheDir)[resolve(outDir)];
  if (!entry || entry.key !== key) return false;
  const present = listTree(outDir);
  const recorded = Object.keys(entry.files).sort();
  if (present.length !== recorded.length || present.some((p, i) => p !== recorded[i])) return false;
  return present.every((p) => {
    try {
      return sha(readFileSync(join(outDir, p))) === entry.files[p];
    } catch {
      return false;
    }
  });
}

export function remember(
  cacheDir: string,
  outDir: string,
  key: string,
  files: readonly GeneratedFile[],
): void {
  try {
    const cache = readCache(cacheDir);
    // Records of output folders that are gone (temporary ones) only make every later read slower.
    for (const dir of Object.keys(cache)) if (!existsSync(dir)) delete cache[dir];
    cache[resolve(outDir)] = {
      key,
      files: Object.fromEntries(files.map((f) => [f.path, sha(f.contents)])),
    };
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(cacheFile(cacheDir), `${JSON.stringify(cache)}\n`);
  } catch {
    // The cache is an optimisation only (read-only installs have none).
  }
}
