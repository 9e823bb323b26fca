/**
 * `toolspec import` is bounded whatever the document's `$ref` structure: a 4 KB document whose
 * local references fan out (each schema naming the next twice, 2^26 nodes if inlined) imports in
 * a child process capped at 10 s and a 400 MB heap, and the spec it writes loads; a recursive
 * schema keeps working. The old importer inlined references and ran over 60 s at about 0.9 GB.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpecTexts } from '../../language/load/load.js';
import { CLI_FROM_SOURCES, REPO } from '../support/paths.js';

const OUT = join(REPO, 'node_modules', '.cache', 'toolspec-import-bounds-test');
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

function fanOut(levels: number): string {
  const schemas: Record<string, unknown> = {
    Tree: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
      },
    },
  };
  for (let i = 0; i < levels; i++) {
    const next = i + 1 < levels ? { $ref: `#/components/schemas/N${i + 1}` } : { type: 'string' };
    schemas[`N${i}`] = { type: 'object', properties: { l: next, r: next } };
  }
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Fan-out', version: '1' },
    servers: [{ url: 'https://fan.example' }],
    components: { schemas },
    paths: {
      '/nodes': {
        post: {
          operationId: 'createNode',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/N0' } } },
          },
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/N0' } } },
            },
          },
        },
      },
      '/trees': {
        post: {
          operationId: 'createTree',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Tree' } } },
          },
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Tree' } } },
            },
          },
        },
      },
    },
  });
}

describe('toolspec import, bounded', () => {
  it('imports a fan-out document within 10 s and a 400 MB heap, into a spec that loads', () => {
    mkdirSync(OUT, { recursive: true });
    const doc = join(OUT, 'fan-out.json');
    const text = fanOut(26);
    expect(text.length).toBeLessThan(4096);
    writeFileSync(doc, text);
    const spec = join(OUT, 'fan.yaml');
    for (const responses of ['top-level', 'full']) {
      rmSync(spec, { force: true });
      const r = spawnSync(
        process.execPath,
        [
          '--max-old-space-size=400',
          ...CLI_FROM_SOURCES,
          'import',
          doc,
          '--set',
          'fan',
          '--out',
          spec,
          '--responses',
          responses,
        ],
        { encoding: 'utf8', timeout: 10_000 },
      );
      expect(r.signal, `killed: ${r.stderr}`).toBeNull();
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toContain('too large');
      const { ir, diagnostics } = loadSpecTexts([{ file: spec, text: readFileSync(spec, 'utf8') }]);
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(ir?.tools.map((t) => t.name)).toEqual(['fan_create_node', 'fan_create_tree']);
    }
  }, 60_000);
});
