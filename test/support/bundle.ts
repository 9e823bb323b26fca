/**
 * A CLI command's bundle (cli/bundle.mjs) built from the sources into a scratch folder under the
 * repository (so its bare imports resolve from node_modules, and no stale dist/ is involved), and
 * the `node` arguments that run it the way the CLI's registry does (`run(args)`). With
 * `sourcesOutside`, the @toolspec packages the bundle imports run from their sources (tsx); a
 * bundle that imports none runs on plain node (and so can start worker threads).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './paths.js';

export interface BuiltBundle {
  readonly dir: string;
  /** `node` arguments before the command's own arguments. */
  readonly node: readonly string[];
  /** Every file of the bundle, concatenated. */
  text(): string;
  remove(): void;
}

/** Beside the bundle: what the CLI's registry does with a command module. */
const RUNNER = `const { run } = await import(process.argv[2]);\nprocess.exitCode = await run(process.argv.slice(3));\n`;

export function buildBundle(command: string, { sourcesOutside = false } = {}): BuiltBundle {
  const dir = join(REPO, 'node_modules/.cache', `toolspec-bundle-${command}-${process.pid}`);
  const r = spawnSync(process.execPath, [join(REPO, 'cli/bundle.mjs'), '--source', command, dir], {
    cwd: REPO,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`cli/bundle.mjs ${command} failed (${r.status}):\n${r.stderr}`);
  const files = readdirSync(dir);
  const runner = join(dir, 'run-command.mjs');
  writeFileSync(runner, RUNNER);
  return {
    dir,
    node: [
      ...(sourcesOutside ? ['--conditions=@toolspec/source', '--import', 'tsx'] : []),
      runner,
      join(dir, `${command}.js`),
    ],
    text: () => files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
