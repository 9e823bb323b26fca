/**
 * The discovery search's ranking: one MiniSearch index (BM25+) over everything the catalog
 * knows about each tool, built once per served catalog. Any word of a task may match; a tool
 * ranks higher the more of the task's words it matches, the rarer they are and the stronger the
 * field (the names of the task: the tool's name, title and the maintainer's aliases, as one field,
 * so that a word they repeat counts once, saturated; then the set's product names, keywords, the
 * description, the inputs), and more when its effects are what the task's verb asks for (a
 * question or a list of things reads; "remove" deletes); a query that is a tool's name or title
 * puts that tool first. Words are stemmed and read through the vocabulary of SaaS work
 * (tokenize.ts, synonyms.ts) on both sides. Verbs are looked up only where a tool names its
 * action (name, title, aliases, keywords): every description creates, lists and gets something,
 * and at thousands of tools those words are most of the work.
 */
import type { Effect } from '@toolspec/language';
import MiniSearch, { type SearchResult } from 'minisearch';
import type { CatalogEntry } from '../catalog.js';
import { analyzeQuery, terms } from './tokenize.js';

/** A tool's effects (the catalog's, or the IR's when the catalog does not carry them). */
export type EffectsOf = (entry: CatalogEntry) => readonly Effect[];

/** How much a match in each field counts (MiniSearch field boosts). */
export const FIELD_WEIGHTS = {
  names: 5,
  keywords: 1,
  description: 1,
  product: 2,
  inputs: 0.4,
} as const;
/** How much more a tool counts when its effects are the ones the query asks for (fully). */
export const EFFECT_LEAN = 0.3;
/** How much less a tool counts for each part of its name the query does not ask for (a more specific tool). */
export const NAME_COVERAGE = 0.3;
type Field = keyof typeof FIELD_WEIGHTS;
const FIELDS = Object.keys(FIELD_WEIGHTS) as Field[];
/** Fields whose text is identifiers (snake_case, camelCase), split into words. */
const IDENTIFIER_FIELDS = new Set<string>(['names', 'inputs']);
/** Where a verb is looked up: the fields that name the tool's action. */
const NAMING_FIELDS = ['names', 'keywords'] as const;
/** Fields whose match counts a query word as matched (the others only add to the score). */
const WORD_FIELDS = new Set<string>(['names', 'keywords', 'description']);

type Doc = { readonly id: number } & Readonly<Record<Field, string>>;

export interface SearchHit {
  readonly entry: CatalogEntry;
  /** Relevance: higher is better, comparable within one search only. */
  readonly score: number;
}

export interface Ranked {
  /** Best first; empty when no word of the query matches a tool. */
  readonly hits: readonly SearchHit[];
  /** The query's words that no tool of the catalog contains. */
  readonly unknownWords: readonly string[];
  /** Whether the query had any word a tool could match. */
  readonly searchable: boolean;
}

/** The text of each field of a tool, as indexed. */
/** The tool's name without its set's prefix: the set's name is searched with the product (in the name it would match every tool of the set). */
function bareName(entry: CatalogEntry): string {
  const prefix = `${entry.set}_`;
  return entry.tool.name.startsWith(prefix) ? entry.tool.name.slice(prefix.length) : entry.tool.name;
}

function docOf(entry: CatalogEntry, id: number): Doc {
  const { tool, set, search } = entry;
  const bare = bareName(entry);
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { description?: unknown } | null>;
  const inputs = Object.entries(properties).map(
    ([name, schema]) => `${name} ${typeof schema?.description === 'string' ? schema.description : ''}`,
  );
  return {
    id,
    names: [bare, tool.title, ...(search?.aliases ?? [])].join(' ; '),
    keywords: (search?.keywords ?? []).join(' ; '),
    description: tool.description,
    product: [set, search?.set.title, search?.set.product, ...(search?.set.aliases ?? [])]
      .filter((x) => typeof x === 'string' && x !== '')
      .join(' ; '),
    inputs: inputs.join(' ; '),
  };
}

/** The words of a title or query as a key that ignores order, articles and inflection. */
const titleKey = (text: string): string => [...new Set(terms(text))].sort().join(' ');

