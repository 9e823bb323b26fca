/**
 * @toolspec/runtime: the public API, a deliberately small set of named exports (the spec
 * language's loader and IR types come along from @toolspec/language). test/packages/public-api.test.ts
 * pins this list, values and types.
 */
export {
  type Diagnostic,
  type Helper,
  type Helpers,
  importSpecHelpers,
  type JsonValue,
  type LoadSpecsOptions,
  loadSpecs,
  type SpecIR,
  SpecLoadError,
  specFromSnapshot,
  type ToolIR,
  type ToolSetIR,
} from '@toolspec/language';
export { FileTokenStore, MemoryTokenStore } from './auth/stores.js';
export {
  checkConnections,
  loadConnections,
  readConnectionsFile,
  tokenStoreFromEnv,
} from './connections/env.js';
export {
  ERROR_CODES,
  type ErrorCode,
  type InputIssue,
  isToolError,
  ToolError,
  type ToolErrorJSON,
} from './errors.js';
export { unsignedCursor } from './paging/cursor-codec.js';
export { REDACTED, Secrets } from './redact.js';
export { openTokenStore, type StoreSources } from './store/open.js';
export { RedisStore, type RedisStoreOptions } from './store/redis.js';
export { createToolkit } from './toolkit.js';
export type {
  CallOptions,
  ConnectionOptions,
  ConnectionRequest,
  ConnectionResolver,
  DryRunRequest,
  LogEvent,
  Logger,
  OAuthOptions,
  Page,
  PageTruncation,
  PollControl,
  RetryOptions,
  SharedStore,
  StoreCallOptions,
  StoredTokens,
  TokenStore,
  ToolCaller,
  ToolInfo,
  Toolkit,
  ToolkitOptions,
  ToolMapBase,
  TransportOptions,
  UntypedTools,
} from './types.js';
export {
  type GeneratedValidatorSets,
  type GeneratedValidators,
  generatedValidatorProvider,
  validatorRuntime,
} from './validate/generated.js';
export {
  type CompiledValidate,
  precompiledValidatorProvider,
  type ValidatorProvider,
} from './validate/provider.js';
