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

export interface CatalogueEntry {
  readonly set: string;
  /** Null when the catalogue does not carry them (the generated JSON); the IR has them. */
  readonly effects: readonly Effect[] | null;
  readonly readOnly: boolean;
  readonly tool: McpTool;
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
  return ir.tools.map((t) => ({
    set: t.set,
    effects: t.effects,
    readOnly: t.facts.readOnly,
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

interface GeneratedTool extends McpTool {
  readonly _meta?: { readonly effects?: readonly Effect[] } & Readonly<Record<string, unknown>>;
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
      tools: GeneratedTool[];
    };
    // A set's catalogue names its set; anything else in a subfolder (a build's copy of the
    // combined catalogue in dist/, say) is not a set.
    if (parsed.set !== set) continue;
    for (const t of parsed.tools) {
      const { _meta: _ignored, ...tool } = t;
      entries.push({
        set,
        effects: effectsOf(t),
        readOnly: t.annotations.readOnlyHint,
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
