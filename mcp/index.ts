/**
 * @toolspec/mcp: the tool sets over MCP, as an adapter over the runtime's public API.
 * `createMcpServer(toolkit, options)` embeds the server in an application; `serve(options)` is
 * what `toolspec serve` runs (stdio or Streamable HTTP, lazy toolkit). The offline sandbox is
 * `@toolspec/sandbox`. test/packages/public-api.test.ts pins this list.
 */
export {
  allowedOriginsFromEnv,
  type HttpAuthConfig,
  HttpAuthConfigError,
  httpAuthFromEnv,
  type OAuthResourceConfig,
} from './server/auth-config.js';
export {
  type Catalog,
  type CatalogEntry,
  catalogFromIR,
  type GeneratedCatalog,
  type McpTool,
} from './server/catalog.js';
export { createCodeRunner } from './server/code-mode.js';
export { createMcpServer, type McpServerOptions } from './server/embed.js';
export { type Selection, selectTools, splitList } from './server/select.js';
export { type RunningServe, SANDBOX_NOTICE, type ServeOptions, serve } from './server/serve.js';
