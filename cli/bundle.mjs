#!/usr/bin/env node
/**
 * Build step of the CLI: bundles the commands whose start-up is measured (`serve`: cold start to
 * the first answer; `generate`: a whole process per run) with esbuild into
 * `dist/cli/bundle/<command>/<command>.js` plus chunks, which the built CLI's command registry
 * (cli/commands/index.ts) loads when present: a few files instead of resolving and linking a
 * hundred or more modules (the MCP SDK and zod; Ajv, json-schema-to-typescript, lodash, the spec
 * language). Code loaded on demand stays in its own chunks, loaded on demand. Same code, same
 * behaviour: only how it is packaged differs.
 *
 * - serve: this package's CLI code, @toolspec/mcp and the SDK; the other @toolspec packages stay
 *   imported (the runtime and the language load on the first call, once per process).
 * - generate: the CLI command, the generator and the spec language, with the generator's worker
 *   thread as a second entry (`worker.js` beside the chunks, where the generator looks for it).
 *   ts-morph and TypeScript (escape-hatch stubs only) and prettier (never used to format) stay
 *   imported.
 *
 * Usage: node cli/bundle.mjs                    (from the packages' dist/, what the build runs)
 *        node cli/bundle.mjs --source <command> OUT (from the TypeScript sources into OUT)
 */
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A module of a package folder (`cli` for this one) as TypeScript source or as built (its dist/). */
const moduleFile = (source, pkg, path) =>
  source
    ? join(ROOT, pkg, `${path}.ts`)
    : join(ROOT, pkg === 'cli' ? 'dist/cli' : `${pkg}/dist`, `${path}.js`);

/** A bare import of one of these packages stays an import of the installed package. */
const keepOutside = (test) => ({
  name: 'keep-outside',
  setup(b) {
    b.onResolve({ filter: /^[@a-z]/ }, (args) =>
      test(args.path) ? { path: args.path, external: true } : undefined,
    );
  },
});

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

export const BUNDLES = {
  serve: {
    entries: (source) => ({ serve: moduleFile(source, 'cli', 'commands/serve') }),
    outside: (p) => p.startsWith('@toolspec/') && packageOf(p) !== '@toolspec/mcp',
  },
  generate: {
    entries: (source) => ({
      generate: moduleFile(source, 'cli', 'commands/generate'),
      worker: moduleFile(source, 'generator', 'worker'),
    }),
    outside: (p) => ['ts-morph', 'typescript', 'prettier'].includes(packageOf(p)),
  },
};

export async function bundle(name, { source = false, outdir = join(ROOT, 'dist/cli/bundle', name) } = {}) {
  const spec = BUNDLES[name];
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: spec.entries(source),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    conditions: source ? ['@toolspec/source'] : [],
    plugins: [keepOutside(spec.outside)],
    // CommonJS dependencies inside the bundle (require of node builtins) need a real require.
    banner: {
      js: "import { createRequire as __bundleCreateRequire } from 'node:module';\nconst require = __bundleCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
    legalComments: 'none',
  });
  return join(outdir, `${name}.js`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf('--source');
  if (at >= 0) await bundle(process.argv[at + 1], { source: true, outdir: process.argv[at + 2] });
  else {
    rmSync(join(ROOT, 'dist/cli/bundle'), { recursive: true, force: true });
    for (const name of Object.keys(BUNDLES)) await bundle(name);
  }
}
