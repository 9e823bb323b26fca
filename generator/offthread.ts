/**
 * Runs the emitters that load heavy libraries (ts-morph loads TypeScript; Ajv generates code)
 * in one worker thread, started before the specs are loaded so those imports overlap. When a
 * worker cannot start, the caller runs everything in-process: the output is the same either way.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SpecIR } from '@toolspec/language';
import type { GeneratedFile } from './types.js';
import type { WorkerReply, WorkerRequest } from './worker.js';

/** Emitters worth a thread of their own. */
export const OFF_THREAD_EMITTERS: readonly string[] = ['validators', 'handlers', 'custom-handlers'];

export interface OffThread {
  /** Resolves to the files, or null when the worker could not start (run in-process instead). */
  run(ir: SpecIR, request: Omit<WorkerRequest, 'ir'>): Promise<GeneratedFile[] | null>;
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
  const self = fileURLToPath(import.meta.url);
  return self.endsWith('.js') ? pathToFileURL(self.replace(/offthread\.js$/, 'worker.js')).href : null;
}

export function startOffThread(): OffThread | null {
  const entry = workerEntry();
  if (entry === null) return null;
  let worker: Worker | null = null;
  let failure: string | null = null;
  const fail = (why: unknown) => {
    failure ??= why instanceof Error ? why.message : String(why);
    return false;
  };
  const ready = new Promise<boolean>((resolve) => {
    try {
      worker = new Worker(new URL(entry), { workerData: { names: OFF_THREAD_EMITTERS } });
    } catch (error) {
      resolve(fail(error));
      return;
    }
    worker.once('message', (m) => resolve(m === 'ready' || fail(`unexpected first message ${String(m)}`)));
    worker.once('error', (error) => resolve(fail(error)));
    worker.once('exit', (code) => resolve(fail(`worker exited (${code})`)));
  });
  let used = false;
  return {
    get used() {
      return used;
    },
    get failure() {
      return failure;
    },
    async run(ir, request) {
      if (!(await ready) || failure !== null || !worker) return null;
      const w = worker as Worker;
      const reply = await new Promise<WorkerReply | null>((resolve) => {
        w.once('message', (m: WorkerReply) => resolve(m));
        w.once('error', (error) => {
          fail(error);
          resolve(null);
        });
        w.postMessage({ ir, ...request } satisfies WorkerRequest);
      });
      if (reply === null) return null;
      if (!reply.ok) throw new Error(`generator worker: ${reply.error}`);
      used = true;
      return reply.files;
    },
    close() {
      void (worker as Worker | null)?.terminate();
    },
  };
}
