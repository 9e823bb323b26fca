/**
 * Plugs the generated (ajv standalone) validators into the validator provider: for each set of
 * the IR, `generated/<set>/validators.js` is imported and each tool's precompiled validator is
 * used when its schema fingerprint matches the tool's current public input schema. A tool whose
 * spec changed since the last `npm run generate` (or a set never generated) falls back to
 * compiling with Ajv on first use, so a stale generated/ never changes a verdict.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GENERATED_DIR } from '../paths.js';
import type { JsonSchema, SpecIR } from '../spec/ir.js';
import { type CompiledValidate, precompiledValidatorProvider, type ValidatorProvider } from './provider.js';

/** Identifies a public input schema; the generator writes it beside each precompiled validator. */
export function schemaFingerprint(schema: JsonSchema): string {
  return createHash('sha256').update(JSON.stringify(schema)).digest('hex').slice(0, 16);
}

interface GeneratedValidatorsModule {
  readonly inputValidators: Readonly<Record<string, CompiledValidate>>;
  readonly inputFingerprints: Readonly<Record<string, string>>;
}

/** The precompiled validators of every set that has them and whose schemas are current. */
export async function generatedValidators(
  ir: SpecIR,
  dir: string = GENERATED_DIR,
): Promise<Record<string, CompiledValidate>> {
  const out: Record<string, CompiledValidate> = {};
  for (const set of ir.sets) {
    const file = join(dir, set.name, 'validators.js');
    if (!existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as Partial<GeneratedValidatorsModule>;
    for (const tool of set.tools) {
      const fn = mod.inputValidators?.[tool.name];
      if (fn && mod.inputFingerprints?.[tool.name] === schemaFingerprint(tool.inputSchema))
        out[tool.name] = fn;
    }
  }
  return out;
}

/** A validator provider backed by the generated validators (Ajv-compiled fallback for the rest). */
export async function generatedValidatorProvider(
  ir: SpecIR,
  dir: string = GENERATED_DIR,
): Promise<ValidatorProvider> {
  return precompiledValidatorProvider(await generatedValidators(ir, dir));
}
