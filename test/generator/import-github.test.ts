/**
 * `toolspec import` on a document nobody here wrote: GitHub's whole REST description
 * (`@octokit/openapi`, a test tool: npm run test:tools), in one command. The set validates as
 * written (its examples run), its median tool costs at most 60 lines counting the set-level
 * declarations divided over its tools, and every tool's minimal dry run is a request the document
 * accepts (validated by openapi-backend against the same document).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecTexts } from '../../language/load/load.js';
import { createToolkit } from '../../runtime/index.js';
import { contractOf, requestViolations } from '../support/contract-server.js';
import { CLI_FROM_SOURCES, REPO } from '../support/paths.js';
import { TOOLS_DIR, withoutTools } from '../support/tools.js';

const DOCUMENT = `${TOOLS_DIR}node_modules/@octokit/openapi/generated/api.github.com.json`;
const OUT = join(REPO, 'node_modules', '.cache', 'toolspec-import-github-test');
const SPEC = join(OUT, 'github.yaml');

/** Lines per tool: its own lines plus the lines before `tools:` (header and set-level declarations) divided over all tools. */
function toolLines(yaml: string): number[] {
  const lines = yaml.split('\n');
  const start = lines.indexOf('tools:');
  const own: number[] = [];
  let pending = 0;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('  - ')) {
      own.push(pending + 1);
      pending = 0;
    } else if (line.startsWith('  #')) pending++;
    else if (own.length > 0) own[own.length - 1] = (own.at(-1) as number) + 1;
  }
  return own.map((n) => n + start / own.length);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

describe.skipIf(withoutTools('test/generator/import-github.test.ts'))(
  "toolspec import of GitHub's whole document",
  () => {
    let yaml = '';
    beforeAll(() => {
      rmSync(OUT, { recursive: true, force: true });
      mkdirSync(OUT, { recursive: true });
      const r = spawnSync(
        process.execPath,
        [...CLI_FROM_SOURCES, 'import', DOCUMENT, '--set', 'github', '--out', SPEC],
        {
          encoding: 'utf8',
        },
      );
      if (r.status !== 0) throw new Error(r.stderr);
      yaml = readFileSync(SPEC, 'utf8');
    }, 300_000);
    afterAll(() => rmSync(OUT, { recursive: true, force: true }));

    it('imports every operation but the deprecated ones, and validates with its examples run', async () => {
      const document = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as {
        paths: Record<string, Record<string, { deprecated?: boolean }>>;
      };
      const live = Object.values(document.paths).flatMap((item) =>
        ['get', 'put', 'post', 'delete', 'patch'].filter((m) => item[m] && item[m].deprecated !== true),
      );
      const { ir, built, diagnostics } = loadSpecTexts([{ file: SPEC, text: yaml }]);
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(ir?.tools.length).toBe(live.length);
      const { runExamples } = await import('../../cli/examples-run.js');
      expect((await runExamples(built)).map((d) => `${d.code} ${d.message}`)).toEqual([]);
    }, 300_000);

    it('keeps the median tool at or under 60 lines, set-level declarations included', () => {
      expect(median(toolLines(yaml))).toBeLessThanOrEqual(60);
      // shared schemas are referenced, not copied: GitHub's "repo" parameter is declared once
      expect(yaml.match(/^ {2}repo:$/gm)).toHaveLength(1);
    });

    it("every tool's minimal dry run is a request the document accepts", async () => {
      const { ir } = loadSpecTexts([{ file: SPEC, text: yaml }]);
      if (!ir) throw new Error('the import does not load');
      const contract = await contractOf(JSON.parse(readFileSync(DOCUMENT, 'utf8')));
      const toolkit = createToolkit({ specs: ir, connections: { github: { token: 'github-test-token' } } });
      const violations: string[] = [];
      try {
        for (const tool of ir.tools) {
          const request = await toolkit.dryRun(tool.name, tool.examples[0]?.input ?? {});
          violations.push(...requestViolations(contract, request as never).map((v) => `${tool.name}: ${v}`));
        }
      } finally {
        await toolkit.close();
      }
      expect(violations).toEqual([]);
    }, 300_000);
  },
);
