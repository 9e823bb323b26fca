/**
 * Plugs generated (ajv standalone) validators into the validator provider. Generated code
 * (`<out>/<set>/validators.ts`) is a module like any other: the generated barrel hands its sets'
 * modules (or loaders of them, `() => import('./<set>/validators.js')`) to
 * `generatedValidatorProvider`, so nothing is located or read at run time and a compiler or a
 * bundler sees every module. Each tool's precompiled validator is used when its schema
 * fingerprint matches the tool's current public input schema; a tool whose spec changed since
 * the last `toolspec generate` (or a set without a module) falls back to compiling with Ajv on
 * first use, so a stale build never changes a verdict.
 *
 * `validatorRuntime` is what that generated code calls at run time (Ajv's runtime helpers and the
 * formats `createAjv()` registers), so generated code imports nothing but `@toolspec/runtime`.
 */
import { createAjv, type SpecIR, schemaFingerprint } from '@toolspec/language';
import equalModule from 'ajv/dist/runtime/equal.js';
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import uriModule from 'ajv/dist/runtime/uri.js';
import { type CompiledValidate, precompiledValidatorProvider, type ValidatorProvider } from './provider.js';

/** What a generated `<set>/validators.ts` exports (generator/emitters/validators.ts). */
export interface GeneratedValidators {
  readonly inputValidators: Readonly<Record<string, CompiledValidate>>;
  readonly inputFingerprints: Readonly<Record<string, string>>;
}

/** Each set's generated validators by set name: the module, or a function importing it on first use. */
export type GeneratedValidatorSets = Readonly<
  Record<string, GeneratedValidators | (() => Promise<GeneratedValidators>)>
>;

// Ajv's runtime modules are CommonJS: under NodeNext their default import is the module object in types only.
const defaultOf = <T>(mod: T): T => ((mod as { default?: T }).default ?? mod) as T;

let formats: Readonly<Record<string, unknown>> | undefined;

/**
 * What precompiled validators reference at run time, by the names the generator gives them
 * (generator/emitters/validators.ts): Ajv's runtime helpers, and the formats `createAjv()`
 * registers (created on first use), so their verdicts are the runtime-compiled ones.
 */
export const validatorRuntime = Object.freeze({
  ucs2length: defaultOf(ucs2lengthModule),
  equal: defaultOf(equalModule),
  uri: defaultOf(uriModule),
  get formats(): Readonly<Record<string, unknown>> {
    formats ??= createAjv().formats;
    return formats;
  },
});

/** The precompiled validators of every set of `ir` that has a module in `sets` and whose schemas are current. */
export async function generatedValidators(
  ir: SpecIR,
  sets: GeneratedValidatorSets,
): Promise<Record<string, CompiledValidate>> {
  const out: Record<string, CompiledValidate> = {};
  for (const set of ir.sets) {
    const entry = Object.hasOwn(sets, set.name) ? sets[set.name] : undefined;
    if (!entry) continue;
    const mod = typeof entry === 'function' ? await entry() : entry;
    for (const tool of set.tools) {
      const fn = mod.inputValidators[tool.name];
      if (fn && mod.inputFingerprints[tool.name] === schemaFingerprint(tool.inputSchema)) out[tool.name] = fn;
    }
  }
  return out;
}

/** A validator provider backed by generated validators (Ajv-compiled fallback for the rest). */
export async function generatedValidatorProvider(
  ir: SpecIR,
  sets: GeneratedValidatorSets,
): Promise<ValidatorProvider> {
  return precompiledValidatorProvider(await generatedValidators(ir, sets));
}
