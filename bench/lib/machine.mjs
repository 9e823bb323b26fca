/** The machine a run happened on, for the results file and the README. */
import { readFileSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';

function cpuModel() {
  try {
    return /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function machine() {
  return {
    nproc: availableParallelism(),
    cpu: cpuModel(),
    memory_gib: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}
