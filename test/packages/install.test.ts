/**
 * The packages as users install them: every workspace packed with `npm pack`, then installed
 * from those tarballs into empty directories the way that gives a package only what it declares
 * (`npm install --install-strategy=linked`, as pnpm does; dependencies from the registry):
 * - an application embedding only @toolspec/runtime with a spec of its own gets a small install,
 *   runs a dry run and a paged call against a loopback vendor, and so do its esbuild bundles,
 *   run from a folder without node_modules;
 * - a TypeScript application compiles (strict) against @toolspec/sets' typed handlers and a
 *   toolkit typed by tool name, and a wrong input is a compile error;
 * - the installed `toolspec` CLI generates code from the user's spec that plain `tsc` (NodeNext,
 *   strict, outDir, no allowJs, no copy step) compiles into a build that runs with `node` (with
 *   code generation from strings refused: its validators are the precompiled ones), and whose
 *   esbuild bundles run from a folder without node_modules.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChild } from '../support/children.js';
import { type Listening, listenOnLoopback } from '../support/listen.js';
import { REPO } from '../support/paths.js';
import { readmeCode } from '../support/readme.js';

const WORKSPACES = ['language', 'runtime', 'generator', 'sandbox', 'code', 'mcp', 'generated'];
const FIXTURE = join(REPO, 'test/fixtures/consumer');
const MINI_SPEC = join(REPO, 'test/fixtures/specs/mini.yaml');
const TSC = join(REPO, 'node_modules/typescript/bin/tsc');
const ESBUILD = join(REPO, 'node_modules/.bin/esbuild');
/** Most packages an embedding application may install, and their size on disk (bytes of files). */
const MAX_RUNTIME_PACKAGES = 13;
const MAX_RUNTIME_BYTES = 8 * 1024 * 1024;

/** The free variables the sample leaves to the reader. */
const README_PRELUDE = [
  'declare const accessToken: string, refreshToken: string, clientId: string, clientSecret: string;',
  'declare const sfToken: string, page_id: string, signal: AbortSignal;',
  'declare const process: { env: Record<string, string | undefined> };',
  '',
].join('\n');

let work: string;
let tarballs: Record<string, string>;

function run(cmd: string, args: readonly string[], cwd: string): SpawnSyncReturns<string> {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r;
}

const npm = (args: readonly string[], cwd: string) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], cwd);

/** An install that gives each package only what it declares (no hoisting), as pnpm does. */
const isolatedInstall = (packages: readonly string[], cwd: string) =>
  npm(['install', '--install-strategy=linked', ...packages], cwd);

/** Run `node` with `args` in `cwd` while the loopback vendor answers (the test process must not block). */
async function node(args: readonly string[], cwd: string): Promise<unknown> {
  const r = await runChild(process.execPath, args, { cwd, timeoutMs: 60_000 });
  if (r.code !== 0) throw new Error(`node ${args.join(' ')} failed (${r.code}):\n${r.stdout}\n${r.stderr}`);
  return JSON.parse(r.stdout);
}

/**
 * The default esbuild bundles of `entry` (no banner, no option beyond the platform and the
 * format), each in a folder of its own without node_modules. An ESM bundle of a CommonJS
 * dependency that requires a Node builtin needs more than that: see `ESM_BANNER`.
 */
function bundles(entry: string, cwd: string, name: string): { cjs: string; esm: string } {
  const out = { cjs: join(work, `${name}-cjs`, 'app.cjs'), esm: join(work, `${name}-esm`, 'app.mjs') };
  for (const [format, file] of Object.entries(out)) {
    mkdirSync(join(file, '..'));
    const extra = format === 'esm' ? [`--banner:js=${ESM_BANNER}`] : [];
    run(
      ESBUILD,
      [
        entry,
        '--bundle',
        '--platform=node',
        `--format=${format}`,
        `--outfile=${file}`,
        '--log-level=warning',
        ...extra,
      ],
      cwd,
    );
  }
  return out;
}

