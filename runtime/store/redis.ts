/**
 * The store every replica shares, on Redis (through `@redis/client`, the official node-redis
 * client, loaded only when a Redis store is opened). Keys under one prefix (default `toolspec:`):
 *   tokens/<connection>     JSON StoredTokens; written with compare-and-set (SWAP)
 *   lock/<name>             a lock with expiry (SET NX PX; released only by its holder)
 *   rl/<bucket>             a token bucket {tokens, at} (TAKE, atomic, Redis's own clock)
 *   idem/<digest>           idempotency keys of in-flight writes (CLAIM, with expiry)
 *   conn/<caller>/<set>     a named caller's connection (JSON ConnectionOptions)
 * Each multi-step operation is one Lua script, so replicas never interleave inside it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ToolError } from '../errors.js';
import type { ConnectionOptions, SharedStore, StoredTokens } from '../types.js';

/** The part of a node-redis client this store uses. */
interface Client {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, options?: object): Promise<string | null>;
  del(key: string): Promise<number>;
  evalSha(sha: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  connect(): Promise<unknown>;
  close?(): Promise<void>;
  quit?(): Promise<unknown>;
  on(event: 'error', listener: (e: Error) => void): unknown;
}

const SWAP = `
local cur = redis.call('GET', KEYS[1])
if ARGV[1] == '0' then
  if cur then return 0 end
else
  if not cur then return 0 end
  local t = cjson.decode(cur)
  if t.refreshToken ~= ARGV[2] then return 0 end
end
redis.call('SET', KEYS[1], ARGV[3])
return 1`;

/**
 * A token bucket's state refilled to now (Redis's clock): `rate` per ms from ARGV[1] (per second),
 * `burst` from ARGV[2], `tokens` what the bucket holds now. The start of both scripts below.
 */
const REFILL = `
local rate = tonumber(ARGV[1]) / 1000
local burst = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local v = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = burst
if v[1] then tokens = math.min(burst, tonumber(v[1]) + (now - tonumber(v[2])) * rate) end
`;

const TAKE = `${REFILL}
local maxWait = tonumber(ARGV[3])
local wait = 0
if tokens < 1 then wait = math.ceil((1 - tokens) / rate) end
if wait > maxWait then return -wait end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens - 1), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate + wait) + 1000)
return wait`;

const LEASE = `${REFILL}
local want = tonumber(ARGV[3])
if tokens < want then return 0 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens - want), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate) + 1000)
return want`;

const CLAIM = `
local cur = redis.call('GET', KEYS[1])
if cur then return cur end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return ARGV[1]`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** An optional peer dependency (the `toolspec` command installs it); a variable, so bundlers leave it to the runtime. */
const REDIS_CLIENT: string = '@redis/client';

const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');
const SCRIPTS = { SWAP, TAKE, LEASE, CLAIM, RELEASE } as const;
const SHAS = Object.fromEntries(Object.entries(SCRIPTS).map(([k, v]) => [k, sha1(v)])) as Record<
  keyof typeof SCRIPTS,
  string
>;

export interface RedisStoreOptions {
  /** Prefix of every key (default `toolspec:`): several deployments can share one Redis. */
  readonly prefix?: string | undefined;
}

/** Redis URLs: `redis://[user:password@]host:port/db` or `rediss://` (TLS). */
export function isRedisUrl(url: string): boolean {
  return /^rediss?:\/\//i.test(url);
}

/** A URL fit for messages: without its password. */
function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the Redis URL';
  }
}

/** A failed store command as the typed error a call answers (never the URL, which may hold a password). */
function storeError(e: unknown): ToolError {
  return new ToolError({
    code: 'upstream_error',
    message: `the shared store (Redis) failed: ${String((e as Error)?.message ?? e).slice(0, 120)}`,
    hint: 'Check that the Redis store (TOOLSPEC_REDIS_URL / --store) is reachable; the call can be retried.',
    retryable: true,
  });
}

/** The client with every command's failure turned into a typed error (a missing script passes through: it is loaded). */
function guarded(client: Client): Client {
  const wrap =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    (...a: A): Promise<R> =>
      f(...a).catch((e: unknown) => {
        if (String((e as Error)?.message).includes('NOSCRIPT')) throw e;
        throw storeError(e);
      });
  return {
    get: wrap((k: string) => client.get(k)),
    set: wrap((k: string, v: string, o?: object) => client.set(k, v, o)),
    del: wrap((k: string) => client.del(k)),
    evalSha: wrap((sha: string, o: { keys: string[]; arguments: string[] }) => client.evalSha(sha, o)),
    eval: wrap((script: string, o: { keys: string[]; arguments: string[] }) => client.eval(script, o)),
    connect: () => client.connect(),
    close: client.close ? () => (client as Required<Client>).close() : undefined,
    quit: client.quit ? () => (client as Required<Client>).quit() : undefined,
    on: (event, listener) => client.on(event, listener),
  };
}

