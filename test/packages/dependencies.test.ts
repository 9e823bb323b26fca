/**
 * Every package declares every package its code imports, and nothing it does not: each
 * workspace's sources (and the CLI's, for the root package) are read with TypeScript's parser,
 * their bare imports (type-only ones too: declaration files keep them; dynamic ones too) are
 * reduced to package names and compared with the manifest's dependencies and peerDependencies.
 * An install that does not hoist (`npm i --install-strategy=linked`, pnpm) gives a package only
 * what it declares, so an undeclared import works in this checkout and fails for a user
 * (test/packages/install.test.ts installs that way).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleImports, packageOf } from '../support/imports.js';
import { REPO } from '../support/paths.js';

interface Manifest {
  readonly name: string;
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
}

/** The packages and the folders holding their code (the root package is the CLI). */
const PACKAGES: readonly { dir: string; code: readonly string[] }[] = [
  { dir: 'language', code: ['language'] },
  { dir: 'runtime', code: ['runtime'] },
  { dir: 'generator', code: ['generator'] },
  { dir: 'sandbox', code: ['sandbox'] },
  { dir: 'mcp', code: ['mcp'] },
  { dir: 'code', code: ['code'] },
  { dir: 'generated', code: ['generated'] },
  { dir: '.', code: ['cli'] },
];

const SKIP = new Set(['dist', 'node_modules']);

/** The TypeScript sources under `dir` (what a package ships, compiled; build scripts are .mjs). */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name) || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const manifestOf = (dir: string): Manifest =>
  JSON.parse(readFileSync(join(REPO, dir, 'package.json'), 'utf8')) as Manifest;

/** Peer dependencies of the workspace packages a manifest depends on: it may declare them for them. */
function peersOfDependencies(manifest: Manifest): Set<string> {
  const byName = new Map(PACKAGES.map(({ dir }) => [manifestOf(dir).name, manifestOf(dir)]));
  const peers = new Set<string>();
  for (const dep of Object.keys(manifest.dependencies ?? {}))
    for (const peer of Object.keys(byName.get(dep)?.peerDependencies ?? {})) peers.add(peer);
  return peers;
}

/** Each package a folder's code imports, with a file that imports it. */
function importedPackages(dirs: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const dir of dirs) {
    for (const file of sourceFiles(join(REPO, dir))) {
      const { declared, dynamic, required } = moduleImports(file);
      for (const s of [...declared, ...dynamic, ...required]) {
        const name = packageOf(s);
        if (name && !out.has(name)) out.set(name, relative(REPO, file));
      }
    }
  }
  return out;
}

describe('every package declares what its code imports', () => {
  for (const { dir, code } of PACKAGES) {
    const manifest = manifestOf(dir);
    const declared = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ]);
    const imported = importedPackages(code);

    it(`${manifest.name} (${code.join(', ')}/): every imported package is a dependency`, () => {
      const undeclared = [...imported]
        .filter(([name]) => name !== manifest.name && !declared.has(name))
        .map(([name, file]) => `${name} (${file})`);
      expect(undeclared).toEqual([]);
    });

    it(`${manifest.name}: every dependency is imported (or is a peer of a dependency)`, () => {
      const peers = peersOfDependencies(manifest);
      const unused = [...declared].filter((name) => !imported.has(name) && !peers.has(name));
      expect(unused.sort()).toEqual([]);
    });
  }
});
