/**
 * The toolspec entry points the benchmarks use, from the BUILT package (dist/), which is what
 * users run: the public API through the package's own name, internals from dist/ directly.
 */
export { createToolkit, loadSpecs } from 'toolspec';
export { GENERATED_DIR } from '../../dist/runtime/paths.js';
export { loadSpecFiles, shippedSpecFiles } from '../../dist/runtime/spec/load.js';
export { generatedValidators } from '../../dist/runtime/validate/generated.js';
export { ajvValidatorProvider } from '../../dist/runtime/validate/provider.js';