export class RedisStore implements SharedStore {
  readonly shared = true as const;

  private constructor(
    private readonly client: Client,
    private readonly prefix: string,
  ) {}

  /** Connect to Redis (`redis://host:port/db`); fails with a clear message when it cannot. */
  static async connect(url: string, options: RedisStoreOptions = {}): Promise<RedisStore> {
    if (!isRedisUrl(url))
      throw new TypeError(`store URL must start with redis:// or rediss:// (got "${shownUrl(url)}")`);
    let createClient: typeof import('@redis/client').createClient;
    try {
      ({ createClient } = (await import(REDIS_CLIENT)) as typeof import('@redis/client'));
    } catch {
      throw new Error('the Redis store needs the @redis/client package: npm install @redis/client@6');
    }
    const client = createClient({
      url,
      socket: {
        connectTimeout: 5_000,
        reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2_000),
      },
    }) as unknown as Client;
    let lastError: Error | undefined;
    client.on('error', (e) => {
      lastError = e;
    });
    try {
      await client.connect();
    } catch (e) {
      throw new Error(
        `cannot connect to the Redis store at ${shownUrl(url)}: ${(e as Error).message || lastError?.message || 'connection failed'}`,
      );
    }
    return new RedisStore(guarded(client), options.prefix ?? 'toolspec:');
  }

  private async run(name: keyof typeof SCRIPTS, keys: string[], args: string[]): Promise<unknown> {
    try {
      return await this.client.evalSha(SHAS[name], { keys, arguments: args });
    } catch (e) {
      if (!String((e as Error).message).includes('NOSCRIPT')) throw e;
      return this.client.eval(SCRIPTS[name], { keys, arguments: args });
    }
  }

  async get(connection: string): Promise<StoredTokens | undefined> {
    const v = await this.client.get(`${this.prefix}tokens/${connection}`);
    return v === null ? undefined : (JSON.parse(v) as StoredTokens);
  }

  async set(connection: string, tokens: StoredTokens): Promise<void> {
    await this.client.set(`${this.prefix}tokens/${connection}`, JSON.stringify(tokens));
  }

  async swap(
    connection: string,
    expectedRefreshToken: string | undefined,
    next: StoredTokens,
  ): Promise<boolean> {
    const r = await this.run(
      'SWAP',
      [`${this.prefix}tokens/${connection}`],
      expectedRefreshToken === undefined
        ? ['0', '', JSON.stringify(next)]
        : ['1', expectedRefreshToken, JSON.stringify(next)],
    );
    return Number(r) === 1;
  }

  async lock(name: string, ttlMs: number): Promise<(() => Promise<void>) | null> {
    const key = `${this.prefix}lock/${name}`;
    const holder = randomBytes(12).toString('base64url');
    const ok = await this.client.set(key, holder, {
      condition: 'NX',
      expiration: { type: 'PX', value: Math.ceil(ttlMs) },
    });
    if (ok === null) return null;
    return async () => {
      await this.run('RELEASE', [key], [holder]);
    };
  }

  async take(bucket: string, rate: number, burst: number, maxWaitMs: number): Promise<number> {
    const r = await this.run(
      'TAKE',
      [`${this.prefix}rl/${bucket}`],
      [String(rate), String(burst), String(Math.floor(maxWaitMs))],
    );
    return Number(r);
  }

  async lease(bucket: string, rate: number, burst: number, count: number): Promise<number> {
    return Number(
      await this.run('LEASE', [`${this.prefix}rl/${bucket}`], [String(rate), String(burst), String(count)]),
    );
  }

  async claim(key: string, value: string, ttlMs: number): Promise<string> {
    return String(await this.run('CLAIM', [`${this.prefix}${key}`], [value, String(Math.ceil(ttlMs))]));
  }

  async forget(key: string): Promise<void> {
    await this.client.del(`${this.prefix}${key}`);
  }

  private connectionKey(caller: string, set: string): string {
    return `${this.prefix}conn/${encodeURIComponent(caller)}/${encodeURIComponent(set)}`;
  }

  async connection(caller: string, set: string): Promise<string | undefined> {
    return (await this.client.get(this.connectionKey(caller, set))) ?? undefined;
  }

  async setConnection(caller: string, set: string, connection: ConnectionOptions): Promise<void> {
    await this.client.set(this.connectionKey(caller, set), JSON.stringify(connection));
  }

  async deleteConnection(caller: string, set: string): Promise<boolean> {
    return (await this.client.del(this.connectionKey(caller, set))) > 0;
  }

  private closing: Promise<void> | null = null;

  /** Close the connection (once; later calls wait for the same close). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.client.close) await this.client.close();
      else await this.client.quit?.();
    })();
    return this.closing;
  }
}
