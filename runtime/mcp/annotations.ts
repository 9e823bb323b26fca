/**
 * MCP tool annotations, derived from a tool's declared effects (DESIGN: "one field drives MCP
 * annotations, the retry policy and read-only mode"). The one definition: the generator writes
 * these into generated/<set>/catalog.json, and the server uses them for its IR fallback.
 * Pure; types only, for a lean cold start.
 */
import type { Effect } from '../spec/ir.js';

export interface ToolAnnotations {
  readonly title: string;
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

export interface AnnotatedTool {
  readonly title: string;
  readonly effects: readonly Effect[];
  readonly idempotent: boolean;
  readonly destructive: boolean;
}

/** A tool is read-only when every effect it declares is `read`. */
export function isReadOnly(effects: readonly Effect[]): boolean {
  return effects.length > 0 && effects.every((e) => e === 'read');
}

export function annotationsFor(tool: AnnotatedTool): ToolAnnotations {
  return {
    title: tool.title,
    readOnlyHint: isReadOnly(tool.effects),
    destructiveHint: tool.destructive,
    idempotentHint: tool.idempotent,
    // Every tool talks to a vendor API whose data the server does not own.
    openWorldHint: true,
  };
}
