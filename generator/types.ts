/** The generator's vocabulary: emitters are pure functions of the IR that return files; one step writes them. */
import type { SpecIR } from '@toolspec/language';

/** The package generated code imports the runtime's types from (never a file path, so code generated from a user's own spec compiles in the user's project). */
export const RUNTIME_PACKAGE = '@toolspec/runtime';

/** Every package generated code imports (besides its own modules): a project compiling it declares them. */
export const GENERATED_CODE_IMPORTS: readonly string[] = [RUNTIME_PACKAGE];

/** One output file. `path` is relative to the output directory (forward slashes). */
export interface GeneratedFile {
  readonly path: string;
  readonly contents: string;
}

/** Everything an emitter may depend on besides the IR, resolved once by `generate`. */
export interface EmitOptions {
  /** The command printed in every provenance header. */
  readonly regenerateCommand: string;
  /**
   * Current contents of a file in the output directory (or undefined). Only the escape-hatch
   * handler emitter reads it, to carry hand-written bodies over; it never changes other output.
   */
  readonly existing: (path: string) => string | undefined;
}

export interface Emitter {
  /** Stable name, used in messages and to select emitters. */
  readonly name: string;
  /** What the emitter produces, for `toolspec generate --help` and the docs. */
  readonly summary: string;
  emit(ir: SpecIR, options: EmitOptions): GeneratedFile[] | Promise<GeneratedFile[]>;
}
