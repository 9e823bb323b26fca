/** Every example of the mini fixture, executed end to end over a real loopback socket. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecFiles } from '../../language/load/load.js';
import { createToolkit } from '../../runtime/toolkit.js';
import { type Loopback, startLoopback } from './support/loopback.js';

const MINI = new URL('../fixtures/specs/mini.yaml', import.meta.url).pathname;
const RUNTIME = new URL('../fixtures/runtime.yaml', import.meta.url).pathname;

for (const file of [MINI, RUNTIME]) {
  const { ir } = loadSpecFiles([file]);
  if (!ir) throw new Error(`${file} does not load`);
  const set = ir.sets[0]?.name ?? '';

  describe(`${set} fixture examples`, () => {
    let server: Loopback;
    let toolkit: ReturnType<typeof createToolkit>;
    beforeAll(async () => {
      server = await startLoopback();
      toolkit = createToolkit({
        specs: ir,
        connections: {
          [set]: {
            baseUrl: `${server.url}${new URL(ir.sets[0]?.server.url.replace(/\{\w+\}/g, 'x') ?? 'http://x').pathname.replace(/\/$/, '')}`,
            token: 'mini-token-123',
          },
        },
        retry: { maxRetries: 0 },
      });
    });
    afterAll(async () => {
      await toolkit.close();
      await server.close();
    });

    for (const tool of ir.tools) {
      for (const example of tool.examples) {
        it(`${tool.name}: ${example.name}`, async () => {
          server.requests.length = 0;
          server.handler = () => ({
            status: example.response.status,
            headers: example.response.headers,
            body: example.response.body ?? undefined,
          });
          const output = await toolkit.call(tool.name, example.input);
          const sent = server.requests[0];
          expect(sent).toBeDefined();
          if (!sent) return;
          expect(sent.method).toBe(example.request.method);
          expect(sent.path.replace(/^\/api/, '')).toBe(example.request.path);
          expect(sent.query).toEqual(example.request.query);
          for (const [k, v] of Object.entries(example.request.headers))
            expect(sent.headers[k.toLowerCase()]).toBe(v);
          expect(sent.body).toEqual(example.request.body);
          expect(sent.headers.authorization).toBe('Bearer mini-token-123');
          expect(output).toEqual(example.output);
        });
      }
    }
  });
}
