/**
 * The tests' child processes end with the test that started them (test/support/children.ts):
 * after it passes, after it times out, and a child that ignores SIGTERM is killed.
 */
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runChild, startChild, stopChild } from '../support/children.js';

/** A node process that runs until it is killed; `stubborn` ignores SIGTERM. */
const sleeper = (stubborn = false) =>
  startChild(process.execPath, [
    '-e',
    `${stubborn ? "process.on('SIGTERM', () => {});" : ''} setInterval(() => {}, 1000); console.log('up');`,
  ]);

const up = (child: ChildProcess) => new Promise((resolve) => child.stdout?.once('data', resolve));

describe('child processes started by a test', () => {
  let passed: ChildProcess | undefined;
  let timedOut: ChildProcess | undefined;

  it('a test starts a child that it leaves running', async () => {
    passed = sleeper();
    await up(passed);
    expect(passed.exitCode).toBeNull();
    expect(passed.signalCode).toBeNull();
  });

  it('... which was stopped when that test ended', () => {
    expect(passed?.signalCode).toBe('SIGTERM');
  });

  it.fails('a test that times out while its child runs', async () => {
    timedOut = sleeper();
    await new Promise(() => {});
  }, 2_000);

  it('... had its child stopped too', () => {
    expect(timedOut?.signalCode).toBe('SIGTERM');
  });

  it('a child that ignores SIGTERM is killed after the grace period', async () => {
    const child = sleeper(true);
    await up(child);
    await stopChild(child, 200);
    expect(child.signalCode).toBe('SIGKILL');
  });

  it('runChild collects the output and kills a command that outlives its timeout', async () => {
    const ran = await runChild(process.execPath, ['-e', 'process.stdin.pipe(process.stdout)'], {
      stdin: 'hi',
    });
    expect(ran).toEqual({ code: 0, stdout: 'hi', stderr: '' });
    const hung = await runChild(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { timeoutMs: 200 });
    expect(hung.code).toBeNull();
  });
});
