/** The offline sandbox (see server.ts) and a toolkit wired to it (toolkit.ts). */
export {
  redactHeaders,
  SANDBOX_EXAMPLE_HEADER,
  SANDBOX_HEADER,
  SANDBOX_TOKEN,
  SANDBOX_TOOL_HEADER,
  type Sandbox,
  type SandboxExchange,
  type SandboxOptions,
  startSandbox,
} from './server.js';
export { createSandboxToolkit, type SandboxSession, type SandboxToolkitOptions } from './toolkit.js';
