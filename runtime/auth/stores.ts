/** Token stores: where rotated OAuth tokens are persisted. In-memory, and a file store that writes atomically. */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { StoredTokens, TokenStore } from '../types.js';

export class MemoryTokenStore implements TokenStore {
  private readonly tokens = new Map<string, StoredTokens>();
  constructor(initial?: Readonly<Record<string, StoredTokens>>) {
    for (const [k, v] of Object.entries(initial ?? {})) this.tokens.set(k, v);
  }
  async get(connection: string): Promise<StoredTokens | undefined> {
    return this.tokens.get(connection);
  }
  async set(connection: string, tokens: StoredTokens): Promise<void> {
    this.tokens.set(connection, tokens);
  }
}

/**
 * One JSON file `{ "<connection>": {accessToken, refreshToken, expiresAt} }`, mode 0600.
 * Every write goes to a temporary file in the same directory and is renamed over the old one,
 * so a crash never leaves a half-written file; writes are serialised.
 */
export class FileTokenStore implements TokenStore {
  private chain: Promise<unknown> = Promise.resolve();
  constructor(readonly path: string) {}

  private async readAll(): Promise<Record<string, StoredTokens>> {
    try {
      return JSON.parse(await readFile(this.path, 'utf8')) as Record<string, StoredTokens>;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw new Error(`token store ${this.path} is unreadable: ${(e as Error).name}`);
    }
  }

  async get(connection: string): Promise<StoredTokens | undefined> {
    await this.chain.catch(() => undefined);
    return (await this.readAll())[connection];
  }

  set(connection: string, tokens: StoredTokens): Promise<void> {
    const next = this.chain
      .catch(() => undefined)
      .then(async () => {
        const all = await this.readAll();
        all[connection] = tokens;
        await mkdir(dirname(this.path), { recursive: true });
        const tmp = `${this.path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
        await writeFile(tmp, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
        await rename(tmp, this.path);
      });
    this.chain = next;
    return next;
  }
}
