/**
 * The barrels: `<set>/index.ts` re-exports a set's types and typed handlers; the root `index.ts`
 * makes the output directory a loadable package of tools: each set as a namespace, the `ToolMap`
 * of every tool by name, the IR from the snapshot module (`ir.ts`) and the precompiled validators
 * (`<set>/validators.ts`, imported on first use). Everything is a module import: plain `tsc`
 * compiles the output as it is and a bundler follows it; nothing reads a file at run time.
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
import { generatedValidatorProvider, type SpecIR, specFromSnapshot, type ValidatorProvider } from '${RUNTIME_PACKAGE}';
import { snapshotJson } from './ir.js';
${sets.map((s) => `import type { ${toolMapName(s.name)} } from './${s.name}/types.js';`).join('\n')}

${sets.map((s) => `export * as ${namespaceOf(s)} from './${s.name}/index.js';`).join('\n')}

/** Every tool of these sets by name: \`createToolkit<ToolMap>({ specs: specs() })\` types \`call\` by tool name. */
export type ToolMap = ${maps.length > 0 ? maps.join(' & ') : 'Record<never, never>'};

/** The IR of these sets, from their snapshot module (ir.ts): no YAML is parsed. */
export function specs(): SpecIR {
  return specFromSnapshot(JSON.parse(snapshotJson));
}

/** Input validators precompiled for these sets (imported on first use); a tool whose schema changed since falls back to Ajv. */
export function validators(ir: SpecIR): Promise<ValidatorProvider> {
  return generatedValidatorProvider(ir, {
${sets.map((s) => `    ${s.name}: () => import('./${s.name}/validators.js'),`).join('\n')}
  });
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
