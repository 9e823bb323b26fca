/**
 * `createCodeRunner(toolkit, options)`: runs an agent's program against the served tools. Every
 * `tools.<name>(input, options)` of the program is one `toolkit.call` — the same call a direct
 * MCP call makes (input validation, read-only refusal, effects-driven retries, rate limits,
 * paging, the output budget, redaction) — limited to the selected tools; the result lists each
 * call (tool, outcome, duration) besides the program's value and what it logged.
 */
import type { JsonValue, SpecIR } from '@toolspec/language';
import { nearest } from '@toolspec/language/light';
import type { CallOptions } from '@toolspec/runtime';
import { asToolError, ToolError } from '@toolspec/runtime/errors';
import { type EngineFailure, type EngineLimits, runProgram, warmEngine } from './engine.js';
import type { HostAnswer } from './guest.js';

/** What the runner needs of a toolkit (every `Toolkit` is one). */
export interface CodeToolkit {
  readonly ir: SpecIR;
  call(tool: string, input: unknown, options?: CallOptions): Promise<unknown>;
}

export interface CodeLimits {
  /** Wall-clock time for the whole program, its tool calls included (default 30 s). */
  readonly timeoutMs?: number | undefined;
  /** The engine's whole memory, its heap included (default 64 MiB; at least 16 MiB). */
  readonly memoryBytes?: number | undefined;
  /** The engine's stack (default 256 KiB). */
  readonly stackBytes?: number | undefined;
  /** The result's JSON, in characters (default 1,000,000). */
  readonly outputChars?: number | undefined;
  /** Tool calls per program (default 500). */
  readonly maxCalls?: number | undefined;
  /** What console.* may log, in characters (default 20,000; the rest is dropped and said so). */
  readonly logChars?: number | undefined;
}

export interface CodeRunnerOptions extends CodeLimits {
  /** The tools a program may call (default: every tool of the toolkit). */
  readonly tools?: readonly string[] | undefined;
  /** The error for a tool that is not among them (default: a typed invalid_input naming the nearest names). */
  readonly unknownTool?: ((name: string) => Error) | undefined;
}

export interface ExecuteOptions {
  readonly signal?: AbortSignal | undefined;
  /** The authenticated caller every tool call is made for (CallOptions.caller). */
  readonly caller?: string | undefined;
}

/** One tool call a program made. */
export interface CodeCall {
  readonly tool: string;
  /** `ok`, or the typed error's code. */
  readonly outcome: string;
  readonly duration_ms: number;
}

export interface ExecuteResult {
  /** The program's return value. */
  readonly result: JsonValue;
  readonly calls: readonly CodeCall[];
  readonly logs: readonly string[];
}

export interface CodeRunner {
  /**
   * Run `code`, the body of an async function (`const r = await tools.x({...}); return r.items`).
   * Resolves its result; rejects with a ToolError: `program_error` when it does not compile or
   * throws, `limit_exceeded` when it passes a limit; either carries the calls made so far in
   * `details.calls`.
   */
  execute(code: string, options?: ExecuteOptions): Promise<ExecuteResult>;
  /** Load and compile the engine ahead of the first execute (optional; execute does it when needed). */
  warm(): Promise<void>;
}

const DEFAULTS: Required<CodeLimits> = {
  timeoutMs: 30_000,
  memoryBytes: 64 * 1024 * 1024,
  stackBytes: 256 * 1024,
  outputChars: 1_000_000,
  maxCalls: 500,
  logChars: 20_000,
};

/** Options a program may pass as the second argument of a tool call. */
const CALL_OPTIONS = ['all', 'maxItems', 'maxPages', 'cursor'] as const;

const TOOL = 'execute';

function defaultUnknown(names: readonly string[]): (name: string) => Error {
  return (name) => {
    const near = nearest(name, names);
    return new ToolError({
      code: 'invalid_input',
      tool: name,
      field: 'name',
      message: `${name}: no tool named "${name}" is served here${near.length > 0 ? `; did you mean ${near.join(' or ')}?` : ''}`,
      expected: 'a tool name found with search',
    });
  };
}

function callOptions(tool: string, text: string): CallOptions {
  const parsed = JSON.parse(text) as unknown;
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ToolError({
      code: 'invalid_input',
      tool,
      field: 'options',
      message: `${tool}: the call's options must be an object`,
      expected: '{all?: boolean, maxItems?: number, maxPages?: number, cursor?: string}',
    });
  const o = parsed as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (!(CALL_OPTIONS as readonly string[]).includes(k))
      throw new ToolError({
        code: 'invalid_input',
        tool,
        field: `options/${k}`,
        message: `${tool}: unknown call option "${k}"`,
        expected: CALL_OPTIONS.join(', '),
      });
  }
  const num = (k: string): number | undefined => {
    const v = o[k];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
      throw new ToolError({
        code: 'invalid_input',
        tool,
        field: `options/${k}`,
        message: `${tool}: ${k} must be a positive integer`,
      });
    return v;
  };
  if (o.all !== undefined && typeof o.all !== 'boolean')
    throw new ToolError({
      code: 'invalid_input',
      tool,
      field: 'options/all',
      message: `${tool}: all must be true or false`,
    });
  if (o.cursor !== undefined && typeof o.cursor !== 'string')
    throw new ToolError({
      code: 'invalid_input',
      tool,
      field: 'options/cursor',
      message: `${tool}: cursor must be a next_cursor string`,
    });
  return {
    all: o.all as boolean | undefined,
    maxItems: num('maxItems'),
    maxPages: num('maxPages'),
    cursor: o.cursor as string | undefined,
  };
}

