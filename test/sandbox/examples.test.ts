/**
 * Every example of every shipped tool, end to end through the offline sandbox: toolkit ->
 * real loopback socket -> sandbox (route, shape check, answer from the examples) -> output.
 * The request must pass the sandbox's shape check, and the output must equal the example's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShippedSpecs } from '../../cli/shipped.js';
import type { Toolkit } from '../../runtime/types.js';
import { createSandboxToolkit, SANDBOX_EXAMPLE_HEADER, type SandboxExchange } from '../../sandbox/index.js';
import { asStated } from '../support/stated.js';

const ir = loadShippedSpecs();
const exchanges: SandboxExchange[] = [];
let toolkit: Toolkit;

beforeAll(async () => {
  ({ toolkit } = await createSandboxToolkit({
    ir,
    onExchange: (x) => exchanges.push(x),
    toolkit: { retry: { maxRetries: 0 } },
  }));
});
afterAll(async () => {
  await toolkit?.close();
});

for (const set of ir.sets) {
  describe(`${set.name} through the sandbox`, () => {
    for (const tool of set.tools) {
      for (const example of tool.examples) {
        it(`${tool.name}: ${example.name}`, async () => {
          exchanges.length = 0;
          // Examples with identical requests (e.g. an active and an inactive token) differ only in
          // their answer; the example header picks the one under test.
          const output = await toolkit.call(tool.name, example.input, {
            headers: { [SANDBOX_EXAMPLE_HEADER]: example.name },
          });
          expect(exchanges.map((x) => x.refused).filter((r) => r !== null)).toEqual([]);
          expect(exchanges[0]?.tool, 'answered as the same tool').toBe(tool.name);
          expect(exchanges[0]?.example, 'answered from the same example').toBe(example.name);
          expect(asStated(output)).toEqual(example.output);
        });
      }
    }
  });
}
