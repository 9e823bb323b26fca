/**
 * The tool catalog the MCP server lists. tools/list must answer fast, so the catalog comes
 * from the generator's modules (`catalogs` of a generated `catalog.ts`) when the caller hands
 * them over — no YAML, no Ajv. Otherwise (or when they hold no tool) it is derived from the IR,
 * which loads the specs.
 */
import {
  advertisedInput,
  advertisedOutput,
  annotationsFor,
  type Effect,
  type JsonSchema,
  type SpecIR,
  type ToolAnnotations,
} from '@toolspec/language/light';

/** Exactly what tools/list returns for one tool. */
export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  /** What a success's structuredContent satisfies (errors carry none). */
  readonly outputSchema: JsonSchema;
  readonly annotations: ToolAnnotations;
}

/** What the discovery search reads besides the listed tool: how users name the set's product, the maintainer's hints. */
export interface SearchHints {
  readonly set: {
    readonly title: string;
    readonly product: string | null;
    readonly aliases: readonly string[];
  };
  readonly keywords: readonly string[];
  readonly aliases: readonly string[];
}

export interface CatalogEntry {
  readonly set: string;
  /** Null when the catalog does not carry them (a generated one without `_meta`); the IR has them. */
  readonly effects: readonly Effect[] | null;
  readonly readOnly: boolean;
  readonly tool: McpTool;
  /** Absent for entries built without a spec (the search then reads the tool alone). */
  readonly search?: SearchHints | undefined;
}

export interface Catalog {
  readonly entries: readonly CatalogEntry[];
  /** Where it came from, for the startup line. */
  readonly source: 'generated' | 'specs';
  /** The IR, when the catalog had to be built from it (reused by the toolkit). */
  readonly ir: SpecIR | null;
}

export function catalogFromIR(ir: SpecIR): CatalogEntry[] {
  const sets = new Map(ir.sets.map((s) => [s.name, { title: s.title, ...s.search }]));
  return ir.tools.map((t) => ({
    set: t.set,
    effects: t.effects,
    readOnly: t.facts.readOnly,
    search: { set: sets.get(t.set) ?? { title: t.set, product: null, aliases: [] }, ...t.search },
    tool: {
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: advertisedInput(t).schema,
      outputSchema: advertisedOutput(t),
      annotations: annotationsFor(t),
    },
  }));
}

type ToolHints = Pick<SearchHints, 'keywords' | 'aliases'>;

interface GeneratedTool extends McpTool {
  readonly _meta?: { readonly effects?: readonly Effect[]; readonly search?: Partial<ToolHints> } & Readonly<
    Record<string, unknown>
  >;
}

/** A set's generated MCP catalog (generator/emitters/catalog.ts: what `<set>/catalog.ts` exports). */
export interface GeneratedCatalog {
  readonly set: string;
  readonly search?: Partial<SearchHints['set']> | undefined;
  readonly tools: readonly GeneratedTool[];
}

function effectsOf(t: GeneratedTool): readonly Effect[] | null {
  const declared = t._meta?.effects;
  return Array.isArray(declared) ? declared : null;
}

/** The entries of generated catalogs, sorted by tool name; null when they hold no tool. */
export function generatedEntries(catalogs: readonly GeneratedCatalog[]): CatalogEntry[] | null {
  const entries: CatalogEntry[] = [];
  for (const { set, search, tools } of catalogs) {
    const setHints = {
      title: search?.title ?? set,
      product: search?.product ?? null,
      aliases: search?.aliases ?? [],
    };
    for (const t of tools) {
      const { _meta: _ignored, ...tool } = t;
      entries.push({
        set,
        effects: effectsOf(t),
        readOnly: t.annotations.readOnlyHint,
        search: {
          set: setHints,
          keywords: t._meta?.search?.keywords ?? [],
          aliases: t._meta?.search?.aliases ?? [],
        },
        tool,
      });
    }
  }
  if (entries.length === 0) return null;
  return entries.sort((a, b) => (a.tool.name < b.tool.name ? -1 : a.tool.name > b.tool.name ? 1 : 0));
}

/** The catalog to serve: the generated one `generated` gives when there is one, else from the IR `load` gives. */
export async function loadCatalog(
  load: () => SpecIR | Promise<SpecIR>,
  generated?: (() => Promise<readonly GeneratedCatalog[]>) | undefined,
): Promise<Catalog> {
  const entries = generated === undefined ? null : generatedEntries(await generated());
  if (entries) return { entries, source: 'generated', ir: null };
  const ir = await load();
  return { entries: catalogFromIR(ir), source: 'specs', ir };
}
