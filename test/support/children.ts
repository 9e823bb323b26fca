/**
 * Every process a test starts ends with it. `startChild` spawns and tracks a child; it is stopped
 * (SIGTERM, SIGKILL after a grace period, and awaited) when the test that started it finishes,
 * passed, failed or timed out, or, when it was started outside a test (a beforeAll), when its
 * test file ends: the setup file (test/support/children-setup.ts, in vitest.config.ts) calls
 * `stopAll` after every file. `whenDone` registers any other cleanup (a client that spawned its
 * own server) the same way. Children still alive when the worker exits are killed outright.
 */
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { onTestFinished } from 'vitest';

const live = new Set<ChildProcess>();
/** Cleanups registered outside a test, run when the file ends. */
const atFileEnd: (() => Promise<unknown>)[] = [];

/** How long a child has to exit after SIGTERM before it is sent SIGKILL. */
const GRACE_MS = 5_000;

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Run `cleanup` when the current test finishes, or at the end of the file outside a test. */
export function whenDone(cleanup: () => Promise<unknown>): void {
  try {
    onTestFinished(async () => {
      await cleanup();
    });
  } catch {
    // Not inside a test (a beforeAll or a module's top level): the file's end.
    atFileEnd.push(cleanup);
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited (at once if it had). */
export async function stopChild(child: ChildProcess, graceMs = GRACE_MS): Promise<void> {
  if (exited(child)) return;
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await done;
  clearTimeout(timer);
}

/** `spawn`, tracked: the child is stopped when the current test (or, outside a test, the file) ends. */
export function startChild(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): ChildProcess {
  const child = spawn(command, args, options);
  live.add(child);
  child.once('exit', () => live.delete(child));
  whenDone(() => stopChild(child));
  return child;
}

export interface Ran {
  /** The exit code, null when the child was ended by a signal. */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions extends SpawnOptions {
  /** Written to the child's standard input, which is then closed (default: closed at once). */
  readonly stdin?: string;
  /** SIGKILL the child after this long (it still ends with the test, whichever comes first). */
  readonly timeoutMs?: number;
}

/** Run a command to its end (tracked as `startChild`), collecting what it prints. */
export function runChild(command: string, args: readonly string[], options: RunOptions = {}): Promise<Ran> {
  const { stdin = '', timeoutMs, ...spawnOptions } = options;
  const child = startChild(command, args, { ...spawnOptions, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString('utf8');
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString('utf8');
  });
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  // A child that exits without reading its input must not fail the test with EPIPE.
  child.stdin?.on('error', () => {});
  child.stdin?.end(stdin);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Stop every tracked child and run the cleanups registered outside a test (the setup file calls it after each file). */
export async function stopAll(): Promise<void> {
  const cleanups = atFileEnd.splice(0);
  await Promise.all(cleanups.map((c) => c().catch(() => {})));
  await Promise.all([...live].map((c) => stopChild(c)));
}

process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});
