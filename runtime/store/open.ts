/**
 * Which token store a command uses: `--store redis://…` or TOOLSPEC_REDIS_URL (Redis, shared by
 * every replica), else TOOLSPEC_TOKEN_STORE (a file, one process), else none (memory).
 */
import { FileTokenStore } from '../auth/stores.js';
import type { SharedStore, TokenStore } from '../types.js';
import { RedisStore } from './redis.js';

export interface StoreSources {
  /** A store URL given on the command line (`--store`); wins over the environment. */
  readonly store?: string | undefined;
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
}

export async function openTokenStore(
  sources: StoreSources = {},
): Promise<TokenStore | SharedStore | undefined> {
  const env = sources.env ?? process.env;
  const url = sources.store || env.TOOLSPEC_REDIS_URL;
  if (url) return RedisStore.connect(url);
  const path = env.TOOLSPEC_TOKEN_STORE;
  return path ? new FileTokenStore(path) : undefined;
}