/**
 * yaml (the spec parser; its Node build) and undici (the HTTP client) are CommonJS that require
 * Node builtins (\`require('process')\`, \`require('node:assert')\`), which an ESM bundle has no
 * \`require\` for (esbuild: "Dynamic require of "process" is not supported", evanw/esbuild#1921):
 * until the runtime's dependencies are ESM, an ESM bundle needs esbuild's usual banner. Nothing of
 * toolspec's own needs it (the CommonJS bundles run without it).
 */
const ESM_BANNER =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/**
 * A loopback vendor for the mini spec: one item, and the item list in two cursor pages. Every
 * request must carry the connection's bearer token; each one is recorded.
 */
async function miniVendor(token: string): Promise<Listening & { readonly seen: string[] }> {
  const seen: string[] = [];
  const answer = (req: IncomingMessage): [number, unknown] => {
    if (req.headers.authorization !== `Bearer ${token}`) return [401, { error: { code: 'unauthorized' } }];
    const url = new URL(req.url ?? '/', 'http://vendor');
    if (url.pathname === '/items/a1') return [200, { id: 'a1', name: 'First' }];
    if (url.pathname !== '/items') return [404, { error: { code: 'not_found' } }];
    return url.searchParams.get('cursor') === 'c2'
      ? [200, { items: [{ id: 'a3' }], next: null, more: false }]
      : [200, { items: [{ id: 'a1' }, { id: 'a2' }], next: 'c2', more: true }];
  };
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const [status, body] = answer(req);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  return Object.assign(await listenOnLoopback(server), { seen });
}

function emptyApp(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name, version: '1.0.0', type: 'module', private: true }),
  );
  return dir;
}

/**
 * Installed packages and their bytes: with the linked strategy, the entries of node_modules/.store
 * (`name@version-hash`, scoped ones under their scope), else the folders under node_modules.
 */
function installed(dir: string): { packages: string[]; bytes: number } {
  const root = join(dir, 'node_modules');
  const store = join(root, '.store');
  const linked = existsSync(store);
  const from = linked ? store : root;
  const name = (e: string) => (linked ? e.slice(0, e.lastIndexOf('@')) : e);
  const packages: string[] = [];
  for (const e of readdirSync(from)) {
    if (e.startsWith('.')) continue;
    if (e.startsWith('@')) for (const s of readdirSync(join(from, e))) packages.push(`${e}/${name(s)}`);
    else packages.push(name(e));
  }
  // Links (the linked layout's package links) are not followed: each file counts once.
  const size = (p: string): number => {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return 0;
    return st.isDirectory() ? readdirSync(p).reduce((n, c) => n + size(join(p, c)), 0) : st.size;
  };
  return { packages: packages.sort(), bytes: size(root) };
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'toolspec-install-'));
  npm(['run', 'build', '--silent'], REPO);
  const packs = join(work, 'packs');
  mkdirSync(packs);
  tarballs = {};
  for (const w of [...WORKSPACES, '.']) {
    const args =
      w === '.' ? ['pack', '--pack-destination', packs] : ['pack', '-w', w, '--pack-destination', packs];
    const out = npm(args, REPO).stdout.trim().split('\n').pop() as string;
    tarballs[w] = join(packs, out.trim());
  }
}, 300_000);

afterAll(() => {
  // Two installs of a hundred-odd packages: removing them can take a while on a busy machine.
  if (work) rmSync(work, { recursive: true, force: true });
}, 300_000);

