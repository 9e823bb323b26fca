/**
 * `createMcpServer(toolkit, options)`: the MCP server over a toolkit the application built
 * (its connections, stores and options). The caller connects any SDK transport to the result.
 */
import type { Server } from '@modelcontextprotocol/server';
import type { Toolkit } from '@toolspec/runtime';
import { catalogFromIR } from './catalog.js';
import { withServedMentions } from './mentions.js';
import { LazyRunner } from './runner.js';
import { selectTools } from './select.js';
import { createToolServer } from './server.js';

export interface McpServerOptions {
  /** Only these sets. */
  readonly sets?: readonly string[] | undefined;
  /** Only tools whose name matches one of these globs (`*`, `?`). */
  readonly tools?: readonly string[] | undefined;
  /** Only tools whose effects are all `read` (create the toolkit with `readOnly` too, so writes are refused). */
  readonly readOnly?: boolean | undefined;
  /** Three discovery tools (search, describe, call) instead of every tool. */
  readonly discovery?: boolean | undefined;
  /** Code mode: `search` and `execute` instead of every tool (needs @toolspec/code installed). */
  readonly code?: boolean | undefined;
  /** The server version announced to clients. */
  readonly version?: string | undefined;
  /** Shown to clients at initialize. */
  readonly instructions?: string | undefined;
}

export function createMcpServer(toolkit: Toolkit, options: McpServerOptions = {}): Server {
  const all = catalogFromIR(toolkit.ir);
  const entries = withServedMentions(selectTools(all, options), all);
  // The application owns the toolkit: closing the server does not close it.
  const runner = new LazyRunner(async () => ({ toolkit, close: async () => {} }));
  return createToolServer({
    entries,
    runner,
    discovery: options.discovery,
    code: options.code,
    readOnly: options.readOnly,
    version: options.version ?? '0.0.0',
    instructions: options.instructions,
  });
}
