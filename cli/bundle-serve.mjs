#!/usr/bin/env node
/**
 * Build step of the CLI: bundles the `serve` command (this package's CLI code, @toolspec/mcp, the
 * MCP SDK, zod, and the on-demand HTTP front and sandbox as split chunks) into
 * `dist/cli/bundle/serve.js` with esbuild. A cold `toolspec serve` then reads a few files instead
 * of resolving and linking ~130 modules before its first answer; the built CLI's command registry
 * (cli/commands/index.ts) loads the bundle when it is there. The other @toolspec/* packages stay
 * outside the bundle (imported on the first call, as before), so the runtime and the language
 * exist once per process. Same code, same behaviour: only how it is packaged differs.
 *
 * Usage: node cli/bundle-serve.mjs              (from dist/cli/commands/serve.js, what the build runs)
 *        node cli/bundle-serve.mjs --source OUT (from cli/commands/serve.ts and the packages' sources
 *                                                into OUT; run with --conditions=@toolspec/source)
 */
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A bare `@toolspec/<pkg>` import other than the MCP adapter stays an import of the installed package. */
const keepFirstPartyOutside = {
  name: 'toolspec-externals',
  setup(b) {
    b.onResolve({ filter: /^@toolspec\// }, (args) =>
      /^@toolspec\/mcp(\/|$)/.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

export async function bundleServe({ source = false, outdir = join(ROOT, 'dist/cli/bundle') } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      serve: join(ROOT, source ? 'cli/commands/serve.ts' : 'dist/cli/commands/serve.js'),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    conditions: source ? ['@toolspec/source'] : [],
    plugins: [keepFirstPartyOutside],
    // CommonJS dependencies inside the bundle (require of node builtins) need a real require.
    banner: {
      js: "import { createRequire as __tsCreateRequire } from 'node:module';\nconst require = __tsCreateRequire(import.meta.url);",
    },
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
    legalComments: 'none',
  });
  return join(outdir, 'serve.js');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const source = process.argv.includes('--source');
  const out = process.argv[process.argv.indexOf('--source') + 1];
  await bundleServe(source ? { source, outdir: out } : {});
}
