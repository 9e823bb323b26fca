/**
 * The toolspec entry points the benchmarks use, from the BUILT package (dist/), which is what
 * users run. One place, so a move in dist/ is one edit.
 */

export { GENERATED_DIR } from '../../dist/runtime/paths.js';
export { loadSpecFiles, loadSpecs, shippedSpecFiles } from '../../dist/runtime/spec/load.js';
export { createToolkit } from '../../dist/runtime/toolkit.js';
export { ajvValidatorProvider } from '../../dist/runtime/validate/provider.js';
