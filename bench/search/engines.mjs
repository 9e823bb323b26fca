/**
 * The three searches the benchmark compares, each `(entries) -> (query) -> tool names, best first`:
 *
 * - `before`: the discovery search as it was before issue 28 (kept here, unchanged, as the
 *   baseline): every query word must occur as a substring of the name (4 points), title (2) or
 *   description (1); ties alphabetical.
 * - `bm25`: MiniSearch with its default options (BM25+, any word, no stemming, no synonyms) over
 *   name, title and description.
 * - `toolspec`: the discovery search (mcp/server/search).
 */
import MiniSearch from 'minisearch';

export function beforeEngine(entries) {
  const docs = entries.map((e) => ({
    name: e.tool.name,
    lname: e.tool.name.toLowerCase(),
    title: e.tool.title.toLowerCase(),
    description: e.tool.description.toLowerCase(),
  }));
  return (query) => {
    const words = query
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w !== '');
    const scored = [];
    for (const d of docs) {
      let score = 0;
      let all = true;
      for (const w of words) {
        const s =
          (d.lname.includes(w) ? 4 : 0) + (d.title.includes(w) ? 2 : 0) + (d.description.includes(w) ? 1 : 0);
        if (s === 0) all = false;
        score += s;
      }
      if (all) scored.push({ name: d.name, score });
    }
    scored.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1));
    return scored.map((s) => s.name);
  };
}

export function bm25Engine(entries) {
  const mini = new MiniSearch({ fields: ['name', 'title', 'description'], storeFields: ['name'] });
  mini.addAll(
    entries.map((e, id) => ({ id, name: e.tool.name, title: e.tool.title, description: e.tool.description })),
  );
  return (query) => mini.search(query).map((r) => r.name);
}

export function toolspecEngine(entries, search) {
  const index = new search.ToolSearch(entries, (e) => e.effects ?? []);
  return (query) => index.search(query).hits.map((h) => h.entry.tool.name);
}

export const ENGINES = {
  before: (entries) => beforeEngine(entries),
  bm25: (entries) => bm25Engine(entries),
  toolspec: (entries, modules) => toolspecEngine(entries, modules.search),
};
