/**
 * `toolspec demo` runs offline end to end and exits 0; each step names its tool's declared
 * effects, and the `toolspec call` line it prints to repeat the step, run by a shell, gives the
 * same output.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Ran, runChild } from '../support/children.js';
import { CLI_FROM_SOURCES } from '../support/paths.js';
import { REPO } from './support.js';

const ENV = { ...(process.env as Record<string, string>), NODE_NO_WARNINGS: '1' };

interface Step {
  readonly label: string;
  readonly effects: string;
  /** The first line of the result: the output as JSON. */
  readonly result: string;
  readonly repeat: string;
}

/** The steps of the demo's output: `[label] tools/call …`, then its effects, result and repeat lines. */
function stepsOf(out: string): Step[] {
  return out
    .split(/\n(?=\[)/)
    .slice(1)
    .map((block) => ({
      label: /^\[([^\]]+)\]/.exec(block)?.[1] ?? '',
      effects: /^ {4}effects {2}(.*)$/m.exec(block)?.[1] ?? '',
      result: /^ {4}result {3}(.*)$/m.exec(block)?.[1] ?? '',
      repeat: /^ {4}repeat {3}(toolspec call .*)$/m.exec(block)?.[1] ?? '',
    }));
}

/** A word for the shell (the demo's own lines are run as printed, by `sh`). */
const quote = (word: string) => `'${word.replace(/'/g, "'\\''")}'`;

let demo: Ran;
beforeAll(async () => {
  demo = await runChild(process.execPath, [...CLI_FROM_SOURCES, 'demo', '--width', '0'], {
    cwd: REPO,
    env: ENV,
    timeoutMs: 120_000,
  });
}, 150_000);

describe('toolspec demo', () => {
  it('runs a scripted MCP session against the sandbox and prints requests and results', () => {
    expect(demo.code, demo.stderr).toBe(0);
    const out = demo.stdout;
    expect(out).toMatch(/SANDBOX MODE/);
    for (const step of ['notes read', 'notes list', 'notes write', 'crm read', 'crm list', 'crm write']) {
      expect(out).toContain(`[${step}] tools/call `);
    }
    expect(out).toContain('[crm list, next page] tools/call crm_list_records');
    expect(out).toMatch(/request {2}GET http:\/\/127\.0\.0\.1:\d+\/notes\/v1\/pages\//);
    expect(out).toContain('authorization: Bearer [redacted]');
    expect(out).not.toMatch(/toolspec-sandbox-token/);
    expect(out).not.toMatch(/ERROR/);
    expect(out).toMatch(/scripted calls answered by the sandbox/);
  });

  it("labels each step with its tool's declared effects: the SQL runner's SELECT is a query, not a create", () => {
    const steps = stepsOf(demo.stdout);
    const byLabel = new Map(steps.map((s) => [s.label, s]));
    expect(byLabel.get('notes write')?.effects).toBe('create (as notes_page_create declares them)');
    expect(byLabel.get('crm read')?.effects).toBe('read (as crm_get_company declares them)');
    expect(byLabel.get('datastore query')?.effects).toBe(
      'read, create, update, delete (as datastore_execute_query declares them)',
    );
    expect(demo.stdout).toMatch(
      /^ {4}input {4}\{"statement":"select .*\(example "select with a bound value"\)$/m,
    );
    expect(steps.map((s) => s.label)).not.toContain('datastore create');
    expect(steps.map((s) => s.label)).not.toContain('datastore write');
  });

  it('prints for every step the toolspec call line that repeats it, with the same output', async () => {
    const steps = stepsOf(demo.stdout);
    expect(steps.length).toBeGreaterThanOrEqual(12);
    const node = [process.execPath, ...CLI_FROM_SOURCES].map(quote).join(' ');
    // Two at a time: the machine has two cores.
    const runs: Ran[] = [];
    for (let i = 0; i < steps.length; i += 2) {
      runs.push(
        ...(await Promise.all(
          steps.slice(i, i + 2).map((s) => {
            expect(s.repeat, s.label).toMatch(/^toolspec call \S+ --sandbox --input '/);
            const line = `${node} ${s.repeat.slice('toolspec '.length)}`;
            return runChild('sh', ['-c', line], { cwd: REPO, env: ENV, timeoutMs: 60_000 });
          }),
        )),
      );
    }
    steps.forEach((s, i) => {
      const run = runs[i] as Ran;
      expect(run.code, `${s.label}: ${run.stderr}`).toBe(0);
      expect(JSON.parse(run.stdout), s.label).toEqual(JSON.parse(s.result));
    });
  }, 300_000);
});
