/** Types of redis.mjs (for the tests that share it). */
import type { ChildProcess } from 'node:child_process';

export function redisBinary(): string | null;
export function startRedis(options?: { port?: number }): Promise<{
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  close(): Promise<void>;
}>;
