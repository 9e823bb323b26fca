/**
 * Skip regeneration when nothing changed. The key is a hash of everything the output depends
 * on: the spec texts, the emit options, the generator's and spec loader's own code and the
 * versions of the libraries that emit. It lives outside the output (node_modules/.cache), so
 * generated files stay a pure function of the specs; the output files' hashes are recorded too,
 * so a hand-edited or deleted file is regenerated.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_ROOT } from '../runtime/paths.js';
import type { GeneratedFile } from './types.js';
import { listTree } from './write.js';

const CACHE_FILE = join(PACKAGE_ROOT, 'node_modules', '.cache', 'toolspec', 'generate.json');
const HERE = dirname(fileURLToPath(import.meta.url));
/** The code whose behaviour shapes the output: this generator and the spec loader beside it. */
const CODE_DIRS = [HERE, resolve(HERE, '..', 'runtime', 'spec')];
const LIBRARIES = [
  'json-schema-to-typescript',
  'ajv',
  'ajv-formats',
  'ts-morph',
  'handlebars',
  'yaml',
  'json-e',
];

const sha = (s: string | Buffer): string => createHash('sha256').update(s).digest('hex');

function codeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...codeFiles(p));
    else if (/\.(ts|js|json)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out.sort();
}

function libraryVersions(): string {
  return LIBRARIES.map((name) => {
    try {
      const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'node_modules', name, 'package.json'), 'utf8'));
      return `${name}@${String(pkg.version)}`;
    } catch {
      return `${name}@?`;
    }
  }).join(',');
}

export interface CacheKeyInput {
  readonly specs: readonly { readonly file: string; readonly text: string }[];
  /** Everything else that changes the output (emit options, emitter selection). */
  readonly options: string;
}

export function cacheKey(input: CacheKeyInput): string {
  const h = createHash('sha256');
  for (const s of input.specs) h.update(`spec\0${s.file}\0${s.text}\0`);
  h.update(`options\0${input.options}\0libs\0${libraryVersions()}\0`);
  for (const dir of CODE_DIRS)
    for (const f of codeFiles(dir)) h.update(`code\0${f}\0`).update(readFileSync(f));
  return h.digest('hex');
}

interface Entry {
  readonly key: string;
  readonly files: Record<string, string>;
}

function readCache(): Record<string, Entry> {
  try {
    return JSON.parse(readFileSync(CACHE_FILE, 'utf8')) as Record<string, Entry>;
  } catch {
    return {};
  }
}

/** True when `outDir` holds exactly the files the generator produced last time for this key. */
export function isUpToDate(outDir: string, key: string): boolean {
  const entry = readCache()[resolve(outDir)];
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

export function remember(outDir: string, key: string, files: readonly GeneratedFile[]): void {
  try {
    const cache = readCache();
    cache[resolve(outDir)] = { key, files: Object.fromEntries(files.map((f) => [f.path, sha(f.contents)])) };
    mkdirSync(dirname(CACHE_FILE), { recursive: true });
    writeFileSync(CACHE_FILE, `${JSON.stringify(cache)}\n`);
  } catch {
    // The cache is an optimisation only (read-only installs have none).
  }
}
