/**
 * The store every replica shares, on Redis (through `@redis/client`, the official node-redis
 * client, loaded only when a Redis store is opened). Keys under one prefix (default `toolspec:`):
 *   tokens/<connection>     JSON StoredTokens; written with compare-and-set (SWAP)
 *   lock/<name>             a lock with expiry (SET NX PX; released only by its holder)
 *   rl/<bucket>             a token bucket {tokens, at} (TAKE, atomic, Redis's own clock)
 *   idem/<digest>           idempotency keys of in-flight writes (CLAIM, with expiry)
 *   conn/<caller>/<set>     a named caller's connection (JSON ConnectionOptions); its tokens are
 *                           tokens/caller/<caller>/<set>/<sha1 of that JSON>, removed with it
 * Each multi-step operation is one Lua script, so replicas never interleave inside it.
 *
 * Redis is a dependency that can fail: every command is bounded by the call's signal and time
 * (StoreCallOptions) and by the store's own command timeout, and fails with `store_unavailable`
 * (never an empty message, never the URL). Commands are not queued while the connection is down,
 * and none is sent while an earlier one is overdue (a stalled server), until it answers again.
 * After an outage, lock() answers "held" for a short grace, so a replica whose lock the outage
 * lost (it re-takes it on reconnect) or who holds rotated tokens to write gets there first.
 */
import { createHash, randomBytes } from 'node:crypto';
import { callerConnectionId } from '../connections/ids.js';
import type { ConnectionOptions, SharedStore, StoreCallOptions, StoredTokens } from '../types.js';
import { CommandGuard, reason } from './guard.js';

