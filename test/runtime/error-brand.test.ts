/**
 * Errors are branded (`Symbol.for`), as undici brands its own: a second copy of the runtime in the
 * same process (a bundle beside an installed package) recognises the first one's errors, with
 * `isToolError` and with `instanceof`, and a look-alike object is not taken for one.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isToolError, ToolError } from '../../runtime/errors.js';
import { REPO } from '../support/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'toolspec-brand-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ToolError across copies of the runtime', () => {
  it('is recognised by another copy, both ways', async () => {
    const copy = join(dir, 'errors-copy.ts');
    copyFileSync(join(REPO, 'runtime/errors.ts'), copy);
    const other = (await import(copy)) as typeof import('../../runtime/errors.js');
    expect(other.ToolError).not.toBe(ToolError);
    const mine = new ToolError({ code: 'not_found', message: 'gone', tool: 't' });
    const theirs = new other.ToolError({ code: 'timeout', message: 'slow', tool: 't' });
    expect(other.isToolError(mine)).toBe(true);
    expect(isToolError(theirs)).toBe(true);
    expect(mine instanceof other.ToolError).toBe(true);
    expect(theirs instanceof ToolError).toBe(true);
  });

  it('is not claimed by look-alikes', () => {
    expect(isToolError({ name: 'ToolError', code: 'not_found', message: 'x' })).toBe(false);
    expect(isToolError(new Error('x'))).toBe(false);
    expect(isToolError(null)).toBe(false);
    expect(new Error('x') instanceof ToolError).toBe(false);
  });
});
