/** `toolspec generate` and `generate --check` through the CLI entry: writing, drift detection, pruning, the unchanged-input shortcut. */
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { run } from '../../cli/commands/generate.js';
import { readCache, remember } from '../../generator/cache.js';
import { runGenerate } from '../../generator/run.js';
import { listTree } from '../../generator/write.js';
import { FIXTURE_SPECS, tempDir } from './support.js';

const out = tempDir('check');
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Run the CLI command, capturing what it prints. */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    stdout += String(s);
    return true;
  });
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    stderr += String(s);
    return true;
  });
  try {
    return { code: await run(args), stdout, stderr };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

describe('toolspec generate --check', () => {
  it('fails on an empty output directory, naming the missing files', async () => {
    const r = await cli(['--check', '--out', out, ...FIXTURE_SPECS]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('missing: mini/types.ts');
    expect(r.stderr).toContain('run `npm run generate`');
  });

  it('writes, then passes', async () => {
    const w = await cli(['--out', out, ...FIXTURE_SPECS]);
    expect(w.code).toBe(0);
    expect(w.stdout).toMatch(/generate: \d+ file\(s\) for 8 tool\(s\)/);
    expect(w.stdout).toContain(
      "generate: the generated code imports @toolspec/runtime: your project's dependencies need it",
    );
    expect(listTree(out)).toContain('shapes/validators.ts');
    const c = await cli(['--check', '--out', out, ...FIXTURE_SPECS]);
    expect(c.code).toBe(0);
    expect(c.stdout).toContain('up to date');
  });

  it('names stale, missing and extra files and exits non-zero', async () => {
    appendFileSync(join(out, 'mini', 'types.ts'), '// hand edit\n');
    rmSync(join(out, 'shapes', 'README.md'));
    writeFileSync(join(out, 'mini', 'leftover.json'), '{}\n');
    const r = await cli(['--check', '--out', out, ...FIXTURE_SPECS]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('stale:   mini/types.ts');
    expect(r.stderr).toContain('missing: shapes/README.md');
    expect(r.stderr).toContain('extra:   mini/leftover.json');
  });

  it('generate repairs the tree: rewrites stale, restores missing, removes extra files', async () => {
    const r = await cli(['--out', out, ...FIXTURE_SPECS]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 new, 1 updated, 1 removed');
    expect(existsSync(join(out, 'mini', 'leftover.json'))).toBe(false);
    expect(readFileSync(join(out, 'mini', 'types.ts'), 'utf8')).not.toContain('hand edit');
    expect((await cli(['--check', '--out', out, ...FIXTURE_SPECS])).code).toBe(0);
  });

  it('skips the work when specs, generator and output are unchanged, and notices a hand edit', async () => {
    expect((await runGenerate({ specFiles: FIXTURE_SPECS, outDir: out })).status).toBe('up-to-date');
    appendFileSync(join(out, 'shapes', 'catalog.ts'), ' ');
    const again = await runGenerate({ specFiles: FIXTURE_SPECS, outDir: out });
    expect(again.status).toBe('written');
    expect(again.diff.stale).toEqual(['shapes/catalog.ts']);
    expect((await runGenerate({ specFiles: FIXTURE_SPECS, outDir: out, force: true })).status).toBe(
      'written',
    );
  });

  it('refuses invalid specs without writing', async () => {
    const bad = join(out, '..', `${out.split('/').pop()}-bad.yaml`);
    writeFileSync(bad, 'toolspec: 1\nset: Bad\n');
    try {
      const r = await cli(['--out', join(out, 'bad'), bad]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('nothing generated');
      expect(existsSync(join(out, 'bad'))).toBe(false);
    } finally {
      rmSync(bad);
    }
  });

  it('fails on a hard conformance error (array without items), naming the tool and the pointer', async () => {
    const spec = join(out, '..', `${out.split('/').pop()}-noitems.yaml`);
    const text = readFileSync(FIXTURE_SPECS[0] as string, 'utf8').replace(
      'cursor: { type: string }',
      'cursor: { type: string }\n      ids: { type: array }',
    );
    writeFileSync(spec, text);
    try {
      const r = await cli(['--out', join(out, 'noitems'), spec]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        'mini_item_list: conformance error array-items at "/properties/ids": array without `items`',
      );
      const c = await cli(['--check', '--out', join(out, 'noitems'), spec]);
      expect(c.code).toBe(1);
    } finally {
      rmSync(spec);
    }
  });

  it('drops the records of output folders that no longer exist when it records a run', () => {
    const cacheDir = tempDir('cache');
    const [kept, gone] = [join(cacheDir, 'kept'), join(cacheDir, 'gone')];
    try {
      for (const dir of [kept, gone]) {
        mkdirSync(dir);
        remember(cacheDir, dir, 'k', [{ path: 'a.txt', contents: 'a\n' }]);
      }
      expect(Object.keys(readCache(cacheDir)).sort()).toEqual([gone, kept]);
      rmSync(gone, { recursive: true });
      remember(cacheDir, kept, 'k2', [{ path: 'a.txt', contents: 'b\n' }]);
      expect(Object.keys(readCache(cacheDir))).toEqual([kept]);
      expect(readCache(cacheDir)[kept]?.key).toBe('k2');
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
