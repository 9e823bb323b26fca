/** Run every emitter over the IR: the full, sorted, deterministic list of output files. Nothing is written here. */
import type { SpecIR } from '@toolspec/language';
import { analyzeTool } from './conformance/analyze.js';
import type { Violation } from './conformance/rules.js';
import { EMITTERS } from './emitters/index.js';
import { assertDistinctNames } from './naming.js';
import { REGENERATE_COMMAND } from './provenance.js';
import type { EmitOptions, Emitter, GeneratedFile } from './types.js';

export const DEFAULT_EMIT_OPTIONS: EmitOptions = {
  regenerateCommand: REGENERATE_COMMAND,
  existing: () => undefined,
};

export interface GenerateRequest extends Partial<EmitOptions> {
  /** Emitter names to run (default: all). */
  readonly only?: readonly string[] | undefined;
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
  const { only, ...rest } = request;
  const options: EmitOptions = { ...DEFAULT_EMIT_OPTIONS, ...rest };
  const emitters = only ? EMITTERS.filter((e) => only.includes(e.name)) : EMITTERS;
  const unknown = (only ?? []).filter((n) => !EMITTERS.some((e) => e.name === n));
  if (unknown.length > 0) throw new Error(`generator: unknown emitter(s) ${unknown.join(', ')}`);
  assertDistinctNames(ir.tools.map((t) => t.name));
  const byPath = new Map<string, { emitter: Emitter; file: GeneratedFile }>();
  const results = await Promise.all(
    emitters.map(async (e) => ({ emitter: e, files: await e.emit(ir, options) })),
  );
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
