/** Which tools a server exposes: --sets, --tools <glob> and --read-only. Pure. */
import { ToolError } from '@toolspec/runtime/errors';
import type { CatalogEntry } from './catalog.js';

export interface Selection {
  /** Set names; empty or undefined means every set. */
  readonly sets?: readonly string[] | undefined;
  /** Tool-name globs (`*`, `?`); a tool is kept when any matches. */
  readonly tools?: readonly string[] | undefined;
  readonly readOnly?: boolean | undefined;
}

/** `notes_*` -> /^notes_.*$/ ; only `*` and `?` are special. */
export function globToRegExp(glob: string): RegExp {
  const body = glob
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

/** Split comma-separated option values (`--sets notes,mail --sets crm`). */
export function splitList(values: readonly string[] | string | undefined): string[] {
  const list = values === undefined ? [] : Array.isArray(values) ? values : [values as string];
  return list
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

export function selectTools(entries: readonly CatalogEntry[], selection: Selection): CatalogEntry[] {
  const known = new Set(entries.map((e) => e.set));
  const sets = selection.sets ?? [];
  const unknown = sets.filter((s) => !known.has(s));
  if (unknown.length > 0) {
    throw new ToolError({
      code: 'invalid_input',
      field: 'sets',
      message: `unknown tool set(s): ${unknown.join(', ')}`,
      expected: `one of ${[...known].sort().join(', ')}`,
    });
  }
  const globs = (selection.tools ?? []).map(globToRegExp);
  const picked = entries.filter(
    (e) =>
      (sets.length === 0 || sets.includes(e.set)) &&
      (globs.length === 0 || globs.some((g) => g.test(e.tool.name))) &&
      (!selection.readOnly || e.readOnly),
  );
  if (picked.length === 0 && entries.length > 0) {
    throw new ToolError({
      code: 'invalid_input',
      field: 'tools',
      message: `no tool matches the selection (sets: ${sets.join(',') || 'all'}; tools: ${(selection.tools ?? []).join(',') || 'all'}${selection.readOnly ? '; read-only' : ''})`,
      expected: 'a glob matching tool names, e.g. "notes_page_*"',
    });
  }
  return picked;
}