describe('installed from packed tarballs', () => {
  it('the packed toolspec CLI runs no script when installed, and ships the spec schema its specs name', () => {
    const tarball = tarballs['.'] as string;
    const manifest = JSON.parse(run('tar', ['-xOzf', tarball, 'package/package.json'], work).stdout) as {
      scripts?: Record<string, string>;
    };
    const install = ['preinstall', 'install', 'postinstall', 'prepare'].filter(
      (s) => s in (manifest.scripts ?? {}),
    );
    expect(install).toEqual([]);
    // The checkout's own manifest keeps its prepare (npm ci builds the CLI); the pack left it as it was.
    expect(JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).scripts.prepare).toBeDefined();
    const files = run('tar', ['-tzf', tarball], work).stdout.split('\n');
    expect(files).toContain('package/specs/toolspec.schema.json');
    expect(run('tar', ['-xOzf', tarball, 'package/specs/toolspec.schema.json'], work).stdout).toBe(
      readFileSync(join(REPO, 'language/toolspec.schema.json'), 'utf8'),
    );
  });

  it('an application embedding only @toolspec/runtime with its own spec, installed isolated: small, a dry run and a paged call, also bundled', async () => {
    const app = emptyApp('embed');
    isolatedInstall([tarballs.runtime as string, tarballs.language as string], app);
    const { packages, bytes } = installed(app);
    expect(packages).toContain('@toolspec/runtime');
    expect(packages).not.toContain('ts-morph');
    expect(packages).not.toContain('@toolspec/generator');
    expect(packages.length, packages.join(', ')).toBeLessThanOrEqual(MAX_RUNTIME_PACKAGES);
    expect(bytes).toBeLessThanOrEqual(MAX_RUNTIME_BYTES);

    copyFileSync(join(FIXTURE, 'embed.mjs'), join(app, 'embed.mjs'));
    copyFileSync(MINI_SPEC, join(app, 'my-api.yaml'));
    const vendor = await miniVendor('embedded-secret-token');
    try {
      const direct = await node(['embed.mjs', 'my-api.yaml', vendor.origin], app);
      expect(direct).toMatchObject({
        request: { method: 'GET', url: `${vendor.origin}/items/abc` },
        all: { items: [{ id: 'a1' }, { id: 'a2' }, { id: 'a3' }] },
      });
      expect(JSON.stringify(direct)).not.toContain('embedded-secret-token');
      expect(vendor.seen).toEqual(['GET /items?limit=10', 'GET /items?limit=10&cursor=c2']);

      // The bundles run from folders without node_modules (the spec file is the user's, given by path).
      const { cjs, esm } = bundles('embed.mjs', app, 'embed');
      const spec = join(app, 'my-api.yaml');
      expect(await node([cjs, spec, vendor.origin], join(cjs, '..'))).toEqual(direct);
      expect(await node([esm, spec, vendor.origin], join(esm, '..'))).toEqual(direct);
    } finally {
      await vendor.close();
    }
  }, 300_000);

  it('createMcpServer as the README shows it, installed isolated: a user spec served over stdio to the SDK client; a missing credential fails before sending, naming it', async () => {
    const app = emptyApp('mcp');
    const sdk = JSON.parse(readFileSync(join(REPO, 'mcp/package.json'), 'utf8')).dependencies[
      '@modelcontextprotocol/server'
    ] as string;
    const ours = ['language', 'runtime', 'sandbox', 'mcp'].map((w) => tarballs[w] as string);
    isolatedInstall([...ours, `@modelcontextprotocol/server@${sdk}`], app);
    // The README's code has no type annotations: it runs as the JavaScript a user would paste.
    writeFileSync(join(app, 'mcp-server.mjs'), readmeCode('### Embed the server in your application'));
    copyFileSync(MINI_SPEC, join(app, 'my-api.yaml'));
    const vendor = await miniVendor('mcp-embed-secret-token');
    const connect = async (env: Record<string, string>) => {
      const client = new Client({ name: 'install-test', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: ['mcp-server.mjs', 'my-api.yaml'],
          cwd: app,
          env: {
            ...getDefaultEnvironment(),
            NODE_NO_WARNINGS: '1',
            TOOLSPEC_MINI_BASE_URL: vendor.origin,
            ...env,
          },
          stderr: 'ignore',
        }),
      );
      return client;
    };
    try {
      const served = await connect({ TOOLSPEC_MINI_TOKEN: 'mcp-embed-secret-token' });
      try {
        expect((await served.listTools()).tools.map((t) => t.name)).toContain('mini_item_get');
        const got = await served.callTool({ name: 'mini_item_get', arguments: { item_id: 'a1' } });
        expect(got.isError ?? false).toBe(false);
        expect(got.structuredContent).toEqual({ id: 'a1', name: 'First' });
        expect(JSON.stringify(got)).not.toContain('mcp-embed-secret-token');
      } finally {
        await served.close();
      }
      expect(vendor.seen).toEqual(['GET /items/a1']);
      const bare = await connect({});
      try {
        const refused = await bare.callTool({ name: 'mini_item_get', arguments: { item_id: 'a1' } });
        expect(refused.isError).toBe(true);
        expect(JSON.stringify(refused.content)).toContain('TOOLSPEC_MINI_TOKEN');
      } finally {
        await bare.close();
      }
      expect(vendor.seen).toEqual(['GET /items/a1']);
    } finally {
      await vendor.close();
    }
  }, 300_000);

  it('a TypeScript application installed isolated: typed handlers and calls typed by tool name; code the installed CLI generates from its own spec builds with plain tsc, runs and bundles', async () => {
    const app = emptyApp('typed');
    isolatedInstall([...Object.values(tarballs), '@types/node@20'], app);
    copyFileSync(join(FIXTURE, 'typed.ts'), join(app, 'typed.ts'));
    writeFileSync(
      join(app, 'readme.ts'),
      `${README_PRELUDE}${readmeCode('## Use the runtime as a library')}\n`,
    );
    copyFileSync(join(FIXTURE, 'tsconfig.json'), join(app, 'tsconfig.json'));
    copyFileSync(MINI_SPEC, join(app, 'my-api.yaml'));

    const toolspec = join(app, 'node_modules/.bin/toolspec');
    expect(run(toolspec, ['validate', 'my-api.yaml'], app).stdout).toContain('ok: 1 set(s)');
    // Strict compile of the typed application and the README's sample; the expect-error directives
    // in typed.ts fail the compile if a wrong input or tool name were accepted.
    run(process.execPath, [TSC, '-p', '.'], app);

    // Code generated from the user's spec, built as the user's project builds: tsc, nothing else.
    run(toolspec, ['generate', 'my-api.yaml', '--out', 'src/gen'], app);
    expect(readdirSync(join(app, 'src/gen'))).toEqual(expect.arrayContaining(['index.ts', 'ir.ts', 'mini']));
    copyFileSync(join(FIXTURE, 'main.ts'), join(app, 'src/main.ts'));
    copyFileSync(join(FIXTURE, 'tsconfig.app.json'), join(app, 'tsconfig.app.json'));
    run(process.execPath, [TSC, '-p', 'tsconfig.app.json'], app);
    const vendor = await miniVendor('generated-secret-token');
    try {
      // Code generation from strings refused: only the precompiled validators can check inputs.
      const built = await node(
        ['--disallow-code-generation-from-strings', 'dist/main.js', vendor.origin],
        app,
      );
      expect(built).toEqual({
        request: expect.objectContaining({ method: 'GET', url: `${vendor.origin}/items/abc` }),
        item: { id: 'a1', name: 'First' },
        all: expect.objectContaining({ items: [{ id: 'a1' }, { id: 'a2' }, { id: 'a3' }] }),
        refused: 'invalid_input item_id',
      });
      expect(JSON.stringify(built)).not.toContain('generated-secret-token');
      const { cjs, esm } = bundles('src/main.ts', app, 'generated');
      expect(await node([cjs, vendor.origin], join(cjs, '..'))).toEqual(built);
      expect(await node([esm, vendor.origin], join(esm, '..'))).toEqual(built);
    } finally {
      await vendor.close();
    }

    // A wrong input field is a compile error, with the field named.
    writeFileSync(
      join(app, 'typed.ts'),
      "import { createToolkit } from '@toolspec/runtime';\nimport { specs, type ToolMap } from '@toolspec/sets';\n" +
        "const t = createToolkit<ToolMap>({ specs: specs() });\nawait t.call('notes_page_get', { pageid: 'x' });\n",
    );
    const wrong = spawnSync(process.execPath, [TSC, '-p', '.'], { cwd: app, encoding: 'utf8' });
    expect(wrong.status).not.toBe(0);
    expect(wrong.stdout).toContain('pageid');
  }, 300_000);
});
