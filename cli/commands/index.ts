/** The sub-command registry. Each command module exports `run(args): Promise<exit code>`. */
import { freshBundle } from '../bundle-choice.js';

export interface CommandModule {
  run(args: string[]): Promise<number>;
}

export interface Command {
  readonly summary: string;
  readonly load: () => Promise<CommandModule>;
}

/**
 * A command's bundle (`dist/cli/bundle/<name>/<name>.js`, written by cli/bundle.mjs in the build),
 * when the built CLI has a fresh one: a few files instead of the module graph, for start-up time.
 * From sources (tsx, vitest) there is none and the command's module loads as usual.
 */
function bundledOr(
  name: string,
  packages: readonly string[],
  load: () => Promise<CommandModule>,
): () => Promise<CommandModule> {
  return () => {
    const bundle = freshBundle(new URL('../', import.meta.url), name, packages);
    return bundle ? (import(bundle.href) as Promise<CommandModule>) : load();
  };
}

export const COMMANDS: Readonly<Record<string, Command>> = {
  validate: {
    summary: 'Check spec files; print file:line:column diagnostics',
    load: () => import('./validate.js'),
  },
  generate: {
    summary:
      'Generate types, schemas, validators, handlers, catalogue and docs into generated/ (--check: drift)',
    load: bundledOr('generate', ['generator', 'language'], () => import('./generate.js')),
  },
  import: {
    summary: 'Import operations of an OpenAPI document as tools (YAML), to review and validate',
    load: () => import('./import.js'),
  },
  demo: {
    summary: 'Offline walk-through: an MCP session against the built-in sandbox (no account needed)',
    load: () => import('./demo.js'),
  },
  serve: {
    summary: 'Serve the tool sets over MCP (stdio, or Streamable HTTP with --http); --sandbox for offline',
    load: bundledOr('serve', ['mcp'], () => import('./serve.js')),
  },
  list: {
    summary: 'List the tools (name, effects, title); --set S for one set',
    load: () => import('./list.js'),
  },
  connections: {
    summary:
      "Keep a named caller's connection in the shared store (set, delete); secrets from a file or stdin",
    load: () => import('./connections.js'),
  },
  call: {
    summary: 'Run one tool and print its output as JSON; --dry-run prints the request instead',
    load: () => import('./call.js'),
  },
};
