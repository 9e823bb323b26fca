/**
 * Descriptions that name only served tools. Tool and input descriptions point to neighbouring
 * tools ("follow with datastore_get_query_status", "ids from crm_list_attributes"); when
 * `--tools`, `--sets` or `--read-only` leave a neighbour out, a model would call a tool that is
 * not there. So a parenthetical naming a tool that is not served is dropped, then each sentence
 * still naming one; a description made only of such sentences keeps its text with the name
 * replaced by "a tool not served here". Applied to the tool description and every `description`
 * in its input and output schemas. Pure.
 */
import type { CatalogEntry, McpTool } from './catalog.js';

const NOT_SERVED = 'a tool not served here';

function escapeRegExp(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Sentences of prose: split after `.`, `!` or `?` before a capital letter or `(`, and at blank lines. */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z(])|\n\s*\n/);
}

/** Innermost parentheticals, with the space before them. */
const PARENTHETICAL = /\s?\([^()]*\)/g;

export type MentionPruner = (text: string) => string;

/** A pruner for the tools in `all` that are missing from `served` (identity when none is missing). */
export function mentionPruner(all: Iterable<string>, served: ReadonlySet<string>): MentionPruner | null {
  const missing = [...new Set(all)].filter((n) => !served.has(n));
  if (missing.length === 0) return null;
  // Longest first, so a name that extends another is matched whole.
  const any = new RegExp(
    `(?<![\\w])(?:${missing
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|')})(?![\\w])`,
    'g',
  );
  const names = (s: string): boolean => {
    any.lastIndex = 0;
    return any.test(s);
  };
  return (text) => {
    if (!names(text)) return text;
    const trimmed = text.replace(PARENTHETICAL, (p) => (names(p) ? '' : p));
    const kept = sentences(trimmed).filter((s) => !names(s));
    if (kept.length > 0) return kept.join(' ').trim();
    return text.replace(any, NOT_SERVED);
  };
}

function pruneSchema(schema: unknown, prune: MentionPruner): unknown {
  if (Array.isArray(schema)) return schema.map((s) => pruneSchema(s, prune));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    out[k] = k === 'description' && typeof v === 'string' ? prune(v) : pruneSchema(v, prune);
  }
  return out;
}

/** The served entries with descriptions that name only served tools (`all`: every tool name of the catalog). */
export function withServedMentions(
  served: readonly CatalogEntry[],
  all: readonly CatalogEntry[],
): CatalogEntry[] {
  const prune = mentionPruner(
    all.map((e) => e.tool.name),
    new Set(served.map((e) => e.tool.name)),
  );
  if (prune === null) return [...served];
  return served.map((e) => {
    const tool: McpTool = {
      ...e.tool,
      description: prune(e.tool.description),
      inputSchema: pruneSchema(e.tool.inputSchema, prune) as McpTool['inputSchema'],
      outputSchema: pruneSchema(e.tool.outputSchema, prune) as McpTool['outputSchema'],
    };
    return { ...e, tool };
  });
}
