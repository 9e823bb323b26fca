/**
 * The tool catalogue the MCP server lists. tools/list must answer fast, so the catalogue comes
 * from the generator's JSON (`<generated>/<set>/catalog.json`) when the caller names a generated
 * directory — no YAML, no Ajv. Otherwise (or when that directory has no catalogue) it is derived
 * from the IR, which loads the specs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

export interface CatalogueEntry {
  readonly set: string;
  /** Null when the catalogue does not carry them (the generated JSON); the IR has them. */
  readonly effects: readonly Effect[] | null;
  readonly readOnly: boolean;
  readonly tool: McpTool;
  /** Absent for entries built without a spec (the search then reads the tool alone). */
  readonly search?: SearchHints | undefined;
}

export interface Catalogue {
  readonly entries: readonly CatalogueEntry[];
  /** Where it came from, for the startup line. */
  readonly source: 'generated' | 'specs';
  /** The IR, when the catalogue had to be built from it (reused by the toolkit). */
  readonly ir: SpecIR | null;
}

/** The generator's per-set MCP catalogue (generator/emitters/catalog.ts): `{ set, tools: [...] }`. */
export const CATALOGUE_FILE = 'catalog.json';

export function catalogueFromIR(ir: SpecIR): CatalogueEntry[] {
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

function effectsOf(t: GeneratedTool): readonly Effect[] | null {
  const declared = t._meta?.effects;
  return Array.isArray(declared) ? declared : null;
}

/** Read `<dir>/<set>/catalog.json` for every set; null when there is no generated catalogue. */
export function readGeneratedCatalogue(dir: string): CatalogueEntry[] | null {
  if (!existsSync(dir)) return null;
  const sets = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, CATALOGUE_FILE)))
    .map((d) => d.name)
    .sort();
  const entries: CatalogueEntry[] = [];
  for (const set of sets) {
    const parsed = JSON.parse(readFileSync(join(dir, set, CATALOGUE_FILE), 'utf8')) as {
      set?: string;
      search?: Partial<SearchHints['set']>;
      tools: GeneratedTool[];
    };
    // A set's catalogue names its set; anything else in a subfolder (a build's copy of the
    // combined catalogue in dist/, say) is not a set.
    if (parsed.set !== set) continue;
    const setHints = {
      title: parsed.search?.title ?? set,
      product: parsed.search?.product ?? null,
      aliases: parsed.search?.aliases ?? [],
    };
    for (const t of parsed.tools) {
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

/** The catalogue to serve: the generated JSON in `generatedDir` when there is one, else from the IR `load` gives. */
export async function loadCatalogue(
  load: () => SpecIR | Promise<SpecIR>,
  generatedDir?: string | undefined,
): Promise<Catalogue> {
  const generated = generatedDir === undefined ? null : readGeneratedCatalogue(generatedDir);
  if (generated) return { entries: generated, source: 'generated', ir: null };
  const ir = await load();
  return { entries: catalogueFromIR(ir), source: 'specs', ir };
}