function failureError(f: EngineFailure, calls: readonly CodeCall[], logs: readonly string[]): ToolError {
  const details = { calls, logs };
  if (f.kind === 'limit')
    return new ToolError({
      code: 'limit_exceeded',
      tool: TOOL,
      message: `${TOOL}: ${f.message}`,
      hint:
        f.limit === 'output'
          ? 'Return less: select the fields and items the task needs.'
          : 'Do less per program: fewer items or pages, no unbounded loops; split the work into several programs.',
      retryable: false,
      details: { limit: f.limit, ...details },
    });
  if (f.kind === 'aborted')
    return new ToolError({ code: 'aborted', tool: TOOL, message: `${TOOL}: ${f.message}`, details });
  if (f.kind === 'stuck')
    return new ToolError({ code: 'program_error', tool: TOOL, message: `${TOOL}: ${f.message}`, details });
  const where = f.line !== undefined ? ` (line ${f.line})` : '';
  return new ToolError({
    code: 'program_error',
    tool: TOOL,
    field: 'code',
    message: `${TOOL}: ${f.kind === 'syntax' ? 'the program does not compile' : 'the program threw'}${where}: ${f.name}: ${f.message}`,
    hint:
      f.kind === 'syntax'
        ? 'The code is the body of an async function: use await and return.'
        : 'Catch tool errors with try/catch to handle them in the program.',
    details,
  });
}

/** How long a failed run waits for its cancelled calls to end, to list them. */
const SETTLE_MS = 1_000;

async function settled(pending: ReadonlySet<Promise<unknown>>, ms: number): Promise<void> {
  if (pending.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled([...pending]),
    new Promise((r) => {
      timer = setTimeout(r, ms);
    }),
  ]);
  clearTimeout(timer);
}

export function createCodeRunner(toolkit: CodeToolkit, options: CodeRunnerOptions = {}): CodeRunner {
  const names = options.tools ?? toolkit.ir.tools.map((t) => t.name);
  const served = new Set(names);
  const unknown = options.unknownTool ?? defaultUnknown(names);
  const limits: EngineLimits & { maxCalls: number; logChars: number } = {
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    memoryBytes: options.memoryBytes ?? DEFAULTS.memoryBytes,
    stackBytes: options.stackBytes ?? DEFAULTS.stackBytes,
    outputChars: options.outputChars ?? DEFAULTS.outputChars,
    maxCalls: options.maxCalls ?? DEFAULTS.maxCalls,
    logChars: options.logChars ?? DEFAULTS.logChars,
  };

  return {
    warm: () => warmEngine(limits.memoryBytes),
    async execute(code, run = {}) {
      if (typeof code !== 'string' || code.trim() === '')
        throw new ToolError({
          code: 'invalid_input',
          tool: TOOL,
          field: 'code',
          message: `${TOOL}: code must be the program's text`,
          expected: 'the body of an async function, e.g. "return await tools.x({})"',
        });
      const calls: CodeCall[] = [];
      const logs: string[] = [];
      let logged = 0;
      let made = 0;
      let overBudget = false;
      const host = async (
        name: string,
        input: string,
        opts: string,
        signal: AbortSignal,
      ): Promise<string> => {
        const started = performance.now();
        const record = (outcome: string) =>
          calls.push({ tool: name, outcome, duration_ms: Math.round(performance.now() - started) });
        let answer: HostAnswer;
        try {
          if (!served.has(name)) throw unknown(name);
          if (++made > limits.maxCalls) {
            overBudget = true;
            throw new ToolError({
              code: 'limit_exceeded',
              tool: name,
              message: `${name}: the program made more than ${limits.maxCalls} tool calls`,
              retryable: false,
            });
          }
          const value = await toolkit.call(name, JSON.parse(input) as unknown, {
            ...callOptions(name, opts),
            signal,
            caller: run.caller,
          });
          answer = { ok: true, value };
          record('ok');
        } catch (e) {
          const err = asToolError(e, name);
          answer = { ok: false, error: err.toJSON() as unknown as Record<string, unknown> };
          record(err.code);
        }
        return JSON.stringify(answer);
      };
      const inflight = new Set<Promise<string>>();
      const tracked = (name: string, input: string, opts: string, signal: AbortSignal): Promise<string> => {
        const p = host(name, input, opts, signal);
        inflight.add(p);
        void p.then(() => inflight.delete(p));
        return p;
      };
      const onLog = (level: string, text: string) => {
        if (logged >= limits.logChars) return;
        const line = level === 'log' ? text : `[${level}] ${text}`;
        const room = limits.logChars - logged;
        logs.push(
          line.length > room ? `${line.slice(0, room)} [logs cut at ${limits.logChars} characters]` : line,
        );
        logged += line.length;
      };
      const outcome = await runProgram(code, limits, tracked, onLog, run.signal);
      if (!outcome.ok) {
        // The run cancelled its calls in flight: they end (aborted) at once, and are listed too.
        await settled(inflight, SETTLE_MS);
        // A program that ends on the refusal of its call over budget passed the calls limit.
        const failure: EngineFailure =
          overBudget && outcome.failure.kind !== 'limit'
            ? {
                kind: 'limit',
                limit: 'calls',
                message: `the program made more than ${limits.maxCalls} tool calls`,
              }
            : outcome.failure;
        throw failureError(failure, calls, logs);
      }
      return { result: JSON.parse(outcome.json) as JsonValue, calls, logs };
    },
  };
}
