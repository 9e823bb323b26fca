/**
 * What `toolspec serve` loads before its first answer (a client's `server/discover` or
 * `initialize` probe, which some clients give one second): the modules statically reachable from
 * `@toolspec/mcp` (what the CLI's serve command imports). Only the MCP SDK's server, node's
 * builtins and light engine modules may be on that path; the spec loader, the toolkit, the
 * sandbox, the HTTP front, authentication (jose) and the Tasks-only code paths are imported on
 * demand. The graph is read from the sources (TypeScript's parser): static imports and re-exports
 * that are not type-only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO } from './support.js';

/** First-party packages: the `@toolspec/source` file of each export. */
function sourceOf(specifier: string): string | null {
  const m = /^@toolspec\/([^/]+)(?:\/(.+))?$/.exec(specifier);
  if (!m) return null;
  const dir = join(REPO, m[1] as string);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    exports: Record<string, { '@toolspec/source'?: string } | string>;
  };
  const entry = pkg.exports[m[2] ? `./${m[2]}` : '.'];
  const file = typeof entry === 'object' ? entry['@toolspec/source'] : undefined;
  return file ? join(dir, file) : null;
}

function staticImports(file: string): string[] {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const out: string[] = [];
  for (const s of src.statements) {
    if (ts.isImportDeclaration(s) && !s.importClause?.isTypeOnly && ts.isStringLiteral(s.moduleSpecifier))
      out.push(s.moduleSpecifier.text);
    if (
      ts.isExportDeclaration(s) &&
      !s.isTypeOnly &&
      s.moduleSpecifier &&
      ts.isStringLiteral(s.moduleSpecifier)
    )
      out.push(s.moduleSpecifier.text);
  }
  return out;
}

/** Every first-party file and external package statically reachable from `entry`. */
function reachable(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const spec of staticImports(file)) {
      let target: string | null = null;
      if (spec.startsWith('.')) {
        target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
        if (!existsSync(target)) target = null;
      } else if (spec.startsWith('@toolspec/')) {
        target = sourceOf(spec);
      } else {
        packages.add(spec.startsWith('node:') ? 'node:' : spec);
      }
      if (target) visit(target);
    }
  };
  visit(entry);
  return { files: new Set([...files].map((f) => relative(REPO, f))), packages };
}

describe('serve before its first answer', () => {
  const { files, packages } = reachable(join(REPO, 'mcp/index.ts'));

  it('loads only the MCP SDK server and node builtins from outside', () => {
    expect([...packages].sort()).toEqual(['@modelcontextprotocol/server', 'node:']);
  });

  it('loads no spec loader, toolkit, sandbox, HTTP front or authentication', () => {
    const heavy = [...files].filter(
      (f) =>
        /^runtime\/(?!errors\.ts$)/.test(f) ||
        f === 'language/load/load.ts' ||
        f === 'language/index.ts' ||
        f.startsWith('sandbox/') ||
        ['mcp/server/http.ts', 'mcp/server/auth.ts', 'mcp/server/jwt.ts'].includes(f),
    );
    expect(heavy).toEqual([]);
    // The walk does reach what tools/call and the Tasks need at once (a guard on the walk itself).
    expect(files.has('mcp/server/tasks.ts')).toBe(true);
    expect(files.has('runtime/errors.ts')).toBe(true);
  });
});
