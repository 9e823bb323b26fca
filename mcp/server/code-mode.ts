/**
 * Code mode: two tools instead of the catalog, whatever its size. `search` finds tools by task
 * (the discovery search) and answers their TypeScript declarations; `execute` runs a program
 * against them in @toolspec/code's engine, every `tools.*` call through the same runner as a
 * direct call. @toolspec/code (and its WebAssembly engine) loads with the first search or
 * execute, and only installs that use code mode need it (an optional peer dependency).
 */
import type { CodeRunner, CodeRunnerOptions, CodeToolkit } from '@toolspec/code';
import type { JsonSchema } from '@toolspec/language';
import { ToolError } from '@toolspec/runtime/errors';
import type { CatalogEntry, McpTool } from './catalog.js';
import { setsWithProducts } from './discovery.js';

export const CODE_SEARCH_TOOL = 'search';
export const EXECUTE_TOOL = 'execute';
/** Results per code-mode search when its input gives no limit (each comes with its declarations). */
export const CODE_SEARCH_LIMIT = 5;

const loadCode = (): Promise<typeof import('@toolspec/code')> =>
  import('@toolspec/code').catch((e: unknown) => {
    throw new ToolError({
      code: 'configuration',
      message: `code mode needs the package @toolspec/code (npm install @toolspec/code): ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`,
    });
  });

/**
 * `createCodeRunner(toolkit, options)` of @toolspec/code, loaded on the first execute: an
 * application embedding code mode imports it from here or from @toolspec/code.
 */
export function createCodeRunner(toolkit: CodeToolkit, options?: CodeRunnerOptions): CodeRunner {
  let runner: Promise<CodeRunner> | undefined;
  const load = () => {
    runner ??= loadCode().then((m) => m.createCodeRunner(toolkit, options));
    return runner;
  };
  return {
    execute: async (code, run) => (await load()).execute(code, run),
    warm: async () => (await load()).warm(),
  };
}

/** The declarations of the named tools (`toolDeclarations` of @toolspec/code). */
export async function declarationsOf(
  toolkit: Pick<CodeToolkit, 'ir'>,
  names: readonly string[],
): Promise<string> {
  const { toolDeclarations } = await loadCode();
  const tools = names.map((n) => toolkit.ir.byName.get(n)).filter((t) => t !== undefined);
  return toolDeclarations(tools);
}

const CALL_ITEM: JsonSchema = {
  type: 'object',
  properties: {
    tool: { type: 'string' },
    outcome: { type: 'string', description: '"ok", or the error code.' },
    duration_ms: { type: 'number' },
  },
  required: ['tool', 'outcome', 'duration_ms'],
};

const READ_ONLY_ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

export function codeTools(entries: readonly CatalogEntry[], readOnly: boolean): McpTool[] {
  const sets = [...new Set(entries.map((e) => e.set))].sort();
  return [
    {
      name: CODE_SEARCH_TOOL,
      title: 'Find tools and their TypeScript API',
      description: `Finds the tools for a task among the ${entries.length} available (sets: ${setsWithProducts(entries).join('; ')}), best first, and returns their TypeScript declarations (input and output types with doc comments, and their methods on \`tools\`) to write an ${EXECUTE_TOOL} program with. Describe the task in your own words ("list people in the CRM", "create a notion page").`,
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'The task in your own words; naming the product helps.' },
          set: { type: 'string', enum: sets, description: 'Only tools of this set.' },
          effects: {
            type: 'array',
            items: { type: 'string', enum: ['read', 'create', 'update', 'delete'] },
            description: 'Keep tools with at least one of these effects.',
          },
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: 20,
            default: CODE_SEARCH_LIMIT,
            description: 'Most tools to return.',
          },
          cursor: { type: 'string', description: 'next_cursor from a previous search, for more results.' },
        },
        additionalProperties: false,
      },
      // Compact (the list stays small); the answer is the discovery search's, plus the declarations.
      outputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string' },
          total: { type: 'integer' },
          tools: {
            type: 'array',
            items: { type: 'object' },
            description: 'name, title, set, effects, score, summary of each tool found, best first.',
          },
          next_cursor: { type: ['string', 'null'] },
          has_more: { type: 'boolean' },
          declarations: {
            type: 'string',
            description:
              'TypeScript declarations of the tools found: `declare const tools: {...}` and their types.',
          },
        },
        required: ['query', 'total', 'tools', 'next_cursor', 'has_more', 'declarations'],
      },
      annotations: { title: 'Find tools and their TypeScript API', ...READ_ONLY_ANNOTATIONS },
    },
    {
      name: EXECUTE_TOOL,
      title: 'Run a program against the tools',
      description: `Runs JavaScript (the body of an async function) that calls tools as \`await tools.<name>(input, {all?: true})\` with the types ${CODE_SEARCH_TOOL} gave, and \`return\`s a JSON value: only that value comes back, with the list of calls made (tool, outcome, duration) and what console.log printed. A failed call throws an Error with its code, message and hint (catch it to go on). The program runs in an isolated engine: no network, files, timers or modules besides \`tools\`, bounded time, memory and result size.${readOnly ? ' Read-only mode: only tools that read are available.' : ''}`,
      inputSchema: {
        type: 'object',
        properties: {
          code: {
            type: 'string',
            description:
              'e.g. const {items} = await tools.crm_list_records({object: "people"}, {all: true}); return items.length;',
          },
        },
        required: ['code'],
        additionalProperties: false,
      },
      outputSchema: {
        type: 'object',
        properties: {
          result: { description: 'What the program returned.' },
          calls: {
            type: 'array',
            items: CALL_ITEM,
            description: 'The tool calls the program made, in order.',
          },
          logs: { type: 'array', items: { type: 'string' }, description: 'What the program logged.' },
        },
        required: ['result', 'calls', 'logs'],
      },
      annotations: {
        title: 'Run a program against the tools',
        readOnlyHint: readOnly,
        destructiveHint: !readOnly && entries.some((e) => e.tool.annotations.destructiveHint),
        idempotentHint: false,
        openWorldHint: true,
      },
    },
  ];
}

/** The code-mode search input with its own default limit. */
export function codeSearchInput(args: unknown): unknown {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return args;
  const a = args as Record<string, unknown>;
  if (a.limit !== undefined && (typeof a.limit !== 'number' || a.limit > 20))
    throw new ToolError({
      code: 'invalid_input',
      tool: CODE_SEARCH_TOOL,
      field: 'limit',
      message: `${CODE_SEARCH_TOOL}: limit must be an integer from 1 to 20`,
    });
  return { limit: CODE_SEARCH_LIMIT, ...a };
}

/** The execute input's program, checked. */
export function programOf(args: unknown): string {
  const code = (args as { code?: unknown } | null)?.code;
  const extra =
    typeof args === 'object' && args !== null ? Object.keys(args).filter((k) => k !== 'code') : [];
  if (typeof code !== 'string' || code.trim() === '' || extra.length > 0)
    throw new ToolError({
      code: 'invalid_input',
      tool: EXECUTE_TOOL,
      field: extra[0] ?? 'code',
      message:
        extra.length > 0
          ? `${EXECUTE_TOOL}: unknown input "${extra[0]}"`
          : `${EXECUTE_TOOL}: code must be the program's text`,
      expected: 'code: the body of an async function, e.g. "return await tools.x({})"',
    });
  return code;
}
