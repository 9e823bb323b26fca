/**
 * Every example of every shipped tool, executed by the runtime over a real socket against a
 * loopback server that validates the request against the vendor's OpenAPI contract and
 * answers with the example's response. Zero violations; the request must match exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShippedSpecs } from '../../cli/shipped.js';
import { createToolkit } from '../../runtime/toolkit.js';
import {
  type ContractServer,
  type RecordedRequest,
  startContractServer,
} from '../support/contract-server.js';
import { asStated } from '../support/stated.js';

const ir = loadShippedSpecs();

/** Header names compared case-insensitively; only the headers the example lists are checked. */
function pickHeaders(
  req: RecordedRequest,
  expected: Readonly<Record<string, string>>,
): Record<string, string | undefined> {
  return Object.fromEntries(Object.keys(expected).map((k) => [k, req.headers[k.toLowerCase()]]));
}

for (const set of ir.sets) {
  describe(`${set.name} examples against ${set.name}.openapi.json`, () => {
    let server: ContractServer;
    let toolkit: ReturnType<typeof createToolkit>;

    beforeAll(async () => {
      server = await startContractServer(set.name);
      const variables = Object.fromEntries(set.server.variables.map((v) => [v.name, v.default ?? 'test']));
      toolkit = createToolkit({
        specs: ir,
        connections: { [set.name]: { baseUrl: server.url, token: 'contract-test-token', variables } },
        retry: { maxRetries: 0 },
      });
    });
    afterAll(async () => {
      await toolkit?.close();
      await server?.close();
    });

    for (const tool of set.tools) {
      for (const example of tool.examples) {
        it(`${tool.name}: ${example.name}`, async () => {
          server.requests.length = 0;
          server.violations.length = 0;
          server.respond = () => ({
            status: example.response.status,
            headers: example.response.headers,
            body: example.response.body,
          });
          const output = await toolkit.call(tool.name, example.input);
          expect(server.violations).toEqual([]);
          const sent = server.requests[0];
          expect(sent, 'a request was sent').toBeDefined();
          if (!sent) return;
          expect(sent.method).toBe(example.request.method);
          expect(sent.path).toBe(example.request.path);
          expect(sent.query).toEqual(example.request.query);
          expect(pickHeaders(sent, example.request.headers)).toEqual(example.request.headers);
          expect(sent.body).toEqual(example.request.body);
          expect(sent.headers.authorization).toBe('Bearer contract-test-token');
          expect(asStated(output)).toEqual(example.output);
        });
      }
    }
  });
}
