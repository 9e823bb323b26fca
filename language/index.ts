/**
 * @toolspec/language: the spec language. YAML -> validated, fully defaulted, frozen IR, plus the
 * facts derived from it and the pure helpers that templates and SQL blocks evaluate with. A leaf:
 * it imports nothing of the runtime, the generator or the MCP adapters (biome.json enforces it).
 * test/packages/public-api.test.ts pins this list.
 */
export { type AdvertisedInput, advertisedInput, advertisedOutput, inAdvertisedForm } from './advertise.js';
export { createAjv } from './ajv.js';
export { pathVariables } from './build-ir.js';
export { applyCoercions, type CoercionPlan, planCoercions } from './coerce.js';
export type { Diagnostic, Severity } from './diagnostics.js';
export { formatDiagnostic, SpecLoadError } from './diagnostics.js';
export {
  annotationsFor,
  authCredentials,
  isReadOnly,
  positionParam,
  type ToolAnnotations,
} from './facts.js';
export { schemaFingerprint } from './fingerprint.js';
export { HELPERS, sqlIdent, sqlLiteral } from './helpers.js';
export type * from './ir.js';
export {
  deepMerge,
  escapeToken,
  getPointer,
  pointerOf,
  setDotPath,
  setOwn,
  withPointer,
} from './json-pointer.js';
export type { LoadResult, LoadSpecsOptions } from './load.js';
export { loadSpecFiles, loadSpecs, loadSpecTexts } from './load.js';
export { nearest } from './nearest.js';
export { hashText, readSnapshot, serializeSnapshot, specFromSnapshot } from './snapshot.js';
export { displayPath, readSpecTexts, type SpecText } from './spec-texts.js';
export {
  asSqlBlock,
  isShow,
  type SqlBlock,
  type SqlSelect,
  type SqlShow,
  type SqlTableRef,
} from './sql/block.js';
export { evaluateTemplate, TemplateError } from './template.js';
