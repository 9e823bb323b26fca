/**
 * The repository passes its tests anywhere: no tracked source, test, script or config file names a
 * path outside the checkout (the workplace's shared folder beside it, an absolute path of the
 * workplace, or a relative path climbing above the root). The vendor contracts the tests need are
 * kept in test/fixtures/contracts. This file's fixtures are written with `<UP>` for `..` and
 * `<WORK>` for the workplace's root, so that the file itself names no such path.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isChecked, outsidePaths } from '../support/outside-paths.js';
import { REPO } from '../support/paths.js';

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: REPO, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f !== '' && !f.startsWith('test/fixtures/contracts/') && isChecked(f));

describe('the repository is self-contained', () => {
  it('no tracked source, test, script or config file names a path outside the repository', () => {
    expect(tracked.length).toBeGreaterThan(100);
    expect(tracked).toContain('test/support/contract-server.ts');
    expect(tracked).toContain('.ci/run');
    const found = tracked.flatMap((f) => outsidePaths(f, readFileSync(join(REPO, f), 'utf8')));
    expect(found.map((p) => `${p.file}:${p.line}: ${p.text} (${p.why})`)).toEqual([]);
  });

  it('finds each kind of outside path, and leaves paths that stay inside alone', () => {
    const real = (text: string) => text.replaceAll('<UP>', '..').replaceAll('<WORK>', '/work');
    const written = (text: string) => text.replaceAll('..', '<UP>').replaceAll('/work', '<WORK>');
    const at = (file: string, text: string) => outsidePaths(file, real(text)).map((p) => written(p.text));
    expect(at('test/support/x.ts', "new URL('<UP>/<UP>/<UP>/shared/contracts/', import.meta.url);")).toEqual([
      '<UP>/shared',
      '<UP>/<UP>/<UP>/shared/contracts/',
    ]);
    expect(at('test/support/x.ts', "join(here, '<UP>', 'shared');")).toEqual(["'<UP>', 'shared'"]);
    expect(at('bench/x.mjs', "readFileSync('<WORK>/shared/DESIGN.md');")).toEqual(['<WORK>/']);
    expect(
      at('test/support/x.ts', "readFileSync(new URL('<UP>/<UP>/<UP>/elsewhere/a.json', import.meta.url));"),
    ).toEqual(['<UP>/<UP>/<UP>/elsewhere/a.json']);
    expect(at('test/x.ts', "import { a } from '<UP>/<UP>/outside.js';")).toEqual(['<UP>/<UP>/outside.js']);
    expect(at('language/tsconfig.json', '{ "extends": "<UP>/<UP>/tsconfig.base.json" }')).toEqual([
      '<UP>/<UP>/tsconfig.base.json',
    ]);
    expect(at('.ci/run', 'cd <UP>/<UP>/elsewhere && npm test')).toEqual(['<UP>/<UP>/elsewhere']);
    expect(at('specs/x.yaml', '# contract: <UP>/shared/contracts/x.json')).toEqual(['<UP>/shared']);

    expect(at('test/support/x.ts', "import { a } from '<UP>/<UP>/language/a.js';")).toEqual([]);
    expect(at('language/tsconfig.json', '{ "extends": "<UP>/tsconfig.base.json" }')).toEqual([]);
    expect(at('cli/x.ts', "const root = new URL('<UP>/<UP>/', cliDist);")).toEqual([]);
    expect(
      at('test/x.ts', "writeFileSync(f, JSON.stringify({ extends: '<UP>/<UP>/<UP>/a.json' }));"),
    ).toEqual([]);
    expect(
      at('biome.json', '{ "noRestrictedImports": { "patterns": [{ "group": ["<UP>/runtime"] }] } }'),
    ).toEqual([]);
    expect(at('test/x.ts', "fetch('https://example.test<WORK>/items');")).toEqual([]);
  });
});
