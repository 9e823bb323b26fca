/**
 * MCP Tasks (the `io.modelcontextprotocol/tasks` extension of MCP 2026-07-28) for the tools with
 * a declared `poll` (submit -> poll -> fetch, e.g. Snowflake statements). To a client that
 * declares the extension in the request's capabilities, a call whose statement is still running
 * after the submission answers a task (`resultType: "task"`) instead of waiting; `tasks/get`
 * sends one status request and answers `working`, or `completed` with the tool result (an
 * isError result for a tool error); `tasks/cancel` sends the tool's declared cancel request.
 * Clients without the extension (and the 2025 protocol versions) keep the waiting call; the tools'
 * own "return the handle" input (`async: true`) keeps returning the handle for every client.
 *
 * No state is kept: the task id is sealed (task-ids.ts) and carries the tool, the input, the
 * vendor's handle and the caller, so any replica answers `tasks/get` for a task another created,
 * and a task opens only for the caller it was made for.
 */
import {
  ProtocolError,
  ProtocolErrorCode,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { JsonValue } from '@toolspec/language';
import { isToolError } from '@toolspec/runtime/errors';
import { type CallResult, errorResult } from './results.js';
import type { LazyRunner } from './runner.js';
import type { SealedTask, TaskIds } from './task-ids.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** The server capability that announces the extension. */
export const TASKS_CAPABILITY = { extensions: { [TASKS_EXTENSION]: {} } } as const;
/** Suggested wait between `tasks/get` when the tool declares no poll interval. */
const DEFAULT_POLL_MS = 1000;

/** What the handlers need from the tool server. */
export interface TaskHost {
  readonly runner: LazyRunner;
  readonly ids: TaskIds;
  /** The tool's output as a tools/call success (budget and continuation applied). */
  success(tool: string, output: JsonValue): Promise<CallResult>;
  /** The caller of the request being handled. */
  callerOf(ctx: ServerContext): string | undefined;
  /** Whether this server serves the tool (a replica serving other tools does not follow its tasks). */
  serves(tool: string): boolean;
}

/** Whether this request is MCP 2026-07-28 from a client that declared the tasks extension. */
export function wantsTasks(ctx: ServerContext): boolean {
  const envelope = (ctx.mcpReq as { envelope?: Record<string, unknown> }).envelope;
  const caps = envelope?.['io.modelcontextprotocol/clientCapabilities'] as
    | { extensions?: Record<string, unknown> }
    | undefined;
  const ext = caps?.extensions?.[TASKS_EXTENSION];
  return typeof ext === 'object' && ext !== null;
}

function taskFields(id: string, task: SealedTask, pollMs: number) {
  return {
    taskId: id,
    createdAt: new Date(task.created).toISOString(),
    lastUpdatedAt: new Date().toISOString(),
    // The vendor keeps the statement and its result; this server keeps nothing to expire.
    ttlMs: null,
    pollIntervalMs: pollMs,
  };
}

/** The poll interval the tool declares. */
async function pollMsOf(runner: LazyRunner, tool: string): Promise<number> {
  return (await runner.ir()).byName.get(tool)?.poll?.intervalMs ?? DEFAULT_POLL_MS;
}

/**
 * tools/call for a tool with a declared poll, from a client that takes tasks: submit without
 * waiting; a statement still running becomes a task, anything else is the ordinary result.
 * Returns null when the call should run the ordinary way (no poll, or an input too large to seal).
 */
export async function callAsTask(
  host: TaskHost,
  tool: string,
  input: unknown,
  ctx: ServerContext,
): Promise<Record<string, unknown> | null> {
  const ir = await host.runner.ir();
  const poll = ir.byName.get(tool)?.poll;
  const caller = host.callerOf(ctx);
  if (!poll || !host.ids.fits(tool, input, caller)) return null;
  // An explicit "return the handle" input (Snowflake `async: true`) keeps its documented answer.
  const skip = poll.skipWhenInput;
  if (skip !== null && (input as Record<string, unknown> | null)?.[skip] === true) return null;
  let handle: string | undefined;
  const output = await host.runner.call(tool, input, {
    signal: ctx.mcpReq.signal,
    caller,
    poll: {
      pending: (h) => {
        handle = h;
      },
    },
  });
  if (handle === undefined) return host.success(tool, output) as Promise<Record<string, unknown>>;
  const task: SealedTask = { tool, handle, input, caller, created: Date.now() };
  const id = host.ids.seal(task);
  return {
    resultType: 'task',
    ...taskFields(id, task, poll.intervalMs),
    status: 'working',
    statusMessage: `${tool} is running; ask tasks/get for the result`,
  };
}

/** The task an id carries for this caller, or the JSON-RPC error a stranger gets. */
function taskFor(host: TaskHost, taskId: unknown, ctx: ServerContext): SealedTask {
  const task = host.ids.open(taskId);
  if (task === null || task.caller !== host.callerOf(ctx) || !host.serves(task.tool))
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      'unknown task: not a task id issued by this server to this caller',
    );
  return task;
}

/** Every params object passes; the handlers check what they read. */
const anyParams = {
  '~standard': {
    version: 1 as const,
    vendor: 'toolspec',
    validate: (value: unknown) => ({ value }),
  },
};

function modernOnly(ctx: ServerContext): void {
  if ((ctx.mcpReq as { envelope?: unknown }).envelope === undefined)
    throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
}

/** `tasks/get` and `tasks/cancel` (MCP 2026-07-28 only; 2025 clients never get tasks from this server). */
export function registerTaskHandlers(server: Server, host: TaskHost): void {
  server.setRequestHandler('tasks/get', { params: anyParams }, async (params, ctx) => {
    modernOnly(ctx);
    const { taskId } = params as { taskId?: unknown };
    const task = taskFor(host, taskId, ctx);
    const fields = taskFields(taskId as string, task, await pollMsOf(host.runner, task.tool));
    let running = false;
    let result: CallResult;
    try {
      const output = await host.runner.call(task.tool, task.input, {
        signal: ctx.mcpReq.signal,
        caller: task.caller,
        poll: {
          handle: task.handle,
          pending: () => {
            running = true;
          },
        },
      });
      if (running)
        return { ...fields, status: 'working', statusMessage: `${task.tool} is still running` } as never;
      result = await host.success(task.tool, output);
    } catch (e) {
      result = errorResult(e, task.tool);
    }
    return { ...fields, status: 'completed', result: { resultType: 'complete', ...result } } as never;
  });

  server.setRequestHandler('tasks/cancel', { params: anyParams }, async (params, ctx) => {
    modernOnly(ctx);
    const task = taskFor(host, (params as { taskId?: unknown }).taskId, ctx);
    try {
      await host.runner.call(task.tool, task.input, {
        signal: ctx.mcpReq.signal,
        caller: task.caller,
        poll: { handle: task.handle, cancel: true, pending: () => {} },
      });
    } catch (e) {
      // The runtime reports a sent cancel as `aborted`; anything else is a real failure.
      if (!(isToolError(e) && e.code === 'aborted'))
        throw new ProtocolError(
          ProtocolErrorCode.InternalError,
          `cancel failed: ${errorResult(e, task.tool).content[0]?.text ?? ''}`,
        );
    }
    return {} as never;
  });
}
