/** The sub-command registry. Each command module exports `run(args): Promise<exit code>`. */
export interface CommandModule {
  run(args: string[]): Promise<number>;
}

export interface Command {
  readonly summary: string;
  readonly load: () => Promise<CommandModule>;
}

export const COMMANDS: Readonly<Record<string, Command>> = {
  validate: {
    summary: 'Check spec files; print file:line:column diagnostics',
    load: () => import('./validate.js'),
  },
  generate: {
    summary:
      'Generate types, schemas, validators, handlers, catalog and docs into generated/ (--check: drift)',
    load: () => import('./generate.js'),
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
    load: () => import('./serve.js'),
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
