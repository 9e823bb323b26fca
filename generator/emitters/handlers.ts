/**
 * Typed handlers: one function per tool that calls the runtime with the generated
 * Input/Output types, e.g. `notesPageGet(toolkit, input)` -> `toolkit.call('notes_page_get', input)`.
 */

import type { ToolIR, ToolSetIR } from '@toolspec/language';
import type { OptionalKind, ParameterDeclarationStructure } from 'ts-morph';
import { jsDocText } from '../escape.js';
import { camelName, inputTypeName, outputTypeName } from '../naming.js';
import { codeHeader } from '../provenance.js';
import { perSet } from '../sets.js';
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

/** A JSDoc block as ts-morph prints one: ` * ` before each line, a bare ` *` for an empty one. */
export function jsDocBlock(text: string, indent = ''): string {
  const lines = text.split(/\r?\n/).map((l) => (l === '' ? `${indent} *` : `${indent} * ${l}`));
  return `${indent}/**\n${lines.join('\n')}\n${indent} */`;
}

/** One handler function's source. */
function handlerSource(tool: ToolIR): string {
  const params = handlerParameters(tool)
    .map((p) => `${p.name}${p.hasQuestionToken ? '?' : ''}: ${p.type}`)
    .join(', ');
  const returns = handlerReturnType(tool);
  const name = JSON.stringify(tool.name).replaceAll('"', "'");
  return [
    jsDocBlock(handlerDocs(tool)),
    `export function ${camelName(tool.name)}(${params}): ${returns} {`,
    `  return toolkit.call(${name}, input, options) as Promise<unknown> as ${returns};`,
    '}',
  ].join('\n');
}

/**
 * The set's handlers, printed directly: every function has the same fixed shape, so there is
 * nothing to parse (ts-morph, and with it TypeScript, loads only for escape-hatch stubs, whose
 * hand-written bodies must be parsed).
 */
export function setHandlers(set: ToolSetIR, options: EmitOptions): string {
  const body = [handlerImports(), ...set.tools.map(handlerSource)].join('\n\n');
  return `${codeHeader([set.source], options, ['Typed handlers: one function per tool, calling the runtime.'])}\n${body}\n`;
}

export const handlersEmitter: Emitter = {
  name: 'handlers',
  summary: '<set>/handlers.ts: one typed function per tool calling toolkit.call',
  emit: (ir, options) =>
    perSet(ir, (set) => [{ path: `${set.name}/handlers.ts`, contents: setHandlers(set, options) }]),
};
