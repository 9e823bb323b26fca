/**
 * The only entry that reads spec YAML: parse safely, validate against the spec schema, expand
 * families, build the frozen IR, lint it. All problems are collected and returned at once.
 */

import { type Diagnostic, hasErrors, SpecLoadError } from '../check/diagnostics.js';
import { lintSet } from '../check/lint.js';
import { HELPERS } from '../helpers/index.js';
import { checkHelpers, type Helpers, NO_HELPERS, withHelpers } from '../helpers/registry.js';
import type { SourceLoc, SpecIR, ToolIR, ToolSetIR } from '../ir/ir.js';
import { buildSet, type RawTool } from './build-ir.js';
import { instantiate } from './families.js';
import { checkAgainstSpecSchema, subject } from './schema-check.js';
import { hashText, readSnapshot, specFromSets } from './snapshot.js';
import { MAX_SPEC_BYTES, readSpecTexts, type SpecText } from './spec-texts.js';
import { definitionsOf, desugarTool, type RefProblem, refDiagnostics, resolveRefs } from './sugar.js';
import { parseYamlSource } from './yaml-source.js';

export interface LoadResult {
  /** Null when any error was found. */
  readonly ir: SpecIR | null;
  /**
   * What could be built despite errors (tools whose declaration was too broken to build are
   * left out), so `validate` can lint and run examples past a schema error. Equal to `ir` when clean.
   */
  readonly built: SpecIR;
  readonly diagnostics: readonly Diagnostic[];
}

type Raw = Record<string, unknown>;

function expandTools(raw: Raw, locate: (p: string) => SourceLoc, diagnostics: Diagnostic[]): RawTool[] {
  const isObject = (t: unknown): t is Raw => !!t && typeof t === 'object' && !Array.isArray(t);
  const tools: RawTool[] = ((raw.tools as unknown[] | undefined) ?? []).flatMap((t, i) =>
    isObject(t) ? [{ raw: t, pointer: `/tools/${i}` }] : [],
  );
  ((raw.families as Raw[] | undefined) ?? []).forEach((family, f) => {
    const templates = (family.tools as Raw[] | undefined) ?? [];
    const instances = (family.instances as Record<string, string>[] | undefined) ?? [];
    for (const params of instances) {
      templates.forEach((tpl, j) => {
        const pointer = `/families/${f}/tools/${j}`;
        const problems: { pointer: string; param: string }[] = [];
        const tool = instantiate(tpl, params, pointer, problems) as Raw;
        for (const p of problems) {
          diagnostics.push({
            ...locate(p.pointer),
            pointer: p.pointer,
            severity: 'error',
            code: 'unknown_family_param',
            message: `family "${String(family.name)}": {{${p.param}}} is not a parameter of instance ${JSON.stringify(params)}`,
          });
        }
        tools.push({ raw: tool, pointer });
      });
    }
  });
  return tools;
}

/** What the templates of the specs may call: the built-ins and the user's (checked: throws HelperError). */
function ownHelpers(helpers: unknown): Helpers {
  return helpers === undefined ? NO_HELPERS : checkHelpers(helpers, 'loadSpecs: helpers', HELPERS);
}

