/**
 * Text -> search terms, the same way for what is indexed and for what is asked: words (letters
 * and digits; markup is punctuation), known phrases joined (`to do`, `look up`), stop words
 * dropped, each word stemmed (Porter, the `stemmer` package) and replaced by its group's word
 * (synonyms.ts: "remove" is searched as "delete").
 *
 * A query is read a little further: each word counts by its role (the action and its object
 * fully; the context after a preposition less; the task's own content, such as a message text or
 * a name, and values such as `CREATED_AT` little), and it gets the broader words its words imply
 * and the effects its action asks for, weaker.
 */
import type { Effect } from '@toolspec/language';
import { stemmer } from 'stemmer';
import {
  AFTER_A_VERB,
  BROADER,
  CLAUSE_MARKERS,
  CONTENT_MARKERS,
  CONTEXT_MARKERS,
  NO_VERB_READ_WEIGHT,
  NOUNS_AS_VERBS,
  NOUNS_TOO,
  PHRASES,
  PLURAL_LIST_WEIGHT,
  QUESTION,
  QUESTION_READ_WEIGHT,
  ROLE_WEIGHTS,
  SAME,
  STEMS,
  STOP,
  VERBS,
} from './synonyms.js';

/** Lowercased words: runs of letters and digits. `identifiers` also splits camelCase (`hasAttachments`). */
export function words(text: string, identifiers = false): string[] {
  const split = identifiers ? text.replace(/([a-z0-9])([A-Z])/g, '$1 $2') : text;
  return split
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

const stems = new Map<string, string>(Object.entries(STEMS));
/** Porter stem, remembered (a catalog of thousands of tools repeats its words). */
function stem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    s = stemmer(word);
    if (stems.size < 100_000) stems.set(word, s);
  }
  return s;
}

/** Stem -> the stem of its group's first word. */
const CANONICAL = new Map<string, string>();
for (const group of SAME) {
  const head = stem(group[0] ?? '');
  for (const w of group) {
    const s = stem(w);
    const known = CANONICAL.get(s);
    if (known !== undefined && known !== head) {
      throw new Error(`search vocabulary: "${w}" is in two groups (${known}, ${head})`);
    }
    CANONICAL.set(s, head);
  }
}
const canonical = (s: string): string => CANONICAL.get(s) ?? s;
const termOf = (word: string): string => canonical(stem(word));

const STOPS = new Set(STOP);
const QUESTIONS = new Set(QUESTION);
const CONTENT = new Set(CONTENT_MARKERS);
const CONTEXT = new Set(CONTEXT_MARKERS);
const CLAUSE = new Set(CLAUSE_MARKERS);
const AFTER_VERB = new Set(AFTER_A_VERB);
const VERB_TERMS = new Set(VERBS.map(termOf));
const NOUN_TERMS = new Set(NOUNS_TOO.map(termOf));
/** The effects of the verbs that read: a plural object after one of them asks for a list. */
const READING = new Set(['get', 'list', 'search', 'show', 'display', 'check'].map(termOf));

/** Phrases as stem sequences, longest first, each with the word it becomes. */
const PHRASE_STEMS = PHRASES.map(([phrase, word]) => ({ stems: phrase.split(' ').map(stem), word })).sort(
  (a, b) => b.stems.length - a.stems.length,
);

/** Term -> [broader term, weight]. */
const BROADER_TERMS = new Map<string, readonly (readonly [string, number])[]>(
  Object.entries(BROADER).map(([w, list]) => [termOf(w), list.map(([b, x]) => [termOf(b), x] as const)]),
);

/** The effect each verb asks for. */
const INTENTS = new Map<string, Effect>(
  (
    [
      ['create', 'create'],
      ['schedule', 'create'],
      ['send', 'create'],
      ['reply', 'create'],
      ['put', 'create'],
      ['update', 'update'],
      ['rename', 'update'],
      ['move', 'update'],
      ['set', 'update'],
      ['complete', 'update'],
      ['restore', 'update'],
      ['upsert', 'update'],
      ['enable', 'update'],
      ['disable', 'update'],
      ['delete', 'delete'],
      ['archive', 'delete'],
      ['trash', 'delete'],
      ['cancel', 'delete'],
      ['get', 'read'],
      ['list', 'read'],
      ['search', 'read'],
      ['show', 'read'],
      ['display', 'read'],
      ['check', 'read'],
      ['download', 'read'],
    ] as const
  ).map(([w, effect]) => [termOf(w), effect]),
);

