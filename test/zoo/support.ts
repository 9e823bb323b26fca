/**
 * The zoo tests' harness: `toolspec` run as a user runs it (a real process from sources, a spec
 * of examples/specs, TOOLSPEC_<SET>_* variables, TOOLSPEC_<SET>_BASE_URL at a loopback fake),
 * and the check that no credential appears in anything the command printed.
 */
import { expect } from 'vitest';
import { type Ran, runChild } from '../support/children.js';
import { CLI_FROM_SOURCES } from '../support/paths.js';

export const ZOO = (vendor: string): string =>
  new URL(`../../examples/specs/${vendor}.yaml`, import.meta.url).pathname;

export type Run = Ran;

/** Every run's output, so a test can assert no secret was ever printed. */
export const printed: string[] = [];

export async function toolspec(args: string[], env: Record<string, string>, stdin = ''): Promise<Run> {
  const run = await runChild(process.execPath, [...CLI_FROM_SOURCES, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdin,
    timeoutMs: 90_000,
  });
  printed.push(run.stdout, run.stderr);
  return run;
}

/** `toolspec call <tool> --specs examples/specs/<vendor>.yaml --input <json> [...more]`. */
export function call(
  vendor: string,
  tool: string,
  input: unknown,
  env: Record<string, string>,
  more: string[] = [],
): Promise<Run> {
  return toolspec(['call', tool, '--specs', ZOO(vendor), '--input', JSON.stringify(input), ...more], env);
}

// biome-ignore lint/suspicious/noExplicitAny: a command's output is whatever JSON the tool maps
export function ok(run: Run): any {
  expect(run.stderr.replace(/^npm warn.*\n/gm, ''), run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout);
}

export interface PrintedError {
  code: string;
  message: string;
  tool?: string;
  field?: string;
  status?: number;
  vendor_code?: string;
  vendor_message?: string;
  hint?: string;
  retryable: boolean;
  retry_after?: number;
  details?: Record<string, unknown>;
}

export function failed(run: Run): PrintedError {
  expect(run.code, run.stdout).toBe(1);
  return (JSON.parse(run.stderr.slice(run.stderr.indexOf('{'))) as { error: PrintedError }).error;
}

/** No secret (nor its base64 form inside a basic credential) in anything printed so far. */
export function expectNoSecrets(secrets: readonly string[]): void {
  const all = printed.join('\n');
  expect(all.length).toBeGreaterThan(0);
  for (const s of secrets) expect(all.includes(s), `a secret was printed: ${s.slice(0, 4)}...`).toBe(false);
}

/** The ids of a collected listing, checked to hold every expected id exactly once. */
export function expectEveryItemOnce(
  items: readonly { [k: string]: unknown }[],
  key: string,
  expected: readonly unknown[],
): void {
  const got = items.map((i) => i[key]);
  expect(new Set(got).size).toBe(got.length);
  expect([...got].sort()).toEqual([...expected].sort());
}
