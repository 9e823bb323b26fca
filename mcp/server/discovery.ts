/**
 * Discovery mode: three tools instead of the whole catalog, for clients that cap the number
 * of tools (often 40 to 128): search the catalog, describe one tool, call one tool. This file
 * declares them, checks the search input and describes; the search itself (the ranking and its
 * answer) is search/, loaded on the first search. No specs are loaded for either.
 */

import type { Effect, JsonSchema } from '@toolspec/language';
import { nearest } from '@toolspec/language/light';
import { ToolError } from '@toolspec/runtime/errors';
import type { CatalogEntry, McpTool } from './catalog.js';
import type { EffectsOf } from './search/index.js';

export type { EffectsOf };

export const SEARCH_TOOL = 'toolspec_search_tools';
export const DESCRIBE_TOOL = 'toolspec_describe_tool';
export const CALL_TOOL = 'toolspec_call_tool';

const EFFECTS: readonly Effect[] = ['read', 'create', 'update', 'delete'];
/** Results per page when the search input gives no limit. */
export const DEFAULT_LIMIT = 10;

/** Each served set with how users name its product ("mail: Microsoft Outlook mail, calendar, ..."). */
export function setsWithProducts(entries: readonly CatalogEntry[]): string[] {
  const products = new Map<string, string | null>();
  for (const e of entries) if (!products.has(e.set)) products.set(e.set, e.search?.set.product ?? null);
  return [...products]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([set, product]) => (product ? `${set}: ${product}` : set));
}

const TOOL_ITEM: JsonSchema = {
  type: 'object',
  properties: {
    name: {
      type: 'string',
      description: 'The tool name, for toolspec_describe_tool and toolspec_call_tool.',
    },
    title: { type: 'string' },
    set: { type: 'string' },
    effects: {
      type: 'array',
      items: { type: 'string', enum: [...EFFECTS] },
      description: 'What the tool does to the vendor data.',
    },
    score: {
      type: 'number',
      description:
        'Relevance to the query: 1 for the best match, less for weaker ones; 0 when no query was given.',
    },
    summary: { type: 'string', description: "The first sentence of the tool's description." },
  },
  required: ['name', 'title', 'set', 'effects', 'score', 'summary'],
  additionalProperties: false,
};

/** What toolspec_search_tools answers (its structuredContent, and its text as JSON). */
export const SEARCH_OUTPUT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    query: { type: 'string', description: 'The query as given ("" when none).' },
    total: { type: 'integer', description: 'How many tools match, over all pages.' },
    tools: { type: 'array', items: TOOL_ITEM, description: 'This page of matches, best first.' },
    next_cursor: {
      type: ['string', 'null'],
      description: 'Pass back as `cursor`, with the same input, for the next page; null on the last page.',
    },
    has_more: { type: 'boolean' },
    next: { type: 'string', description: 'How to get the next page, when there is one.' },
    suggestions: {
      type: 'array',
      items: TOOL_ITEM,
      description:
        'When nothing matches: the closest tools (without the set or effects filter, or by spelling).',
    },
    unknown_words: {
      type: 'array',
      items: { type: 'string' },
      description: 'Words of the query that no tool mentions.',
    },
    hint: { type: 'string', description: 'When nothing matches: what to try instead.' },
  },
  required: ['query', 'total', 'tools', 'next_cursor', 'has_more'],
  additionalProperties: false,
};

/** What toolspec_describe_tool answers. */
const DESCRIBE_OUTPUT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    title: { type: 'string' },
    set: { type: 'string' },
    effects: { type: 'array', items: { type: 'string', enum: [...EFFECTS] } },
    description: { type: 'string' },
    annotations: { type: 'object' },
    inputSchema: {
      type: 'object',
      description: "The tool's input JSON Schema: the arguments of toolspec_call_tool.",
    },
    outputSchema: { type: 'object', description: 'What a success of the tool returns.' },
  },
  required: ['name', 'title', 'set', 'effects', 'description', 'annotations', 'inputSchema', 'outputSchema'],
};

export function discoveryTools(entries: readonly CatalogEntry[], readOnly: boolean): McpTool[] {
  const sets = [...new Set(entries.map((e) => e.set))].sort();
  const described = setsWithProducts(entries);
  const setSchema: JsonSchema = {
    type: 'string',
    enum: sets,
    description: `Only tools of this set. ${described.join('; ')}.`,
  };
  return [
    {
      name: SEARCH_TOOL,
      title: 'Search the tool catalog',
      description: `Finds the tools for a task among the ${entries.length} available, ranked by relevance. Sets: ${described.join('; ')}. Describe the task in your own words, a sentence or a few keywords ("reply to the last email from Anna", "snowflake tables"); any word may match, and tools matching more and rarer words come first. Each result has its score (1 = best match), effects (read, create, update, delete) and a one-line summary; when nothing matches, the answer suggests the closest tools and what to change. Then ${DESCRIBE_TOOL} gives a tool's input schema and ${CALL_TOOL} runs it.`,
      inputSchema: {
        type: 'object',
        properties: {
          query: {
            type: 'string',
            description:
              'The task in your own words, e.g. "what columns does the ORDERS table have?" or "outlook unread mail". Naming the product (Notion, Outlook, ...) helps; names and values (Anna, ORDERS) do not hurt. Empty: every tool.',
          },
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
            default: DEFAULT_LIMIT,
            description: 'Most results to return.',
          },
          cursor: { type: 'string', description: 'next_cursor from a previous search, for more results.' },
        },
        additionalProperties: false,
      },
      outputSchema: SEARCH_OUTPUT_SCHEMA,
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
      outputSchema: DESCRIBE_OUTPUT_SCHEMA,
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

/** The error for a `set` the catalog does not serve. */
export const unknownSet = (set: string, sets: readonly string[]): ToolError =>
  invalid(SEARCH_TOOL, 'set', `unknown set "${set}"`, `one of ${sets.join(', ')}`);

/** The search input, checked: a typed error names the field and what was expected. */
export function parseSearch(input: unknown): SearchInput {
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
  const limit = i.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > 100) {
    throw invalid(SEARCH_TOOL, 'limit', 'limit must be an integer from 1 to 100');
  }
  if (i.cursor !== undefined && (typeof i.cursor !== 'string' || !/^\d+$/.test(i.cursor))) {
    throw invalid(SEARCH_TOOL, 'cursor', 'cursor must be a next_cursor returned by a previous search');
  }
  return i as SearchInput;
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
  searchTool = SEARCH_TOOL,
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
          ? `Use ${searchTool} to find tool names.`
          : 'Use tools/list to find tool names.',
    details: typo.length > 0 ? { suggestions: typo } : undefined,
  });
}
