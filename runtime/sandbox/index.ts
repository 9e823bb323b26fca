/** The offline sandbox (see server.ts). */
export {
  redactHeaders,
  SANDBOX_HEADER,
  SANDBOX_TOKEN,
  type Sandbox,
  type SandboxExchange,
  type SandboxOptions,
  startSandbox,
} from './server.js';