/** Load from in-memory texts; never throws for spec problems. `helpers`: the user's, beside the built-ins. */
export function loadSpecTexts(
  texts: readonly SpecText[],
  options: { helpers?: Helpers | undefined } = {},
): LoadResult {
  const own = ownHelpers(options.helpers);
  const helpers = withHelpers(HELPERS, own);
  const diagnostics: Diagnostic[] = [];
  const sets: ToolSetIR[] = [];
  const seenSets = new Map<string, string>();
  const seenTools = new Map<string, ToolIR>();

  for (const { file, text, bytes } of texts) {
    const size = bytes ?? (text.length * 3 > MAX_SPEC_BYTES ? Buffer.byteLength(text) : text.length);
    if (size > MAX_SPEC_BYTES) {
      diagnostics.push({
        file,
        line: 1,
        column: 1,
        pointer: '',
        severity: 'error',
        code: 'spec_too_large',
        message: `the spec file is ${(size / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_SPEC_BYTES / 1024 / 1024} MB (split the set into several files)`,
      });
      continue;
    }
    const source = parseYamlSource(file, text, diagnostics);
    if (!source) continue;
    const schemaValid = checkAgainstSpecSchema(source, diagnostics);
    if (!schemaValid && !buildable(source.data)) continue;
    const locate = (pointer: string): SourceLoc => ({ file, pointer, ...source.locate(pointer) });
    const raw = source.data as Raw;
    const err = (pointer: string, code: string, message: string) =>
      diagnostics.push({ ...locate(pointer), severity: 'error', code, message });

    const setName = String(raw.set);
    const previous = seenSets.get(setName);
    if (previous) {
      err('/set', 'duplicate_set', `set "${setName}" is already declared in ${previous}`);
      continue;
    }
    seenSets.set(setName, file);

    const defs = definitionsOf(raw);
    const refProblems: RefProblem[] = [];
    const rawTools = expandTools(raw, locate, diagnostics).flatMap((t) => {
      try {
        return [
          {
            pointer: t.pointer,
            raw: desugarTool(raw, resolveRefs(t.raw, defs, t.pointer, refProblems) as Raw),
          },
        ];
      } catch (e) {
        if (schemaValid) throw e;
        return []; // too broken to read; its schema errors say why
      }
    });
    diagnostics.push(...refDiagnostics(refProblems, locate, (p) => subject(raw, p)));

    const paging = (raw.paging as Raw | undefined) ?? {};
    for (const t of rawTools) {
      const ref = t.raw.paging;
      if (typeof ref === 'string' && !(ref in paging)) {
        err(
          `${t.pointer}/paging`,
          'unknown_paging',
          `${String(t.raw.name)}: paging "${ref}" is not declared in the set's paging block`,
        );
      }
    }

    const set = schemaValid
      ? buildSet(raw, { file, hash: hashText(text) }, rawTools, locate)
      : buildDespiteErrors(raw, { file, hash: hashText(text) }, rawTools, locate);
    if (!set) continue;
    for (const tool of set.tools) {
      const other = seenTools.get(tool.name);
      if (other) {
        err(
          `${tool.loc.pointer}/name`,
          'duplicate_tool',
          `tool "${tool.name}" is already declared at ${other.loc.file}:${other.loc.line}:${other.loc.column}`,
        );
      } else {
        seenTools.set(tool.name, tool);
      }
    }
    try {
      lintSet(set, locate, diagnostics, helpers);
    } catch {
      // A schema-invalid declaration may break an assumption of the lint; the schema error says why.
      if (schemaValid) throw new Error(`lint failed on schema-valid set "${setName}"`);
    }
    sets.push(set);
  }

  diagnostics.sort(
    (a, b) =>
      a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code),
  );
  const built = specFromSets(sets, own);
  if (hasErrors(diagnostics)) return { ir: null, built, diagnostics };
  return { ir: built, built, diagnostics };
}

/** Enough of a set to build at all: an object with a set name and a server. */
function buildable(data: unknown): data is Raw {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return false;
  const d = data as Raw;
  return (
    typeof d.set === 'string' &&
    !!d.server &&
    typeof d.server === 'object' &&
    (d.tools === undefined || Array.isArray(d.tools)) &&
    (d.families === undefined || Array.isArray(d.families))
  );
}

/** Build a schema-invalid set tool by tool, leaving out the tools that cannot be built. */
function buildDespiteErrors(
  raw: Raw,
  source: { file: string; hash: string },
  tools: readonly RawTool[],
  locate: (p: string) => SourceLoc,
): ToolSetIR | null {
  const buildsAlone = (t: RawTool) => {
    try {
      buildSet(raw, source, [t], locate);
      return true;
    } catch {
      return false;
    }
  };
  try {
    return buildSet(raw, source, tools.filter(buildsAlone), locate);
  } catch {
    return null;
  }
}

export function loadSpecFiles(files: readonly string[], root?: string, helpers?: Helpers): LoadResult {
  return loadSpecTexts(readSpecTexts(files, root), { helpers });
}

export interface LoadSpecsOptions {
  /** Directory that spec paths are shown relative to (default: the working directory). */
  readonly root?: string | undefined;
  /**
   * An IR snapshot's parsed data (`JSON.parse(snapshotJson)` of a generated `ir.ts`) to use
   * instead of parsing while it matches the files' hashes.
   */
  readonly snapshot?: unknown;
  /** Helpers of the user's own that templates may call (e.g. `await importSpecHelpers(files)`). */
  readonly helpers?: Helpers | undefined;
}

/**
 * Load and return the IR, throwing `SpecLoadError` with every diagnostic when any error is found.
 * With a snapshot named, it is used while current (see snapshot.ts), else the files load in full.
 */
export function loadSpecs(files: readonly string[], options: LoadSpecsOptions = {}): SpecIR {
  const texts = readSpecTexts(files, options.root);
  const snapshot = options.snapshot === undefined ? null : readSnapshot(texts, options.snapshot);
  if (snapshot) return snapshot;
  const { ir, diagnostics } = loadSpecTexts(texts, { helpers: options.helpers });
  if (!ir) throw new SpecLoadError(diagnostics);
  return ir;
}
