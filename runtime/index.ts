/**
 * The public runtime API (package entry "."): a deliberately small set of named exports.
 * test/runtime/public-api.test.ts pins this list.
 */
export { FileTokenStore, MemoryTokenStore } from './auth/stores.js';
export { loadConnections, tokenStoreFromEnv } from './connections-env.js';
export {
  ERROR_CODES,
  type ErrorCode,
  type InputIssue,
  isToolError,
  ToolError,
  type ToolErrorJSON,
} from './errors.js';
export type { JsonValue, SpecIR, ToolIR } from './spec/ir.js';
export { loadSpecs } from './spec/load.js';
export { createToolkit } from './toolkit.js';
export type {
  CallOptions,
  ConnectionOptions,
  DryRunRequest,
  LogEvent,
  Logger,
  OAuthOptions,
  Page,
  PageTruncation,
  RetryOptions,
  StoredTokens,
  TokenStore,
  ToolInfo,
  Toolkit,
  ToolkitOptions,
  TransportOptions,
} from './types.js';
export {
  type CompiledValidate,
  precompiledValidatorProvider,
  type ValidatorProvider,
} from './validate/provider.js';
