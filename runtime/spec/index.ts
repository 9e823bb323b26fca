export type { Diagnostic, Severity } from './diagnostics.js';
export { formatDiagnostic, SpecLoadError } from './diagnostics.js';
export { HELPERS } from './helpers.js';
export type * from './ir.js';
export type { LoadResult, SpecText } from './load.js';
export { loadSpecFiles, loadSpecs, loadSpecTexts, shippedSpecFiles } from './load.js';
export { evaluateTemplate, TemplateError } from './template.js';
