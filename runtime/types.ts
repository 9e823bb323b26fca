/**
 * The public runtime API types. `createToolkit(options)` (runtime/toolkit.ts) resolves these
 * options once into a full context; everything after that is per call.
 */

import type { Helpers, JsonValue, SpecIR, ToolIR } from '@toolspec/language';
import type { Dispatcher } from 'undici';
import type { ValidatorProvider } from './validate/provider.js';

/** Persisted OAuth 2.0 tokens of one connection. */
export interface StoredTokens {
  readonly accessToken: string;
  readonly refreshToken?: string | undefined;
  /** Epoch milliseconds; absent means unknown (refresh on 401 only). */
  readonly expiresAt?: number | undefined;
}

/**
 * What bounds one store operation: the call's abort signal and the longest wait the call allows
 * (the tool's timeout). A shared store that does not answer within it fails with
 * `store_unavailable`; stores in memory or a file may ignore it.
 */
export interface StoreCallOptions {
  readonly signal?: AbortSignal | undefined;
  readonly timeoutMs?: number | undefined;
}

/** Where rotated tokens are persisted (in-memory and atomic file stores ship; `RedisStore` is shared). */
export interface TokenStore {
  get(connection: string, options?: StoreCallOptions): Promise<StoredTokens | undefined>;
  set(connection: string, tokens: StoredTokens, options?: StoreCallOptions): Promise<void>;
}

/**
 * A token store shared by every replica (`RedisStore`): besides tokens, compare-and-set, locks
 * with expiry (the refresh is single-flight across replicas), rate-limit buckets, idempotency
 * keys of in-flight writes and the connections of named callers. Every operation takes
 * StoreCallOptions; one the store cannot answer in time fails with `store_unavailable`.
 */
export interface SharedStore extends TokenStore {
  readonly shared: true;
  /** Write `next` only while the stored refresh token is still `expectedRefreshToken` (undefined: nothing stored yet). */
  swap(
    connection: string,
    expectedRefreshToken: string | undefined,
    next: StoredTokens,
    options?: StoreCallOptions,
  ): Promise<boolean>;
  /**
   * Take a lock with expiry; resolves a release function, or null while another holder has it
   * (also for a short while after the store came back from an outage, so that a holder whose
   * lock the outage lost, or who has tokens to write, gets there first).
   */
  lock(name: string, ttlMs: number, options?: StoreCallOptions): Promise<(() => Promise<void>) | null>;
  /**
   * Take one token of a token bucket (atomic across replicas): 0 = send now; > 0 = the token is
   * reserved, send after this many ms; < 0 = none within `maxWaitMs` (nothing reserved), -ms to wait.
   */
  take(
    bucket: string,
    rate: number,
    burst: number,
    maxWaitMs: number,
    options?: StoreCallOptions,
  ): Promise<number>;
  /** Take `count` tokens at once when the bucket holds them (a replica's short lease); resolves how many were taken (0 or count). */
  lease(
    bucket: string,
    rate: number,
    burst: number,
    count: number,
    options?: StoreCallOptions,
  ): Promise<number>;
  /** Store `value` under `key` unless a value is there; resolves the value kept. */
  claim(key: string, value: string, ttlMs: number, options?: StoreCallOptions): Promise<string>;
  forget(key: string, options?: StoreCallOptions): Promise<void>;
  /** A named caller's connection of one set (JSON of ConnectionOptions), or undefined. */
  connection(caller: string, set: string, options?: StoreCallOptions): Promise<string | undefined>;
  /** Keep a caller's connection; a different one than before also removes the tokens kept for the old one. */
  setConnection(
    caller: string,
    set: string,
    connection: ConnectionOptions,
    options?: StoreCallOptions,
  ): Promise<void>;
  /** Remove a caller's connection and the tokens kept for it; resolves whether there was one. */
  deleteConnection(caller: string, set: string, options?: StoreCallOptions): Promise<boolean>;
  close(): Promise<void>;
}

export interface OAuthOptions {
  readonly accessToken?: string | undefined;
  readonly refreshToken?: string | undefined;
  readonly clientId?: string | undefined;
  readonly clientSecret?: string | undefined;
  /** Overrides the set's declared token endpoint. */
  readonly tokenUrl?: string | undefined;
  /** Epoch milliseconds at which `accessToken` expires. */
  readonly expiresAt?: number | undefined;
}

