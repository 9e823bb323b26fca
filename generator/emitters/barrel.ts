/** `<set>/index.ts`: the set's types and typed handlers in one import. */
import { codeHeader } from '../provenance.js';
import { perSet } from '../sets.js';
import type { Emitter } from '../types.js';

export const barrelEmitter: Emitter = {
  name: 'barrel',
  summary: '<set>/index.ts: re-exports the types and typed handlers',
  emit: (ir, options) =>
    perSet(ir, (set) => [
      {
        path: `${set.name}/index.ts`,
        contents: `${codeHeader([set.source], options)}\nexport * from './handlers.js';\nexport type * from './types.js';\n`,
      },
    ]),
};
