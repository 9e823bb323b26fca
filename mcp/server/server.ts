/**
 * The MCP server: the v2 SDK's low-level `Server` (@modelcontextprotocol/server, which speaks the
 * 2025 protocol versions and 2026-07-28) with tools/list and tools/call handlers, so each tool's
 * advertised JSON Schema passes through as-is. tools/list answers from the catalog alone;
 * tools/call goes through the lazily created toolkit. Every failure becomes an isError result.
 */
import { Server, type ServerContext } from '@modelcontextprotocol/server';
import type { CodeLimits, CodeRunner } from '@toolspec/code';
import type { CatalogEntry, McpTool } from './catalog.js';
import {
  CODE_SEARCH_TOOL,
  codeSearchInput,
  codeTools,
  createCodeRunner,
  declarationsOf,
  EXECUTE_TOOL,
  programOf,
} from './code-mode.js';
import {
  CALL_TOOL,
  DESCRIBE_TOOL,
  describeTool,
  discoveryTools,
  type EffectsOf,
  SEARCH_TOOL,
  unknownTool,
} from './discovery.js';
import { principalOf } from './principal.js';
import { type CallResult, errorResult, jsonResult, successResult } from './results.js';
import type { LazyRunner } from './runner.js';
import { processTaskIds, type TaskIds } from './task-ids.js';
import { callAsTask, registerTaskHandlers, TASKS_CAPABILITY, type TaskHost, wantsTasks } from './tasks.js';

/** Delay between the first tools/list answer and warming the toolkit. */
const WARM_DELAY_MS = 250;

export interface ToolServerOptions {
  /** The tools this server exposes (already filtered by sets, globs and read-only). */
  readonly entries: readonly CatalogEntry[];
  readonly runner: LazyRunner;
  readonly discovery?: boolean | undefined;
  /** Code mode: `search` and `execute` (code-mode.ts) instead of every tool. */
  readonly code?: boolean | undefined;
  /** Code mode's limits per program. */
  readonly codeLimits?: CodeLimits | undefined;
  readonly readOnly?: boolean | undefined;
  readonly version: string;
  /** Shown to clients at initialize (the sandbox notice goes here). */
  readonly instructions?: string | undefined;
  /** Called once, right after the first tools/list answer (used to warm the toolkit). */
  readonly onFirstList?: (() => void) | undefined;
  /** Seals task ids (default: the process's, from TOOLSPEC_CURSOR_KEY or a random key). */
  readonly taskIds?: TaskIds | undefined;
}

interface ToolHints {
  budgetBytes: number | undefined;
  cursorInput: string | undefined;
}

