/** Code blocks of the README, as a user would paste them: docs that are executed cannot drift. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './paths.js';

/** The first ```ts block under the README heading `heading` (written with its #s). */
export function readmeCode(heading: string): string {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const at = readme.indexOf(`${heading}\n`);
  const block = at === -1 ? null : /```ts\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!block?.[1]) throw new Error(`README: no ts block under "${heading}"`);
  return block[1];
}
