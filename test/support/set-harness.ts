/**
 * One tool set's test harness: a contract-validating loopback server and a toolkit pointed at it,
 * created once per file and reset before each test, plus the two checks every set test makes.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { SpecIR } from '../../language/ir/ir.js';
import { ToolError } from '../../runtime/errors.js';
import { createToolkit } from '../../runtime/toolkit.js';
import type { Toolkit } from '../../runtime/types.js';
import {
  type ContractServer,
  type RecordedRequest,
  type Reply,
  startContractServer,
} from './contract-server.js';

export interface SetHarness {
  readonly server: ContractServer;
  readonly toolkit: Toolkit;
  /** The one request the call sent, with zero contract violations. */
  onlyRequest(): RecordedRequest;
  /** The call must be refused as invalid input naming `field`, with nothing sent upstream. */
  expectRefused(tool: string, input: unknown, field: string): Promise<ToolError>;
}

export function useSetHarness(
  set: string,
  ir: SpecIR,
  reply: () => Reply = () => ({ status: 200, body: {} }),
): SetHarness {
  let server: ContractServer | undefined;
  let toolkit: Toolkit | undefined;
  const h: SetHarness = {
    get server() {
      if (!server) throw new Error('harness not started');
      return server;
    },
    get toolkit() {
      if (!toolkit) throw new Error('harness not started');
      return toolkit;
    },
    onlyRequest() {
      expect(h.server.violations).toEqual([]);
      expect(h.server.requests).toHaveLength(1);
      return h.server.requests[0] as RecordedRequest;
    },
    async expectRefused(tool, input, field) {
      const error = await h.toolkit.call(tool, input).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ToolError);
      const e = error as ToolError;
      expect(e.code).toBe('invalid_input');
      expect(e.tool).toBe(tool);
      const fields = [e.field, ...(e.toJSON().issues ?? []).map((i) => i.field)];
      expect(fields).toContain(field);
      expect(h.server.requests).toHaveLength(0);
      return e;
    },
  };
  beforeAll(async () => {
    server = await startContractServer(set, reply);
    toolkit = createToolkit({
      specs: ir,
      connections: { [set]: { baseUrl: server.url, token: `${set}-test-token` } },
      retry: { maxRetries: 0 },
    });
  });
  afterAll(async () => {
    await toolkit?.close();
    await server?.close();
  });
  beforeEach(() => {
    h.server.requests.length = 0;
    h.server.violations.length = 0;
    h.server.respond = reply;
  });
  return h;
}