interface Token {
  readonly word: string;
  readonly stem: string;
  /** A value rather than a word: an identifier, an address, a number, a NAME IN CAPITALS. */
  readonly value: boolean;
  /** Written as a plural (`deals`). */
  readonly plural: boolean;
}

/** A chunk of a query that names a value, not a task: `CREATED_AT`, `ws_8842`, `ada@x.dev`, `#releases`, `ENG-42`, `ORDERS`. */
const isValue = (chunk: string): boolean =>
  /[_@#/\d]/.test(chunk) || /^[A-Z][A-Z-]{3,}[?.!,:;]*$/.test(chunk);

function tokens(text: string, identifiers: boolean): Token[] {
  const raw: Token[] = [];
  for (const chunk of text.split(/\s+/)) {
    const value = isValue(chunk);
    for (const word of words(chunk, identifiers)) {
      // A number alone (an id, a time, #42) says nothing about which tool.
      if (value && /^\d+$/.test(word)) continue;
      const s = stem(word);
      raw.push({ word, stem: s, value, plural: word.endsWith('s') && s !== word && !word.endsWith('ss') });
    }
  }
  const out: Token[] = [];
  for (let i = 0; i < raw.length; ) {
    const phrase = PHRASE_STEMS.find((p) => p.stems.every((s, k) => raw[i + k]?.stem === s));
    if (phrase) {
      out.push({ word: phrase.word, stem: stem(phrase.word), value: false, plural: false });
      i += phrase.stems.length;
    } else {
      out.push(raw[i] as Token);
      i++;
    }
  }
  return out;
}

/** The terms a text is indexed with. */
export function terms(text: string, identifiers = false): string[] {
  return tokens(text, identifiers)
    .filter((t) => !STOPS.has(t.word))
    .map((t) => canonical(t.stem));
}

/** One term of a query: what is looked up, how much it counts, and which words of the query it stands for. */
export interface QueryTerm {
  readonly term: string;
  readonly weight: number;
  /** Positions of the query words it stands for (a broader word for the word that implies it; none for an effect). */
  readonly sources: readonly number[];
  /** Implied by the query's words (broader words, effects), not written in it. */
  readonly implied: boolean;
  /**
   * A verb of the vocabulary: looked up where a tool is named (name, title, aliases, keywords),
   * not in descriptions, where every tool creates, lists and gets something.
   */
  readonly verb: boolean;
}

export interface AnalyzedQuery {
  readonly terms: readonly QueryTerm[];
  /** The effects the query asks for, each with how strongly (0 to 1). */
  readonly effects: ReadonlyMap<Effect, number>;
  /** The query's words that carry meaning (no stop words), by position. */
  readonly words: readonly string[];
}

type Role = 'object' | 'context' | 'content';

interface Word {
  readonly token: Token;
  readonly term: string;
  readonly role: Role;
  /** Right after "what" or "which": a noun, even when it can be a verb ("what lists ..."). */
  readonly asked: boolean;
  /** Position among all the query's tokens (stop words included): adjacent nouns make a compound. */
  readonly at: number;
}

const ASKING = new Set(['what', 'which']);

/** A word of the object that names a thing: not a verb, not a product. */
const isThing = (w: Word, products: ReadonlySet<string>): boolean =>
  w.role === 'object' && !VERB_TERMS.has(w.term) && !products.has(w.term);

/** The query's words with their roles: markers switch the role of the words after them. */
function roles(all: readonly Token[], products: ReadonlySet<string>): Word[] {
  const out: Word[] = [];
  let role: Role = 'object';
  let previous = '';
  all.forEach((t, at) => {
    const asked = ASKING.has(previous);
    previous = t.word;
    if (role !== 'content' && out.length > 0) {
      // The marker itself ("called", "saying") is not part of the task.
      if (CONTENT.has(t.word)) {
        role = 'content';
        return;
      }
      if (CLAUSE.has(t.word)) role = 'object';
      // Context follows the thing acted on: "add a note to the record", but "add to list" names the task.
      else if (CONTEXT.has(t.word) && role === 'object' && out.some((w) => isThing(w, products)))
        role = 'context';
    }
    if (!STOPS.has(t.word)) out.push({ token: t, term: canonical(t.stem), role, asked, at });
  });
  return out;
}

/** A query's terms: its own words (by role), the broader words and effects they imply (weaker). */
/** What the catalog tells the query's reading: which terms name a product, which name the things tools act on. */
export interface Lexicon {
  /** Terms of product names (Outlook, Attio): they count fully wherever the query says them. */
  readonly products: ReadonlySet<string>;
  /** Terms of the tools' names (page, column, task): the head of a compound is one of these. */
  readonly things: ReadonlySet<string>;
}

const NO_LEXICON: Lexicon = { products: new Set(), things: new Set() };

export function analyzeQuery(query: string, lexicon: Lexicon = NO_LEXICON): AnalyzedQuery {
  const productTerms = lexicon.products;
  const all = tokens(query, true);
  const question = (all[0] !== undefined && QUESTIONS.has(all[0].word)) || query.trim().endsWith('?');
  const ws = roles(all, productTerms);
  const byTerm = new Map<string, { weight: number; sources: Set<number>; implied: boolean }>();
  const add = (term: string, weight: number, source: number, implied: boolean) => {
    const known = byTerm.get(term);
    if (!known) byTerm.set(term, { weight, sources: new Set(source < 0 ? [] : [source]), implied });
    else if (!implied && known.implied) byTerm.set(term, { weight, sources: new Set([source]), implied });
    else if (implied === known.implied) {
      known.weight = Math.max(known.weight, weight);
      if (source >= 0) known.sources.add(source);
    }
  };

  // A noun that opens the query as a verb ("email the team") is its action.
  const first = ws[0];
  const next = all[all.indexOf(first?.token as Token) + 1];
  const nounVerb =
    first && !VERB_TERMS.has(first.term) && next && AFTER_VERB.has(next.word)
      ? NOUNS_AS_VERBS[first.token.word]
      : undefined;
  let action = nounVerb === undefined ? null : termOf(nounVerb);
  if (action !== null) add(action, 0.8, 0, true);

  let plural = false;
  const isVerb = (w: Word) =>
    !w.asked &&
    (VERB_TERMS.has(w.term) || BROADER_TERMS.get(w.term)?.some(([b]) => VERB_TERMS.has(b)) === true);
  const noun = (w: Word | undefined) =>
    w !== undefined && !w.token.value && !isVerb(w) && w.role !== 'content';
  // The head of a compound may be a word that is a verb as often ("To Do list").
  const head = (w: Word | undefined) =>
    w !== undefined && !w.token.value && w.role !== 'content' && (!isVerb(w) || NOUN_TERMS.has(w.term));
  ws.forEach((w, i) => {
    const verb = isVerb(w);
    let weight: number = w.token.value
      ? ROLE_WEIGHTS.value
      : w.role === 'object' || productTerms.has(w.term)
        ? ROLE_WEIGHTS.object
        : ROLE_WEIGHTS[w.role];
    // In a compound ("deal stage", "To Do list") the last noun is the thing; the others say which.
    const nextWord = ws[i + 1];
    if (
      noun(w) &&
      head(nextWord) &&
      nextWord?.at === w.at + 1 &&
      nextWord.role === w.role &&
      lexicon.things.has(nextWord.term)
    ) {
      weight *= ROLE_WEIGHTS.modifier;
    }
    const main = verb && w.role === 'object' && !w.token.value && action === null;
    if (verb && !main && !(w.role === 'object' && NOUN_TERMS.has(w.term))) {
      weight = Math.min(weight, ROLE_WEIGHTS.laterVerb);
    }
    if (verb && question) weight *= 0.5;
    if (main) action = w.term;
    if (!main && w.role === 'object' && w.token.plural) plural = true;
    add(w.term, weight, i, false);
    if (w.token.value || w.role === 'content') return;
    for (const [broader, x] of BROADER_TERMS.get(w.term) ?? []) add(broader, x * weight, i, true);
  });

  // The action's effect; a question leans to reading, and so does a query without a verb.
  const effects = new Map<Effect, number>();
  const lean = (effect: Effect, weight: number) =>
    effects.set(effect, Math.max(effects.get(effect) ?? 0, weight));
  if (action !== null) {
    const effect =
      INTENTS.get(action) ??
      BROADER_TERMS.get(action)
        ?.map(([b]) => INTENTS.get(b))
        .find(Boolean);
    if (effect) lean(effect, question ? 0.5 : 1);
  }
  if (question) lean('read', QUESTION_READ_WEIGHT);
  else if (action === null && ws.length > 0) lean('read', NO_VERB_READ_WEIGHT);
  // "attio deals", "show the latest emails": many of a thing, read, is a list.
  if (plural && (action === null || READING.has(action))) add(termOf('list'), PLURAL_LIST_WEIGHT, -1, true);
  return {
    effects,
    terms: [...byTerm].map(([term, v]) => ({
      term,
      weight: v.weight,
      sources: [...v.sources],
      implied: v.implied,
      verb: VERB_TERMS.has(term) && !NOUN_TERMS.has(term),
    })),
    words: ws.map((w) => w.token.word),
  };
}
