/**
 * Discovery mode: three tools instead of the whole catalog, for clients that cap the number
 * of tools (often 40 to 128): search the catalog, describe one tool, call one tool. Search
 * and describe are pure functions over the catalog; no specs are loaded for them.
 */

import type { Effect, JsonSchema } from '@toolspec/language';
import { nearest } from '@toolspec/language/light';
import { ToolError } from '@toolspec/runtime/errors';
import type { CatalogEntry, McpTool } from './catalog.js';

export const SEARCH_TOOL = 'toolspec_search_tools';
export const DESCRIBE_TOOL = 'toolspec_describe_tool';
export const CALL_TOOL = 'toolspec_call_tool';

const EFFECTS: readonly Effect[] = ['read', 'create', 'update', 'delete'];

export function discoveryTools(entries: readonly CatalogEntry[], readOnly: boolean): McpTool[] {
  const sets = [...new Set(entries.map((e) => e.set))].sort();
  const setSchema: JsonSchema = {
    type: 'string',
    enum: sets,
    description: 'Only tools of this set.',
  };
  return [
    {
      name: SEARCH_TOOL,
      title: 'Search the tool catalog',
      description: `Find tools among the ${entries.length} available (sets: ${sets.join(', ')}) by words in their name, title or description, by set and by effects. Returns names and one-line summaries; use ${DESCRIBE_TOOL} for a tool's input schema, then ${CALL_TOOL} to run it.`,
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Words to look for (all must match), e.g. "page create".' },
          set: setSchema,
          effects: {
            type: 'array',
            items: { type: 'string', enum: [...EFFECTS] },
            description: 'Keep tools with at least one of these effects (read, create, update, delete).',
          },
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: 100,
            default: 20,
            description: 'Most results to return.',
          },
          cursor: { type: 'string', description: 'next_cursor from a previous search, for more results.' },
        },
        additionalProperties: false,
      },
      outputSchema: { type: 'object' },
      annotations: {
        title: 'Search the tool catalog',
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    {
      name: DESCRIBE_TOOL,
      title: 'Describe a tool',
      description: `The full description, effects and input JSON Schema of one tool found with ${SEARCH_TOOL}.`,
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string', description: 'The tool name, e.g. notes_page_get.' } },
        required: ['name'],
        additionalProperties: false,
      },
      outputSchema: { type: 'object' },
      annotations: {
        title: 'Describe a tool',
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    {
      name: CALL_TOOL,
      title: 'Call a tool',
      description: `Run one tool by name with its input (see ${DESCRIBE_TOOL} for the schema). Returns the tool's output, or an error with its code, the vendor's message, a hint and whether retrying is safe.${readOnly ? ' Read-only mode: only tools that read are available.' : ''}`,
      inputSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'The tool name.' },
          arguments: {
            type: 'string',
            description:
              "The tool's input as JSON-object text, matching its input schema (an object is accepted too).",
          },
        },
        required: ['name'],
        additionalProperties: false,
      },
      // The called tool's own output (its outputSchema in describe), or an error.
      outputSchema: { type: 'object' },
      annotations: {
        title: 'Call a tool',
        readOnlyHint: readOnly,
        destructiveHint: !readOnly && entries.some((e) => e.tool.annotations.destructiveHint),
        idempotentHint: false,
        openWorldHint: true,
      },
    },
  ];
}

export interface SearchInput {
  readonly query?: string;
  readonly set?: string;
  readonly effects?: readonly Effect[];
  readonly limit?: number;
  readonly cursor?: string;
}

const invalid = (tool: string, field: string, message: string, expected?: string): ToolError =>
  new ToolError({ code: 'invalid_input', tool, field, message: `${tool}: ${message}`, expected });

function summary(description: string): string {
  const first =
    description
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, ' ')
      .trim() ?? '';
  const sentence = /^(.{20,}?[.!?])(\s|$)/.exec(first)?.[1] ?? first;
  return sentence.length > 200 ? `${sentence.slice(0, 197)}...` : sentence;
}

function parseSearch(input: unknown): SearchInput {
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    throw invalid(SEARCH_TOOL, '', 'input must be an object');
  }
  const i = (input ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(i)) {
    if (!['query', 'set', 'effects', 'limit', 'cursor'].includes(k)) {
      throw invalid(SEARCH_TOOL, k, `unknown input "${k}"`, 'query, set, effects, limit, cursor');
    }
  }
  if (i.query !== undefined && typeof i.query !== 'string')
    throw invalid(SEARCH_TOOL, 'query', 'query must be a string');
  if (i.set !== undefined && typeof i.set !== 'string')
    throw invalid(SEARCH_TOOL, 'set', 'set must be a string');
  if (
    i.effects !== undefined &&
    !(Array.isArray(i.effects) && i.effects.every((e) => EFFECTS.includes(e as Effect)))
  ) {
    throw invalid(
      SEARCH_TOOL,
      'effects',
      'effects must be a list of effects',
      'read, create, update, delete',
    );
  }
  const limit = i.limit ?? 20;
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > 100) {
    throw invalid(SEARCH_TOOL, 'limit', 'limit must be an integer from 1 to 100');
  }
  if (i.cursor !== undefined && (typeof i.cursor !== 'string' || !/^\d+$/.test(i.cursor))) {
    throw invalid(SEARCH_TOOL, 'cursor', 'cursor must be a next_cursor returned by a previous search');
  }
  return i as SearchInput;
}

