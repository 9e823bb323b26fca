/**
 * Worker-thread side of `offthread.ts`: loads the shared emitters at once (so loading Ajv and
 * json-schema-to-typescript overlaps the main thread's spec loading; nothing else of the
 * generator is imported here), then takes work units from the shared counter over the IR it
 * receives until none is left. ts-morph (and TypeScript) load only when a set has escape-hatch
 * handlers.
 */
import { parentPort } from 'node:worker_threads';
import type { SpecIR } from '@toolspec/language';
import { runUnit, SHARED_EMITTERS, takeUnits, WORKER_LANES, type WorkPlan } from './offthread.js';
import type { EmitOptions, GeneratedFile } from './types.js';
import { readExisting } from './write.js';

export interface WorkerRequest {
  readonly ir: SpecIR;
  readonly regenerateCommand: string;
  readonly outDir: string | null;
  readonly plan: WorkPlan;
  /** Shared with the main thread: per lane, the position of the next unit to take. */
  readonly counter: Int32Array;
}

export type WorkerReply =
  | { readonly ok: true; readonly units: { readonly index: number; readonly files: GeneratedFile[] }[] }
  | { readonly ok: false; readonly error: string };

const loading = Promise.all(Object.values(SHARED_EMITTERS).map((e) => e.load()));
// A failed load is reported with the first request, not as an unhandled rejection.
loading.catch(() => {});

parentPort?.on('message', async (req: WorkerRequest) => {
  try {
    await loading;
    const options: EmitOptions = {
      regenerateCommand: req.regenerateCommand,
      existing: req.outDir ? readExisting(req.outDir) : () => undefined,
    };
    const units: { index: number; files: GeneratedFile[] }[] = [];
    await takeUnits(
      req.counter,
      req.plan,
      WORKER_LANES,
      (unit) => runUnit(req.ir, unit, options),
      (index, files) => units.push({ index, files }),
    );
    parentPort?.postMessage({ ok: true, units } satisfies WorkerReply);
  } catch (error) {
    parentPort?.postMessage({
      ok: false,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    } satisfies WorkerReply);
  }
});
