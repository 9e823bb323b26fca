/**
 * The package boundaries (ARCHITECTURE.md) are a lint rule (biome.json, noRestrictedImports per
 * package): deliberate violations must fail it, the allowed entries must pass. And the generate
 * cache hashes every first-party file the generator can import, so no edit can fool it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { hashedCodeFiles } from '../../generator/cache.js';
import { REPO } from '../support/paths.js';

const BIOME = join(REPO, 'node_modules', '.bin', 'biome');

/**
 * Lint `source` as the file `path` under the repository's own biome.json, in a scratch copy of the
 * layout (the tree itself is never written, so other tests never see a probe file).
 */
function lint(path: string, source: string): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'toolspec-boundary-'));
  try {
    copyFileSync(join(REPO, 'biome.json'), join(dir, 'biome.json'));
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
    const r = spawnSync(BIOME, ['lint', path], { cwd: dir, encoding: 'utf8' });
    return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CASES: readonly [file: string, specifier: string, allowed: boolean][] = [
  ['language/probe.ts', '../runtime/toolkit.js', false],
  ['language/sql/probe.ts', '../../runtime/errors.js', false],
  ['language/probe.ts', '@toolspec/runtime', false],
  ['language/probe.ts', '../generator/index.js', false],
  ['language/sql/probe.ts', '../ir.js', true],
  ['runtime/probe.ts', '../language/ir/ir.js', false],
  ['runtime/probe.ts', '@toolspec/language/ir', false],
  ['runtime/probe.ts', '@toolspec/mcp', false],
  ['runtime/auth/probe.ts', '@toolspec/language', true],
  ['generator/probe.ts', '../runtime/context.js', false],
  ['generator/emitters/probe.ts', '../../runtime/validate/generated.js', false],
  ['generator/probe.ts', '@toolspec/runtime/toolkit', false],
  ['generator/probe.ts', '../language/load/load.js', false],
  ['generator/emitters/probe.ts', '@toolspec/language', true],
  ['generator/probe.ts', '@toolspec/language/light', true],
  ['generator/probe.ts', '@toolspec/language/sql', false],
  ['mcp/server/probe.ts', '../../runtime/redact.js', false],
  ['mcp/server/probe.ts', '@toolspec/runtime', true],
  ['code/probe.ts', '@toolspec/mcp', false],
  ['code/probe.ts', '../runtime/toolkit.js', false],
  ['code/probe.ts', '@toolspec/runtime/errors', true],
  ['mcp/server/probe.ts', '../../code/engine.js', false],
  ['mcp/server/probe.ts', '@toolspec/code', true],
  ['cli/commands/probe.ts', '../../mcp/server/select.js', false],
  ['cli/commands/probe.ts', '@toolspec/sandbox', true],
  ['cli/commands/probe.ts', '@toolspec/generator/run', true],
  ['cli/commands/probe.ts', '@toolspec/generator/emitters', false],
  ['cli/commands/probe.ts', '@toolspec/language/light', true],
  ['cli/commands/probe.ts', '@toolspec/sets/ir', true],
  ['cli/commands/probe.ts', '@toolspec/sets/notes', false],
];

describe('package boundaries', () => {
  for (const [file, specifier, allowed] of CASES) {
    it(`${file} importing ${specifier}: ${allowed ? 'allowed' : 'refused by the lint'}`, () => {
      const { ok, output } = lint(file, `import { x } from '${specifier}';\nexport const y = x;\n`);
      expect(ok, output).toBe(allowed);
      if (!allowed) expect(output).toContain('noRestrictedImports');
    });
  }
});

describe('the generate cache key', () => {
  it('hashes every first-party file the generator imports', () => {
    const program = ts.createProgram([join(REPO, 'generator/index.ts')], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      customConditions: ['@toolspec/source'],
      resolveJsonModule: true,
      noEmit: true,
      skipLibCheck: true,
    });
    const imported = program
      .getSourceFiles()
      .map((f) => realpathSync(f.fileName))
      .filter((f) => f.startsWith(REPO) && !f.includes('/node_modules/') && !f.endsWith('.d.ts'));
    expect(imported.some((f) => f.endsWith('language/ir/facts.ts'))).toBe(true);
    const hashed = new Set(hashedCodeFiles().map((f) => realpathSync(f)));
    expect(imported.filter((f) => !hashed.has(f))).toEqual([]);
  });
});
