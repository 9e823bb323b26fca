/**
 * The barrels: `<set>/index.ts` re-exports a set's types and typed handlers; the root `index.ts`
 * makes the output directory a loadable package of tools: each set as a namespace, the `ToolMap`
 * of every tool by name, and loaders for the IR snapshot and the precompiled validators beside it.
 */
import type { ToolSetIR } from '@toolspec/language';
import { toolMapName } from '../naming.js';
import { codeHeader } from '../provenance.js';
import { perSet, sourcesOf } from '../sets.js';
import { type EmitOptions, type Emitter, RUNTIME_PACKAGE } from '../types.js';

/** A set's namespace name in the root barrel: its name as an identifier. */
const namespaceOf = (set: ToolSetIR): string => set.name.replace(/[^A-Za-z0-9_$]/g, '_');

function rootIndex(sets: readonly ToolSetIR[], header: string): string {
  const maps = sets.map((s) => toolMapName(s.name));
  return `${header}
import { generatedValidatorProvider, loadSnapshot, type SpecIR, type ValidatorProvider } from '${RUNTIME_PACKAGE}';
${sets.map((s) => `import type { ${toolMapName(s.name)} } from './${s.name}/types.js';`).join('\n')}

${sets.map((s) => `export * as ${namespaceOf(s)} from './${s.name}/index.js';`).join('\n')}

/** Every tool of these sets by name: \`createToolkit<ToolMap>({ specs: specs() })\` types \`call\` by tool name. */
export type ToolMap = ${maps.length > 0 ? maps.join(' & ') : 'Record<never, never>'};

/** The URL of the directory holding these generated artifacts (MCP catalogues, validators, the IR snapshot). */
export function generatedUrl(): URL {
  return new URL('.', import.meta.url);
}

/** The IR of these sets, from the snapshot beside this module: no YAML is parsed. */
export function specs(): SpecIR {
  return loadSnapshot(new URL('./ir.json', import.meta.url));
}

/** Input validators precompiled for these sets; a tool whose schema changed since falls back to Ajv. */
export function validators(ir: SpecIR): Promise<ValidatorProvider> {
  return generatedValidatorProvider(ir, generatedUrl());
}
`;
}

export const barrelEmitter: Emitter = {
  name: 'barrel',
  summary:
    "index.ts: every set as a namespace, the ToolMap and IR/validator loaders; <set>/index.ts: the set's types and typed handlers",
  emit: async (ir, options: EmitOptions) => [
    { path: 'index.ts', contents: rootIndex(ir.sets, codeHeader(sourcesOf(ir), options)) },
    ...(await perSet(ir, (set) => [
      {
        path: `${set.name}/index.ts`,
        contents: `${codeHeader([set.source], options)}\nexport * from './handlers.js';\nexport type * from './types.js';\n`,
      },
    ])),
  ],
};
