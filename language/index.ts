/**
 * @toolspec/language: the spec language. YAML -> validated, fully defaulted, frozen IR, plus the
 * facts derived from it and the pure helpers that templates and SQL blocks evaluate with. A leaf:
 * it imports nothing of the runtime, the generator or the MCP adapters (biome.json enforces it).
 * test/packages/public-api.test.ts pins this list.
 */

export type { Diagnostic, Severity } from './check/diagnostics.js';
export { formatDiagnostic, SpecLoadError } from './check/diagnostics.js';
export {
  checkHelpers,
  HELPERS,
  type Helper,
  HelperError,
  type Helpers,
  sqlIdent,
  sqlLiteral,
  withHelpers,
} from './helpers/index.js';
export { importSpecHelpers } from './helpers/modules.js';
export {
  annotationsFor,
  authCredentials,
  isReadOnly,
  positionParam,
  SECRET_PARAMS,
  type ToolAnnotations,
} from './ir/facts.js';
export type * from './ir/ir.js';
export {
  deepMerge,
  escapeToken,
  getPointer,
  pointerOf,
  setDotPath,
  setOwn,
  withPointer,
} from './ir/json-pointer.js';
export { pathVariables } from './load/build-ir.js';
export { schemaFingerprint } from './load/fingerprint.js';
export type { LoadResult, LoadSpecsOptions } from './load/load.js';
export { loadSpecFiles, loadSpecs, loadSpecTexts } from './load/load.js';
export { hashText, readSnapshot, serializeSnapshot, specFromSnapshot } from './load/snapshot.js';
export { displayPath, readSpecTexts, type SpecText } from './load/spec-texts.js';
export { nearest } from './nearest.js';
export {
  type AdvertisedInput,
  advertisedInput,
  advertisedOutput,
  inAdvertisedForm,
} from './schema/advertise.js';
export { createAjv } from './schema/ajv.js';
export { applyCoercions, type CoercionPlan, planCoercions } from './schema/coerce.js';
export {
  asSqlBlock,
  isShow,
  type SqlBlock,
  type SqlSelect,
  type SqlShow,
  type SqlTableRef,
} from './sql/block.js';
export {
  evaluateTemplate,
  evaluateTemplates,
  mentions,
  missingHelpers,
  TemplateError,
} from './template/template.js';
