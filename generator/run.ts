/** The whole `toolspec generate` step: specs -> IR -> files -> (compare | write), with the unchanged-input shortcut. */
import { basename, isAbsolute, resolve } from 'node:path';
import type { Diagnostic } from '@toolspec/language';
import { readSpecTexts } from '@toolspec/language/light';
import { cacheKey, isUpToDate, remember } from './cache.js';
import type { Violation } from './conformance/rules.js';
import { REGENERATE_COMMAND } from './provenance.js';
import { GENERATED_CODE_IMPORTS } from './types.js';
import { diffTree, readExisting, type TreeDiff, writeTree } from './write.js';

export interface RunOptions {
  /** Spec files. */
  readonly specFiles: readonly string[];
  /** Output directory. */
  readonly outDir: string;
  /** Spec paths in provenance headers are relative to this directory (default: the working directory). */
  readonly root?: string | undefined;
  /** Where the unchanged-input shortcut keeps its record (default: `<root>/node_modules/.cache/toolspec`). */
  readonly cacheDir?: string | undefined;
  /** Compare instead of writing. */
  readonly check?: boolean | undefined;
  /** Regenerate even when the inputs are unchanged. */
  readonly force?: boolean | undefined;
}

export interface RunResult {
  /** `up-to-date`: inputs unchanged since the last run, nothing done. */
  readonly status: 'up-to-date' | 'written' | 'checked' | 'invalid-specs';
  readonly diff: TreeDiff;
  readonly files: number;
  readonly tools: number;
  readonly diagnostics: readonly Diagnostic[];
  /** Milliseconds per phase (hash = reading specs and checking the cache; load = YAML -> IR; emit; write or compare). */
  readonly timings: Readonly<Record<string, number>>;
  /** Hard conformance failures (they fail the command). */
  readonly conformance: readonly { tool: string; violation: Violation }[];
  /** The packages the generated code imports: the project that compiles it needs them as dependencies. */
  readonly imports: readonly string[];
}

export { isClean } from './write.js';

const EMPTY: TreeDiff = { stale: [], missing: [], extra: [] };

export async function runGenerate(options: RunOptions): Promise<RunResult> {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (phase: string) => {
    const now = performance.now();
    timings[phase] = Math.round(now - mark);
    mark = now;
  };
  const outDir = resolve(options.outDir);
  const root = resolve(options.root ?? process.cwd());
  const cache = options.cacheDir ?? resolve(root, 'node_modules', '.cache', 'toolspec');
  // Spec paths as written into provenance headers: relative to the root, or the file's own path.
  const texts = readSpecTexts(options.specFiles, root).map((t) =>
    t.file.startsWith('..') || isAbsolute(t.file) ? { ...t, file: basename(t.file) } : t,
  );
  const key = cacheKey({ specs: texts, options: JSON.stringify({ REGENERATE_COMMAND }) });
  const base = {
    diff: EMPTY,
    files: 0,
    tools: 0,
    diagnostics: [],
    conformance: [],
    timings,
    imports: GENERATED_CODE_IMPORTS,
  };
  lap('hash');
  if (!options.check && !options.force && isUpToDate(cache, outDir, key))
    return { ...base, status: 'up-to-date' };

  // The spec language (YAML, Ajv, JSON-e) loads only now that there is work to do.
  const { importSpecHelpers, loadSpecTexts } = await import('@toolspec/language');
  const { ir, diagnostics } = loadSpecTexts(texts, { helpers: await importSpecHelpers(options.specFiles) });
  lap('load');
  if (!ir) return { ...base, diagnostics, status: 'invalid-specs' };
  // The emitters (and the libraries they load) are only imported when there is work to do.
  const { conformanceErrors, generate } = await import('./generate.js');
  const files = await generate(ir, { existing: readExisting(outDir) });
  const conformance = conformanceErrors(ir);
  lap('emit');
  const result = {
    files: files.length,
    tools: ir.tools.length,
    diagnostics,
    conformance,
    timings,
    imports: GENERATED_CODE_IMPORTS,
  };
  if (options.check) {
    const diff = diffTree(outDir, files);
    lap('compare');
    return { ...result, status: 'checked', diff };
  }
  const diff = writeTree(outDir, files);
  if (conformance.length === 0) remember(cache, outDir, key, files);
  lap('write');
  return { ...result, status: 'written', diff };
}
