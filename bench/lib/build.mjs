/**
 * The benchmarks measure the built packages (each package's dist/), which is what users run.
 */
import { spawnSync } from 'node:child_process';
import { ROOT } from './paths.mjs';

/** `tsc -b` rebuilds exactly the packages whose sources changed (and copies the sets' assets). */
export function ensureBuilt(log) {
  log('building the packages (tsc -b: only what changed)');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed; the benchmarks need the built packages');
}
