/**
 * The benchmarks measure the built package (dist/), which is what users run. Rebuild when any
 * compiled source is newer than its output (a fresh `npm ci` builds through `prepare`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DIST, ROOT } from './paths.mjs';

function sources(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** Source files whose compiled .js is missing or older. */
export function staleSources() {
  const { include } = JSON.parse(readFileSync(join(ROOT, 'tsconfig.build.json'), 'utf8'));
  return include
    .flatMap((d) => sources(join(ROOT, d)))
    .filter((src) => {
      const out = join(DIST, relative(ROOT, src)).replace(/\.ts$/, '.js');
      return !existsSync(out) || statSync(out).mtimeMs < statSync(src).mtimeMs;
    });
}

export function ensureBuilt(log) {
  const stale = staleSources();
  if (stale.length === 0) return;
  log(`dist/ is older than ${stale.length} source file(s) (e.g. ${relative(ROOT, stale[0])}): npm run build`);
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed; the benchmarks need a built dist/');
}
