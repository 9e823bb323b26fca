/**
 * Typed handlers (ts-morph): one function per tool that calls the runtime with the generated
 * Input/Output types, e.g. `notesPageGet(toolkit, input)` -> `toolkit.call('notes_page_get', input)`.
 */

import type { ToolIR, ToolSetIR } from '@toolspec/language';
import type { OptionalKind, ParameterDeclarationStructure } from 'ts-morph';
import { jsDocText } from '../escape.js';
import { camelName, inputTypeName, outputTypeName } from '../naming.js';
import { codeHeader } from '../provenance.js';
import { perSet } from '../sets.js';
import { tsProject } from '../ts-project.js';
import { type EmitOptions, type Emitter, RUNTIME_PACKAGE } from '../types.js';

/** The parameters every handler takes; shared with the escape-hatch stubs. */
export function handlerParameters(tool: ToolIR): OptionalKind<ParameterDeclarationStructure>[] {
  return [
    { name: 'toolkit', type: 'ToolCaller' },
    { name: 'input', type: `T.${inputTypeName(tool.name)}` },
    { name: 'options', type: 'CallOptions', hasQuestionToken: true },
  ];
}

export const handlerReturnType = (tool: ToolIR): string => `Promise<T.${outputTypeName(tool.name)}>`;

export function handlerDocs(tool: ToolIR): string {
  const traits = [
    `Effects: ${tool.effects.join(', ')}.`,
    tool.idempotent ? 'Idempotent.' : 'Not idempotent.',
    tool.destructive ? 'Destructive.' : '',
    tool.paging ? `Paged (${tool.paging.style}).` : '',
  ].filter(Boolean);
  return jsDocText(`${tool.title}: ${tool.description}\n\nTool \`${tool.name}\`. ${traits.join(' ')}`);
}

export function handlerImports(): string {
  return [
    `import type { CallOptions, ToolCaller } from '${RUNTIME_PACKAGE}';`,
    `import type * as T from './types.js';`,
  ].join('\n');
}

export async function setHandlers(set: ToolSetIR, options: EmitOptions): Promise<string> {
  const project = await tsProject();
  const file = project.createSourceFile(`/${set.name}/handlers.ts`, handlerImports(), {
    overwrite: true,
  });
  file.addFunctions(
    set.tools.map((tool) => ({
      name: camelName(tool.name),
      isExported: true,
      docs: [handlerDocs(tool)],
      parameters: handlerParameters(tool),
      returnType: handlerReturnType(tool),
      statements: [
        `return toolkit.call(${JSON.stringify(tool.name).replaceAll('"', "'")}, input, options) as Promise<unknown> as ${handlerReturnType(tool)};`,
      ],
    })),
  );
  const text = file.getFullText();
  project.removeSourceFile(file);
  return `${codeHeader([set.source], options, ['Typed handlers: one function per tool, calling the runtime.'])}\n${text.trimEnd()}\n`;
}

export const handlersEmitter: Emitter = {
  name: 'handlers',
  summary: '<set>/handlers.ts: one typed function per tool calling toolkit.call',
  emit: (ir, options) =>
    perSet(ir, async (set) => [
      { path: `${set.name}/handlers.ts`, contents: await setHandlers(set, options) },
    ]),
};
