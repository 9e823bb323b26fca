/**
 * Escape-hatch handlers: ts-morph regenerates the signature of each stub from the spec and
 * leaves the hand-written body alone.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { customHandlersPath, setCustomHandlers } from '../../generator/emitters/custom-handlers.js';
import type { EmitOptions } from '../../generator/index.js';
import type { ToolSetIR } from '../../language/ir/ir.js';
import { loadSpecTexts } from '../../language/load/load.js';
import { FIXTURE_SPECS } from './support.js';

const SHAPES = readFileSync(FIXTURE_SPECS[1] as string, 'utf8');

function shapesSet(text: string): ToolSetIR {
  const { ir, diagnostics } = loadSpecTexts([{ file: 'test/fixtures/specs/shapes.yaml', text }]);
  if (!ir) throw new Error(JSON.stringify(diagnostics));
  return ir.sets[0] as ToolSetIR;
}

const options = (existing?: string): EmitOptions => ({
  regenerateCommand: 'npm run generate',
  existing: (p) => (p === customHandlersPath('shapes') ? existing : undefined),
});

const BODY = `{
  // hand-written: build the export URL ourselves
  const url = \`https://files.shapes.test/\${input.format}\`;
  return { url, rows: input.fields?.length ?? 0 };
}`;

describe('escape-hatch handler stubs', () => {
  it('emits a stub for each declared handler, typed with the tool types', async () => {
    const text = await setCustomHandlers(shapesSet(SHAPES), options());
    expect(text).toContain(
      'export async function exportRecords(toolkit: ToolCaller, input: T.ShapesExportRunInput, options?: CallOptions): Promise<T.ShapesExportRunOutput> {',
    );
    expect(text).toContain("throw new Error('exportRecords (shapes_export_run): not implemented yet');");
  });

  it('keeps a hand-written body and restores the generated signature', async () => {
    const stub = (await setCustomHandlers(shapesSet(SHAPES), options())) as string;
    const start = stub.indexOf('{', stub.indexOf('export async function exportRecords'));
    // Someone writes the body, and also fiddles with the signature.
    const edited = stub
      .slice(0, start)
      .replace('input: T.ShapesExportRunInput', 'input: any')
      .replace('Promise<T.ShapesExportRunOutput>', 'Promise<unknown>')
      .concat(`${BODY}\n\nfunction helper(): number {\n  return 42;\n}\n`)
      .replace(
        "import type * as T from './types.js';",
        "import type * as T from './types.js';\nimport { join } from 'node:path';",
      );
    const regenerated = (await setCustomHandlers(shapesSet(SHAPES), options(edited))) as string;
    expect(regenerated).toContain(BODY);
    expect(regenerated).toContain(
      'input: T.ShapesExportRunInput, options?: CallOptions): Promise<T.ShapesExportRunOutput> {',
    );
    expect(regenerated).not.toContain('input: any');
    expect(regenerated).toContain('function helper(): number {\n  return 42;\n}');
    expect(regenerated).toContain("import { join } from 'node:path';");
    // A fixed point: regenerating the regenerated file changes nothing.
    expect(await setCustomHandlers(shapesSet(SHAPES), options(regenerated))).toBe(regenerated);
  });

  it('updates the signature when the spec moves the handler to another tool, body untouched', async () => {
    const stub = (await setCustomHandlers(shapesSet(SHAPES), options())) as string;
    const start = stub.indexOf('{', stub.indexOf('export async function exportRecords'));
    const written = `${stub.slice(0, start)}${BODY}\n`;
    const moved = SHAPES.replace('    handler: exportRecords\n', '').replace(
      '    path: /records/query\n',
      '    path: /records/query\n    handler: exportRecords\n',
    );
    const regenerated = (await setCustomHandlers(shapesSet(moved), options(written))) as string;
    expect(regenerated).toContain(
      'export async function exportRecords(toolkit: ToolCaller, input: T.ShapesRecordQueryInput, options?: CallOptions): Promise<T.ShapesRecordQueryOutput> {',
    );
    expect(regenerated).toContain(BODY);
    expect(regenerated).toContain('Tool `shapes_record_query`');
  });

  it('emits nothing for a set without handlers and no existing file', async () => {
    const none = SHAPES.replace('    handler: exportRecords\n', '');
    expect(await setCustomHandlers(shapesSet(none), options())).toBeNull();
  });
});
