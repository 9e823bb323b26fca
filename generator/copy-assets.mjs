#!/usr/bin/env node
/**
 * Build step of a generated directory used as a package (generated/ is @toolspec/sets): tsc
 * compiles its TypeScript into dist/; this copies everything else the generator wrote (the IR
 * snapshot, catalogues, JSON Schemas, standalone validators and their types, docs) beside it, so
 * the compiled modules find their data at the same relative paths as the sources do.
 * Usage: node generator/copy-assets.mjs <generated dir>
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const root = process.argv[2];
if (!root) throw new Error('usage: copy-assets.mjs <generated dir>');
const SKIP = new Set(['dist', 'node_modules', 'package.json', 'tsconfig.json']);
const walk = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (dir === root && SKIP.has(e.name)) continue;
    if (e.isDirectory()) walk(p);
    else if (!e.name.endsWith('.ts') || e.name.endsWith('.d.ts')) {
      const to = join(root, 'dist', relative(root, p));
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(p, to);
    }
  }
};
walk(root);
