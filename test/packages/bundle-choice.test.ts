/**
 * The built CLI loads a command's bundle only when it is at least as new as the compiled packages
 * it holds (cli/bundle-choice.ts): a `tsc -b` without the bundling step after it must not leave the
 * CLI running stale bundled code. Real files with set modification times in a scratch layout.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshBundle } from '../../cli/bundle-choice.js';

let root: string;
const cliDist = () => pathToFileURL(join(root, 'dist/cli/'));

/** A file at `path` (below the scratch root) modified at `seconds` after the epoch. */
function file(path: string, seconds: number): void {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, '');
  utimesSync(full, seconds, seconds);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'toolspec-bundle-choice-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('freshBundle', () => {
  it('takes a bundle written after the compiled packages it holds', () => {
    file('dist/cli.tsbuildinfo', 1000);
    file('mcp/dist/tsconfig.tsbuildinfo', 1000);
    file('dist/cli/bundle/serve/serve.js', 1001);
    expect(freshBundle(cliDist(), 'serve', ['mcp'])?.href).toBe(
      pathToFileURL(join(root, 'dist/cli/bundle/serve/serve.js')).href,
    );
  });

  it('refuses a bundle older than a package compiled since (tsc -b without the bundling step)', () => {
    file('dist/cli.tsbuildinfo', 1000);
    file('mcp/dist/tsconfig.tsbuildinfo', 1002);
    file('dist/cli/bundle/serve/serve.js', 1001);
    expect(freshBundle(cliDist(), 'serve', ['mcp'])).toBeNull();
  });

  it('refuses a bundle older than the CLI compiled since', () => {
    file('dist/cli.tsbuildinfo', 1002);
    file('dist/cli/bundle/generate/generate.js', 1001);
    expect(freshBundle(cliDist(), 'generate', ['generator', 'language'])).toBeNull();
  });

  it('has none when no bundle was built; build info that is not there does not count', () => {
    expect(freshBundle(cliDist(), 'serve', ['mcp'])).toBeNull();
    file('dist/cli/bundle/serve/serve.js', 1);
    expect(freshBundle(cliDist(), 'serve', ['mcp'])).not.toBeNull();
  });
});
