/**
 * @toolspec/language/light: the facts of a tool that hot paths need (MCP annotations, the
 * advertised schemas), without the loader: importing it loads no YAML parser, no Ajv and no
 * JSON-e, so a server answers its first tools/list from a generated catalogue quickly, and
 * `generate` decides that nothing changed without loading them. `nearest` gives "did you mean
 * …?" suggestions to the CLI's argument parsing as cheaply.
 */
export { advertisedInput, advertisedOutput } from './advertise.js';
export { formatDiagnostic } from './diagnostics.js';
export { annotationsFor, isReadOnly, type ToolAnnotations } from './facts.js';
export type * from './ir.js';
export { nearest } from './nearest.js';
export { readSpecTexts, type SpecText } from './spec-texts.js';