/** The part of a node-redis client this store uses. */
interface Client {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, options?: object): Promise<string | null>;
  del(key: string): Promise<number>;
  evalSha(sha: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  ping(): Promise<unknown>;
  connect(): Promise<unknown>;
  close?(): Promise<void>;
  quit?(): Promise<unknown>;
  on(event: 'error', listener: (e: Error) => void): unknown;
  on(event: 'ready', listener: () => void): unknown;
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

/**
 * A caller's connection set (ARGV[2]) or removed (ARGV[2] = ''): the tokens kept for the text it
 * replaces (KEYS[2] .. sha1 of it) go with it, and so do tokens of the key without the digest
 * (KEYS[3], what earlier versions used). Resolves 1 when a connection was there.
 */
const SETCONN = `
local old = redis.call('GET', KEYS[1])
if old and old ~= ARGV[1] then redis.call('DEL', KEYS[2] .. redis.sha1hex(old)) end
redis.call('DEL', KEYS[3])
if ARGV[1] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[1]) end
if old then return 1 end
return 0`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** An optional peer dependency (the `toolspec` command installs it); a variable, so bundlers leave it to the runtime. */
const REDIS_CLIENT: string = '@redis/client';

const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');
const SCRIPTS = { SWAP, TAKE, LEASE, CLAIM, RELEASE, SETCONN } as const;
const SHAS = Object.fromEntries(Object.entries(SCRIPTS).map(([k, v]) => [k, sha1(v)])) as Record<
  keyof typeof SCRIPTS,
  string
>;

export interface RedisStoreOptions {
  /** Prefix of every key (default `toolspec:`): several deployments can share one Redis. */
  readonly prefix?: string | undefined;
  /** The longest wait for one command before the store counts as unavailable (default 5000 ms). */
  readonly commandTimeoutMs?: number | undefined;
  /** How long after an outage lock() answers "held" (default 3000 ms; longer than a reconnect's backoff). */
  readonly reconnectGraceMs?: number | undefined;
}

/** The reconnect backoff's ceiling: replicas find a restarted Redis within about this of each other. */
const MAX_RECONNECT_DELAY_MS = 1_000;

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

export class RedisStore implements SharedStore {
  readonly shared = true as const;
  /** Bounds every command; knows when the server stalled. */
  private readonly guard: CommandGuard;
  /** When the connection came back after an outage (performance.now()), or -Infinity. */
  private reconnectedAt = Number.NEGATIVE_INFINITY;
  /** The locks this process holds (key -> holder and expiry): re-taken after an outage lost them. */
  private readonly held = new Map<string, { readonly holder: string; readonly until: number }>();
  private readonly graceMs: number;

  private constructor(
    private readonly client: Client,
    private readonly prefix: string,
    options: RedisStoreOptions,
  ) {
    this.guard = new CommandGuard(options.commandTimeoutMs ?? 5_000, () => client.ping());
    this.graceMs = options.reconnectGraceMs ?? 3_000;
    client.on('ready', () => this.reconnected());
  }

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
    let opened = false;
    const client = createClient({
      url,
      // While the connection is down a command fails at once instead of waiting in a queue.
      disableOfflineQueue: true,
      socket: {
        connectTimeout: 5_000,
        // The first connection fails at once (a store that is not there is said at start);
        // a lost one is sought again for as long as the process runs.
        reconnectStrategy: (retries: number) =>
          opened ? Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS) : false,
      },
    }) as unknown as Client;
    let lastError: Error | undefined;
    client.on('error', (e) => {
      lastError = e;
    });
    try {
      await client.connect();
      opened = true;
    } catch (e) {
      throw new Error(
        `cannot connect to the Redis store at ${shownUrl(url)}: ${reason((e as Error).message ? e : (lastError ?? e))}`,
      );
    }
    // Registered after the first connection: every later 'ready' is a reconnection.
    return new RedisStore(client, options.prefix ?? 'toolspec:', options);
  }

  /** Back after an outage: a short grace for locks, and the locks this process held are taken again. */
  private reconnected(): void {
    this.reconnectedAt = performance.now();
    this.guard.answered();
    for (const [key, { holder, until }] of this.held) {
      const left = Math.ceil(until - performance.now());
      if (left <= 0) this.held.delete(key);
      else
        this.client
          .set(key, holder, { condition: 'NX', expiration: { type: 'PX', value: left } })
          .catch(() => {});
    }
  }

  private async run(
    name: keyof typeof SCRIPTS,
    keys: string[],
    args: string[],
    options: StoreCallOptions | undefined,
  ): Promise<unknown> {
    try {
      return await this.guard.run(() => this.client.evalSha(SHAS[name], { keys, arguments: args }), options);
    } catch (e) {
      if (!String((e as Error).message).includes('NOSCRIPT')) throw e;
      return this.guard.run(() => this.client.eval(SCRIPTS[name], { keys, arguments: args }), options);
    }
  }

  async get(connection: string, options?: StoreCallOptions): Promise<StoredTokens | undefined> {
    const v = await this.guard.run(() => this.client.get(`${this.prefix}tokens/${connection}`), options);
    return v === null ? undefined : (JSON.parse(v) as StoredTokens);
  }

  async set(connection: string, tokens: StoredTokens, options?: StoreCallOptions): Promise<void> {
    await this.guard.run(
      () => this.client.set(`${this.prefix}tokens/${connection}`, JSON.stringify(tokens)),
      options,
    );
  }

  async swap(
    connection: string,
    expectedRefreshToken: string | undefined,
    next: StoredTokens,
    options?: StoreCallOptions,
  ): Promise<boolean> {
    const r = await this.run(
      'SWAP',
      [`${this.prefix}tokens/${connection}`],
      expectedRefreshToken === undefined
        ? ['0', '', JSON.stringify(next)]
        : ['1', expectedRefreshToken, JSON.stringify(next)],
      options,
    );
    return Number(r) === 1;
  }

  async lock(name: string, ttlMs: number, options?: StoreCallOptions): Promise<(() => Promise<void>) | null> {
    // Just back from an outage: a holder whose lock it lost, or with tokens to write, goes first.
    if (performance.now() - this.reconnectedAt < this.graceMs) return null;
    const key = `${this.prefix}lock/${name}`;
    const holder = randomBytes(12).toString('base64url');
    const ttl = Math.ceil(ttlMs);
    const ok = await this.guard.run(
      () => this.client.set(key, holder, { condition: 'NX', expiration: { type: 'PX', value: ttl } }),
      options,
    );
    if (ok === null) return null;
    this.held.set(key, { holder, until: performance.now() + ttl });
    return async () => {
      if (this.held.get(key)?.holder === holder) this.held.delete(key);
      await this.run('RELEASE', [key], [holder], undefined);
    };
  }

  async take(
    bucket: string,
    rate: number,
    burst: number,
    maxWaitMs: number,
    options?: StoreCallOptions,
  ): Promise<number> {
    const r = await this.run(
      'TAKE',
      [`${this.prefix}rl/${bucket}`],
      [String(rate), String(burst), String(Math.floor(maxWaitMs))],
      options,
    );
    return Number(r);
  }

  async lease(
    bucket: string,
    rate: number,
    burst: number,
    count: number,
    options?: StoreCallOptions,
  ): Promise<number> {
    return Number(
      await this.run(
        'LEASE',
        [`${this.prefix}rl/${bucket}`],
        [String(rate), String(burst), String(count)],
        options,
      ),
    );
  }

  async claim(key: string, value: string, ttlMs: number, options?: StoreCallOptions): Promise<string> {
    return String(
      await this.run('CLAIM', [`${this.prefix}${key}`], [value, String(Math.ceil(ttlMs))], options),
    );
  }

  async forget(key: string, options?: StoreCallOptions): Promise<void> {
    await this.guard.run(() => this.client.del(`${this.prefix}${key}`), options);
  }

  private connectionKey(caller: string, set: string): string {
    return `${this.prefix}conn/${encodeURIComponent(caller)}/${encodeURIComponent(set)}`;
  }

  async connection(caller: string, set: string, options?: StoreCallOptions): Promise<string | undefined> {
    return (
      (await this.guard.run(() => this.client.get(this.connectionKey(caller, set)), options)) ?? undefined
    );
  }

  /** Set (text) or remove (''): the tokens kept for the connection replaced go with it, in one script. */
  private async putConnection(
    caller: string,
    set: string,
    text: string,
    options: StoreCallOptions | undefined,
  ): Promise<boolean> {
    const tokens = `${this.prefix}tokens/${callerConnectionId(caller, set)}`;
    const r = await this.run(
      'SETCONN',
      [this.connectionKey(caller, set), `${tokens}/`, tokens],
      [text],
      options,
    );
    return Number(r) === 1;
  }

  async setConnection(
    caller: string,
    set: string,
    connection: ConnectionOptions,
    options?: StoreCallOptions,
  ): Promise<void> {
    await this.putConnection(caller, set, JSON.stringify(connection), options);
  }

  async deleteConnection(caller: string, set: string, options?: StoreCallOptions): Promise<boolean> {
    return this.putConnection(caller, set, '', options);
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
