/**
 * @toolspec/language/light: the facts of a tool that hot paths need (MCP annotations, the
 * advertised schemas), without the loader: importing it loads no YAML parser, no Ajv and no
 * JSON-e, so a server answers its first tools/list from a generated catalog quickly, and
 * `generate` decides that nothing changed without loading them. `nearest` gives "did you mean
 * …?" suggestions to the CLI's argument parsing as cheaply.
 */

export { formatDiagnostic } from './check/diagnostics.js';
export { annotationsFor, isReadOnly, type ToolAnnotations } from './ir/facts.js';
export type * from './ir/ir.js';
export { readSpecTexts, type SpecText } from './load/spec-texts.js';
export { nearest } from './nearest.js';
export { advertisedInput, advertisedOutput } from './schema/advertise.js';
