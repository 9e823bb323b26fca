/**
 * Options resolved once into a full context; per-set connections and per-tool runtimes are
 * resolved on first use and cached, so a call only does per-call work.
 */

import type { AuthIR, Helpers, SpecIR, ToolSetIR } from '@toolspec/language';
import { checkHelpers, HELPERS, loadSpecs, missingHelpers, nearest, withHelpers } from '@toolspec/language';
import { Agent, type Dispatcher } from 'undici';
import { type AuthSession, createAuthSession } from './auth/index.js';
import {
  type CredentialSlot,
  credentialSlots,
  type MissingCredential,
  missingCredentials,
} from './auth/slots.js';
import { MemoryTokenStore } from './auth/stores.js';
import { fromEnvironment } from './connections/env.js';
import { ToolError } from './errors.js';
import { DEFAULT_RETRY } from './http/retry.js';
import {
  type Buckets,
  MemoryBuckets,
  type RateRule,
  rateRuleFor,
  SharedBuckets,
} from './limit/rate-limit.js';
import { type LinkScope, linkScope } from './paging/confine.js';
import { type CursorKey, cursorKeyOf } from './paging/cursor-codec.js';
import { Secrets } from './redact.js';
import type { RequestBase } from './request/build.js';
import { planTool, type ToolPlan } from './request/plan.js';
import type {
  ConnectionOptions,
  ConnectionResolver,
  Logger,
  RetryOptions,
  SharedStore,
  TokenStore,
  ToolkitOptions,
  TransportOptions,
} from './types.js';
import { ajvValidatorProvider, type InputValidator, type ValidatorProvider } from './validate/provider.js';

export const DEFAULT_TRANSPORT: TransportOptions = {
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 30_000,
  maxResponseBytes: 10 * 1024 * 1024,
};

export const DEFAULT_USER_AGENT = 'toolspec/0.1';

/**
 * Where a connection came from: the environment and the connections file (`loadConnections`),
 * the toolkit's `connections` option, a call's `connection` option, the toolkit's resolver, or a
 * caller's connection in the shared store.
 */
export type ConnectionSource = 'environment' | 'options' | 'call' | 'resolver' | 'store';

export interface Connection {
  /** Token-store and rate-limit key: the set name for the deployment, `caller/<caller>/<set>/<digest of the connection>` for a caller. */
  readonly id: string;
  /** The caller whose connection this is (undefined: the deployment's). */
  readonly caller: string | undefined;
  /** Where its options came from (what a missing credential is called: a variable or a field). */
  readonly source: ConnectionSource;
  readonly options: ConnectionOptions;
  /** Tool runtimes over this connection (the deployment's live in the context's map). */
  readonly runtimes: Map<string, ToolRuntime>;
  readonly set: ToolSetIR;
  readonly origin: string;
  readonly basePath: string;
  /** Auth-scheme + connection headers (lower-cased). */
  readonly tailHeaders: Readonly<Record<string, string>>;
  /**
   * Its own redaction scope under the deployment's: its credentials and rotated tokens. A call's
   * output, errors and log events are redacted with it, at a cost that does not depend on how
   * many other connections the toolkit serves.
   */
  readonly secrets: Secrets;
  /** The toolkit's logger, each event redacted with this connection's secrets. */
  readonly logger: Logger | undefined;
  readonly auth: AuthSession;
  /** Where the set's credentials go on a request (a dry run shows them there, redacted). */
  readonly credentials: readonly CredentialSlot[];
  /** The credentials its set's auth needs that the options lack: a call fails before sending. */
  readonly missing: readonly MissingCredential[];
}

/** Everything per tool that does not change between calls. */
export interface ToolRuntime {
  readonly plan: ToolPlan;
  readonly conn: Connection;
  readonly base: RequestBase;
  readonly validate: InputValidator;
  /** Key signing this toolkit's cursors: the shared TOOLSPEC_CURSOR_KEY or this process's own. */
  readonly cursorKey: CursorKey;
  /** The bucket each attempt takes a token from, or null: not limited. */
  readonly limit: RateRule | null;
  /** Paged tools: where a page's request may go (next links, cursors); null without paging. */
  readonly linkScope: LinkScope | null;
}

