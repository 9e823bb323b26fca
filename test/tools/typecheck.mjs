/**
 * Type-checks test/tools (its own tsconfig.json: its tests import the on-demand test tools) when
 * the tools are installed (`npm run test:tools`); says so and passes when they are not, except in
 * CI (CI set), where the tools must be there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
if (!existsSync(`${here}node_modules/.package-lock.json`)) {
  const message = 'test/tools is not type-checked: its tools are not installed (npm run test:tools)';
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.warn(message);
  process.exit(0);
}
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const r = spawnSync(process.execPath, [tsc, '-p', here, '--noEmit'], { stdio: 'inherit' });
process.exit(r.status ?? 1);
