/** Spec diagnostics: every problem found while loading, reported all at once like a compiler. */

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** JSON pointer of the offending node in the spec file. */
  readonly pointer: string;
  readonly severity: Severity;
  /** Stable machine code, e.g. `path_var_not_input`. */
  readonly code: string;
  readonly message: string;
}

/** `file:line:column  severity  code  message  (pointer)` */
export function formatDiagnostic(d: Diagnostic): string {
  const where = `${d.file}:${d.line}:${d.column}`;
  return `${where}  ${d.severity}  ${d.code}  ${d.message}${d.pointer ? `  (${d.pointer})` : ''}`;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Thrown by `loadSpecs` when any error-level diagnostic was found. */
export class SpecLoadError extends Error {
  readonly diagnostics: readonly Diagnostic[];
  constructor(diagnostics: readonly Diagnostic[]) {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    super(`spec has ${errors.length} error(s):\n${errors.map(formatDiagnostic).join('\n')}`);
    this.name = 'SpecLoadError';
    this.diagnostics = diagnostics;
  }
}
