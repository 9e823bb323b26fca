/** Shared by the property tests: the shipped sets, a toolkit on a loopback server, and the run settings. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SpecIR, ToolIR } from '../../language/ir/ir.js';
import { loadSpecs } from '../../language/load/load.js';
import { createToolkit } from '../../runtime/toolkit.js';
import type { Toolkit } from '../../runtime/types.js';
import { SPECS_DIR } from '../support/paths.js';

/** Fixed seed: `npm test` runs the same cases every time; override with TOOLSPEC_PROPERTY_SEED. */
export const SEED = Number(process.env.TOOLSPEC_PROPERTY_SEED ?? 20261124);
/** Runs per property: small in `npm test`, larger in `npm run test:property` (TOOLSPEC_PROPERTY_RUNS). */
export const RUNS = Number(process.env.TOOLSPEC_PROPERTY_RUNS ?? 0) || 0;

export const BASE_PATH = '/base/v1';

let cached: SpecIR | null = null;
export function shippedIR(): SpecIR {
  cached ??= loadSpecs(
    readdirSync(SPECS_DIR)
      .filter((f) => f.endsWith('.yaml'))
      .sort()
      .map((f) => join(SPECS_DIR, f)),
  );
  return cached;
}

/** Every shipped tool with an example input to start from. */
export function toolsWithExamples(): { tool: ToolIR; input: Record<string, unknown> }[] {
  return shippedIR().tools.flatMap((tool) => {
    const input = tool.examples[0]?.input;
    return input && typeof input === 'object' && !Array.isArray(input)
      ? [{ tool, input: input as Record<string, unknown> }]
      : [];
  });
}

export function shippedToolkit(origin: string): Toolkit {
  const ir = shippedIR();
  return createToolkit({
    specs: ir,
    connections: Object.fromEntries(
      ir.sets.map((s) => [
        s.name,
        {
          baseUrl: `${origin}${BASE_PATH}`,
          token: `prop-token-${s.name}-0123456789`,
          variables: { account: 'acme' },
        },
      ]),
    ),
    retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 5 },
    transport: { headersTimeoutMs: 2000, bodyTimeoutMs: 2000, maxResponseBytes: 1 << 20 },
  });
}
