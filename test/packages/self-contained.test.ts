/**
 * The repository passes its tests anywhere: no tracked source, test, script or config file names a
 * path outside the checkout (the workplace's ../shared beside it, an absolute /work/ path, or a
 * relative path climbing above the root). The vendor contracts the tests need are kept in
 * test/fixtures/contracts. This file's own fixtures name such paths on purpose and are not scanned.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isChecked, outsidePaths } from '../support/outside-paths.js';
import { REPO } from '../support/paths.js';

const SELF = 'test/packages/self-contained.test.ts';

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: REPO, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f !== '' && f !== SELF && !f.startsWith('test/fixtures/contracts/') && isChecked(f));

describe('the repository is self-contained', () => {
  it('no tracked source, test, script or config file names a path outside the repository', () => {
    expect(tracked.length).toBeGreaterThan(100);
    expect(tracked).toContain('test/support/contract-server.ts');
    expect(tracked).toContain('.ci/run');
    const found = tracked.flatMap((f) => outsidePaths(f, readFileSync(join(REPO, f), 'utf8')));
    expect(found.map((p) => `${p.file}:${p.line}: ${p.text} (${p.why})`)).toEqual([]);
  });

  it('finds each kind of outside path, and leaves paths that stay inside alone', () => {
    const at = (file: string, text: string) => outsidePaths(file, text).map((p) => p.text);
    expect(at('test/support/x.ts', "new URL('../../../shared/contracts/', import.meta.url);")).toEqual([
      '../shared',
      '../../../shared/contracts/',
    ]);
    expect(at('test/support/x.ts', "join(here, '..', 'shared');")).toEqual(["'..', 'shared'"]);
    expect(at('bench/x.mjs', "readFileSync('/work/shared/DESIGN.md');")).toEqual(['/work/']);
    expect(
      at('test/support/x.ts', "readFileSync(new URL('../../../elsewhere/a.json', import.meta.url));"),
    ).toEqual(['../../../elsewhere/a.json']);
    expect(at('test/x.ts', "import { a } from '../../outside.js';")).toEqual(['../../outside.js']);
    expect(at('language/tsconfig.json', '{ "extends": "../../tsconfig.base.json" }')).toEqual([
      '../../tsconfig.base.json',
    ]);
    expect(at('.ci/run', 'cd ../../elsewhere && npm test')).toEqual(['../../elsewhere']);
    expect(at('specs/x.yaml', '# contract: ../shared/contracts/x.json')).toEqual(['../shared']);

    expect(at('test/support/x.ts', "import { a } from '../../language/a.js';")).toEqual([]);
    expect(at('language/tsconfig.json', '{ "extends": "../tsconfig.base.json" }')).toEqual([]);
    expect(at('cli/x.ts', "const root = new URL('../../', cliDist);")).toEqual([]);
    expect(at('test/x.ts', "writeFileSync(f, JSON.stringify({ extends: '../../../a.json' }));")).toEqual([]);
    expect(
      at('biome.json', '{ "noRestrictedImports": { "patterns": [{ "group": ["../runtime"] }] } }'),
    ).toEqual([]);
    expect(at('test/x.ts', "fetch('https://example.test/work/items');")).toEqual([]);
  });
});
