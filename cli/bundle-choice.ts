/**
 * Which command bundle the built CLI may load (cli/bundle.mjs writes them after `tsc -b`): one
 * that is at least as new as the compiled packages it holds. A bundle older than them (`tsc -b`
 * run without the bundling step after it) is not used, so an edit is never hidden by stale bundled
 * code: the command's modules load as usual instead.
 */
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Modified time in ms, or null when the file is not there. */
function mtimeOf(url: URL): number | null {
  try {
    return statSync(fileURLToPath(url)).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * The bundle of command `name` under `cliDist` (the built CLI's `dist/cli/` folder), or null when
 * there is none or it is older than the build info of the CLI or of one of `packages` (the package
 * folders it bundles, each compiled into `<package>/dist/`); build info that is not there (an
 * installed package ships none) does not count.
 */
export function freshBundle(cliDist: URL, name: string, packages: readonly string[]): URL | null {
  const bundle = new URL(`bundle/${name}/${name}.js`, cliDist);
  const built = mtimeOf(bundle);
  if (built === null) return null;
  const root = new URL('../../', cliDist);
  const infos = ['dist/cli.tsbuildinfo', ...packages.map((p) => `${p}/dist/tsconfig.tsbuildinfo`)];
  return infos.every((info) => (mtimeOf(new URL(info, root)) ?? 0) <= built) ? bundle : null;
}
