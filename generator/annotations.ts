/** MCP tool annotations derived from a tool's declared effects (never from its HTTP method). */
import type { ToolIR } from '../runtime/spec/ir.js';

export interface ToolAnnotations {
  readonly title: string;
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

export function annotationsOf(tool: ToolIR): ToolAnnotations {
  return {
    title: tool.title,
    readOnlyHint: tool.effects.every((e) => e === 'read'),
    destructiveHint: tool.destructive,
    idempotentHint: tool.idempotent,
    openWorldHint: true,
  };
}