export function createToolServer(options: ToolServerOptions): Server {
  const { entries, runner } = options;
  const byName = new Map(entries.map((e) => [e.tool.name, e]));
  const listed: readonly McpTool[] = options.code
    ? codeTools(entries, options.readOnly ?? false)
    : options.discovery
      ? discoveryTools(entries, options.readOnly ?? false)
      : entries.map((e) => e.tool);
  const hints = new Map<string, ToolHints>();

  const server = new Server(
    { name: 'toolspec', version: options.version },
    {
      capabilities: { tools: { listChanged: false }, ...TASKS_CAPABILITY },
      instructions: options.instructions,
    },
  );

  /** Code mode's runner: its tools are the served ones, each call through the runner as runTool's. */
  let codeRunner: Promise<CodeRunner> | undefined;
  const codeRunnerOf = (): Promise<CodeRunner> => {
    codeRunner ??= runner.ir().then((ir) =>
      createCodeRunner(
        { ir, call: (tool, input, callOptions) => runner.call(tool, input, callOptions) },
        {
          ...options.codeLimits,
          tools: entries.map((e) => e.tool.name),
          unknownTool: (tool) => unknownTool(tool, tool, entries, true, CODE_SEARCH_TOOL),
        },
      ),
    );
    return codeRunner;
  };

  let listedOnce = false;
  server.setRequestHandler('tools/list', async () => {
    if (!listedOnce) {
      listedOnce = true;
      // After the answer is written, and a little later still, so a client that only lists
      // (and exits) costs no spec loading.
      if (options.onFirstList) setTimeout(options.onFirstList, WARM_DELAY_MS).unref();
      // Code mode: the engine compiles in the background too, ahead of the first execute.
      if (options.code)
        setTimeout(
          () =>
            void codeRunnerOf()
              .then((r) => r.warm())
              .catch(() => {}),
          WARM_DELAY_MS,
        ).unref();
    }
    return { tools: listed as McpTool[] as never };
  });

  /** Budget and the cursor input's name come from the IR, loaded by now. */
  const hintsFor = async (name: string): Promise<ToolHints> => {
    let h = hints.get(name);
    if (!h) {
      const tool = (await runner.ir()).byName.get(name);
      h = { budgetBytes: tool?.maxOutputBytes, cursorInput: tool?.facts.cursorInput ?? undefined };
      hints.set(name, h);
    }
    return h;
  };

  /** Over HTTP the front authenticated the request (auth.ts); over stdio there is no caller. */
  const callerOf = (ctx: ServerContext): string | undefined => principalOf(ctx.http?.authInfo)?.caller;
  const tasks: TaskHost = {
    runner,
    ids: options.taskIds ?? processTaskIds(),
    success: async (name, output) => successResult(name, output, await hintsFor(name)),
    callerOf,
    serves: (name) => byName.has(name),
  };
  registerTaskHandlers(server, tasks);

  /** What each tool call runs with: the request's abort signal and the authenticated caller. */
  interface CallContext {
    readonly signal: AbortSignal;
    readonly caller: string | undefined;
    /** The request, when its client takes tasks (tools with a declared poll then answer one). */
    readonly taskRequest: ServerContext | null;
  }

  const runTool = async (name: string, args: unknown, call: CallContext): Promise<CallResult> => {
    if (!byName.has(name))
      return errorResult(unknownTool(name, name, entries, options.discovery ?? false), name);
    try {
      if (call.taskRequest) {
        const asTask = await callAsTask(tasks, name, args ?? {}, call.taskRequest);
        if (asTask !== null) return asTask as CallResult;
      }
      const output = await runner.call(name, args ?? {}, { signal: call.signal, caller: call.caller });
      return successResult(name, output, await hintsFor(name));
    } catch (e) {
      return errorResult(e, name);
    }
  };

  /** The generated catalog carries no effects; the IR (loaded in the background by now) does. */
  const effectsOf = async (): Promise<EffectsOf> => {
    if (entries.every((e) => e.effects !== null)) return (e) => e.effects ?? [];
    const ir = await runner.ir();
    return (e) => e.effects ?? ir.byName.get(e.tool.name)?.effects ?? [];
  };

  const runDiscovery = async (name: string, args: unknown, call: CallContext): Promise<CallResult> => {
    try {
      if (name === SEARCH_TOOL) {
        // The ranking loads with the first search (its index is built then, once for these entries).
        const { searchCatalog } = await import('./search/answer.js');
        return jsonResult(searchCatalog(entries, args, await effectsOf()));
      }
      if (name === DESCRIBE_TOOL)
        return successResult(name, describeTool(entries, args, await effectsOf()) as never);
      if (name === CALL_TOOL) {
        const a = (args ?? {}) as { name?: unknown; arguments?: unknown };
        if (typeof a.name !== 'string') {
          return errorResult(unknownTool(CALL_TOOL, String(a.name ?? ''), entries), CALL_TOOL);
        }
        if (!byName.has(a.name)) return errorResult(unknownTool(CALL_TOOL, a.name, entries), CALL_TOOL);
        let input = a.arguments ?? {};
        if (typeof input === 'string') {
          try {
            input = JSON.parse(input);
          } catch {
            // Left as text: the runtime refuses it, naming the input.
          }
        }
        return runTool(a.name, input, call);
      }
      return errorResult(unknownTool(name, name, entries), name);
    } catch (e) {
      return errorResult(e, name);
    }
  };

  /** Code mode's two tools (code-mode.ts): the program's calls go through the same runner as runTool's. */
  const runCode = async (name: string, args: unknown, call: CallContext): Promise<CallResult> => {
    try {
      if (name === CODE_SEARCH_TOOL) {
        const { searchCatalog } = await import('./search/answer.js');
        const answer = searchCatalog(entries, codeSearchInput(args), await effectsOf());
        const ir = await runner.ir();
        const declarations = await declarationsOf(
          { ir },
          answer.tools.map((t) => t.name),
        );
        return jsonResult({ ...answer, declarations });
      }
      if (name === EXECUTE_TOOL) {
        const program = programOf(args);
        const out = await (await codeRunnerOf()).execute(program, {
          signal: call.signal,
          caller: call.caller,
        });
        return jsonResult(out as unknown as Record<string, unknown>);
      }
      return errorResult(unknownTool(name, name, entries, false), name);
    } catch (e) {
      return errorResult(e, name);
    }
  };
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const { name, arguments: args } = request.params;
    const call: CallContext = {
      signal: ctx.mcpReq.signal,
      caller: callerOf(ctx),
      taskRequest: wantsTasks(ctx) ? ctx : null,
    };
    const result = options.code
      ? await runCode(name, args, call)
      : options.discovery
        ? await runDiscovery(name, args, call)
        : await runTool(name, args, call);
    return result as never;
  });

  return server;
}
