/**
 * The CLI in a user's project: where the working directory has ./specs/*.yaml, validate, list,
 * call, serve and generate act on those specs (--shipped for the shipped sets); in this
 * repository ./specs is the shipped sets, and nothing changes. And when a built CLI's artifacts
 * of the shipped sets are older than the specs or the generated sources (`npm run generate`
 * without a build), it says so instead of serving them.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { artifactsStale } from '../../cli/paths.js';
import { type Ran, runChild, whenDone } from '../support/children.js';
import { CLI_FROM_SOURCES, REPO } from '../support/paths.js';

const MINI = join(REPO, 'test/fixtures/specs/mini.yaml');
const NOTE = 'using the specs in ./specs (1 file(s)); --shipped for the shipped sets';

let project: string;
beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'toolspec-project-'));
  mkdirSync(join(project, 'specs'));
  copyFileSync(MINI, join(project, 'specs/mini.yaml'));
});

function toolspec(args: readonly string[], cwd = project): Promise<Ran> {
  return runChild(process.execPath, [...CLI_FROM_SOURCES, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1' },
    timeoutMs: 120_000,
  });
}

const names = (r: Ran) =>
  r.stdout
    .trim()
    .split('\n')
    .map((l) => l.split(/\s+/)[0]);

describe("a project's ./specs", () => {
  it('is what validate checks and list lists; --shipped lists the shipped sets', async () => {
    const [validate, list, shipped] = await Promise.all([
      toolspec(['validate']),
      toolspec(['list']),
      toolspec(['list', '--shipped', '--set', 'notes']),
    ]);
    expect(validate.code, validate.stderr).toBe(0);
    expect(validate.stdout).toMatch(/^ok: 1 set\(s\), 5 tool\(s\)$/m);
    expect(validate.stderr).toBe(`toolspec validate: ${NOTE}\n`);
    expect(list.code).toBe(0);
    expect(names(list)).toEqual([
      'mini_gadget_delete',
      'mini_item_get',
      'mini_item_list',
      'mini_note_create',
      'mini_widget_delete',
    ]);
    expect(names(shipped)).toContain('notes_page_get');
  }, 150_000);

  it('is what call runs (here against the sandbox)', async () => {
    const r = await toolspec(['call', 'mini_item_get', '--sandbox', '--input', '{"item_id": "a1"}']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: 'a1', name: 'First' });
  }, 150_000);

  it('is what generate writes into ./generated, and then finds up to date', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolspec-project-'));
    mkdirSync(join(dir, 'specs'));
    copyFileSync(MINI, join(dir, 'specs/mini.yaml'));
    const first = await toolspec(['generate'], dir);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toBe(
      'toolspec generate: using the specs in ./specs (1 file(s)); name spec files to generate others\n',
    );
    expect(existsSync(join(dir, 'generated/mini/types.ts'))).toBe(true);
    const check = await toolspec(['generate', '--check'], dir);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toMatch(/up to date/);
  }, 150_000);

  it('is what serve serves over MCP', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...CLI_FROM_SOURCES, 'serve', '--sandbox'],
      cwd: project,
      env: { ...getDefaultEnvironment(), NODE_NO_WARNINGS: '1' },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
    });
    whenDone(() => transport.close());
    const client = new Client({ name: 'toolspec-test', version: '1.0.0' });
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'mini_gadget_delete',
      'mini_item_get',
      'mini_item_list',
      'mini_note_create',
      'mini_widget_delete',
    ]);
    const result = (await client.callTool({ name: 'mini_item_get', arguments: { item_id: 'a1' } })) as {
      structuredContent?: unknown;
    };
    expect(result.structuredContent).toEqual({ id: 'a1', name: 'First' });
    expect(stderr).toContain(`toolspec serve: ${NOTE}`);
    await client.close();
  }, 150_000);

  it('leaves the demo on the shipped sets, whose repeat lines then ask for them (--shipped)', async () => {
    const demo = await toolspec(['demo', '--set', 'notes', '--width', '0']);
    expect(demo.code, demo.stderr).toBe(0);
    const repeats = [...demo.stdout.matchAll(/^ {4}repeat {3}toolspec (call notes_user_list .*)$/gm)];
    expect(repeats.length).toBe(1);
    const line = (repeats[0] as RegExpMatchArray)[1] as string;
    expect(line).toMatch(/^call notes_user_list --sandbox --shipped --input '/);
    const node = [process.execPath, ...CLI_FROM_SOURCES].map((w) => `'${w}'`).join(' ');
    const run = await runChild('sh', ['-c', `${node} ${line}`], {
      cwd: project,
      env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1' },
      timeoutMs: 120_000,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toHaveProperty('items');
  }, 150_000);

  it('in this repository is the shipped sets: nothing changes, nothing is said', async () => {
    const r = await toolspec(['list', '--set', 'notes'], REPO);
    expect(r.code).toBe(0);
    expect(names(r)).toContain('notes_page_get');
    expect(r.stderr).toBe('');
  }, 150_000);
});

describe("a built CLI's artifacts of the shipped sets", () => {
  type Times = { ir: [number, number]; notes: [number, number] };
  /**
   * A @toolspec/sets folder: its generated modules (ir.ts, notes/catalog.ts) and the build's
   * output of each in dist/, written at the given times (s).
   */
  function sets(times: Times): string {
    const dir = mkdtempSync(join(tmpdir(), 'toolspec-sets-'));
    mkdirSync(join(dir, 'notes'));
    mkdirSync(join(dir, 'dist/notes'), { recursive: true });
    const files: [string, number][] = [
      ['ir.ts', times.ir[0]],
      ['dist/ir.js', times.ir[1]],
      ['notes/catalog.ts', times.notes[0]],
      ['dist/notes/catalog.js', times.notes[1]],
    ];
    for (const [file, at] of files) {
      writeFileSync(join(dir, file), 'export {};\n');
      utimesSync(join(dir, file), at, at);
    }
    return dir;
  }

  function spec(at: number): string {
    const file = join(mkdtempSync(join(tmpdir(), 'toolspec-specs-')), 'notes.yaml');
    writeFileSync(file, 'toolspec: 1\n');
    utimesSync(file, at, at);
    return file;
  }

  it('are current when the build compiled what generate wrote, after the specs were written', () => {
    expect(artifactsStale(sets({ ir: [1000, 2000], notes: [1000, 2000] }), [spec(500)])).toBe(false);
    // An incremental build rewrites only what changed: an older catalog output is still current.
    expect(artifactsStale(sets({ ir: [3000, 4000], notes: [1000, 2000] }), [spec(2500)])).toBe(false);
  });

  it('are stale after npm run generate without npm run build, or after a spec was edited', () => {
    expect(artifactsStale(sets({ ir: [3000, 2000], notes: [1000, 2000] }), [spec(500)])).toBe(true);
    expect(artifactsStale(sets({ ir: [1000, 2000], notes: [3000, 2000] }), [spec(500)])).toBe(true);
    expect(artifactsStale(sets({ ir: [1000, 2000], notes: [1000, 2000] }), [spec(500), spec(2500)])).toBe(
      true,
    );
  });

  it('are never stale as installed (no generated sources beside dist/)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolspec-sets-'));
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist/ir.js'), 'export {};\n');
    utimesSync(join(dir, 'dist/ir.js'), 1000, 1000);
    expect(artifactsStale(dir, [spec(5000)])).toBe(false);
  });
});
