/**
 * Docs that cannot drift: every repository path named in README.md, ARCHITECTURE.md, bench/README.md
 * and in the comments of tracked sources (`language/helpers/helpers.ts`, `test/{mcp,runtime}/x.test.ts`,
 * `./shipped.ts`) names a file or folder that exists. Paths the docs tell a user to create are
 * listed below, each with the text that names it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../support/paths.js';

/** The repository's top-level folders: a path naming one of them is a repository path. */
const TOP = [
  'language',
  'runtime',
  'generator',
  'mcp',
  'code',
  'cli',
  'test',
  'bench',
  'specs',
  'generated',
  'examples',
];
const REPO_PATH = new RegExp(`(?<![\\w./@$<{-])(?:${TOP.join('|')})/[\\w./{},-]*[\\w}]`, 'g');
/** `./x.ts` and `../x/y.ts` in comments, relative to the commenting file. */
const RELATIVE_PATH = /(?<![\w./@-])\.\.?\/[\w./-]*\.(?:ts|mjs|js|json|md|yaml)\b/g;

/** Paths a text names that are not in the repository on purpose: what the user creates or a build writes. */
const NOT_IN_REPO = new Set([
  'specs/github.yaml', // README: the --out of the import example, a file the user writes
  'specs/mini.yaml', // test/spec/validate-cli.test.ts: a path inside the test's temporary project
  'test/zoo/.generated', // test/zoo: generated during the test, git-ignored
  './helpers/slug.mjs', // README: a user's helper module beside their spec
]);

/** Expand `a/{b,c}/d` into `a/b/d` and `a/c/d`. */
function expandBraces(path: string): string[] {
  const m = /\{([^{}]*)\}/.exec(path);
  if (!m) return [path];
  return m[1]!
    .split(',')
    .flatMap((alt) => expandBraces(path.slice(0, m.index) + alt + path.slice(m.index + m[0].length)));
}

/** The comments of a source file (block and line), as text. */
function commentsOf(source: string): string {
  const out: string[] = [];
  for (const m of source.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g)) out.push(m[0]);
  return out.join('\n');
}

/** Every path a text names that does not exist, as `path` (resolved from the repo root or `dir`). */
function missingPaths(text: string, dir: string, exists: (p: string) => boolean): string[] {
  const missing: string[] = [];
  for (const m of text.matchAll(REPO_PATH)) {
    for (const p of expandBraces(m[0].replace(/\.$/, ''))) {
      if (p.includes('/dist') || NOT_IN_REPO.has(p)) continue;
      if (!exists(p)) missing.push(p);
    }
  }
  for (const m of text.matchAll(RELATIVE_PATH)) {
    const p = relative(REPO, join(REPO, dir, m[0]));
    if (!p.startsWith('..') && !NOT_IN_REPO.has(m[0]) && !exists(p)) missing.push(m[0]);
  }
  return missing;
}

const tracked = execFileSync('git', ['ls-files'], { cwd: REPO, encoding: 'utf8' }).split('\n');
const existing = (p: string) => existsSync(join(REPO, p));
const DOCS = ['README.md', 'ARCHITECTURE.md', 'bench/README.md'];
const SOURCES = tracked.filter(
  (f) =>
    /\.(ts|mjs)$/.test(f) &&
    !f.startsWith('generated/') &&
    !f.startsWith('test/golden/') &&
    !f.startsWith('test/fixtures/') &&
    f !== 'test/packages/doc-paths.test.ts', // its own examples of paths
);

describe('paths named in docs and comments', () => {
  it('recognises paths, braces and relative paths, and reports the missing ones', () => {
    const none = () => false;
    expect(missingPaths('see `runtime/spec/helpers.ts` and test/{a,b}/x.test.ts.', '', none)).toEqual([
      'runtime/spec/helpers.ts',
      'test/a/x.test.ts',
      'test/b/x.test.ts',
    ]);
    expect(missingPaths('beside it, ./shipped.ts reads them', 'cli', none)).toEqual(['./shipped.ts']);
    expect(missingPaths('https://example.com/runtime/x.ts and @toolspec/runtime/x', '', none)).toEqual([]);
    expect(
      commentsOf("const a = 'language/x.ts'; // see language/y.ts\n/** and runtime/z.ts */"),
    ).not.toContain('language/x.ts');
  });

  it.each(DOCS)('%s names only paths that exist', (doc) => {
    expect(missingPaths(readFileSync(join(REPO, doc), 'utf8'), dirname(doc), existing)).toEqual([]);
  });

  it('source comments name only paths that exist', () => {
    const missing = SOURCES.flatMap((f) =>
      missingPaths(commentsOf(readFileSync(join(REPO, f), 'utf8')), dirname(f), existing).map(
        (p) => `${f}: ${p}`,
      ),
    );
    expect(missing).toEqual([]);
  });
});
