/**
 * README.md "Add a tool by editing YAML", followed as written: its YAML snippet (read from the
 * README itself, so the test breaks when the README drifts) is added under `tools:` in a copy of
 * specs/notes.yaml; then what step 4 promises: validate (schema, lint, examples), generate, the
 * contract test of the new tool's example against Notion's OpenAPI contract, and a dry run.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runExamples } from '../../cli/examples-run.js';
import { formatDiagnostic, loadSpecFiles } from '../../language/index.js';
import { createToolkit } from '../../runtime/toolkit.js';
import { startContractServer } from '../support/contract-server.js';
import { CLI_FROM_SOURCES } from '../support/paths.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Add a tool by editing YAML'));
const fence = /```yaml\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
/** The snippet as the README shows it inside a list item (indented 3 more spaces). */
const snippet = fence
  .split('\n')
  .map((l) => l.replace(/^ {3}/, ''))
  .join('\n');
const toolName = /- name: (\w+)/.exec(snippet)?.[1] ?? '';

const dir = mkdtempSync(join(tmpdir(), 'toolspec-walkthrough-'));
cpSync(join(ROOT, 'specs'), join(dir, 'specs'), { recursive: true, dereference: true });
const notes = join(dir, 'specs', 'notes.yaml');
writeFileSync(
  notes,
  readFileSync(notes, 'utf8').replace(/^tools:\n/m, () => `tools:\n${snippet}\n`),
);
const files = ['crm', 'datastore', 'mail', 'notes'].map((s) => join(dir, 'specs', `${s}.yaml`));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the README walk-through', () => {
  it('has a snippet that adds one new tool', () => {
    expect(toolName).toMatch(/^notes_/);
    expect(readFileSync(join(ROOT, 'specs', 'notes.yaml'), 'utf8')).not.toContain(toolName);
  });

  const { ir, built, diagnostics } = loadSpecFiles(files, dir);

  it('step 3: validates with no problem, its example run included', async () => {
    expect(diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)).toEqual([]);
    expect(ir?.byName.has(toolName)).toBe(true);
    expect((await runExamples(built)).map(formatDiagnostic)).toEqual([]);
  });

  it('step 4: generates', () => {
    const r = spawnSync(
      process.execPath,
      [...CLI_FROM_SOURCES, 'generate', '--out', join(dir, 'generated'), notes],
      { encoding: 'utf8', cwd: ROOT },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readFileSync(join(dir, 'generated', 'ir.ts'), 'utf8')).toContain(toolName);
  }, 120_000);

  it("step 4: the README's dry-run command shows the request", () => {
    const command = /`npx toolspec call ([^`]+)`/.exec(section)?.[1] ?? '';
    const args = [...command.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? '');
    expect(args.slice(0, 2)).toEqual([toolName, '--dry-run']);
    const r = spawnSync(process.execPath, [...CLI_FROM_SOURCES, 'call', ...args, '--specs', notes], {
      encoding: 'utf8',
      cwd: ROOT,
    });
    expect(r.status, r.stderr).toBe(0);
    const dry = JSON.parse(r.stdout) as { method: string; url: string; headers: Record<string, string> };
    expect(dry.method).toBe('GET');
    expect(new URL(dry.url).pathname).toMatch(/^\/v1\/data_sources\/[0-9a-f-]{36}$/);
    expect(dry.headers['notion-version']).toBe('2025-09-03');
  }, 60_000);

  it('step 4: its example passes the contract test, and the dry run shows the request', async () => {
    const tool = ir?.byName.get(toolName);
    const example = tool?.examples[0];
    expect(example).toBeDefined();
    if (!ir || !tool || !example) return;
    const server = await startContractServer('notes', () => ({
      status: example.response.status,
      headers: example.response.headers,
      body: example.response.body,
    }));
    const toolkit = createToolkit({
      specs: ir,
      connections: { notes: { baseUrl: server.url, token: 'walkthrough-token' } },
      retry: { maxRetries: 0 },
    });
    try {
      const output = await toolkit.call(toolName, example.input);
      expect(server.violations).toEqual([]);
      const sent = server.requests[0];
      expect(sent?.method).toBe(example.request.method);
      expect(sent?.path).toBe(example.request.path);
      expect(sent?.headers['notion-version']).toBe('2025-09-03');
      expect(output).toEqual(example.output);
      const dry = await toolkit.dryRun(toolName, example.input);
      expect(dry.method).toBe('GET');
      expect(new URL(dry.url).pathname).toBe(example.request.path);
      expect(dry.headers['notion-version']).toBe('2025-09-03');
    } finally {
      await toolkit.close();
      await server.close();
    }
  });
});
