/** The emitter registry: every output the generator produces, in one typed list. */
import type { Emitter } from '../types.js';
import { barrelEmitter } from './barrel.js';
import { catalogEmitter } from './catalog.js';
import { conformanceEmitter } from './conformance.js';
import { customHandlersEmitter } from './custom-handlers.js';
import { docsEmitter } from './docs.js';
import { handlersEmitter } from './handlers.js';
import { irSnapshotEmitter } from './ir-snapshot.js';
import { schemasEmitter } from './schemas.js';
import { typesEmitter } from './types.js';
import { validatorsEmitter } from './validators.js';

export const EMITTERS: readonly Emitter[] = [
  typesEmitter,
  schemasEmitter,
  validatorsEmitter,
  handlersEmitter,
  customHandlersEmitter,
  barrelEmitter,
  catalogEmitter,
  docsEmitter,
  conformanceEmitter,
  irSnapshotEmitter,
];
