/**
 * One program run in QuickJS compiled to WebAssembly (quickjs-emscripten, the sync release
 * build): a fresh engine instance per run with its own bounded memory, a stack limit, and an
 * interrupt handler that stops the interpreter at the deadline. The guest gets `tools` and
 * `console` (guest.ts) and nothing else the engine does not define itself: no Node API, no
 * network, no file system, no timers, no module loader. Host calls are promises created in the
 * guest and settled from the host; the host pumps the guest's job queue after each settlement
 * (the "promise pumping" pattern, so no asyncify build is needed).
 */
import type {
  QuickJSContext,
  QuickJSHandle,
  QuickJSSyncVariant,
  QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import { PRELUDE, wrapProgram } from './guest.js';

export interface EngineLimits {
  /** Wall-clock time for the whole run, tool calls included. */
  readonly timeoutMs: number;
  /** The guest's heap. */
  readonly memoryBytes: number;
  /** The guest's stack. */
  readonly stackBytes: number;
  /** The result's JSON text, in UTF-16 code units (what the guest can measure without encoding). */
  readonly outputChars: number;
  /** The longest log line copied out of the engine. */
  readonly logChars: number;
}

/** The host side of `tools.<name>(input, options)`: answers JSON text, never throws. */
export type HostCall = (name: string, input: string, options: string, signal: AbortSignal) => Promise<string>;

/** Why a run stopped without a result. */
export type EngineFailure =
  | {
      readonly kind: 'syntax' | 'thrown';
      readonly name: string;
      readonly message: string;
      readonly line?: number;
    }
  | {
      readonly kind: 'limit';
      readonly limit: 'time' | 'memory' | 'stack' | 'output' | 'calls';
      readonly message: string;
    }
  | { readonly kind: 'stuck'; readonly message: string }
  | { readonly kind: 'aborted'; readonly message: string };

export type EngineResult =
  | { readonly ok: true; readonly json: string }
  | { readonly ok: false; readonly failure: EngineFailure };

/** 64 KiB: the WebAssembly page. */
const PAGE = 65_536;
/** The memory the engine's build starts with (16 MiB); a run's memory limit is at least this. */
const INITIAL_PAGES = 256;

type WasmOptions = NonNullable<Parameters<typeof import('quickjs-emscripten-core').newVariant>[1]>;
type WasmModule = Awaited<NonNullable<WasmOptions['wasmModule']>>;
type WasmMemory = Awaited<NonNullable<WasmOptions['wasmMemory']>>;

/** Node's WebAssembly global (the project's lib has no DOM, where its declarations live). */
const wasmApi = (
  globalThis as unknown as {
    WebAssembly: {
      compile(bytes: Uint8Array): Promise<WasmModule>;
      Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory;
    };
  }
).WebAssembly;

interface Engine {
  readonly variant: QuickJSSyncVariant;
  readonly wasm: WasmModule;
  readonly newModule: typeof import('quickjs-emscripten-core').newQuickJSWASMModuleFromVariant;
  readonly customize: typeof import('quickjs-emscripten-core').newVariant;
}

let engine: Promise<Engine> | null = null;

/**
 * The engine's code, compiled once per process. Each run instantiates it afresh with its own
 * bounded WebAssembly memory (the build imports its memory), so a run's heap is a hard limit the
 * guest cannot pass (QuickJS's own accounting does not see every allocation in this build), one
 * run can never see or damage another's, and nothing needs freeing after it: the instance is
 * dropped whole, however the run ended.
 */
export function loadEngine(): Promise<Engine> {
  if (!engine) {
    const loading = (async (): Promise<Engine> => {
      const [core, variant, { readFile }] = await Promise.all([
        import('quickjs-emscripten-core'),
        import('@jitl/quickjs-wasmfile-release-sync'),
        import('node:fs/promises'),
      ]);
      const file = new URL(import.meta.resolve('@jitl/quickjs-wasmfile-release-sync/wasm'));
      const wasm = await wasmApi.compile(await readFile(file));
      return {
        // The variant's types describe its CommonJS entry; `import` loads its ES module, whose default is the variant.
        variant: variant.default as unknown as QuickJSSyncVariant,
        wasm,
        newModule: core.newQuickJSWASMModuleFromVariant,
        customize: core.newVariant,
      };
    })();
    engine = loading;
    loading.catch(() => {
      if (engine === loading) engine = null;
    });
  }
  return engine;
}

interface Instance {
  readonly qjs: QuickJSWASMModule;
  /** Grown more than halfway from its start to its maximum: what a failure without a readable error means then. */
  readonly exhausted: () => boolean;
}

/** A fresh engine instance whose whole memory is at most `bytes` (rounded up to pages, at least the build's initial 16 MiB). */
async function newInstance(bytes: number): Promise<Instance> {
  const e = await loadEngine();
  const maximum = Math.max(INITIAL_PAGES, Math.ceil(bytes / PAGE));
  const wasmMemory = new wasmApi.Memory({ initial: INITIAL_PAGES, maximum });
  const qjs = await e.newModule(e.customize(e.variant, { wasmModule: e.wasm, wasmMemory }));
  const exhausted = () =>
    maximum > INITIAL_PAGES &&
    (wasmMemory as unknown as { buffer: { byteLength: number } }).buffer.byteLength >=
      ((INITIAL_PAGES + maximum) / 2) * PAGE;
  return { qjs, exhausted };
}

/** One unused instance made ahead, so a run does not wait for the instantiation (never shared: each is used once). */
let spare: { readonly bytes: number; readonly instance: Promise<Instance> } | null = null;

function prepare(bytes: number): void {
  const instance = newInstance(bytes);
  instance.catch(() => {
    if (spare?.instance === instance) spare = null;
  });
  spare = { bytes, instance };
}

/** The spare instance when there is one, else a new one; the next spare is made after the run (`runProgram`). */
function instance(bytes: number): Promise<Instance> {
  const ready = spare?.bytes === bytes ? spare.instance : null;
  spare = null;
  return ready ?? newInstance(bytes);
}

/**
 * Load and compile the engine and make an instance ahead, so the first run does not wait for
 * them (the MCP server calls it in the background once it has answered its first tools/list).
 */
export async function warmEngine(bytes: number): Promise<void> {
  if (!spare || spare.bytes !== bytes) prepare(bytes);
  const ready = await spare?.instance;
  // Creating a context once compiles the engine's code paths a run takes first.
  ready?.qjs.newContext().dispose();
}

const timeUp = (limits: EngineLimits): EngineFailure => ({
  kind: 'limit',
  limit: 'time',
  message: `the program ran past its time limit of ${limits.timeoutMs} ms`,
});

interface GuestError {
  readonly name: string;
  readonly message: string;
  readonly line?: number;
}

/** A guest error value, read as plain data (name, message, first line number of its stack). */
function readError(ctx: QuickJSContext, handle: QuickJSHandle, exhausted: () => boolean): GuestError {
  // dump() reads own data properties only through the engine's JSON-like copy; no guest code runs on the host.
  const dumped = ctx.dump(handle) as unknown;
  if (dumped !== null && typeof dumped === 'object') {
    const d = dumped as Record<string, unknown>;
    const stack = typeof d.stack === 'string' ? d.stack : '';
    const m = /<program>:(\d+)/.exec(stack);
    return {
      name: typeof d.name === 'string' ? d.name : 'Error',
      message: typeof d.message === 'string' ? d.message : String(dumped),
      ...(m ? { line: Math.max(1, Number(m[1]) - 1) } : {}),
    };
  }
  // Nothing readable with most of the memory taken: the engine could not even build the error.
  if ((dumped === null || dumped === undefined) && exhausted())
    return { name: 'InternalError', message: 'out of memory' };
  return { name: 'Error', message: String(dumped) };
}

function classify(e: GuestError, deadlinePassed: boolean, limits: EngineLimits): EngineFailure {
  if (deadlinePassed || /interrupted/i.test(e.message))
    return {
      kind: 'limit',
      limit: 'time',
      message: `the program ran past its time limit of ${limits.timeoutMs} ms`,
    };
  if (/out of memory|string too long|invalid array length/i.test(e.message))
    return {
      kind: 'limit',
      limit: 'memory',
      message: `the program used more than its memory limit of ${limits.memoryBytes} bytes`,
    };
  if (/stack overflow|too much recursion/i.test(e.message))
    return {
      kind: 'limit',
      limit: 'stack',
      message: `the program went deeper than its stack limit of ${limits.stackBytes} bytes (unbounded recursion?)`,
    };
  if (e.name === 'OutputLimit') return { kind: 'limit', limit: 'output', message: e.message };
  return {
    kind: 'thrown',
    name: e.name,
    message: e.message,
    ...(e.line !== undefined ? { line: e.line } : {}),
  };
}

export async function runProgram(
  code: string,
  limits: EngineLimits,
  hostCall: HostCall,
  onLog: (level: string, text: string) => void,
  signal?: AbortSignal,
): Promise<EngineResult> {
  const { qjs, exhausted } = await instance(limits.memoryBytes);
  const abort = new AbortController();
  const stopOnParent = () => abort.abort(signal?.reason);
  signal?.addEventListener('abort', stopOnParent, { once: true });
  const run: Run = { alive: true };
  try {
    const result = await runIn(qjs, exhausted, run, code, limits, hostCall, onLog, abort.signal);
    // Cancelled by the caller (the MCP request's signal): whatever the engine made of the interrupt.
    if (!result.ok && signal?.aborted)
      return { ok: false, failure: { kind: 'aborted', message: 'the program was cancelled by its caller' } };
    return result;
  } catch (e) {
    // A trap of the WebAssembly code itself: its own stack ran out before QuickJS's check.
    if (e instanceof RangeError && /call stack/i.test(e.message))
      return {
        ok: false,
        failure: {
          kind: 'limit',
          limit: 'stack',
          message: "the program went deeper than the engine's stack allows (unbounded recursion?)",
        },
      };
    throw e;
  } finally {
    // Host calls still in flight are cancelled; their answers are dropped. The instance is not
    // freed piecemeal: it is dropped whole with its memory.
    run.alive = false;
    abort.abort(new Error('the program ended'));
    signal?.removeEventListener('abort', stopOnParent);
    // The next program's instance, made while the caller reads this one's result.
    setImmediate(() => {
      if (!spare) prepare(limits.memoryBytes);
    });
  }
}

interface Run {
  alive: boolean;
}

async function runIn(
  qjs: QuickJSWASMModule,
  exhausted: () => boolean,
  run: Run,
  code: string,
  limits: EngineLimits,
  hostCall: HostCall,
  onLog: (level: string, text: string) => void,
  abortSignal: AbortSignal,
): Promise<EngineResult> {
  const deadline = Date.now() + limits.timeoutMs;
  const abort = { signal: abortSignal };
  {
    const runtime = qjs.newRuntime();
    runtime.setMemoryLimit(limits.memoryBytes);
    runtime.setMaxStackSize(limits.stackBytes);
    runtime.setInterruptHandler(() => Date.now() > deadline || abort.signal.aborted);
    const ctx = runtime.newContext();
    const rt = runtime;
    const c = ctx;

    /** Host work in flight; each settlement wakes the pump. */
    let inflight = 0;
    let wake: () => void = () => {};
    // One listener for the whole run (not one per wait): a cancelled run wakes the pump.
    abort.signal.addEventListener('abort', () => wake(), { once: true });

    const hostFn = c.newFunction('host', (nameH, inputH, optionsH) => {
      const deferred = c.newPromise();
      const name = c.typeof(nameH) === 'string' ? c.getString(nameH) : '';
      const input = c.typeof(inputH) === 'string' ? c.getString(inputH) : 'null';
      const options = c.typeof(optionsH) === 'string' ? c.getString(optionsH) : '{}';
      inflight++;
      void hostCall(name, input, options, abort.signal).then((answer) => {
        inflight--;
        if (run.alive) {
          const h = c.newString(answer);
          deferred.resolve(h);
          h.dispose();
          deferred.dispose();
        }
        wake();
      });
      return deferred.handle;
    });
    const logFn = c.newFunction('log', (levelH, textH) => {
      if (c.typeof(levelH) === 'string' && c.typeof(textH) === 'string')
        onLog(c.getString(levelH), c.getString(textH));
    });

    const prelude = c.evalCode(PRELUDE, '<prelude>');
    if (prelude.error) {
      const e = readError(c, prelude.error, exhausted);
      prelude.error.dispose();
      throw new Error(`code mode prelude failed: ${e.message}`);
    }
    const maxLogH = c.newNumber(limits.logChars);
    const runH = c.unwrapResult(c.callFunction(prelude.value, c.undefined, hostFn, logFn, maxLogH));
    maxLogH.dispose();
    prelude.value.dispose();
    hostFn.dispose();
    logFn.dispose();

    const compiled = c.evalCode(wrapProgram(code), '<program>', { strict: true });
    if (compiled.error) {
      const e = readError(c, compiled.error, exhausted);
      compiled.error.dispose();
      runH.dispose();
      const f = classify(e, Date.now() > deadline, limits);
      return { ok: false, failure: f.kind === 'thrown' ? { ...f, kind: 'syntax' } : f };
    }
    const maxH = c.newNumber(limits.outputChars);
    const started = c.callFunction(runH, c.undefined, compiled.value, maxH);
    maxH.dispose();
    compiled.value.dispose();
    runH.dispose();
    if (started.error) {
      const e = readError(c, started.error, exhausted);
      started.error.dispose();
      return { ok: false, failure: classify(e, Date.now() > deadline, limits) };
    }
    const promise = started.value;
    try {
      for (;;) {
        const jobs = rt.executePendingJobs();
        if (jobs.error) {
          const e = readError(c, jobs.error, exhausted);
          jobs.error.dispose();
          return { ok: false, failure: classify(e, Date.now() > deadline, limits) };
        }
        const state = c.getPromiseState(promise);
        if (state.type === 'fulfilled') {
          const text = c.typeof(state.value) === 'string' ? c.getString(state.value) : 'null';
          state.value.dispose();
          if (text.length > limits.outputChars) {
            return {
              ok: false,
              failure: {
                kind: 'limit',
                limit: 'output',
                message: `the program's result is ${text.length} characters of JSON, more than the limit of ${limits.outputChars}`,
              },
            };
          }
          return { ok: true, json: text };
        }
        if (state.type === 'rejected') {
          const e = readError(c, state.error, exhausted);
          state.error.dispose();
          return { ok: false, failure: classify(e, Date.now() > deadline, limits) };
        }
        if (rt.hasPendingJob()) continue;
        // An interrupted job rejects its own promise instead of stopping the queue: past the
        // deadline, whatever the state, the program ran out of time.
        if (Date.now() > deadline) return { ok: false, failure: timeUp(limits) };
        // Likewise a job that ran out of memory: it rejected its promise and the queue ran dry.
        if (inflight === 0 && exhausted())
          return {
            ok: false,
            failure: classify({ name: 'InternalError', message: 'out of memory' }, false, limits),
          };
        if (inflight === 0) {
          return {
            ok: false,
            failure: {
              kind: 'stuck',
              message:
                'the program awaits a promise that nothing will settle (only tools.* calls settle on their own: there are no timers)',
            },
          };
        }
        const remaining = deadline - Date.now();
        if (remaining <= 0 || abort.signal.aborted) {
          return {
            ok: false,
            failure: {
              kind: 'limit',
              limit: 'time',
              message: `the program ran past its time limit of ${limits.timeoutMs} ms`,
            },
          };
        }
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, remaining);
        });
        clearTimeout(timer);
      }
    } finally {
      promise.dispose();
    }
  }
}
