/**
 * The bundled `generate` command (cli/bundle.mjs; the built CLI loads
 * dist/cli/bundle/generate/generate.js) behaves like the module graph it is made of: built here
 * from the sources into a scratch folder, it finds the golden files of the fixture specs up to
 * date, with its worker thread (the bundle's worker.js: the only way the tests run the emitters'
 * worker, which needs compiled JavaScript) and without it (--serial), and finds a changed file
 * stale, and refuses an unknown option as the other commands do. ts-morph, TypeScript and
 * prettier stay imported, not copied.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltBundle, buildBundle } from '../support/bundle.js';
import { FIXTURE_SPECS, GOLDEN_DIR, ROOT } from './support.js';

const SLOW_MS = 180_000;
let bundle: BuiltBundle;

beforeAll(() => {
  bundle = buildBundle('generate');
}, SLOW_MS);
afterAll(() => bundle.remove());

const generate = (args: readonly string[]) =>
  spawnSync(process.execPath, [...bundle.node, ...args, '--timings', ...FIXTURE_SPECS], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  });

describe('the bundled generate command', () => {
  it('imports ts-morph, TypeScript and prettier instead of copying them', () => {
    const text = bundle.text();
    expect(text).toMatch(/import\(["']ts-morph["']\)|from ["']ts-morph["']/);
    expect(text).not.toMatch(/\bclass Project\b/);
    expect(text).not.toMatch(/prettier\/index\.mjs/);
  });

  it(
    'finds the golden files up to date, with its worker thread and without',
    () => {
      const parallel = generate(['--check', '--out', GOLDEN_DIR]);
      expect(parallel.stdout).toContain('up to date');
      expect(parallel.stderr).toContain('(worker thread)');
      expect(parallel.status).toBe(0);
      const serial = generate(['--check', '--serial', '--out', GOLDEN_DIR]);
      expect(serial.stdout).toContain('up to date');
      expect(serial.stderr).not.toContain('(worker thread)');
      expect(serial.status).toBe(0);
    },
    SLOW_MS,
  );

  it(
    'finds a changed generated file stale',
    () => {
      const copy = mkdtempSync(join(ROOT, 'node_modules/.cache/toolspec-golden-'));
      try {
        cpSync(GOLDEN_DIR, copy, { recursive: true });
        writeFileSync(join(copy, 'mini/validators.ts'), '// changed\n');
        const r = generate(['--check', '--out', copy]);
        expect(r.status).toBe(1);
        expect(r.stderr).toContain('stale:   mini/validators.ts');
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    },
    SLOW_MS,
  );

  it('answers an unknown option, as every command does, in one line with the nearest option and exit code 2', () => {
    const r = generate(['--chek']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      'toolspec generate: unknown option --chek (did you mean --check?); see toolspec generate --help\n',
    );
    expect(r.stdout).toBe('');
  });

  it("prints its help with the emitters' summaries", () => {
    const r = generate(['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('toolspec generate [files...] [--check]');
    expect(r.stdout).toContain('  - '); // the emitters' summaries
  });
});
