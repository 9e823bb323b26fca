/**
 * Worker-thread side of `offthread.ts`: imports the heavy emitters at once (so loading Ajv and
 * its code generation overlaps the main thread's spec loading), then runs the emitters it is
 * asked for over the IR it receives. ts-morph (and TypeScript) load only when a set has
 * escape-hatch handlers.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SpecIR } from '@toolspec/language';
import { EMITTERS } from './emitters/index.js';
import type { EmitOptions, GeneratedFile } from './types.js';
import { readExisting } from './write.js';

export interface WorkerRequest {
  readonly ir: SpecIR;
  readonly regenerateCommand: string;
  readonly outDir: string | null;
}

export type WorkerReply =
  | { readonly ok: true; readonly files: GeneratedFile[] }
  | { readonly ok: false; readonly error: string };

const names = (workerData as { names: string[] }).names;

parentPort?.on('message', async (req: WorkerRequest) => {
  try {
    const options: EmitOptions = {
      regenerateCommand: req.regenerateCommand,
      existing: req.outDir ? readExisting(req.outDir) : () => undefined,
    };
    const files: GeneratedFile[] = [];
    for (const e of EMITTERS.filter((x) => names.includes(x.name)))
      files.push(...(await e.emit(req.ir, options)));
    parentPort?.postMessage({ ok: true, files } satisfies WorkerReply);
  } catch (error) {
    parentPort?.postMessage({
      ok: false,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    } satisfies WorkerReply);
  }
});
parentPort?.postMessage('ready');