export class ToolSearch {
  private readonly mini: MiniSearch<Doc>;
  private readonly vocabulary = new Set<string>();
  /**
   * Terms that name a product (a set's name, its aliases, the capitalised words of its product:
   * Outlook, Snowflake, CRM): they count fully wherever a query says them, and count as matched
   * words; the product's other words (mail, deals) only add to the score.
   */
  private readonly productNames = new Set<string>();
  private readonly byName = new Map<string, number>();
  private readonly byTitle = new Map<string, number[]>();
  private readonly effects: readonly (readonly Effect[])[];
  /** Each tool's name as terms (without the set's prefix). */
  private readonly nameTerms: readonly (readonly string[])[];
  /** Every term of the tools' names: the things tools act on (and their verbs). */
  private readonly things: ReadonlySet<string>;

  constructor(
    private readonly entries: readonly CatalogEntry[],
    effectsOf: EffectsOf,
  ) {
    this.mini = new MiniSearch<Doc>({
      fields: FIELDS,
      tokenize: (text, field) => {
        const out = terms(text, IDENTIFIER_FIELDS.has(field ?? ''));
        for (const t of out) this.vocabulary.add(t);
        return out;
      },
      processTerm: (term) => term,
      searchOptions: { boost: { ...FIELD_WEIGHTS } },
    });
    this.mini.addAll(entries.map((e, id) => docOf(e, id)));
    for (const e of entries) for (const t of productNameTerms(e)) this.productNames.add(t);
    this.effects = entries.map(effectsOf);
    this.nameTerms = entries.map((e) => [...new Set(terms(bareName(e), true))]);
    this.things = new Set(this.nameTerms.flat());
    entries.forEach((e, id) => {
      const name = e.tool.name.toLowerCase();
      this.byName.set(name, id);
      const bare = name.startsWith(`${e.set}_`) ? name.slice(e.set.length + 1) : null;
      if (bare !== null && !this.byName.has(bare)) this.byName.set(bare, id);
      const key = titleKey(e.tool.title);
      if (key !== '') this.byTitle.set(key, [...(this.byTitle.get(key) ?? []), id]);
    });
  }

  /** Every tool that matches a word of the query and `keep`, best first. */
  search(query: string, keep: (entry: CatalogEntry) => boolean = () => true): Ranked {
    const analyzed = analyzeQuery(query, { products: this.productNames, things: this.things });
    const written = analyzed.terms.filter((t) => !t.implied);
    const unknownWords = analyzed.words.filter((_, i) =>
      written.every((t) => !t.sources.includes(i) || !this.vocabulary.has(t.term)),
    );
    if (written.length === 0) return { hits: [], unknownWords, searchable: false };
    const byTerm = new Map(analyzed.terms.map((t) => [t.term, t]));
    // The query words each term stands for, as bits (a query of more than 31 words shares the last).
    const masks = new Map(
      analyzed.terms.map((t) => [t.term, t.sources.reduce((m, s) => m | (1 << Math.min(s, 30)), 0)]),
    );
    const verbs = analyzed.terms.filter((t) => t.verb).map((t) => t.term);
    const others = analyzed.terms.filter((t) => !t.verb).map((t) => t.term);
    const results = this.mini.search(
      {
        combineWith: 'OR',
        queries: [
          ...(verbs.length > 0 ? [{ queries: [verbs.join(' ')], fields: [...NAMING_FIELDS] }] : []),
          ...(others.length > 0 ? [others.join(' ')] : []),
        ],
      },
      {
        tokenize: (text) => text.split(' '),
        processTerm: (term) => term,
        boostTerm: (term) => byTerm.get(term)?.weight ?? 1,
        // A word no tool has, one letter off in a long word (a typo), still matches, weakly.
        fuzzy: (term) => (term.length >= 5 && !this.vocabulary.has(term) ? 0.2 : false),
        weights: { fuzzy: 0.3, prefix: 0.3 },
      },
    );
    const exact = this.exactMatches(query);
    const hits: (SearchHit & { rank: number })[] = [];
    for (const r of results) {
      const entry = this.entries[r.id as number];
      if (entry === undefined || !keep(entry)) continue;
      const matched = matchedWords(r, masks, this.productNames);
      // A tool that matches only in its inputs, or only what the query implies, matches none of its words.
      if (matched === 0) continue;
      // MiniSearch multiplies by the number of query terms matched; count the query's words instead.
      let lean = 1;
      for (const effect of this.effects[r.id as number] ?? [])
        lean += EFFECT_LEAN * (analyzed.effects.get(effect) ?? 0);
      const name = this.nameTerms[r.id as number] ?? [];
      let asked = 0;
      // A part the query only implies (a broader word) is half asked for.
      for (const t of name) {
        const q = byTerm.get(t);
        if (q) asked += q.implied ? 0.5 : 1;
      }
      const coverage = name.length === 0 ? 1 : 1 - NAME_COVERAGE * (1 - asked / name.length);
      const score = (r.score / Math.max(1, r.queryTerms.length)) * matched * lean * coverage;
      hits.push({ entry, score, rank: exact.get(r.id as number) ?? 0 });
    }
    hits.sort(
      (a, b) =>
        b.rank - a.rank ||
        b.score - a.score ||
        (a.entry.tool.name < b.entry.tool.name ? -1 : a.entry.tool.name > b.entry.tool.name ? 1 : 0),
    );
    return { hits: hits.map(({ entry, score }) => ({ entry, score })), unknownWords, searchable: true };
  }

