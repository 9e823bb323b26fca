/**
 * Plugs generated (ajv standalone) validators into the validator provider: for each set of the
 * IR, the module the caller names (`<generated>/<set>/validators.js`) is imported and each
 * tool's precompiled validator is used when its schema fingerprint matches the tool's current
 * public input schema. A tool whose spec changed since the last `toolspec generate` (or a set
 * never generated) falls back to compiling with Ajv on first use, so a stale build never
 * changes a verdict.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type SpecIR, schemaFingerprint } from '@toolspec/language';
import { type CompiledValidate, precompiledValidatorProvider, type ValidatorProvider } from './provider.js';

interface GeneratedValidatorsModule {
  readonly inputValidators: Readonly<Record<string, CompiledValidate>>;
  readonly inputFingerprints: Readonly<Record<string, string>>;
}

/** A directory as a URL that relative paths resolve under. */
function dirUrl(dir: string | URL): URL {
  const url = typeof dir === 'string' ? pathToFileURL(dir) : new URL(dir);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

/** The precompiled validators, under `dir`, of every set that has them and whose schemas are current. */
export async function generatedValidators(
  ir: SpecIR,
  dir: string | URL,
): Promise<Record<string, CompiledValidate>> {
  const out: Record<string, CompiledValidate> = {};
  for (const set of ir.sets) {
    const file = new URL(`${encodeURIComponent(set.name)}/validators.js`, dirUrl(dir));
    if (!existsSync(file)) continue;
    const mod = (await import(file.href)) as Partial<GeneratedValidatorsModule>;
    for (const tool of set.tools) {
      const fn = mod.inputValidators?.[tool.name];
      if (fn && mod.inputFingerprints?.[tool.name] === schemaFingerprint(tool.inputSchema))
        out[tool.name] = fn;
    }
  }
  return out;
}

/** A validator provider backed by the validators generated into `dir` (Ajv-compiled fallback for the rest). */
export async function generatedValidatorProvider(ir: SpecIR, dir: string | URL): Promise<ValidatorProvider> {
  return precompiledValidatorProvider(await generatedValidators(ir, dir));
}
