/** Where things are: the package root, the built CLI and the bench folders. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
export const ROOT = dirname(BENCH_DIR);
export const DIST = join(ROOT, 'dist');
/** The `toolspec` command as installed: the package's bin (scripts/bundle-cli.mjs). */
export const CLI = join(DIST, 'bin', 'toolspec.js');
export const FIXTURES = join(BENCH_DIR, 'fixtures');
export const SERVERS = join(BENCH_DIR, 'servers');
export const TOOLS = join(BENCH_DIR, 'tools');
export const RESULTS = join(BENCH_DIR, 'results');
