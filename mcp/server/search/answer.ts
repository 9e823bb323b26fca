/**
 * toolspec_search_tools's answer: the ranked page of tools (name, title, set, effects, a score
 * relative to the best match, a plain one-line summary), the continuation inside the JSON, and
 * when nothing matches the closest tools and what to try instead. The index is built once per
 * served catalog (the entries array the server holds).
 */
import type { Effect } from '@toolspec/language';
import type { CatalogEntry } from '../catalog.js';
import { DEFAULT_LIMIT, parseSearch, SEARCH_TOOL, setsWithProducts, unknownSet } from '../discovery.js';
import { type EffectsOf, type SearchHit, ToolSearch } from './index.js';
import { summary } from './summary.js';

export interface FoundTool {
  readonly name: string;
  readonly title: string;
  readonly set: string;
  readonly effects: readonly Effect[];
  readonly score: number;
  readonly summary: string;
}

export interface SearchAnswer {
  readonly query: string;
  readonly total: number;
  readonly tools: readonly FoundTool[];
  readonly next_cursor: string | null;
  readonly has_more: boolean;
  readonly next?: string;
  readonly suggestions?: readonly FoundTool[];
  readonly unknown_words?: readonly string[];
  readonly hint?: string;
  readonly [key: string]: unknown;
}

const SUGGESTIONS = 5;
const indexes = new WeakMap<readonly CatalogEntry[], ToolSearch>();

/** The index of a served catalog, built on its first search. */
export function searchIndex(entries: readonly CatalogEntry[], effectsOf: EffectsOf): ToolSearch {
  let index = indexes.get(entries);
  if (!index) {
    index = new ToolSearch(entries, effectsOf);
    indexes.set(entries, index);
  }
  return index;
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

function found(hits: readonly SearchHit[], effectsOf: EffectsOf, best: number): FoundTool[] {
  return hits.map(({ entry, score }) => ({
    name: entry.tool.name,
    title: entry.tool.title,
    set: entry.set,
    effects: effectsOf(entry),
    score: best > 0 ? round(score / best) : 0,
    summary: summary(entry.tool.description),
  }));
}

export function searchCatalog(
  entries: readonly CatalogEntry[],
  input: unknown,
  effectsOf: EffectsOf,
): SearchAnswer {
  const q = parseSearch(input);
  const sets = [...new Set(entries.map((e) => e.set))].sort();
  if (q.set !== undefined && !sets.includes(q.set)) throw unknownSet(q.set, sets);
  const query = (q.query ?? '').trim();
  const effects = q.effects ?? [];
  const keep = (e: CatalogEntry) =>
    (q.set === undefined || e.set === q.set) &&
    (effects.length === 0 || effectsOf(e).some((x) => effects.includes(x)));
  const start = Number(q.cursor ?? 0);
  const limit = q.limit ?? DEFAULT_LIMIT;

  let hits: readonly SearchHit[];
  let ranked: ReturnType<ToolSearch['search']> | null = null;
  if (query === '') {
    // No query: every tool the filters keep, by set and name.
    hits = entries.filter(keep).map((entry) => ({ entry, score: 0 }));
  } else {
    ranked = searchIndex(entries, effectsOf).search(query, keep);
    hits = ranked.hits;
  }
  const best = hits.reduce((m, h) => Math.max(m, h.score), 0);
  const page = hits.slice(start, start + limit);
  const more = start + limit < hits.length;
  const next_cursor = more ? String(start + limit) : null;
  const answer: SearchAnswer = {
    query,
    total: hits.length,
    tools: found(page, effectsOf, best),
    next_cursor,
    has_more: more,
    ...(more
      ? {
          next: `For more results call ${SEARCH_TOOL} again with the same input and "cursor": "${next_cursor}".`,
        }
      : {}),
  };
  if (hits.length > 0 || ranked === null) return answer;
  return { ...answer, ...nothingFound(entries, query, keep, q.set, effects, ranked, effectsOf) };
}

/** Why nothing matched and what is closest: the same words without the filters, else near spellings. */
function nothingFound(
  entries: readonly CatalogEntry[],
  query: string,
  keep: (e: CatalogEntry) => boolean,
  set: string | undefined,
  effects: readonly Effect[],
  ranked: ReturnType<ToolSearch['search']>,
  effectsOf: EffectsOf,
): Pick<SearchAnswer, 'suggestions' | 'unknown_words' | 'hint'> {
  const index = searchIndex(entries, effectsOf);
  const unknown = ranked.unknownWords.length > 0 ? { unknown_words: ranked.unknownWords } : {};
  const filtered = set !== undefined || effects.length > 0;
  if (ranked.searchable && filtered) {
    const unfiltered = index.search(query).hits.slice(0, SUGGESTIONS);
    if (unfiltered.length > 0) {
      const filters = [
        set !== undefined ? `set "${set}"` : '',
        effects.length > 0 ? `effects ${effects.join(', ')}` : '',
      ]
        .filter((x) => x !== '')
        .join(' and ');
      return {
        suggestions: found(unfiltered, effectsOf, unfiltered[0]?.score ?? 0),
        ...unknown,
        hint: `No tool with ${filters} matches; the suggestions match without that filter: drop it to see them all.`,
      };
    }
  }
  const closest = index.closest(query, keep, SUGGESTIONS);
  const products = setsWithProducts(entries).join('; ');
  const words =
    ranked.unknownWords.length > 0
      ? `No tool mentions ${ranked.unknownWords.map((w) => `"${w}"`).join(', ')}. `
      : '';
  const how = ranked.searchable
    ? 'Describe the task with its action and the thing it acts on ("send email", "list tables", "add a note to a company"), leave out names and values, or name the product'
    : 'The query has no word a tool could match; describe the task with its action and the thing it acts on ("send email", "list tables"), or name the product';
  return {
    ...(closest.length > 0 ? { suggestions: found(closest, effectsOf, closest[0]?.score ?? 0) } : {}),
    ...unknown,
    hint: `${words}${how} (sets: ${products}).${closest.length > 0 ? ' The suggestions are the closest spellings.' : ''}`,
  };
}
