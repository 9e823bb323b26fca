/** Types of redis.mjs (for the tests that share it). */
export function redisBinary(): string | null;
export function startRedis(): Promise<{ readonly url: string; close(): Promise<void> }>;
