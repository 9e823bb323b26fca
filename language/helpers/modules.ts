/**
 * Helpers of the user's own, from the modules a spec names (`helpers:` paths relative to
 * the spec file): imported, checked like the built-ins (registry.ts) and merged. Nothing of a
 * spec's text is executed: a spec only names a module file beside it, which the user wrote.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { HELPERS } from './index.js';
import { checkHelpers, HelperError, type Helpers, withHelpers } from './registry.js';

const MODULE_PATH = /^\.\.?\/[^\\]*\.(?:mjs|cjs|js|mts|cts|ts)$/;

/** The module paths the spec file names under `helpers:`, resolved against its folder. */
export function helperModulesOf(file: string): string[] {
  let data: unknown;
  try {
    const text = readFileSync(file, 'utf8');
    // Most specs name no helper module: the whole file is parsed only when the word is in it
    // (the loader parses it again anyway, with positions).
    if (!text.includes('helpers')) return [];
    data = parse(text, { maxAliasCount: 100 });
  } catch {
    return []; // the loader reports what is wrong with the file
  }
  const list = (data as { helpers?: unknown } | null)?.helpers;
  if (!Array.isArray(list)) return [];
  return list.map((ref) => {
    if (typeof ref !== 'string' || !MODULE_PATH.test(ref))
      throw new HelperError(
        `${file}: helpers: "${String(ref)}" is not a relative path (./ or ../) to a .js, .mjs, .cjs or .ts module`,
      );
    return resolve(dirname(file), ref);
  });
}

/**
 * The helpers of every module the spec files name, checked and merged (a name defined twice is an
 * error); `{}` when they name none. Pass the result to `loadSpecs(files, {helpers})` and
 * `createToolkit({helpers})`.
 */
export async function importSpecHelpers(files: readonly string[]): Promise<Helpers> {
  let out: Helpers = {};
  const seen = new Set<string>();
  for (const file of files) {
    for (const path of helperModulesOf(file)) {
      if (seen.has(path)) continue;
      seen.add(path);
      let mod: { default?: unknown; helpers?: unknown };
      try {
        mod = (await import(pathToFileURL(path).href)) as typeof mod;
      } catch (e) {
        throw new HelperError(
          `${file}: helpers module ${path} could not be imported: ${(e as Error).message}`,
        );
      }
      const exported = mod.helpers ?? mod.default;
      out = withHelpers(out, checkHelpers(exported, `${file}: helpers module ${path}`, HELPERS));
    }
  }
  return out;
}
