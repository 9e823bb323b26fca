/**
 * One broken spec per error kind. Each fixture lists the diagnostics it must produce at its
 * end as `# expect: <severity> <code> <line>:<column>`; the loader must report exactly those.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSpecFiles, loadSpecTexts } from '../../language/load/load.js';

const DIR = new URL('../fixtures/broken/', import.meta.url).pathname;
const fixtures = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml') && f !== 'valid.yaml')
  .sort();

function expectations(text: string): string[] {
  return [...text.matchAll(/^# expect: (.+)$/gm)].map((m) => m[1] ?? '').sort();
}

describe('broken spec corpus', () => {
  it('covers at least 25 error kinds, one fixture each', () => {
    const codes = new Set(fixtures.map((f) => f.replace(/\.yaml$/, '')));
    expect(codes.size).toBeGreaterThanOrEqual(25);
  });

  it('the base of every fixture is itself valid', () => {
    const { ir, diagnostics } = loadSpecFiles([`${DIR}valid.yaml`]);
    expect(diagnostics).toEqual([]);
    expect(ir?.tools.map((t) => t.name)).toEqual(['demo_item_get']);
  });

  for (const file of fixtures) {
    const kind = file.replace(/\.yaml$/, '');
    it(`${kind}: reports the exact code and position`, () => {
      const text = readFileSync(`${DIR}${file}`, 'utf8');
      const want = expectations(text);
      expect(
        want.some((w) => w.split(' ')[1] === kind),
        `${file} must expect its own code`,
      ).toBe(true);
      const { ir, diagnostics } = loadSpecFiles([`${DIR}${file}`]);
      const got = diagnostics.map((d) => `${d.severity} ${d.code} ${d.line}:${d.column}`).sort();
      expect(got).toEqual(want);
      expect(ir === null).toBe(diagnostics.some((d) => d.severity === 'error'));
      for (const d of diagnostics) {
        expect(d.file).toMatch(/broken\/.+\.yaml$/);
        expect(d.message.length).toBeGreaterThan(10);
      }
    });
  }

  it('duplicate_set: the same set declared in two files', () => {
    const text = readFileSync(`${DIR}valid.yaml`, 'utf8');
    const { ir, diagnostics } = loadSpecTexts([
      { file: 'a.yaml', text },
      { file: 'b.yaml', text },
    ]);
    expect(ir).toBeNull();
    expect(diagnostics.map((d) => `${d.file} ${d.code} ${d.line}:${d.column}`)).toEqual([
      'b.yaml duplicate_set 2:6',
    ]);
  });

  it('collects every problem at once instead of stopping at the first', () => {
    const text = readFileSync(`${DIR}valid.yaml`, 'utf8')
      .replace('  - name: demo_item_get', '  - name: item_get')
      .replace('    path: /items/{item_id}', '    path: /items/{item_id}/{rev}');
    const { diagnostics } = loadSpecTexts([{ file: 'two.yaml', text }]);
    expect(diagnostics.map((d) => d.code).sort()).toEqual(['bad_prefix', 'path_var_not_input']);
  });
});