export interface ToolkitContext {
  readonly ir: SpecIR;
  readonly dispatcher: Dispatcher;
  readonly ownsDispatcher: boolean;
  readonly retry: RetryOptions;
  readonly transport: TransportOptions;
  /** The toolkit's logger, each event redacted with the deployment's secrets (a connection has its own: `Connection.logger`). */
  readonly logger: Logger | undefined;
  /** The logger as given (unredacted): only `redactedLogger` writes to it. */
  readonly logSink: Logger | undefined;
  readonly readOnly: boolean;
  /** What templates may call: the built-in helpers and the toolkit's own. */
  readonly helpers: Helpers;
  readonly userAgent: string;
  readonly tokenStore: TokenStore;
  readonly secrets: Secrets;
  readonly validators: ValidatorProvider;
  readonly connections: Readonly<Record<string, ConnectionOptions>>;
  /** Where `connections` came from: the environment (`loadConnections`) or the caller's code. */
  readonly connectionsSource: ConnectionSource;
  /** The caller's resolver, or null: the default (the deployment's connections; callers' from the store). */
  readonly resolver: ConnectionResolver | null;
  /** The token store when it is shared by replicas (also holds buckets, keys and callers' connections). */
  readonly shared: SharedStore | null;
  readonly buckets: Buckets;
  /** Connections resolved per call: callers' (by id, with the text they were built from) and given ones. */
  readonly callerConnections: Map<string, { readonly raw: string; readonly conn: Connection }>;
  readonly givenConnections: WeakMap<ConnectionOptions, Connection>;
  readonly random: () => number;
  readonly cursorKey: CursorKey;
  readonly setsByName: ReadonlyMap<string, ToolSetIR>;
  readonly resolvedConnections: Map<string, Connection>;
  readonly runtimes: Map<string, ToolRuntime>;
}

function lowerKeys(...maps: (Readonly<Record<string, string>> | undefined)[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of maps) if (m) for (const k in m) out[k.toLowerCase()] = m[k] as string;
  return out;
}

export function resolveContext(options: ToolkitOptions): ToolkitContext {
  if (options.specs === undefined)
    throw new TypeError(
      'createToolkit: options.specs is required: an IR (loadSpecs(files), or shippedSpecs() of @toolspec/sets) or spec file paths',
    );
  const own =
    options.helpers === undefined
      ? undefined
      : checkHelpers(options.helpers, 'createToolkit: helpers', HELPERS);
  const ir = Array.isArray(options.specs)
    ? loadSpecs(options.specs as readonly string[], { helpers: own })
    : (options.specs as SpecIR);
  // The helpers given here, else those the IR was loaded with.
  const helpers = withHelpers(HELPERS, own ?? ir.helpers);
  const missing = missingHelpers(ir, helpers);
  if (missing.length > 0) {
    const { tool, fn, set } = missing[0] as (typeof missing)[number];
    const modules = set.helpers.length > 0 ? ` (the spec names ${set.helpers.join(', ')})` : '';
    throw new TypeError(
      `createToolkit: tool ${tool} calls helper "${fn}", which is neither built in nor among options.helpers${modules}; pass createToolkit({helpers: await importSpecHelpers(files)})${missing.length > 1 ? ` (${missing.length - 1} more missing)` : ''}`,
    );
  }
  const transport = { ...DEFAULT_TRANSPORT, ...stripUndefined(options.transport) };
  const dispatcher =
    options.dispatcher ??
    new Agent({
      keepAliveTimeout: 10_000,
      keepAliveMaxTimeout: 60_000,
      connect: { timeout: transport.connectTimeoutMs },
      headersTimeout: transport.headersTimeoutMs,
      bodyTimeout: transport.bodyTimeoutMs,
    });
  const secrets = new Secrets();
  const resolver = typeof options.connections === 'function' ? options.connections : null;
  const connections: Readonly<Record<string, ConnectionOptions>> =
    typeof options.connections === 'object' ? options.connections : {};
  for (const [name, c] of Object.entries(connections)) {
    const set = ir.sets.find((s) => s.name === name);
    addConnectionSecrets(secrets, c, set ? identifierCredentials(set.auth) : []);
  }
  const tokenStore = options.tokenStore ?? new MemoryTokenStore();
  const shared = isSharedStore(tokenStore) ? tokenStore : null;
  return {
    ir,
    dispatcher,
    ownsDispatcher: options.dispatcher === undefined,
    retry: { ...DEFAULT_RETRY, ...stripUndefined(options.retry) },
    transport,
    logger: redactedLogger(options.logger, secrets),
    logSink: options.logger,
    readOnly: options.readOnly ?? false,
    helpers,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    tokenStore,
    secrets,
    validators: options.validators ?? ajvValidatorProvider(),
    connections,
    connectionsSource:
      resolver !== null ? 'resolver' : fromEnvironment(connections) ? 'environment' : 'options',
    resolver,
    shared,
    buckets: shared ? new SharedBuckets(shared) : new MemoryBuckets(),
    callerConnections: new Map(),
    givenConnections: new WeakMap(),
    random: options.random ?? Math.random,
    cursorKey: cursorKeyOf(checkedCursorKey(options.cursorKey || process.env.TOOLSPEC_CURSOR_KEY || null)),
    setsByName: new Map(ir.sets.map((s) => [s.name, s])),
    resolvedConnections: new Map(),
    runtimes: new Map(),
  };
}

