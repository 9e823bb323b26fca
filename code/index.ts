/**
 * @toolspec/code: code mode. An agent's program calls the served tools as a typed API
 * (`await tools.<name>(input)`) inside QuickJS compiled to WebAssembly, each call through the
 * same toolkit as a direct call; `toolDeclarations` gives the TypeScript the program is written
 * against. test/packages/public-api.test.ts pins this list.
 */
export { toolDeclarations } from './declarations.js';
export {
  type CodeCall,
  type CodeLimits,
  type CodeRunner,
  type CodeRunnerOptions,
  type CodeToolkit,
  createCodeRunner,
  type ExecuteOptions,
  type ExecuteResult,
} from './runner.js';
