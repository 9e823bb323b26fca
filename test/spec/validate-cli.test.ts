/** `toolspec validate` as a user runs it: a real process, exit codes, text and --json output. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI_FROM_SOURCES } from '../support/paths.js';

const FIXTURES = new URL('../fixtures/', import.meta.url).pathname;

function validate(...args: string[]) {
  const r = spawnSync(process.execPath, [...CLI_FROM_SOURCES, 'validate', ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('toolspec validate', () => {
  it('exits 0 on a clean spec', () => {
    const r = validate(`${FIXTURES}specs/mini.yaml`);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ok: 1 set\(s\), 5 tool\(s\)/m);
  });

  it('exits 1 and prints file:line:column  severity  code  message for every problem', () => {
    const r = validate(`${FIXTURES}specs/mini.yaml`, `${FIXTURES}broken/bad_prefix.yaml`);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toEqual([
      'test/fixtures/broken/bad_prefix.yaml:12:11  error  bad_prefix  tool "item_get" must start with the set prefix "demo_"  (/tools/0/name)',
      '1 error(s)',
    ]);
  });

  it('gives the same as data with --json', () => {
    const r = validate('--json', `${FIXTURES}broken/unknown_paging.yaml`);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { ok: boolean; diagnostics: Record<string, unknown>[] };
    expect(out.ok).toBe(false);
    expect(out.diagnostics).toEqual([
      expect.objectContaining({
        line: 17,
        column: 13,
        code: 'unknown_paging',
        severity: 'error',
        pointer: '/tools/0/paging',
      }),
    ]);
  });
});
