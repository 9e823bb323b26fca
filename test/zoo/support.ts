/**
 * The zoo tests' harness: `toolspec` run as a user runs it (a real process from sources, a spec
 * of examples/specs, TOOLSPEC_<SET>_* variables, TOOLSPEC_<SET>_BASE_URL at a loopback fake),
 * and the check that no credential appears in anything the command printed.
 */
import { spawn } from 'node:child_process';
import { expect } from 'vitest';
import { CLI_FROM_SOURCES } from '../support/paths.js';

export const ZOO = (vendor: string): string =>
  new URL(`../../examples/specs/${vendor}.yaml`, import.meta.url).pathname;

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Every run's output, so a test can assert no secret was ever printed. */
export const printed: string[] = [];

export function toolspec(args: string[], env: Record<string, string>, stdin = ''): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...CLI_FROM_SOURCES, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      printed.push(stdout, stderr);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(stdin);
  });
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