/** The shortest cursor key accepted: replicas share it, so it must be hard to guess. */
export const MIN_CURSOR_KEY_LENGTH = 32;

function checkedCursorKey(key: string | null): string | null {
  if (key !== null && key.length < MIN_CURSOR_KEY_LENGTH) {
    throw new TypeError(
      `createToolkit: the cursor key (TOOLSPEC_CURSOR_KEY) must be at least ${MIN_CURSOR_KEY_LENGTH} characters long (it has ${key.length}); use e.g. \`openssl rand -base64 33\``,
    );
  }
  return key;
}

export function isSharedStore(store: TokenStore): store is SharedStore {
  return (store as Partial<SharedStore>).shared === true;
}

/** `sink` with every event redacted by `secrets` on its way in (undefined without a sink). */
export function redactedLogger(sink: Logger | undefined, secrets: Secrets): Logger | undefined {
  return sink === undefined ? undefined : (event) => sink(secrets.redactValue(event));
}

/** The credentials that name an account rather than prove it: a basic username beside a required password. */
function identifierCredentials(auth: AuthIR): readonly string[] {
  return auth.kind === 'basic' && !auth.passwordOptional ? [auth.username] : [];
}

/**
 * Every credential and every connection header value of a connection is a secret (API keys often
 * ride in headers), except the credentials named in `identifiers`: a basic username beside a
 * required password is an account's name or email, which results show (an API key sent as the
 * username with an optional password stays a secret).
 */
export function addConnectionSecrets(
  secrets: Secrets,
  c: ConnectionOptions,
  identifiers: readonly string[] = [],
): void {
  secrets.add(c.token);
  secrets.add(c.oauth?.accessToken);
  secrets.add(c.oauth?.refreshToken);
  secrets.add(c.oauth?.clientSecret);
  for (const [name, v] of Object.entries(c.credentials ?? {}))
    if (!identifiers.includes(name)) secrets.add(v);
  for (const [name, value] of Object.entries(c.headers ?? {})) secrets.addHeader(name, value);
}

