/** Run every emitter over the IR: the full, sorted, deterministic list of output files. Nothing is written here. */
import type { SpecIR } from '@toolspec/language';
import { analyzeTool } from './conformance/analyze.js';
import type { Violation } from './conformance/rules.js';
import { EMITTERS } from './emitters/index.js';
import { assertDistinctNames } from './naming.js';
import {
  MAIN_LANES,
  newCounter,
  type OffThread,
  runUnit,
  SHARED_EMITTERS,
  takeUnits,
  type WorkUnit,
  workPlan,
} from './offthread.js';
import { REGENERATE_COMMAND } from './provenance.js';
import type { EmitOptions, Emitter, GeneratedFile } from './types.js';

export const DEFAULT_EMIT_OPTIONS: EmitOptions = {
  regenerateCommand: REGENERATE_COMMAND,
  existing: () => undefined,
};

export interface GenerateRequest extends Partial<EmitOptions> {
  /** Emitter names to run (default: all). */
  readonly only?: readonly string[] | undefined;
  /** Share the heavy emitters' work with this worker (reading existing files from `outDir`); same output. */
  readonly offThread?: { readonly worker: OffThread; readonly outDir: string | null } | undefined;
}

function checkFile(emitter: Emitter, file: GeneratedFile): void {
  if (file.path.startsWith('/') || file.path.includes('\\') || file.path.split('/').includes('..')) {
    throw new Error(`generator: emitter "${emitter.name}" produced an unsafe path "${file.path}"`);
  }
  if (file.contents.includes('\r'))
    throw new Error(`generator: ${file.path} contains CR characters (LF only)`);
  if (!file.contents.endsWith('\n')) throw new Error(`generator: ${file.path} does not end with a newline`);
}

export async function generate(ir: SpecIR, request: GenerateRequest = {}): Promise<GeneratedFile[]> {
  const { only, offThread, ...rest } = request;
  const options: EmitOptions = { ...DEFAULT_EMIT_OPTIONS, ...rest };
  const emitters = only ? EMITTERS.filter((e) => only.includes(e.name)) : EMITTERS;
  const unknown = (only ?? []).filter((n) => !EMITTERS.some((e) => e.name === n));
  if (unknown.length > 0) throw new Error(`generator: unknown emitter(s) ${unknown.join(', ')}`);
  assertDistinctNames(ir.tools.map((t) => t.name));
  const byPath = new Map<string, { emitter: Emitter; file: GeneratedFile }>();
  // The shared emitters' work (per emitter and set) is taken by the worker as soon as it has the
  // IR, and (of the emitters this thread takes) by this thread once its own emitters are done.
  const shared = emitters.filter((e) => Object.hasOwn(SHARED_EMITTERS, e.name));
  const sharedNames = shared.map((e) => e.name);
  const plan = workPlan(ir, sharedNames);
  const counter = newCounter();
  const remote =
    offThread && plan.units.length > 0
      ? offThread.worker.run(ir, {
          regenerateCommand: options.regenerateCommand,
          outDir: offThread.outDir,
          plan,
          counter,
        })
      : null;
  const run = (list: readonly Emitter[]) =>
    Promise.all(list.map(async (e) => ({ emitter: e, files: await e.emit(ir, options) })));
  const results = await run(emitters.filter((e) => !shared.includes(e)));
  const here = (unit: WorkUnit) => runUnit(ir, unit, options);
  const mine = new Map<number, GeneratedFile[]>();
  await takeUnits(counter, plan, MAIN_LANES, here, (index, files) => mine.set(index, files));
  // The worker's own lane, and whatever it took, run here when it could not start or failed.
  const theirs = (await remote) ?? new Map<number, GeneratedFile[]>();
  for (const [index, unit] of plan.units.entries()) {
    const files = mine.get(index) ?? theirs.get(index) ?? (await here(unit));
    results.push({ emitter: shared.find((e) => e.name === unit.emitter) as Emitter, files });
  }
  for (const { emitter, files } of results) {
    for (const file of files) {
      checkFile(emitter, file);
      const prev = byPath.get(file.path);
      if (prev)
        throw new Error(
          `generator: ${file.path} is emitted by both "${prev.emitter.name}" and "${emitter.name}"`,
        );
      byPath.set(file.path, { emitter, file });
    }
  }
  return [...byPath.keys()].sort().map((p) => (byPath.get(p) as { file: GeneratedFile }).file);
}

/** Hard conformance failures (name limits, arrays without items, external refs, invalid schemas), by tool. */
export function conformanceErrors(ir: SpecIR): { tool: string; violation: Violation }[] {
  return ir.tools.flatMap((tool) =>
    analyzeTool(tool)
      .violations.filter((v) => v.severity === 'error')
      .map((violation) => ({ tool: tool.name, violation })),
  );
}