/** One connection per tool set. */
export interface ConnectionOptions {
  /** Replaces the set's server URL entirely (sandbox, tests, proxies). */
  readonly baseUrl?: string | undefined;
  /** Server variables (e.g. `account` for Snowflake). */
  readonly variables?: Readonly<Record<string, string>> | undefined;
  /** A static bearer token. */
  readonly token?: string | undefined;
  /**
   * Named credentials of the set's auth (`api_key`, `username`, `password`, ...): what
   * `TOOLSPEC_<SET>_<NAME>` gives on the command line. Every value is a secret.
   */
  readonly credentials?: Readonly<Record<string, string>> | undefined;
  readonly oauth?: OAuthOptions | undefined;
  /** Extra headers on every request of this connection. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /**
   * Replaces the spec's declared `rate_limit` for this connection: `off`, `10/s`, `600/m`,
   * `10/s,burst=20` (CLI: TOOLSPEC_<SET>_RATE_LIMIT).
   */
  readonly rateLimit?: string | undefined;
}

/** What a connection resolver is asked: which set's connection, for which tool and caller. */
export interface ConnectionRequest {
  readonly set: string;
  readonly tool: string;
  /** The authenticated caller; undefined = the deployment itself. */
  readonly caller?: string | undefined;
}

/**
 * Resolves the connection of each call. Returning the same object again reuses its session
 * (cached tokens, single-flight refresh); undefined = no connection (a typed error names it).
 */
export type ConnectionResolver = (
  request: ConnectionRequest,
) => ConnectionOptions | undefined | Promise<ConnectionOptions | undefined>;

export interface RetryOptions {
  /** Attempts after the first. */
  readonly maxRetries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** Longest Retry-After honoured; longer waits fail with rate_limited. */
  readonly maxRetryAfterMs: number;
}

export interface TransportOptions {
  readonly connectTimeoutMs: number;
  readonly headersTimeoutMs: number;
  readonly bodyTimeoutMs: number;
  /** Largest response body accepted, in bytes. */
  readonly maxResponseBytes: number;
}

export interface LogEvent {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly event: string;
  readonly tool?: string;
  readonly [key: string]: unknown;
}

/** Receives structured log events; secrets are redacted before they get here. */
export type Logger = (event: LogEvent) => void;

export interface ToolkitOptions {
  /** The IR (from `loadSpecs`, or `shippedSpecs()` of @toolspec/sets) or spec file paths. */
  readonly specs: SpecIR | readonly string[];
  /**
   * Connections by set name (the deployment's), or a resolver called per call. Default
   * resolution: a call without `caller` uses these; a call with a `caller` uses that caller's
   * connection from the shared store (`tokenStore: RedisStore`), never the deployment's.
   */
  readonly connections?: Readonly<Record<string, ConnectionOptions>> | ConnectionResolver | undefined;
  /** An undici Dispatcher (Agent, Pool, MockAgent is not used in our tests). */
  readonly dispatcher?: Dispatcher | undefined;
  /** Where tokens live: memory (default), `FileTokenStore`, or a `SharedStore` (`RedisStore`) for replicas. */
  readonly tokenStore?: TokenStore | SharedStore | undefined;
  readonly retry?: Partial<RetryOptions> | undefined;
  readonly transport?: Partial<TransportOptions> | undefined;
  readonly logger?: Logger | undefined;
  /** Refuse tools whose effects are not read-only. */
  readonly readOnly?: boolean | undefined;
  /**
   * Helpers of your own that the specs' templates call, beside the built-in ones: what
   * `importSpecHelpers(files)` gives for the modules a spec names under `helpers:`, or an object
   * of `{name: {description, arity, fn}}` (checked like the built-ins).
   */
  readonly helpers?: Helpers | undefined;
  /** User-Agent sent on every request. */
  readonly userAgent?: string | undefined;
  /** Input validators (default: each tool's schema compiled with Ajv on first use; generated catalogs plug in precompiled ones). */
  readonly validators?: ValidatorProvider | undefined;
  /** Random source in [0, 1) for retry jitter (tests pass a fixed one). */
  readonly random?: (() => number) | undefined;
  /**
   * Key that signs every next_cursor (HMAC-SHA256); unsigned, altered and foreign-signed cursors
   * are refused. Default: the TOOLSPEC_CURSOR_KEY environment variable; unset = a random key of
   * this process (cursors then continue only in the process that issued them).
   */
  readonly cursorKey?: string | undefined;
}

