/**
 * Shares the heavy emitters (Ajv's code generation, json-schema-to-typescript, handlers) between
 * the main thread and one worker thread. Their work is split into units, one per emitter and
 * set, that the threads take from shared counters: the worker as soon as it has the IR, the main
 * thread once its own emitters are done (the units of emitters it takes; see `mainThread`).
 * Which thread runs a unit never changes its files. When a worker cannot start, or fails, the
 * main thread runs the units it did not deliver.
 */
import { Worker } from 'node:worker_threads';
import type { SpecIR, ToolSetIR } from '@toolspec/language';
import type { EmitOptions, Emitter, GeneratedFile } from './types.js';
import type { WorkerReply, WorkerRequest } from './worker.js';

interface SharedEmitter {
  readonly load: () => Promise<Emitter>;
  /** Relative cost per byte of a set's schemas, to take the costliest units first. */
  readonly weight: number;
  /**
   * Whether the main thread takes its units while a worker runs. json-schema-to-typescript costs
   * more to load than a set takes to compile, so only the worker loads it (unless it cannot run).
   */
  readonly mainThread: boolean;
}

/** Emitters whose work is split per set over both threads, loaded on first use in each thread. */
export const SHARED_EMITTERS: Readonly<Record<string, SharedEmitter>> = {
  validators: {
    load: async () => (await import('./emitters/validators.js')).validatorsEmitter,
    weight: 1,
    mainThread: true,
  },
  types: {
    load: async () => (await import('./emitters/types.js')).typesEmitter,
    weight: 1,
    mainThread: false,
  },
  handlers: {
    load: async () => (await import('./emitters/handlers.js')).handlersEmitter,
    weight: 0.05,
    mainThread: true,
  },
  'custom-handlers': {
    load: async () => (await import('./emitters/custom-handlers.js')).customHandlersEmitter,
    weight: 0.05,
    mainThread: true,
  },
};

/** One emitter over one set. */
export interface WorkUnit {
  readonly emitter: string;
  readonly set: string;
}

/**
 * The units of one generation and, per lane, the indices of its units, costliest first (so the
 * last units taken are short): lane 0 is the worker's alone, lane 1 is taken by both threads.
 */
export interface WorkPlan {
  readonly units: readonly WorkUnit[];
  readonly lanes: readonly (readonly number[])[];
}

/** The lanes each thread takes units from, in order. */
export const WORKER_LANES: readonly number[] = [0, 1];
export const MAIN_LANES: readonly number[] = [1];

/** Every shared emitter's unit for every set. */
export function workPlan(ir: SpecIR, emitters: readonly string[]): WorkPlan {
  const size = new Map(
    ir.sets.map((s) => [
      s.name,
      s.tools.reduce(
        (n, t) => n + JSON.stringify(t.inputSchema).length + JSON.stringify(t.response.schema ?? null).length,
        0,
      ),
    ]),
  );
  const units = ir.sets.flatMap((s) => emitters.map((emitter) => ({ emitter, set: s.name })));
  const cost = (i: number) => {
    const u = units[i] as WorkUnit;
    return (size.get(u.set) ?? 0) * (SHARED_EMITTERS[u.emitter]?.weight ?? 1);
  };
  const lane = (mainThread: boolean) =>
    units
      .map((_, i) => i)
      .filter((i) => SHARED_EMITTERS[(units[i] as WorkUnit).emitter]?.mainThread === mainThread)
      .sort((a, b) => cost(b) - cost(a));
  return { units, lanes: [lane(false), lane(true)] };
}

/** Runs one unit: the emitter over the IR narrowed to the unit's set. */
export async function runUnit(ir: SpecIR, unit: WorkUnit, options: EmitOptions): Promise<GeneratedFile[]> {
  const shared = SHARED_EMITTERS[unit.emitter];
  const set = ir.sets.find((s) => s.name === unit.set) as ToolSetIR;
  if (!shared || !set) throw new Error(`generator: unknown work unit ${unit.emitter}/${unit.set}`);
  return (await shared.load()).emit({ ...ir, sets: [set] }, options);
}

/**
 * Takes units of the given lanes (in order) from the shared counters until none is left; `done`
 * receives each unit's index and files.
 */
export async function takeUnits(
  counter: Int32Array,
  plan: WorkPlan,
  lanes: readonly number[],
  run: (unit: WorkUnit) => Promise<GeneratedFile[]>,
  done: (index: number, files: GeneratedFile[]) => void,
): Promise<void> {
  for (const lane of lanes) {
    const list = plan.lanes[lane] ?? [];
    for (;;) {
      const k = Atomics.add(counter, lane, 1);
      if (k >= list.length) break;
      const i = list[k] as number;
      done(i, await run(plan.units[i] as WorkUnit));
    }
  }
}

/** Fresh shared counters (one per lane) for one generation. */
export const newCounter = (): Int32Array => new Int32Array(new SharedArrayBuffer(8));

export interface OffThread {
  /**
   * Posts the work at once (the worker starts as soon as it has loaded its emitters). Resolves to
   * the files of the units it ran, by unit index, or null when the worker could not start or failed.
   */
  run(ir: SpecIR, request: Omit<WorkerRequest, 'ir'>): Promise<Map<number, GeneratedFile[]> | null>;
  close(): void;
  /** True once the worker has produced files. */
  readonly used: boolean;
  /** Why the worker could not be used, if it could not. */
  readonly failure: string | null;
}

/**
 * The compiled worker entry beside this module, or null when running from TypeScript sources
 * (tsx, vitest): Node 20 cannot register tsx's loader inside a worker thread, so the emitters
 * run in-process there. The installed CLI (dist/) always has a worker.
 */
function workerEntry(): string | null {
  // Beside this module, whether it is dist/offthread.js or a chunk of the CLI's generate bundle
  // (whose worker entry is worker.js in the same folder).
  return import.meta.url.endsWith('.js') ? new URL('./worker.js', import.meta.url).href : null;
}

export function startOffThread(): OffThread | null {
  const entry = workerEntry();
  if (entry === null) return null;
  let worker: Worker | null = null;
  let failure: string | null = null;
  let used = false;
  const fail = (why: unknown) => {
    failure ??= why instanceof Error ? why.message : String(why);
  };
  try {
    worker = new Worker(new URL(entry));
  } catch (error) {
    fail(error);
  }
  return {
    get used() {
      return used;
    },
    get failure() {
      return failure;
    },
    run(ir, request) {
      const w = worker;
      if (!w || failure !== null) return Promise.resolve(null);
      return new Promise((resolve, reject) => {
        const gone = (why: unknown) => {
          fail(why);
          resolve(null);
        };
        w.once('error', gone);
        w.once('exit', (code) => gone(`worker exited (${code})`));
        w.once('message', (reply: WorkerReply) => {
          if (!reply.ok) {
            reject(new Error(`generator worker: ${reply.error}`));
            return;
          }
          used = true;
          resolve(new Map(reply.units.map((u) => [u.index, u.files])));
        });
        w.postMessage({ ir, ...request } satisfies WorkerRequest);
      });
    },
    close() {
      void worker?.terminate();
    },
  };
}
