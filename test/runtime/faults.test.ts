/** Faults that must end in a typed error: input nested beyond the depth bound, an oversized spec file. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecFiles, loadSpecTexts } from '../../language/load/load.js';
import { MAX_SPEC_BYTES } from '../../language/load/spec-texts.js';
import { MAX_INPUT_DEPTH } from '../../runtime/validate/prepare.js';
import { failure, testKit } from './support/fixture.js';
import { type Loopback, startLoopback } from './support/loopback.js';

let server: Loopback;
let kit: ReturnType<typeof testKit>;
beforeAll(async () => {
  server = await startLoopback(() => ({ body: { id: 'x' } }));
  kit = testKit(server.url);
});
afterAll(async () => {
  await kit.toolkit.close();
  await server.close();
});

function nested(depth: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

describe('deep input', () => {
  it.each([
    ['200,000 levels', () => nested(200_000)],
    // An object given as JSON text is nested only once decoded: the bound holds after the coercions.
    ['100,000 levels of JSON text', () => `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`],
  ])('%s is invalid_input naming the field, nothing sent (call and dry run)', async (_, props) => {
    const input = { name: 'n', parent_id: 'p', props: props() };
    for (const run of [
      () => kit.toolkit.call('rt_item_create', input),
      () => kit.toolkit.dryRun('rt_item_create', input),
    ]) {
      const e = await failure(run());
      expect(e.code).toBe('invalid_input');
      expect(e.field).toBe('props');
      expect(e.expected).toContain(String(MAX_INPUT_DEPTH));
    }
    expect(server.requests).toHaveLength(0);
  });

  it('input nested within the bound is validated as usual', async () => {
    const e = await failure(
      kit.toolkit.call('rt_item_create', {
        name: 'n',
        parent_id: 'p',
        props: nested(10) as object,
        bogus: 1,
      }),
    );
    expect(e.code).toBe('invalid_input');
    expect(e.message).not.toContain('levels deep');
  });
});

describe('spec file size', () => {
  it('a file over the cap is refused with a clear diagnostic, without reading it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolspec-big-'));
    const file = join(dir, 'big.yaml');
    await writeFile(file, `set: big\n# ${'x'.repeat(MAX_SPEC_BYTES + 10)}\n`);
    const { ir, diagnostics } = loadSpecFiles([file]);
    expect(ir).toBeNull();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'spec_too_large', severity: 'error' });
    expect(diagnostics[0]?.message).toMatch(/the limit is 4 MB/);
  });

  it('the same cap holds for in-memory texts', () => {
    const { diagnostics } = loadSpecTexts([
      { file: 'mem.yaml', text: `# ${'é'.repeat(MAX_SPEC_BYTES / 2 + 10)}` },
    ]);
    expect(diagnostics.map((d) => d.code)).toEqual(['spec_too_large']);
  });
});
