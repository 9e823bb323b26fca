/**
 * The IR the CLI's commands act on: the shipped sets' from the generated snapshot
 * (`@toolspec/sets/ir`) while it matches the spec files, else parsed in full; given or project
 * spec files parsed in full (the spec language and the snapshot are imported here, not by
 * ./paths.ts).
 */
import { importSpecHelpers, loadSpecs, type SpecIR } from '@toolspec/language';
import { snapshotJson } from '@toolspec/sets/ir';
import { packageRoot, type SpecChoice, shippedSpecFiles } from './paths.js';

export {
  chooseSpecs,
  packageRoot,
  packageVersion,
  projectNote,
  setsPackageDir,
  shippedSpecFiles,
} from './paths.js';

/** The shipped sets' IR: from the generated snapshot while it matches the spec files, else parsed in full. */
export function loadShippedSpecs(): SpecIR {
  return loadSpecs(shippedSpecFiles(), { root: packageRoot(), snapshot: JSON.parse(snapshotJson) });
}

/** The IR of the specs chosen by `chooseSpecs` (./paths.ts), with the helper modules they name. */
export async function loadChosenSpecs(choice: SpecChoice): Promise<SpecIR> {
  if (choice.source === 'shipped') return loadShippedSpecs();
  return loadSpecs(choice.files, { helpers: await importSpecHelpers(choice.files) });
}
