/**
 * @toolspec/generator: pure emitters over the IR and the one step that writes. Reaches the spec
 * language through @toolspec/language only. test/generator/api.test.ts pins this list.
 */
export { analyzeTool, TOKEN_METHOD, type ToolConformance } from './conformance/analyze.js';
export { RULES, type Rule, type RuleSeverity, type Violation } from './conformance/rules.js';
export { strictVariant } from './conformance/strict.js';
export { EMITTERS } from './emitters/index.js';
export { conformanceErrors, type GenerateRequest, generate } from './generate.js';
export { type ImportOptions, type ImportResult, importOpenApi } from './import/index.js';
export { recordPath as importRecordPath, recordText as importRecordText } from './import/record.js';
export { type UpdateOptions, type UpdateReport, type UpdateResult, updateImport } from './import/update.js';
export { camelName, inputTypeName, outputTypeName, pascalName } from './naming.js';
export { REGENERATE_COMMAND } from './provenance.js';
export { type RunOptions, type RunResult, runGenerate } from './run.js';
export type { EmitOptions, Emitter, GeneratedFile } from './types.js';
export { diffTree, isClean, type TreeDiff, writeTree } from './write.js';
