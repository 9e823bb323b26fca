/** Small shared helpers for per-set emitters. */
import type { SpecIR, ToolSetIR } from '@toolspec/language';
import type { GeneratedFile } from './types.js';

/** Run `fn` for every set and concatenate the files. */
export async function perSet(
  ir: SpecIR,
  fn: (set: ToolSetIR) => GeneratedFile[] | Promise<GeneratedFile[]>,
): Promise<GeneratedFile[]> {
  const out: GeneratedFile[] = [];
  for (const set of ir.sets) out.push(...(await fn(set)));
  return out;
}

/** Sorted unique list of the spec files the IR came from. */
export function sourcesOf(ir: SpecIR): string[] {
  return [...new Set(ir.sets.map((s) => s.source))].sort();
}
