/**
 * Shares the heavy emitters (Ajv's code generation, json-schema-to-typescript, handlers) between
 * the main thread and one worker thread. Their work is split into units, one per emitter and
 * set, that both threads take from one shared counter: the worker as soon as it has the IR, the
 * main thread once its own emitters are done. Which thread runs a unit never changes its files.
 * When a worker cannot start, or fails, the main thread runs the units it did not deliver.
 */
import { Worker } from 'node:worker_threads';
import type { SpecIR, ToolSetIR } from '@toolspec/language';
import type { EmitOptions, Emitter, GeneratedFile } from './types.js';
import type { WorkerReply, WorkerRequest } from './worker.js';

/** Emitters whose work is split per set over both threads, loaded on first use in each thread. */
export const SHARED_EMITTERS: Readonly<Record<string, () => Promise<Emitter>>> = {
  validators: async () => (await import('./emitters/validators.js')).validatorsEmitter,
  types: async () => (await import('./emitters/types.js')).typesEmitter,
  handlers: async () => (await import('./emitters/handlers.js')).handlersEmitter,
  'custom-handlers': async () => (await import('./emitters/custom-handlers.js')).customHandlersEmitter,
};

/** One emitter over one set. */
export interface WorkUnit {
  readonly emitter: string;
  readonly set: string;
}

/** Relative cost per byte of a set's schemas (measured: Ajv code generation and type compilation dominate). */
const UNIT_WEIGHT: Readonly<Record<string, number>> = {
  validators: 1,
  types: 1,
  handlers: 0.05,
  'custom-handlers': 0.05,
};

/** Every shared emitter's unit for every set, costliest first, so the last units taken are short. */
export function workUnits(ir: SpecIR, emitters: readonly string[]): WorkUnit[] {
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
  const cost = (u: WorkUnit) => (size.get(u.set) ?? 0) * (UNIT_WEIGHT[u.emitter] ?? 1);
  return units.sort((a, b) => cost(b) - cost(a));
}

/** Runs one unit: the emitter over the IR narrowed to the unit's set. */
export async function runUnit(ir: SpecIR, unit: WorkUnit, options: EmitOptions): Promise<GeneratedFile[]> {
  const load = SHARED_EMITTERS[unit.emitter];
  const set = ir.sets.find((s) => s.name === unit.set) as ToolSetIR;
  if (!load || !set) throw new Error(`generator: unknown work unit ${unit.emitter}/${unit.set}`);
  return (await load()).emit({ ...ir, sets: [set] }, options);
}

/**
 * Takes units from the shared counter until none is left; `done` receives each unit's index
 * and files.
 */
export async function takeUnits(
  counter: Int32Array,
  units: readonly WorkUnit[],
  run: (unit: WorkUnit) => Promise<GeneratedFile[]>,
  done: (index: number, files: GeneratedFile[]) => void,
): Promise<void> {
  for (;;) {
    const i = Atomics.add(counter, 0, 1);
    if (i >= units.length) return;
    done(i, await run(units[i] as WorkUnit));
  }
}

/** A fresh shared counter for one generation. */
export const newCounter = (): Int32Array => new Int32Array(new SharedArrayBuffer(4));

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
