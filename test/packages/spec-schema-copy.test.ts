/**
 * specs/toolspec.schema.json is a copy of the language's schema (language/toolspec.schema.json),
 * not a link to it: editors read it beside the specs (their yaml-language-server modelines name
 * it), and npm pack, which drops symbolic links, ships it in the toolspec package
 * (test/packages/install.test.ts checks the tarball).
 */
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, SPEC_SCHEMA_PATH } from '../support/paths.js';

const COPY = join(REPO, 'specs/toolspec.schema.json');

describe('specs/toolspec.schema.json', () => {
  it('is a file, byte for byte the language schema', () => {
    expect(lstatSync(COPY).isSymbolicLink()).toBe(false);
    const same = readFileSync(COPY).equals(readFileSync(SPEC_SCHEMA_PATH));
    expect(same, 'out of date: cp language/toolspec.schema.json specs/toolspec.schema.json').toBe(true);
  });
});
