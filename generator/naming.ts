/** Exported names derived predictably from tool names: notes_page_get -> NotesPageGet / notesPageGet. */

function words(name: string): string[] {
  return name.split(/[^A-Za-z0-9]+/).filter((w) => w.length > 0);
}

/** `notes_page_get` -> `NotesPageGet`. */
export function pascalName(name: string): string {
  return words(name)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

/** `notes_page_get` -> `notesPageGet`. */
export function camelName(name: string): string {
  const p = pascalName(name);
  return p.charAt(0).toLowerCase() + p.slice(1);
}

export const inputTypeName = (tool: string): string => `${pascalName(tool)}Input`;
export const outputTypeName = (tool: string): string => `${pascalName(tool)}Output`;

/** `<Set>ToolMap`: every tool's input and output type by tool name, for `createToolkit<ToolMap>()`. */
export const toolMapName = (set: string): string => `${pascalName(set)}ToolMap`;

/** Throws when two tools would get the same exported names (e.g. `a_b1` and `a_b_1`). */
export function assertDistinctNames(tools: readonly string[]): void {
  const seen = new Map<string, string>();
  for (const tool of tools) {
    const name = pascalName(tool);
    const other = seen.get(name);
    if (other)
      throw new Error(`generator: tools "${other}" and "${tool}" both map to the type name ${name}*`);
    seen.set(name, tool);
  }
}
