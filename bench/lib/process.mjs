/** Whole-process timing: from spawn to exit, with the output kept for checks. */
import { spawn } from 'node:child_process';
import { now } from './clock.mjs';
import { ROOT } from './paths.mjs';

/** Runs `node <args>` from the package root; resolves with wall time (s), exit code and output. */
export function timeNode(args, { cwd = ROOT } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = now();
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ s: (now() - t0) / 1000, code, stdout, stderr }));
  });
}
