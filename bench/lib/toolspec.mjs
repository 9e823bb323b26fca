/**
 * The toolspec entry points the benchmarks use, from the BUILT packages (each package's dist/),
 * which is what users run: public APIs through the package names, internals from dist/ directly.
 */
export { createToolkit, loadSpecs, RedisStore } from '@toolspec/runtime';
export { loadShippedSpecs, shippedSpecFiles } from '../../dist/cli/shipped.js';
export { loadSpecFiles } from '../../language/dist/index.js';
export { generatedValidators } from '../../runtime/dist/validate/generated.js';
export { ajvValidatorProvider } from '../../runtime/dist/validate/provider.js';

/** The built validator modules of the shipped sets (generated/dist/<set>/validators.js), as the generated barrel hands them over. */
export const shippedValidatorModules = (ir) =>
  Object.fromEntries(
    ir.sets.map((s) => [s.name, () => import(`../../generated/dist/${s.name}/validators.js`)]),
  );
export { createCodeRunner } from '@toolspec/code';
export { createSandboxToolkit } from '@toolspec/sandbox';