/** A tool's effects (the catalog's, or the IR's when the catalog does not carry them). */
export type EffectsOf = (entry: CatalogEntry) => readonly Effect[];

/** Rank: every query word must occur; name hits weigh most, then title, then description. */
export function searchCatalog(
  entries: readonly CatalogEntry[],
  input: unknown,
  effectsOf: EffectsOf,
): Record<string, unknown> {
  const q = parseSearch(input);
  if (q.set !== undefined && !entries.some((e) => e.set === q.set)) {
    const sets = [...new Set(entries.map((e) => e.set))].sort().join(', ');
    throw invalid(SEARCH_TOOL, 'set', `unknown set "${q.set}"`, `one of ${sets}`);
  }
  const words = (q.query ?? '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  const scored: { entry: CatalogEntry; score: number }[] = [];
  for (const entry of entries) {
    if (q.set !== undefined && entry.set !== q.set) continue;
    if (q.effects && q.effects.length > 0 && !effectsOf(entry).some((e) => q.effects?.includes(e))) continue;
    const name = entry.tool.name.toLowerCase();
    const title = entry.tool.title.toLowerCase();
    const description = entry.tool.description.toLowerCase();
    let score = 0;
    let all = true;
    for (const w of words) {
      const s = (name.includes(w) ? 4 : 0) + (title.includes(w) ? 2 : 0) + (description.includes(w) ? 1 : 0);
      if (s === 0) all = false;
      score += s;
    }
    if (all) scored.push({ entry, score });
  }
  scored.sort((a, b) => b.score - a.score || (a.entry.tool.name < b.entry.tool.name ? -1 : 1));
  const start = Number(q.cursor ?? 0);
  const limit = q.limit ?? 20;
  const page = scored.slice(start, start + limit);
  const more = start + limit < scored.length;
  return {
    total: scored.length,
    tools: page.map(({ entry }) => ({
      name: entry.tool.name,
      title: entry.tool.title,
      set: entry.set,
      effects: effectsOf(entry),
      summary: summary(entry.tool.description),
    })),
    next_cursor: more ? String(start + limit) : null,
    has_more: more,
  };
}

export function describeTool(
  entries: readonly CatalogEntry[],
  input: unknown,
  effectsOf: EffectsOf,
): Record<string, unknown> {
  const name = (input as { name?: unknown } | null)?.name;
  if (typeof name !== 'string' || name === '')
    throw invalid(DESCRIBE_TOOL, 'name', 'name must be a tool name');
  const entry = entries.find((e) => e.tool.name === name);
  if (!entry) throw unknownTool(DESCRIBE_TOOL, name, entries);
  return {
    name: entry.tool.name,
    title: entry.tool.title,
    set: entry.set,
    effects: effectsOf(entry),
    description: entry.tool.description,
    annotations: entry.tool.annotations,
    inputSchema: entry.tool.inputSchema,
    outputSchema: entry.tool.outputSchema,
  };
}

/**
 * The error for a name that is not among the served tools: the nearest served names (a typo) in
 * its message, as the runtime names them, else names sharing a part of it as a hint.
 */
export function unknownTool(
  caller: string,
  name: string,
  entries: readonly CatalogEntry[],
  discovery = true,
): ToolError {
  const names = entries.map((e) => e.tool.name);
  const typo = nearest(name, names);
  const lower = name.toLowerCase();
  const close = names
    .filter(
      (n) =>
        n.includes(lower) ||
        lower.includes(n) ||
        n.split('_').slice(0, 2).join('_') === lower.split('_').slice(0, 2).join('_'),
    )
    .slice(0, 5);
  return new ToolError({
    code: 'invalid_input',
    tool: caller,
    field: 'name',
    message: `${caller}: no tool named "${name}" is served here${typo.length > 0 ? `; did you mean ${typo.join(' or ')}?` : ''}`,
    expected: discovery ? 'a tool name found with the catalog search' : 'a tool name from tools/list',
    // Only tools that are served: the search tool exists in discovery mode alone.
    hint:
      typo.length === 0 && close.length > 0
        ? `Did you mean ${close.join(', ')}?`
        : discovery
          ? `Use ${SEARCH_TOOL} to find tool names.`
          : 'Use tools/list to find tool names.',
    details: typo.length > 0 ? { suggestions: typo } : undefined,
  });
}
