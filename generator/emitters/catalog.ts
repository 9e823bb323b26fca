/**
 * The MCP tool catalogue: what `tools/list` answers, precomputed so the server starts without
 * building schemas. `<set>/catalog.json` per set and `catalog.json` for every set.
 * Shape: `{ "$comment", "set"?, "search"?, "tools": [{ name, title, description, inputSchema, outputSchema, annotations, _meta: { effects, search? } }] }`,
 * where inputSchema is the advertised (flat) schema (language/advertise.ts), `search` what the
 * discovery search reads besides the tool (the set's title, product and aliases; a tool's keywords
 * and aliases, when it has any), tools sorted by name.
 */

import type { ToolIR, ToolSetIR } from '@toolspec/language';
import { advertisedInput, advertisedOutput, annotationsFor } from '@toolspec/language';
import { jsonFile } from '../json.js';
import { provenanceText } from '../provenance.js';
import { sourcesOf } from '../sets.js';
import type { Emitter, GeneratedFile } from '../types.js';

export const CATALOG_FILE = 'catalog.json';

export function catalogEntry(tool: ToolIR) {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    // The flat schema every client accepts; the runtime still validates tool.inputSchema in full.
    inputSchema: advertisedInput(tool).schema,
    // What structuredContent of a success satisfies (paged tools: the page envelope).
    outputSchema: advertisedOutput(tool),
    annotations: annotationsFor(tool),
    // MCP's extension slot: the declared effects, so a server can filter read-only tools without the
    // IR, and the maintainer's search hints (never listed to clients).
    _meta: {
      effects: [...tool.effects],
      ...(tool.search.keywords.length + tool.search.aliases.length > 0 ? { search: tool.search } : {}),
    },
  };
}

/** How users name the set's product, for the discovery search (`search` of `<set>/catalog.json`). */
export const catalogSetSearch = (set: ToolSetIR) => ({ title: set.title, ...set.search });

const bySet = (set: ToolSetIR) => set.tools.map(catalogEntry);

export const catalogEmitter: Emitter = {
  name: 'catalog',
  summary:
    'catalog.json and <set>/catalog.json: MCP tool list (name, title, description, inputSchema, annotations)',
  emit: (ir, options) => {
    const files: GeneratedFile[] = ir.sets.map((set) => ({
      path: `${set.name}/${CATALOG_FILE}`,
      contents: jsonFile(provenanceText([set.source], options), {
        set: set.name,
        search: catalogSetSearch(set),
        tools: bySet(set),
      }),
    }));
    if (ir.sets.length > 0) {
      files.push({
        path: CATALOG_FILE,
        contents: jsonFile(provenanceText(sourcesOf(ir), options), { tools: ir.tools.map(catalogEntry) }),
      });
    }
    return files;
  },
};
