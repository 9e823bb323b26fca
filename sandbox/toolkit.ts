/**
 * A toolkit wired to the offline sandbox: every connection points at the loopback emulator with
 * a fake token, and every call names its tool to the sandbox (several tools can share a method
 * and path). Used by `serve --sandbox`, `call --sandbox` and `demo`; never chosen implicitly.
 */
import type { SpecIR } from '@toolspec/language';
import type { CallOptions, Toolkit, ToolkitOptions } from '@toolspec/runtime';
import { createToolkit } from '@toolspec/runtime';
import { SANDBOX_TOOL_HEADER, type Sandbox, type SandboxExchange, startSandbox } from './server.js';

export interface SandboxToolkitOptions {
  readonly ir: SpecIR;
  readonly readOnly?: boolean | undefined;
  readonly onExchange?: ((exchange: SandboxExchange) => void) | undefined;
  /** Further toolkit options (retry, transport, logger); connections are the sandbox's. */
  readonly toolkit?: Omit<ToolkitOptions, 'specs' | 'connections' | 'readOnly'> | undefined;
}

export interface SandboxSession {
  readonly sandbox: Sandbox;
  /** Closing it closes the sandbox too. */
  readonly toolkit: Toolkit;
}

const naming = (tool: string, options: CallOptions | undefined): CallOptions => ({
  ...options,
  headers: { ...options?.headers, [SANDBOX_TOOL_HEADER]: tool },
});

/**
 * The cursor key of sandbox sessions when TOOLSPEC_CURSOR_KEY is unset. Public on purpose: the
 * sandbox holds no credential (a forged cursor reaches only the emulator, and paging stays
 * confined), and a fixed key lets a cursor printed by one `call --sandbox` (or a demo step's
 * repeat line) continue in another process, as the demo shows.
 */
const SANDBOX_CURSOR_KEY = 'toolspec-sandbox-cursor-key-public-offline-only';

export async function createSandboxToolkit(options: SandboxToolkitOptions): Promise<SandboxSession> {
  const sandbox = await startSandbox({ ir: options.ir, onExchange: options.onExchange });
  const inner = createToolkit({
    ...options.toolkit,
    specs: options.ir,
    connections: sandbox.connections(),
    readOnly: options.readOnly,
    cursorKey: options.toolkit?.cursorKey || process.env.TOOLSPEC_CURSOR_KEY || SANDBOX_CURSOR_KEY,
  });
  const toolkit: Toolkit = {
    ir: inner.ir,
    list: (filter) => inner.list(filter),
    call: (tool, input, opts) => inner.call(tool, input, naming(tool, opts)),
    pages: (tool, input, opts) => inner.pages(tool, input, naming(tool, opts)),
    dryRun: (tool, input) => inner.dryRun(tool, input),
    close: async () => {
      await inner.close();
      await sandbox.close();
    },
  };
  return { sandbox, toolkit };
}
