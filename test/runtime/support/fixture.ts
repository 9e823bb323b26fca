/** The runtime test set (test/fixtures/runtime.yaml) and a toolkit pointed at a loopback server. */

import type { SpecIR } from '../../../language/ir/ir.js';
import { loadSpecFiles } from '../../../language/load/load.js';
import { createToolkit } from '../../../runtime/toolkit.js';
import type { ConnectionOptions, LogEvent, Toolkit, ToolkitOptions } from '../../../runtime/types.js';

export const RUNTIME_SPEC = new URL('../../fixtures/runtime.yaml', import.meta.url).pathname;

let cached: SpecIR | null = null;
export function runtimeIR(): SpecIR {
  if (!cached) {
    const { ir, diagnostics } = loadSpecFiles([RUNTIME_SPEC]);
    if (!ir) throw new Error(`runtime fixture does not load: ${JSON.stringify(diagnostics)}`);
    cached = ir;
  }
  return cached;
}

export const TOKEN = 'static-token-0123456789';

export interface TestKit {
  readonly toolkit: Toolkit;
  readonly logs: LogEvent[];
}

/** A toolkit for the `rt` set against `baseUrl`, with tiny retry delays. */
export function testKit(
  baseUrl: string,
  connection: Partial<ConnectionOptions> = { token: TOKEN },
  options: Partial<ToolkitOptions> = {},
): TestKit {
  const logs: LogEvent[] = [];
  const toolkit = createToolkit({
    specs: runtimeIR(),
    connections: { rt: { baseUrl: `${baseUrl}/api`, ...connection } },
    retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 3000, ...options.retry },
    logger: (e) => logs.push(e),
    random: () => 0.5,
    ...options,
  });
  return { toolkit, logs };
}

/** Run `fn` and return the error it rejects with (fails the test when it resolves). */
export async function failure(p: Promise<unknown>): Promise<import('../../../runtime/errors.js').ToolError> {
  try {
    await p;
  } catch (e) {
    return e as import('../../../runtime/errors.js').ToolError;
  }
  throw new Error('expected a failure');
}