  /** The tools closest to a query that matched none: prefix and looser fuzzy matches of its words. */
  closest(query: string, keep: (entry: CatalogEntry) => boolean, limit: number): SearchHit[] {
    const written = analyzeQuery(query).terms.filter((t) => !t.implied);
    if (written.length === 0) return [];
    return this.mini
      .search(written.map((t) => t.term).join(' '), {
        tokenize: (text) => text.split(' '),
        processTerm: (term) => term,
        prefix: (term) => term.length >= 4,
        // Two letters off in a longer word, one in a short one: closer than that is another word.
        fuzzy: (term) => (term.length >= 6 ? 2 : term.length >= 4 ? 1 : false),
      })
      .map((r) => ({ entry: this.entries[r.id as number], score: r.score }))
      .filter((h): h is SearchHit => h.entry !== undefined && keep(h.entry))
      .slice(0, limit);
  }

  /** Tool id -> 2 when the query is the tool's name, 1 when it is its title (in other words). */
  private exactMatches(query: string): Map<number, number> {
    const out = new Map<number, number>();
    const name = this.byName.get(query.trim().toLowerCase().replace(/\s+/g, '_'));
    for (const id of this.byTitle.get(titleKey(query)) ?? []) out.set(id, 1);
    if (name !== undefined) out.set(name, 2);
    return out;
  }
}

/**
 * How many of the query's words a result matched, through any of the terms standing for them, in
 * a field that says what the tool is (a word found only among its inputs does not count), or
 * through a near spelling.
 */
function matchedWords(
  result: SearchResult,
  masks: ReadonlyMap<string, number>,
  productNames: ReadonlySet<string>,
): number {
  let words = 0;
  for (const term in result.match) {
    const mask = masks.get(term);
    if (mask === undefined) {
      // A near spelling stands for the query terms the result does not match exactly.
      for (const q of result.queryTerms) if (!(q in result.match)) words |= masks.get(q) ?? 0;
    } else if (
      (result.match[term] ?? []).some(
        (f) => WORD_FIELDS.has(f) || (f === 'product' && productNames.has(term)),
      )
    ) {
      words |= mask;
    }
  }
  let count = 0;
  for (; words !== 0; words &= words - 1) count++;
  return count;
}

/** The terms of a set's product names: its name, its aliases, the capitalised words of its product. */
function productNameTerms(entry: CatalogEntry): string[] {
  const set = entry.search?.set;
  const capitalised = (set?.product ?? '').split(/\s+/).filter((w) => /^\p{Lu}/u.test(w));
  return terms([entry.set, ...(set?.aliases ?? []), ...capitalised].join(' ; '));
}
