/**
 * Property: random and hostile inputs to every shipped tool are either refused as invalid_input
 * with nothing sent, or produce exactly one request on the connection's origin, under its base
 * path, with the path template's segment count. Fixed seed; more runs with `npm run test:property`.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolError } from '../../runtime/errors.js';
import type { Toolkit } from '../../runtime/types.js';
import { type Loopback, startLoopback } from '../runtime/support/loopback.js';
import { HOSTILE_PATH_VALUES } from '../support/hostile.js';
import { BASE_PATH, RUNS, SEED, shippedToolkit, toolsWithExamples } from './support.js';

const tools = toolsWithExamples();
let server: Loopback;
let kit: Toolkit;
beforeAll(async () => {
  server = await startLoopback(() => ({ body: {} }));
  kit = shippedToolkit(server.origin);
});
afterAll(async () => {
  await kit.close();
  await server.close();
});

const hostileText = fc.oneof(
  fc.constantFrom(...HOSTILE_PATH_VALUES),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '%',
    '%zz',
    '..%2f',
    '\u2025/\uff0e',
    '${x}',
    '{{x}}',
    '*/',
    '</script>',
    '__proto__',
    'constructor',
  ),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(hostileText, { maxLength: 4 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
);

/** An example input with some inputs replaced by random values, some removed, some added. */
const mutatedInput = fc.constantFrom(...tools).chain(({ tool, input }) => {
  const names = tool.inputs.filter((i) => i.kind !== 'computed').map((i) => i.name);
  return fc
    .record({
      replace: fc.dictionary(fc.constantFrom(...(names.length ? names : ['x'])), value, { maxKeys: 3 }),
      drop: fc.subarray(Object.keys(input)),
      extra: fc.dictionary(hostileText, value, { maxKeys: 1 }),
    })
    .map(({ replace, drop, extra }) => {
      const out: Record<string, unknown> = { ...input, ...replace };
      for (const k of drop) delete out[k];
      if (Object.keys(extra).length > 0 && Math.abs(JSON.stringify(extra).length) % 5 === 0)
        Object.assign(out, extra);
      return { name: tool.name, input: out };
    });
});
const byName = new Map(tools.map(({ tool }) => [tool.name, tool]));

describe('property: inputs', () => {
  it('every input is refused with nothing sent, or sent as one request inside the connection', async () => {
    await fc.assert(
      fc.asyncProperty(mutatedInput, async ({ name, input }) => {
        const tool = byName.get(name) as NonNullable<ReturnType<typeof byName.get>>;
        server.requests.length = 0;
        let error: unknown = null;
        try {
          await kit.call(tool.name, input);
        } catch (e) {
          error = e;
        }
        if (error !== null) expect(error).toBeInstanceOf(ToolError);
        if (error instanceof ToolError && error.code === 'invalid_input' && error.status === undefined) {
          expect(server.requests, `${tool.name} refused but sent`).toHaveLength(0);
          return;
        }
        expect(server.requests, `${tool.name}: ${JSON.stringify(error)}`).toHaveLength(1);
        const raw = (server.requests[0]?.url ?? '').split('?')[0] as string;
        expect(raw.startsWith(`${BASE_PATH}/`)).toBe(true);
        const expected =
          BASE_PATH.split('/').length - 1 + tool.request.path.split('/').filter(Boolean).length;
        expect(raw.split('/').filter(Boolean), `${tool.name} ${raw}`).toHaveLength(expected);
        for (const segment of raw.split('/').filter(Boolean)) {
          expect(['.', '..']).not.toContain(decodeURIComponent(segment).normalize('NFKC'));
        }
      }),
      { seed: SEED, numRuns: RUNS || tools.length * 3 },
    );
  }, 300_000);
});
