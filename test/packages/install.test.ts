/**
 * The packages as users install them: every workspace packed with `npm pack`, then installed
 * from those tarballs into empty directories (dependencies from the registry, as for a user).
 * - an application embedding only @toolspec/runtime gets a small install, runs a dry run, and
 *   an esbuild bundle of the same script runs (nothing resolves files at import time);
 * - a TypeScript application compiles (strict) against @toolspec/sets' typed handlers and a
 *   toolkit typed by tool name, and a wrong input is a compile error;
 * - the installed `toolspec` CLI generates code from a spec of the user's own that compiles
 *   against the installed packages.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../support/paths.js';

const WORKSPACES = ['language', 'runtime', 'generator', 'mcp', 'generated'];
const FIXTURE = join(REPO, 'test/fixtures/consumer');
const MINI_SPEC = join(REPO, 'test/fixtures/specs/mini.yaml');
const TSC = join(REPO, 'node_modules/typescript/bin/tsc');
const ESBUILD = join(REPO, 'node_modules/.bin/esbuild');
/** Most packages an embedding application may install, and their size on disk (bytes of files). */
const MAX_RUNTIME_PACKAGES = 13;
const MAX_RUNTIME_BYTES = 8 * 1024 * 1024;

/** The README's library sample ("Use the runtime as a library"), as a user would paste it. */
function readmeLibrarySample(): string {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Use the runtime as a library'));
  const block = /```ts\n([\s\S]*?)```/.exec(section);
  if (!block?.[1]) throw new Error('README: no ts block under "Use the runtime as a library"');
  return block[1];
}
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

function emptyApp(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name, version: '1.0.0', type: 'module', private: true }),
  );
  return dir;
}

/** Installed packages (folders with a package.json directly under node_modules or a scope) and their bytes. */
function installed(dir: string): { packages: string[]; bytes: number } {
  const root = join(dir, 'node_modules');
  const packages: string[] = [];
  for (const e of readdirSync(root)) {
    if (e.startsWith('.')) continue;
    if (e.startsWith('@')) for (const s of readdirSync(join(root, e))) packages.push(`${e}/${s}`);
    else packages.push(e);
  }
  const size = (p: string): number => {
    const st = statSync(p);
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

  it('an application embedding only @toolspec/runtime: small install, a dry run, and an esbuild bundle that runs', () => {
    const app = emptyApp('embed');
    npm(['install', tarballs.runtime as string, tarballs.language as string], app);
    const { packages, bytes } = installed(app);
    expect(packages).toContain('@toolspec/runtime');
    expect(packages).not.toContain('ts-morph');
    expect(packages).not.toContain('@toolspec/generator');
    expect(packages.length, packages.join(', ')).toBeLessThanOrEqual(MAX_RUNTIME_PACKAGES);
    expect(bytes).toBeLessThanOrEqual(MAX_RUNTIME_BYTES);

    copyFileSync(join(FIXTURE, 'embed.mjs'), join(app, 'embed.mjs'));
    const direct = JSON.parse(run(process.execPath, ['embed.mjs', MINI_SPEC], app).stdout);
    expect(direct).toMatchObject({ method: 'GET', url: 'https://demo.example.test/items/abc' });
    expect(JSON.stringify(direct)).not.toContain('embedded-secret-token');

    const bundled = join(work, 'bundle');
    mkdirSync(bundled);
    run(
      ESBUILD,
      [
        'embed.mjs',
        '--bundle',
        '--platform=node',
        '--format=esm',
        `--outfile=${join(bundled, 'embed.mjs')}`,
        '--log-level=warning',
        // The usual banner for ESM bundles of CommonJS dependencies (ajv, yaml).
        "--banner:js=import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      ],
      app,
    );
    // The bundle runs from a folder without node_modules.
    expect(JSON.parse(run(process.execPath, ['embed.mjs', MINI_SPEC], bundled).stdout)).toEqual(direct);
  }, 300_000);

  it('a TypeScript application: typed handlers and calls typed by tool name; the installed CLI generates code that compiles', () => {
    const app = emptyApp('typed');
    npm(['install', ...Object.values(tarballs)], app);
    copyFileSync(join(FIXTURE, 'typed.ts'), join(app, 'typed.ts'));
    writeFileSync(join(app, 'readme.ts'), `${README_PRELUDE}${readmeLibrarySample()}\n`);
    copyFileSync(join(FIXTURE, 'tsconfig.json'), join(app, 'tsconfig.json'));
    copyFileSync(MINI_SPEC, join(app, 'my-api.yaml'));

    const toolspec = join(app, 'node_modules/.bin/toolspec');
    expect(run(toolspec, ['validate', 'my-api.yaml'], app).stdout).toContain('ok: 1 set(s)');
    run(toolspec, ['generate', 'my-api.yaml', '--out', 'gen'], app);
    expect(readdirSync(join(app, 'gen'))).toEqual(expect.arrayContaining(['index.ts', 'mini', 'ir.json']));
    // Strict compile of the typed application, the README's sample and the generated code; the
    // expect-error directives in typed.ts fail the compile if a wrong input or tool name were accepted.
    run(process.execPath, [TSC, '-p', '.'], app);

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
