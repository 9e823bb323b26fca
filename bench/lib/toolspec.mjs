/**
 * The toolspec entry points the benchmarks use, from the BUILT packages (each package's dist/),
 * which is what users run: public APIs through the package names, internals from dist/ directly.
 */
export { createToolkit, loadSpecs, RedisStore } from '@toolspec/runtime';
export { generatedDir, loadShippedSpecs, shippedSpecFiles } from '../../dist/cli/shipped.js';
export { loadSpecFiles } from '../../language/dist/index.js';
export { generatedValidators } from '../../runtime/dist/validate/generated.js';
export { ajvValidatorProvider } from '../../runtime/dist/validate/provider.js';
