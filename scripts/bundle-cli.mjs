/**
 * The `toolspec` command as users run it: dist/bin/toolspec.js, one esbuild bundle of the CLI
 * (dist/cli, built by tsc) with the MCP server, the sandbox, the shipped sets and their
 * dependencies (the MCP SDK, zod, hono), split into chunks that each command loads when it runs.
 * Why: `serve` answers its first tools/list from a few files instead of about 150 modules (the
 * SDK alone is 110), which is what puts its cold start under a bare server's on the same SDK
 * (bench/README.md, "serve"). The packages below stay outside, imported from node_modules as
 * any user of them imports them: each is a dependency of this package, so an isolated install
 * resolves it, and none is loaded twice (the bundled code and these share one copy of each).
 * Run by `npm run build`, after tsc.
 */
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'dist/bin');

/**
 * Loaded from node_modules: the language and the runtime (the generator and code mode import
 * them too, so bundling them would load a second copy beside theirs), the generator and code mode
 * (only `generate`, `import` and `serve --code` load them; code mode reads its WebAssembly file
 * beside its module), and the optional integrations an operator configures.
 */
const EXTERNAL = [
  '@toolspec/language',
  '@toolspec/runtime',
  '@toolspec/generator',
  '@toolspec/code',
  '@modelcontextprotocol/sdk',
  '@opentelemetry/api',
  '@redis/client',
  'jsonc-parser',
];

rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: { toolspec: join(ROOT, 'dist/cli/main.js') },
  outdir: OUT,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: EXTERNAL.flatMap((p) => [p, `${p}/*`]),
  // Bundled CommonJS code calls require: give the ES module one.
  banner: {
    js: "import { createRequire as __toolspecRequire } from 'node:module';\nconst require = __toolspecRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
