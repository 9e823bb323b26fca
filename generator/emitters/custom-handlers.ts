/**
 * Escape-hatch handler stubs (ts-morph), `<set>/custom-handlers.ts`: one function per `handler:`
 * a tool declares. The signature (parameters, return type, doc comment) is regenerated from the
 * spec; the body is hand-written and carried over from the existing file untouched, as are any
 * extra imports and functions no tool refers to any more.
 */

import type { ToolIR, ToolSetIR } from '@toolspec/language';
import type { SourceFile } from 'ts-morph';
import { codeHeader } from '../provenance.js';
import { perSet } from '../sets.js';
import { tsProject } from '../ts-project.js';
import { type EmitOptions, type Emitter, RUNTIME_PACKAGE } from '../types.js';
import { handlerDocs, handlerImports, handlerParameters, handlerReturnType } from './handlers.js';

export const customHandlersPath = (set: string): string => `${set}/custom-handlers.ts`;

const HEADER_NOTE =
  'Escape-hatch handlers: signatures are regenerated; the bodies are hand-written and kept.';

/** Drop the leading `//` header lines (regenerated below). */
function withoutHeader(text: string): string {
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length && (lines[i] ?? '').startsWith('//')) i++;
  return lines.slice(i).join('\n').replace(/^\n+/, '');
}

/** Imports we generate; hand-written imports are left alone. */
function isGeneratedImport(specifier: string): boolean {
  return specifier === './types.js' || specifier === RUNTIME_PACKAGE;
}

function syncHandler(file: SourceFile, tool: ToolIR, name: string): void {
  const docs = `${handlerDocs(tool)}\n\nEscape hatch: this body is hand-written and survives regeneration.`;
  const fn = file.getFunction(name);
  if (!fn) {
    file.addFunction({
      name,
      isExported: true,
      isAsync: true,
      docs: [docs],
      parameters: handlerParameters(tool),
      returnType: handlerReturnType(tool),
      statements: [`throw new Error('${name} (${tool.name}): not implemented yet');`],
    });
    return;
  }
  fn.setIsExported(true);
  for (const doc of fn.getJsDocs()) doc.remove();
  fn.addJsDoc(docs);
  for (const p of fn.getParameters()) p.remove();
  fn.addParameters(handlerParameters(tool));
  fn.setReturnType(handlerReturnType(tool));
}

export async function setCustomHandlers(set: ToolSetIR, options: EmitOptions): Promise<string | null> {
  const tools = set.tools.filter((t) => t.handler !== null);
  const existing = options.existing(customHandlersPath(set.name));
  if (tools.length === 0 && existing === undefined) return null;
  const project = await tsProject();
  const file = project.createSourceFile(`/${customHandlersPath(set.name)}`, withoutHeader(existing ?? ''), {
    overwrite: true,
  });
  for (const d of file.getImportDeclarations()) {
    if (isGeneratedImport(d.getModuleSpecifierValue())) d.remove();
  }
  for (const tool of tools) syncHandler(file, tool, tool.handler as string);
  const text = withoutHeader(file.getFullText()).trimEnd();
  project.removeSourceFile(file);
  return `${codeHeader([set.source], options, [HEADER_NOTE])}\n${handlerImports()}\n${text.startsWith('import') ? '' : '\n'}${text}\n`;
}

export const customHandlersEmitter: Emitter = {
  name: 'custom-handlers',
  summary:
    '<set>/custom-handlers.ts: escape-hatch handler stubs whose hand-written bodies survive regeneration',
  emit: (ir, options) =>
    perSet(ir, async (set) => {
      const contents = await setCustomHandlers(set, options);
      return contents === null ? [] : [{ path: customHandlersPath(set.name), contents }];
    }),
};