export interface CallOptions {
  readonly signal?: AbortSignal | undefined;
  /** Follow pages and return every item (bounded by maxItems, maxPages, maxBytes). */
  readonly all?: boolean | undefined;
  readonly maxItems?: number | undefined;
  readonly maxPages?: number | undefined;
  readonly maxBytes?: number | undefined;
  /** Extra headers for this call only. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /**
   * A `next_cursor` from an earlier page of the same tool. Works for every paging style; a tool
   * whose catalog has a cursor input (`start_cursor`, `offset`) also accepts it there.
   */
  readonly cursor?: string | undefined;
  /**
   * Who the call is made for: the authenticated caller's identity (the MCP server passes an OAuth
   * access token's `sub`); undefined = the deployment itself, whose connections come from the
   * toolkit's `connections` (environment, file). A named caller only ever uses its own connections.
   */
  readonly caller?: string | undefined;
  /** This call's connection for the tool's set, instead of resolving one. */
  readonly connection?: ConnectionOptions | undefined;
  /**
   * Drive a submit -> poll -> fetch tool (IR `poll`) step by step instead of waiting inside the
   * call (the MCP server's Tasks): see PollControl. Ignored by tools without a declared poll.
   */
  readonly poll?: PollControl | undefined;
}

/**
 * Step-by-step polling. Without `handle` the call submits; with `handle` it sends one status
 * request for that handle instead (the same tool and input as the submission). Either way, when
 * the vendor answers "still running", `pending(handle)` is called and the call returns that
 * answer's output at once. With `handle` and `cancel`, the tool's declared cancel request is sent
 * for the handle and the call fails with `aborted`.
 */
export interface PollControl {
  readonly handle?: string | undefined;
  readonly cancel?: boolean | undefined;
  readonly pending: (handle: string) => void;
}

/** The one paging envelope for every style. `next_cursor` is opaque and engine-owned. */
export interface Page<T = JsonValue> {
  readonly items: readonly T[];
  readonly next_cursor: string | null;
  readonly has_more: boolean;
  /** Present only when a bound (output budget, maxItems, maxPages, maxBytes) cut the result: what was cut and how to get the rest. */
  readonly truncated?: PageTruncation | undefined;
}

export interface PageTruncation {
  readonly reason: 'max_output_bytes' | 'max_items' | 'max_pages' | 'max_bytes';
  readonly limit: number;
  /** Items of the last fetched page that were left for next_cursor. */
  readonly dropped_items?: number | undefined;
  readonly hint: string;
}

/** What `dryRun` returns: the first request a call would send, secrets redacted. */
export interface DryRunRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: JsonValue | null;
}

/** What `toolkit.list()` tells of a tool: the IR's public face. */
export type ToolInfo = Pick<
  ToolIR,
  'name' | 'set' | 'title' | 'description' | 'effects' | 'idempotent' | 'destructive' | 'inputSchema'
>;

/**
 * The input and output type of each tool, by name. The generator emits one per set
 * (`<Set>ToolMap` in `<set>/types.ts`) and @toolspec/sets exports `ToolMap` for the shipped sets:
 * `createToolkit<ToolMap>(...)` types `call` by tool name.
 */
export type ToolMapBase = { readonly [tool: string]: { readonly input: unknown; readonly output: unknown } };

/** What an untyped toolkit knows: any tool name and input, JSON output. */
export type UntypedTools = {
  readonly [tool: string]: { readonly input: unknown; readonly output: JsonValue };
};

type ItemOf<O> = O extends { readonly items: readonly (infer T)[] } ? T : JsonValue;

export interface Toolkit<M extends ToolMapBase = UntypedTools> {
  readonly ir: SpecIR;
  list(filter?: { set?: string | undefined; readOnly?: boolean | undefined }): readonly ToolInfo[];
  /** Run a tool. Resolves to the mapped output (the paging envelope for list tools); rejects with ToolError. */
  call<N extends keyof M & string>(
    tool: N,
    input: M[N]['input'],
    options?: CallOptions,
  ): Promise<M[N]['output']>;
  /** Iterate a list tool's pages, following the engine cursor. */
  pages<N extends keyof M & string>(
    tool: N,
    input: M[N]['input'],
    options?: CallOptions,
  ): AsyncIterable<Page<ItemOf<M[N]['output']>>>;
  /** Build the first request without sending it. */
  dryRun<N extends keyof M & string>(tool: N, input: M[N]['input']): Promise<DryRunRequest>;
  close(): Promise<void>;
}

/** The least a generated typed handler needs: something that runs a tool by name. Every Toolkit is one. */
export interface ToolCaller {
  call(tool: string, input: unknown, options?: CallOptions): Promise<unknown>;
}
