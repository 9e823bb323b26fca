/**
 * The generated (ajv standalone) validators and the runtime-compiled ones give identical
 * verdicts and errors on one corpus of valid and invalid inputs, for the golden fixture sets
 * and every shipped set; and through the runtime's validator provider, identical input issues.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shippedSpecFiles } from '../../cli/shipped.js';
import type { SpecIR } from '../../language/ir/ir.js';
import { schemaFingerprint } from '../../language/load/fingerprint.js';
import { loadSpecFiles, loadSpecTexts } from '../../language/load/load.js';
import { createAjv } from '../../language/schema/ajv.js';
import { type GeneratedValidatorSets, generatedValidators } from '../../runtime/validate/generated.js';
import {
  ajvValidatorProvider,
  type CompiledValidate as GeneratedValidator,
  precompiledValidatorProvider,
} from '../../runtime/validate/provider.js';
import { GENERATED_DIR } from '../support/paths.js';
import { corpusFor } from './corpus.js';
import { fixtureIr, GOLDEN_DIR, ROOT } from './support.js';

interface ValidatorModule {
  inputValidators: Readonly<Record<string, GeneratedValidator>>;
  outputValidators: Readonly<Record<string, GeneratedValidator>>;
  inputFingerprints: Readonly<Record<string, string>>;
  outputFingerprints: Readonly<Record<string, string>>;
}

const load = (dir: string, set: string): Promise<ValidatorModule> =>
  import(pathToFileURL(join(dir, set, 'validators.ts')).href) as Promise<ValidatorModule>;

/** Every set's module under `dir`, as the generated barrel hands them to the runtime. */
const modulesOf = (ir: SpecIR, dir: string): GeneratedValidatorSets =>
  Object.fromEntries(ir.sets.map((s) => [s.name, () => load(dir, s.name)]));

const errorsOf = (
  errors: readonly { instancePath: string; keyword: string; schemaPath: string }[] | null | undefined,
) => (errors ?? []).map((e) => `${e.instancePath} ${e.keyword} ${e.schemaPath}`);

async function checkParity(ir: SpecIR, dir: string): Promise<{ valid: number; invalid: number }> {
  const ajv = createAjv({ logger: false });
  let valid = 0;
  let invalid = 0;
  for (const set of ir.sets) {
    const mod = await load(dir, set.name);
    const runtime = ajvValidatorProvider();
    const generated = precompiledValidatorProvider(mod.inputValidators, {
      validatorFor: (tool) => {
        throw new Error(`no generated validator for ${tool.name}`);
      },
    });
    for (const tool of set.tools) {
      // A tool edited since the last generation is drift, which `generate --check` reports; compare current ones.
      if (mod.inputFingerprints[tool.name] !== schemaFingerprint(tool.inputSchema)) continue;
      const output = tool.response.schema;
      const outputCurrent = output ? mod.outputFingerprints[tool.name] === schemaFingerprint(output) : false;
      const compiled = ajv.compile(tool.inputSchema as object);
      const pre = mod.inputValidators[tool.name];
      expect(pre, tool.name).toBeDefined();
      for (const input of corpusFor(tool)) {
        const expected = compiled(input);
        const actual = (pre as GeneratedValidator)(input);
        expect(actual, `${tool.name} ${JSON.stringify(input)}`).toBe(expected);
        expect(errorsOf(pre?.errors)).toEqual(errorsOf(compiled.errors));
        expect(generated.validatorFor(tool)(input)).toEqual(runtime.validatorFor(tool)(input));
        if (expected) valid++;
        else invalid++;
      }
      if (output && outputCurrent) {
        const out = ajv.compile(output as object);
        for (const ex of tool.examples) {
          expect(mod.outputValidators[tool.name]?.(ex.output), tool.name).toBe(out(ex.output));
        }
      }
    }
  }
  return { valid, invalid };
}

describe('generated validators agree with runtime-compiled ones', () => {
  it('on the golden fixture sets', async () => {
    const { valid, invalid } = await checkParity(fixtureIr(), GOLDEN_DIR);
    expect(valid).toBeGreaterThan(20);
    expect(invalid).toBeGreaterThan(100);
  });

  const shipped = shippedSpecFiles();
  const { ir } = loadSpecFiles(shipped);
  const current = ir?.sets.every((s) => existsSync(join(GENERATED_DIR, s.name, 'validators.ts')));
  it.runIf(current)('on every shipped set (generated/)', async () => {
    const { valid, invalid } = await checkParity(ir as SpecIR, GENERATED_DIR);
    expect(valid).toBeGreaterThan(100);
    expect(invalid).toBeGreaterThan(1000);
  });
});

describe('the runtime loads generated validators through its provider', () => {
  it('uses the precompiled validator of every tool whose schema is current', async () => {
    const ir = fixtureIr();
    expect(Object.keys(await generatedValidators(ir, modulesOf(ir, GOLDEN_DIR))).sort()).toEqual(
      ir.tools.map((t) => t.name),
    );
  });

  it("takes a set's module itself as well as a loader, and skips a set it is not given", async () => {
    const ir = fixtureIr();
    const loaded = await generatedValidators(ir, { mini: await load(GOLDEN_DIR, 'mini') });
    const mini = ir.sets.find((s) => s.name === 'mini');
    expect(Object.keys(loaded).sort()).toEqual(mini?.tools.map((t) => t.name).sort());
    expect(Object.keys(loaded).some((n) => n.startsWith('shapes_'))).toBe(false);
  });

  it('falls back to compiling a tool whose schema changed since generation', async () => {
    const text = readFileSync(join(ROOT, 'test/fixtures/specs/mini.yaml'), 'utf8').replace(
      'item_id: { required: true, type: string, minLength: 1,',
      'item_id: { required: true, type: string, minLength: 2,',
    );
    const { ir } = loadSpecTexts([{ file: 'test/fixtures/specs/mini.yaml', text }]);
    const loaded = await generatedValidators(ir as SpecIR, modulesOf(ir as SpecIR, GOLDEN_DIR));
    expect(Object.keys(loaded)).not.toContain('mini_item_get');
    expect(Object.keys(loaded)).toContain('mini_item_list');
  });
});
