/**
 * Where the CLI finds the shipped tool sets: the spec files in this package's specs/ and the
 * @toolspec/sets package (whose modules hold the IR snapshot, the MCP catalogs and the
 * validators: imported, never read as files). Paths only, located on first use (never at import
 * time), and nothing heavy imported: `serve` answers its first tools/list with these alone.
 * Loading the specs is ./shipped.ts.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** This package's root: the nearest folder above this module whose package.json is the toolspec CLI. */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'toolspec') {
      root = dir;
      return dir;
    }
    const up = dirname(dir);
    if (up === dir) throw new Error('toolspec: cannot find the toolspec package root');
    dir = up;
  }
}

/** The spec files (*.yaml) of a folder, sorted; none when there is no such folder. */
function yamlFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => join(dir, f));
}

/** The shipped spec files (specs/*.yaml), sorted. */
export function shippedSpecFiles(): string[] {
  return yamlFiles(join(packageRoot(), 'specs'));
}

/**
 * The spec files of the project in `cwd`: its ./specs/*.yaml, relative to `cwd`, or null when
 * it has none or when its ./specs is the shipped sets' folder (in this repository).
 */
export function projectSpecFiles(cwd: string = process.cwd()): string[] | null {
  const dir = join(cwd, 'specs');
  const files = yamlFiles(dir);
  if (files.length === 0) return null;
  if (realpathSync(dir) === realpathSync(join(packageRoot(), 'specs'))) return null;
  return files.map((f) => relative(cwd, f));
}

/**
 * Which specs a command acts on: the files given (`--specs`, or a command's positional files),
 * else with `shipped` the shipped sets, else the project's ./specs/*.yaml when the working
 * directory has them, else the shipped sets.
 */
export type SpecChoice =
  | { readonly source: 'given' | 'project'; readonly files: readonly string[] }
  | { readonly source: 'shipped' };

export function chooseSpecs(
  given: readonly string[] | undefined,
  shipped = false,
  cwd: string = process.cwd(),
): SpecChoice {
  if (given && given.length > 0) return { source: 'given', files: given };
  const project = shipped ? null : projectSpecFiles(cwd);
  return project ? { source: 'project', files: project } : { source: 'shipped' };
}

/** The files of a choice: the shipped ones for the shipped sets. */
export function filesOf(choice: SpecChoice): readonly string[] {
  return choice.source === 'shipped' ? shippedSpecFiles() : choice.files;
}

/**
 * A one-line note saying that the project's specs are used (for a command's log), with how to
 * use others instead, else null.
 */
export function projectNote(choice: SpecChoice, instead = '--shipped for the shipped sets'): string | null {
  return choice.source === 'project'
    ? `using the specs in ./specs (${choice.files.length} file(s)); ${instead}`
    : null;
}

/**
 * The root of the @toolspec/sets package: where `toolspec generate` writes the shipped sets'
 * artifacts (resolved by the ESM resolver this module was loaded with: no CommonJS resolver is
 * set up on the way to `serve`'s first answer).
 */
export function setsPackageDir(): string {
  return dirname(fileURLToPath(import.meta.resolve('@toolspec/sets/package.json')));
}

/** Modified time in ms, or -1 when the file is not there. */
function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

/**
 * What the CLI reads of the sets in `setsDir`, as generated beside dist/ and as built into it:
 * the IR snapshot and each set's MCP catalog.
 */
function artifactPairs(setsDir: string): { source: string; built: string }[] {
  const sets = readdirSync(setsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'dist' && d.name !== 'node_modules')
    .map((d) => d.name);
  return [
    { source: 'ir.ts', built: 'dist/ir.js' },
    ...sets.map((set) => ({ source: `${set}/catalog.ts`, built: `dist/${set}/catalog.js` })),
  ].map(({ source, built }) => ({ source: join(setsDir, source), built: join(setsDir, built) }));
}

/**
 * Whether the built artifacts of the sets in `setsDir` (its dist/) are older than what they are
 * built from: a generated module was written after the build compiled it (`npm run generate`
 * without `npm run build` since), or one of `specFiles` after the build compiled the snapshot
 * (an edited spec: every change of a spec changes the snapshot, which records its hash). Each
 * module is compared with its own output, which an incremental build rewrites only when the
 * module changed. A package without generated sources beside its dist/ (as installed) is never
 * stale.
 */
export function artifactsStale(setsDir: string, specFiles: readonly string[]): boolean {
  if (mtimeOf(join(setsDir, 'ir.ts')) < 0) return false;
  const pairs = artifactPairs(setsDir);
  if (pairs.some(({ source, built }) => mtimeOf(source) > mtimeOf(built))) return true;
  const snapshotBuilt = mtimeOf(join(setsDir, 'dist/ir.js'));
  return specFiles.some((f) => mtimeOf(f) > snapshotBuilt);
}

/**
 * Whether this CLI would read shipped-set artifacts older than the shipped specs: only a built
 * CLI in a checkout can (from sources, the generated sources themselves are read).
 */
export function builtArtifactsStale(): boolean {
  if (import.meta.url.endsWith('.ts')) return false;
  const setsDir = setsPackageDir();
  if (artifactsStale(setsDir, shippedSpecFiles())) return true;
  // In a checkout, the bin (dist/bin, scripts/bundle-cli.mjs) holds its own copy of the built
  // sets: stale when they were built after it (tsc run without the bundle step of `npm run build`).
  const self = fileURLToPath(import.meta.url);
  return (
    /[\\/]dist[\\/]bin[\\/]/.test(self) &&
    mtimeOf(join(setsDir, 'ir.ts')) >= 0 &&
    mtimeOf(join(setsDir, 'dist/ir.js')) > mtimeOf(self)
  );
}

/** This package's version, announced by the MCP server. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string })
    .version;
}