function stripUndefined<T extends object>(o: T | undefined): Partial<T> {
  const out: Partial<T> = {};
  if (o) for (const [k, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

function configError(set: string, message: string, hint: string): ToolError {
  return new ToolError({ code: 'configuration', field: `connections.${set}`, message, hint });
}

const SAFE_HOST_PART = /^[A-Za-z0-9._-]+$/;

/** The base URL of a set's connection: `baseUrl` as given, else the server URL with variables filled. */
export function serverUrl(set: ToolSetIR, conn: ConnectionOptions): string {
  if (conn.baseUrl) return conn.baseUrl;
  return fillServerVariables(set, conn, set.server.url);
}

/**
 * The set's auth with `{variable}` placeholders of its token URL filled like the server URL
 * (Snowflake's token endpoint is per account); null token URL when a variable is not given.
 */
function authFor(set: ToolSetIR, conn: ConnectionOptions): AuthIR {
  const auth = set.auth;
  if (
    (auth.kind !== 'oauth2' && auth.kind !== 'oauth2_client_credentials') ||
    auth.tokenUrl === null ||
    !auth.tokenUrl.includes('{')
  )
    return auth;
  try {
    return { ...auth, tokenUrl: fillServerVariables(set, conn, auth.tokenUrl) };
  } catch {
    return { ...auth, tokenUrl: null };
  }
}

/** One server variable's value from the connection (validated so it cannot change the host or the path's shape). */
function serverVariable(set: ToolSetIR, conn: ConnectionOptions, name: string): string {
  const v = set.server.variables.find((d) => d.name === name);
  if (!v) throw configError(set.name, `connection "${set.name}": unknown server variable "${name}"`, '');
  const value = conn.variables?.[v.name] ?? v.default;
  if (value === undefined || value === null) {
    throw configError(
      set.name,
      `connection "${set.name}": server variable "${v.name}" is not set (${v.description})`,
      `Give connections.${set.name}.variables.${v.name} (CLI: TOOLSPEC_${set.name.toUpperCase()}_${v.name.toUpperCase()}).`,
    );
  }
  if (!SAFE_HOST_PART.test(value) || (v.pattern !== null && !new RegExp(v.pattern).test(value))) {
    throw configError(
      set.name,
      `connection "${set.name}": server variable "${v.name}" has an invalid value`,
      `It must match ${v.pattern ?? SAFE_HOST_PART.source}.`,
    );
  }
  return value;
}

/** `template` with every server variable it uses filled from the connection. */
function fillServerVariables(set: ToolSetIR, conn: ConnectionOptions, template: string): string {
  let url = template;
  for (const v of set.server.variables) {
    if (!url.includes(`{${v.name}}`)) continue;
    url = url.replaceAll(`{${v.name}}`, serverVariable(set, conn, v.name));
  }
  return url;
}

/** The deployment's connection of a set (from `connections`), made once. */
export function connectionFor(ctx: ToolkitContext, set: ToolSetIR): Connection {
  const cached = ctx.resolvedConnections.get(set.name);
  if (cached) return cached;
  const options = ctx.connections[set.name] ?? {};
  const conn = makeConnection(ctx, set, options, set.name, undefined, ctx.connectionsSource);
  ctx.resolvedConnections.set(set.name, conn);
  return conn;
}

/** A connection's session and request base, from its options; `id` keys its tokens and rate-limit bucket. */
export function makeConnection(
  ctx: ToolkitContext,
  set: ToolSetIR,
  opts: ConnectionOptions,
  id: string,
  caller: string | undefined,
  source: ConnectionSource,
): Connection {
  let url: URL;
  const raw = serverUrl(set, opts);
  try {
    url = new URL(raw);
  } catch {
    throw configError(
      set.name,
      `connection "${set.name}": base URL is not a valid URL`,
      'Use an absolute http(s) URL.',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw configError(
      set.name,
      `connection "${set.name}": base URL must be http(s)`,
      'Use an absolute http(s) URL.',
    );
  }
  const auth = authFor(set, opts);
  const credentials = credentialSlots(auth, opts);
  const secrets = ctx.secrets.child();
  addConnectionSecrets(secrets, opts, identifierCredentials(auth));
  const logger = redactedLogger(ctx.logSink, secrets);
  return {
    id,
    caller,
    source,
    options: opts,
    runtimes: new Map(),
    set,
    origin: url.origin,
    basePath: url.pathname.replace(/\/+$/, ''),
    tailHeaders: lowerKeys(set.auth.headers, opts.headers),
    credentials,
    missing: missingCredentials(credentials),
    secrets,
    logger,
    auth: createAuthSession({
      key: set.name,
      storeKey: id,
      auth,
      connection: opts,
      dispatcher: ctx.dispatcher,
      store: ctx.tokenStore,
      secrets,
      logger,
      timeoutMs: ctx.transport.headersTimeoutMs,
    }),
  };
}

/** A name that is no declared tool: the caller's mistake (not the vendor's 404), with the nearest names. */
export function unknownTool(name: string, known: Iterable<string>): ToolError {
  const near = nearest(name, known);
  return new ToolError({
    code: 'invalid_input',
    tool: name,
    field: 'tool',
    expected: 'the name of a declared tool',
    message: `unknown tool ${name}${near.length > 0 ? `; did you mean ${near.join(' or ')}?` : ''}`,
    hint: 'List the available tools with toolkit.list() or `toolspec list`.',
    details: near.length > 0 ? { suggestions: near } : undefined,
  });
}

/** A tool's runtime over the deployment's connection, or over `over` (a connection resolved for this call). */
export function runtimeFor(ctx: ToolkitContext, name: string, over?: Connection): ToolRuntime {
  const cache = over ? over.runtimes : ctx.runtimes;
  const cached = cache.get(name);
  if (cached) return cached;
  const tool = ctx.ir.byName.get(name);
  if (!tool) throw unknownTool(name, ctx.ir.byName.keys());
  const set = ctx.setsByName.get(tool.set) as ToolSetIR;
  const conn = over ?? connectionFor(ctx, set);
  const plan = planTool(tool, set, ctx.helpers);
  const pathVariables: Record<string, string> = {};
  for (const name of plan.serverPathVars) {
    pathVariables[name] = serverVariable(set, conn.options, name);
  }
  const base: RequestBase = {
    origin: conn.origin,
    basePath: conn.basePath,
    leadHeaders: lowerKeys({ 'user-agent': ctx.userAgent }, set.headers, tool.request.headers),
    tailHeaders: conn.tailHeaders,
    pathVariables,
  };
  const rt: ToolRuntime = {
    plan,
    conn,
    base,
    validate: ctx.validators.validatorFor(tool),
    cursorKey: ctx.cursorKey,
    limit: rateRuleFor(set, tool, conn.options, conn.id),
    linkScope: plan.paging ? linkScope(tool.name, tool.request.path, plan.paging, base) : null,
  };
  cache.set(name, rt);
  return rt;
}
