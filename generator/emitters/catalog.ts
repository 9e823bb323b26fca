/**
 * The MCP tool catalog: what `tools/list` answers, precomputed so the server starts without
 * building schemas. `<set>/catalog.ts` per set exports `catalog` (`{ set, tools }`), and
 * `catalog.ts` exports `catalogs`, every set's, with their types. Each tool:
 * `{ name, title, description, inputSchema, outputSchema, annotations, _meta: { effects, search? } }`,
 * where inputSchema is the advertised (flat) schema (language/schema/advertise.ts), tools sorted by
 * name; a set's `search` and a tool's `_meta.search` are what the discovery search reads besides
 * the tool (the set's title, product and aliases; a tool's keywords and aliases, when it has any).
 * Modules holding JSON text (generator/json.ts), so plain `tsc` output and bundles carry them.
 */

import type { ToolIR, ToolSetIR } from '@toolspec/language';
import { advertisedInput, advertisedOutput, annotationsFor } from '@toolspec/language';
import { canonicalize, jsonLiteral } from '../json.js';
import { codeHeader } from '../provenance.js';
import { sourcesOf } from '../sets.js';
import { type Emitter, type GeneratedFile, RUNTIME_PACKAGE } from '../types.js';

export const CATALOG_MODULE = 'catalog.ts';

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

/** How users name the set's product, for the discovery search (`search` of a set's catalog). */
export const catalogSetSearch = (set: ToolSetIR) => ({ title: set.title, ...set.search });

/** The local name of a set's catalog in the root module (set names are lowercase words, some reserved). */
const localName = (set: ToolSetIR): string => `${set.name}Catalog`;

function setModule(set: ToolSetIR, header: string): string {
  const data = canonicalize({
    set: set.name,
    search: catalogSetSearch(set),
    tools: set.tools.map(catalogEntry),
  });
  return `${header}
import type { SetCatalog } from '../catalog.js';

/** The MCP tool catalog of the set \`${set.name}\`. */
export const catalog: SetCatalog = JSON.parse(
${jsonLiteral(JSON.stringify(data, null, 1))},
);
`;
}

function rootModule(sets: readonly ToolSetIR[], header: string): string {
  return `${header}
import type { JsonValue } from '${RUNTIME_PACKAGE}';
${sets.map((s) => `import { catalog as ${localName(s)} } from './${s.name}/catalog.js';`).join('\n')}

/** One tool as MCP \`tools/list\` lists it, with its declared effects in \`_meta\`. */
export interface CatalogTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** The advertised (flat) input schema. */
  readonly inputSchema: { readonly [key: string]: JsonValue };
  /** What the structured content of a success satisfies. */
  readonly outputSchema: { readonly [key: string]: JsonValue };
  readonly annotations: {
    readonly title: string;
    readonly readOnlyHint: boolean;
    readonly destructiveHint: boolean;
    readonly idempotentHint: boolean;
    readonly openWorldHint: boolean;
  };
  readonly _meta: {
    readonly effects: readonly ('read' | 'create' | 'update' | 'delete')[];
    /** The maintainer's search hints (never listed to clients). */
    readonly search?: { readonly keywords: readonly string[]; readonly aliases: readonly string[] };
  };
}

/** A set's MCP tool catalog. */
export interface SetCatalog {
  readonly set: string;
  /** How users name the set's product, for the discovery search. */
  readonly search: { readonly title: string; readonly product: string | null; readonly aliases: readonly string[] };
  /** Sorted by name. */
  readonly tools: readonly CatalogTool[];
}

/** Every set's catalog, sorted by set name. */
export const catalogs: readonly SetCatalog[] = [${sets.map(localName).join(', ')}];
`;
}

export const catalogEmitter: Emitter = {
  name: 'catalog',
  summary:
    'catalog.ts and <set>/catalog.ts: the MCP tool list (name, title, description, inputSchema, annotations) as modules',
  emit: (ir, options) => {
    const files: GeneratedFile[] = ir.sets.map((set) => ({
      path: `${set.name}/${CATALOG_MODULE}`,
      contents: setModule(set, codeHeader([set.source], options)),
    }));
    if (ir.sets.length > 0) {
      files.push({ path: CATALOG_MODULE, contents: rootModule(ir.sets, codeHeader(sourcesOf(ir), options)) });
    }
    return files;
  },
};
