/**
 * The tool catalogue the MCP server lists. tools/list must answer fast, so the catalogue comes
 * from the generator's JSON (generated/<set>/catalog.json) — no YAML, no Ajv. Only when
 * generated/ is absent (a checkout before `toolspec generate`) or when explicit spec files are
 * served is it derived from the IR, which loads the specs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATED_DIR } from '../paths.js';
import type { Effect, JsonSchema, SpecIR } from '../spec/ir.js';
import { annotationsFor, isReadOnly, type ToolAnnotations } from './annotations.js';

/** Exactly what tools/list returns for one tool. */
export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
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
    readOnly: isReadOnly(t.effects),
    tool: {
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
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

/** Read generated/<set>/mcp-tools.json for every set; null when there is no generated catalogue. */
export function readGeneratedCatalogue(dir: string = GENERATED_DIR): CatalogueEntry[] | null {
  if (!existsSync(dir)) return null;
  const sets = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, CATALOGUE_FILE)))
    .map((d) => d.name)
    .sort();
  if (sets.length === 0) return null;
  const entries: CatalogueEntry[] = [];
  for (const set of sets) {
    const parsed = JSON.parse(readFileSync(join(dir, set, CATALOGUE_FILE), 'utf8')) as {
      set?: string;
      tools: GeneratedTool[];
    };
    for (const t of parsed.tools) {
      const { _meta: _ignored, ...tool } = t;
      entries.push({
        set: parsed.set ?? set,
        effects: effectsOf(t),
        readOnly: t.annotations.readOnlyHint,
        tool,
      });
    }
  }
  return entries.sort((a, b) => (a.tool.name < b.tool.name ? -1 : a.tool.name > b.tool.name ? 1 : 0));
}

/**
 * The catalogue to serve: from explicit spec files (IR), else the generated JSON, else the
 * shipped specs (IR). The IR paths import the spec loader lazily.
 */
export async function loadCatalogue(specFiles?: readonly string[]): Promise<Catalogue> {
  if (!specFiles || specFiles.length === 0) {
    const generated = readGeneratedCatalogue();
    if (generated) return { entries: generated, source: 'generated', ir: null };
  }
  const { loadSpecs } = await import('../spec/load.js');
  const ir = specFiles && specFiles.length > 0 ? loadSpecs(specFiles) : loadSpecs();
  return { entries: catalogueFromIR(ir), source: 'specs', ir };
}
