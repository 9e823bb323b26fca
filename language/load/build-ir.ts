/**
 * Raw (schema-valid) spec data -> fully defaulted, frozen IR. Pure: positions come from the
 * `locate` callback, nothing is read from disk here.
 */
import { toolFacts } from '../ir/facts.js';
import type {
  AuthIR,
  Effect,
  Encoding,
  ErrorRuleIR,
  ExampleIR,
  HttpMethod,
  InputIR,
  InputKind,
  InputLocation,
  JsonObject,
  JsonSchema,
  JsonValue,
  PagingIR,
  PollIR,
  RateLimitedWaitIR,
  RateLimitIR,
  ResetHeaderIR,
  RuleErrorCode,
  SetRateLimitIR,
  SourceLoc,
  ToolIR,
  ToolSetIR,
} from '../ir/ir.js';

/* Raw shapes as the spec schema allows them (validated before this runs). */
type Raw = Record<string, unknown>;

export const PLACEMENT_KEYS = new Set([
  'in',
  'as',
  'required',
  'kind',
  'transform',
  'explode',
  'path_encoding',
  'compute',
  'min_version',
  'send_default',
]);

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_OUTPUT_BYTES = 100_000;

export type Locate = (pointer: string) => SourceLoc;

/** A raw tool plus the pointer of its declaration (in `tools` or in a family). */
export interface RawTool {
  readonly raw: Raw;
  readonly pointer: string;
}

export function pathVariables(template: string): string[] {
  return [...template.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] ?? '');
}

const asArray = (v: unknown): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)];
const str = (v: unknown, d: string): string => (typeof v === 'string' ? v : d);
const num = (v: unknown, d: number): number => (typeof v === 'number' ? v : d);
const bool = (v: unknown, d: boolean): boolean => (typeof v === 'boolean' ? v : d);
const strMap = (v: unknown): Record<string, string> => ({
  ...((v as Record<string, string> | undefined) ?? {}),
});

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

function buildPaging(name: string, raw: Raw): PagingIR {
  switch (raw.style) {
    case 'cursor':
      return {
        style: 'cursor',
        name,
        in: raw.in === 'body' ? 'body' : 'query',
        cursorParam: str(raw.cursor_param, 'cursor'),
        sizeParam: typeof raw.size_param === 'string' ? raw.size_param : null,
        itemsPointer: str(raw.items, ''),
        nextPointer: str(raw.next, ''),
        hasMorePointer: typeof raw.has_more === 'string' ? raw.has_more : null,
        nextExpr: raw.next !== undefined && typeof raw.next !== 'string' ? (raw.next as JsonValue) : null,
        hasMoreExpr:
          raw.has_more !== undefined && typeof raw.has_more !== 'string' ? (raw.has_more as JsonValue) : null,
      };
    case 'offset':
      return {
        style: 'offset',
        name,
        in: raw.in === 'body' ? 'body' : 'query',
        offsetParam: str(raw.offset_param, 'offset'),
        limitParam: str(raw.limit_param, 'limit'),
        itemsPointer: str(raw.items, ''),
        defaultLimit: num(raw.default_limit, 100),
        lastPointer: typeof raw.last === 'string' ? raw.last : null,
        totalPointer: typeof raw.total === 'string' ? raw.total : null,
      };
    case 'page_number':
      return {
        style: 'page_number',
        name,
        in: raw.in === 'body' ? 'body' : 'query',
        pageParam: str(raw.page_param, 'page'),
        sizeParam: typeof raw.size_param === 'string' ? raw.size_param : null,
        startPage: num(raw.start_page, 1),
        itemsPointer: str(raw.items, ''),
        defaultSize: num(raw.default_size, 100),
        totalPagesPointer: typeof raw.total_pages === 'string' ? raw.total_pages : null,
        lastPointer: typeof raw.last === 'string' ? raw.last : null,
      };
    case 'link_header':
      return {
        style: 'link_header',
        name,
        itemsPointer: str(raw.items, ''),
        rel: str(raw.rel, 'next'),
        linkPaths: asArray(raw.link_paths),
      };
    case 'next_link':
      return {
        style: 'next_link',
        name,
        itemsPointer: str(raw.items, ''),
        nextPointer: str(raw.next, ''),
        linkPaths: asArray(raw.link_paths),
      };
    case 'single_page':
      return { style: 'single_page', name, itemsPointer: str(raw.items, '') };
    default:
      return {
        style: 'partitions',
        name,
        itemsPointer: str(raw.items, ''),
        partitionsPointer: str(raw.partitions, ''),
        handlePointer: str(raw.handle, ''),
        path: str(raw.path, ''),
        partitionParam: str(raw.partition_param, 'partition'),
        keep: asArray(raw.keep),
      };
  }
}

function buildAuth(raw: Raw): AuthIR {
  const headers = strMap(raw.headers);
  if (raw.type === 'api_key') {
    const keys = ((raw.keys as Raw[] | undefined) ?? []).map((k) => ({
      credential: str(k.credential, 'api_key'),
      in: k.in === 'query' ? ('query' as const) : ('header' as const),
      name: str(k.name, ''),
      prefix: str(k.prefix, ''),
    }));
    return { kind: 'api_key', keys, headers };
  }
  if (raw.type === 'basic') {
    return {
      kind: 'basic',
      username: str(raw.username, 'username'),
      password: str(raw.password, 'password'),
      passwordOptional: bool(raw.password_optional, false),
      headers,
    };
  }
  if (raw.type === 'oauth2_client_credentials') {
    return {
      kind: 'oauth2_client_credentials',
      tokenUrl: typeof raw.token_url === 'string' ? raw.token_url : null,
      scopes: asArray(raw.scopes),
      clientAuth: raw.client_auth === 'client_secret_post' ? 'client_secret_post' : 'client_secret_basic',
      headers,
      refreshSkewSeconds: num(raw.refresh_skew_seconds, 60),
    };
  }
  if (raw.type === 'oauth2') {
    return {
      kind: 'oauth2',
      tokenUrl: typeof raw.token_url === 'string' ? raw.token_url : null,
      headers,
      refreshSkewSeconds: num(raw.refresh_skew_seconds, 60),
    };
  }
  return { kind: raw.type === 'bearer' ? 'bearer' : 'none', headers };
}

export function buildErrorRules(raw: unknown, pointer: string, locate: Locate): ErrorRuleIR[] {
  return ((raw as Raw[] | undefined) ?? []).map((r, i) => ({
    when: str(r.when, 'false'),
    code: typeof r.code === 'string' ? (r.code as RuleErrorCode) : null,
    codes: { ...((r.codes as Record<string, RuleErrorCode> | undefined) ?? {}) },
    vendorCode: asArray(r.vendor_code),
    vendorMessage: asArray(r.vendor_message),
    resetHeader: typeof r.reset_header === 'string' ? r.reset_header.toLowerCase() : null,
    loc: locate(`${pointer}/${i}`),
  }));
}

/** The declared Content-Type among header maps (later wins), or null. */
function declaredContentType(...maps: Readonly<Record<string, string>>[]): string | null {
  let found: string | null = null;
  for (const m of maps)
    for (const [k, v] of Object.entries(m)) if (k.toLowerCase() === 'content-type') found = v;
  return found;
}

/** What an encoding keeps beside the body (the sql block, the GraphQL document, multipart files). */
function encodingSpecOf(raw: Raw, encoding: Encoding): JsonValue | null {
  if (encoding === 'sql') return (raw.sql as JsonValue | undefined) ?? null;
  if (encoding === 'graphql') return typeof raw.graphql === 'string' ? { query: raw.graphql } : null;
  if (encoding === 'multipart') return { files: (raw.files as JsonValue | undefined) ?? {} };
  return (raw.sql as JsonValue | undefined) ?? null;
}

function defaultIdempotent(effects: readonly Effect[]): boolean {
  return effects.every((e) => e === 'read' || e === 'delete');
}

function buildInput(
  name: string,
  raw: Raw,
  method: HttpMethod,
  pathVars: readonly string[],
  loc: SourceLoc,
): InputIR {
  const schema: Record<string, JsonValue> = {};
  for (const [k, v] of Object.entries(raw)) {
    // `required: true|false` is the placement flag; `required: [names]` is JSON Schema's own (object inputs).
    const placement = PLACEMENT_KEYS.has(k) && !(k === 'required' && Array.isArray(v));
    if (!placement) schema[k] = v as JsonValue;
  }
  const kind = (raw.kind as InputKind | undefined) ?? 'public';
  const defaultIn: InputLocation =
    kind === 'version'
      ? 'none'
      : pathVars.includes(name)
        ? 'path'
        : method === 'GET' || method === 'DELETE'
          ? 'query'
          : 'body';
  return {
    name,
    schema,
    required: raw.required === true,
    kind,
    in: (raw.in as InputLocation | undefined) ?? defaultIn,
    as: str(raw.as, name),
    transform: typeof raw.transform === 'string' ? raw.transform : null,
    explode: bool(raw.explode, true),
    pathEncoding: raw.path_encoding === 'one_segment' ? 'one_segment' : 'strict',
    compute: (raw.compute as JsonValue | undefined) ?? null,
    minVersion: typeof raw.min_version === 'string' ? raw.min_version : null,
    default: (raw.default as JsonValue | undefined) ?? null,
    hasDefault: 'default' in raw,
    sendDefault: bool(raw.send_default, false),
    loc,
  };
}

/** The public input schema: visible inputs only, closed, with the tool's cross-input constraints. */
export function publicInputSchema(inputs: readonly InputIR[], constraints: JsonSchema | null): JsonSchema {
  const visible = inputs.filter((i) => i.kind !== 'computed');
  const properties: Record<string, JsonValue> = {};
  for (const i of visible) properties[i.name] = i.schema as JsonValue;
  const required = visible.filter((i) => i.required).map((i) => i.name);
  const schema: Record<string, JsonValue> = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  schema.additionalProperties = false;
  if (constraints) Object.assign(schema, constraints);
  return schema;
}

function buildPoll(raw: Raw): PollIR {
  const cancel = raw.cancel as Raw | undefined;
  return {
    whileStatus: (raw.while_status as number[] | undefined) ?? [202],
    path: str(raw.path, ''),
    method: (raw.method as HttpMethod | undefined) ?? 'GET',
    handlePointer: str(raw.handle, ''),
    intervalMs: num(raw.interval_ms, 250),
    maxIntervalMs: num(raw.max_interval_ms, 5000),
    multiplier: num(raw.multiplier, 2),
    timeoutInput: typeof raw.timeout_input === 'string' ? raw.timeout_input : null,
    defaultTimeoutSeconds: num(raw.default_timeout_seconds, 60),
    skipWhenInput: typeof raw.skip_when === 'string' ? raw.skip_when : null,
    cancel: cancel ? { method: cancel.method as HttpMethod, path: str(cancel.path, '') } : null,
  };
}

function buildExample(raw: Raw, loc: SourceLoc): ExampleIR {
  const req = raw.request as Raw;
  const res = (raw.response as Raw | undefined) ?? {};
  return {
    name: str(raw.name, 'example'),
    input: (raw.input as JsonObject | undefined) ?? {},
    request: {
      method: req.method as HttpMethod,
      path: str(req.path, '/'),
      query: (req.query as Record<string, string | string[]> | undefined) ?? {},
      headers: strMap(req.headers),
      body: (req.body as JsonValue | undefined) ?? null,
    },
    response: {
      status: num(res.status, 200),
      headers: strMap(res.headers),
      body: (res.body as JsonValue | undefined) ?? null,
    },
    output: (raw.output as JsonValue | undefined) ?? null,
    loc,
  };
}

/** The reset headers read when a set declares none: the IETF draft's delta and the common epoch one. */
const DEFAULT_RESET_HEADERS: readonly ResetHeaderIR[] = [
  { name: 'ratelimit-reset', format: 'delta_seconds' },
  { name: 'x-ratelimit-reset', format: 'epoch_seconds' },
];

function buildRateLimitedWait(raw: unknown): RateLimitedWaitIR {
  const r = (raw as Raw | undefined) ?? {};
  const headers = Array.isArray(r.reset_headers)
    ? (r.reset_headers as Raw[]).map((h) => ({
        name: str(h.name, '').toLowerCase(),
        format: h.format === 'delta_seconds' ? ('delta_seconds' as const) : ('epoch_seconds' as const),
      }))
    : DEFAULT_RESET_HEADERS;
  return {
    resetHeaders: headers,
    defaultMs: typeof r.default_seconds === 'number' ? Math.round(r.default_seconds * 1000) : null,
  };
}

/** `rate_limit: {rate, burst}`; the burst defaults to the rate rounded up (at least 1). */
function buildRateLimit(raw: unknown): RateLimitIR | null {
  if (raw === null || typeof raw !== 'object') return null;
  const r = raw as Raw;
  const rate = num(r.rate, 0);
  if (!(rate > 0)) return null;
  return { rate, burst: num(r.burst, Math.max(1, Math.ceil(rate))) };
}

function buildSetRateLimit(raw: unknown): SetRateLimitIR | null {
  const limit = buildRateLimit(raw);
  return limit && { ...limit, writes: buildRateLimit((raw as Raw).writes) };
}

export function buildTool(
  set: string,
  rawTool: RawTool,
  paging: Readonly<Record<string, PagingIR>>,
  defaults: { timeoutMs: number; maxOutputBytes: number; headers: Readonly<Record<string, string>> },
  locate: Locate,
): ToolIR {
  const { raw, pointer } = rawTool;
  const method = raw.method as HttpMethod;
  const path = str(raw.path, '/');
  const vars = pathVariables(path);
  const effects = [...new Set(asArray(raw.effects))] as Effect[];
  const rawInputs = (raw.inputs as Record<string, Raw> | undefined) ?? {};
  const inputs = Object.entries(rawInputs).map(([name, r]) =>
    buildInput(name, r, method, vars, locate(`${pointer}/inputs/${name}`)),
  );
  const constraints = (raw.constraints as JsonSchema | undefined) ?? null;
  const response = (raw.response as Raw | undefined) ?? {};
  const encoding = str(raw.encoding, method === 'GET' || method === 'DELETE' ? 'none' : 'json') as Encoding;
  const idem = raw.idempotency as Raw | undefined;
  const examples = ((raw.examples as Raw[] | undefined) ?? []).map((e, i) =>
    buildExample(e, locate(`${pointer}/examples/${i}`)),
  );
  const pagingName = typeof raw.paging === 'string' ? raw.paging : null;
  const tool: Omit<ToolIR, 'facts'> = {
    name: str(raw.name, ''),
    set,
    title: str(raw.title, ''),
    description: str(raw.description, '').trim(),
    search: { keywords: asArray(raw.keywords), aliases: asArray(raw.aliases) },
    effects,
    idempotent: bool(raw.idempotent, defaultIdempotent(effects)),
    destructive: effects.includes('delete') || (effects.includes('update') && method === 'PUT'),
    inputs,
    constraints,
    inputSchema: publicInputSchema(inputs, constraints),
    request: {
      method,
      path,
      headers: strMap(raw.headers),
      query: strMap(raw.query),
      body: (raw.body as JsonValue | undefined) ?? null,
      encoding,
      encodingSpec: encodingSpecOf(raw, encoding),
      contentType: declaredContentType(defaults.headers, strMap(raw.headers)),
    },
    response: {
      format: (response.format as 'json' | 'text' | undefined) ?? 'json',
      map: (response.map as JsonValue | undefined) ?? null,
      items: (response.items as JsonValue | undefined) ?? null,
      empty: (response.empty as JsonValue | undefined) ?? { ok: true },
      schema: (response.schema as JsonSchema | undefined) ?? null,
    },
    paging: pagingName ? (paging[pagingName] ?? null) : null,
    errorRules: buildErrorRules(raw.error_rules, `${pointer}/error_rules`, locate),
    poll: raw.poll ? buildPoll(raw.poll as Raw) : null,
    idempotency: idem
      ? {
          keyInput: str(idem.key, ''),
          retryFlagInput: typeof idem.retry_flag === 'string' ? idem.retry_flag : null,
        }
      : null,
    maxOutputBytes: num(raw.max_output_bytes, defaults.maxOutputBytes),
    timeoutMs: num(raw.timeout_ms, defaults.timeoutMs),
    rateLimit: buildRateLimit(raw.rate_limit),
    handler: typeof raw.handler === 'string' ? raw.handler : null,
    schemaVersion: str(raw.schema_version, '1'),
    toolVersion: str(raw.tool_version, '1'),
    examples,
    loc: locate(pointer),
  };
  return { ...tool, facts: toolFacts(tool) };
}

export function buildSet(
  raw: Raw,
  source: { file: string; hash: string },
  tools: readonly RawTool[],
  locate: Locate,
): ToolSetIR {
  const set = str(raw.set, '');
  const paging: Record<string, PagingIR> = {};
  for (const [name, p] of Object.entries((raw.paging as Record<string, Raw> | undefined) ?? {})) {
    paging[name] = buildPaging(name, p);
  }
  const d = (raw.defaults as Raw | undefined) ?? {};
  const defaults = {
    timeoutMs: num(d.timeout_ms, DEFAULT_TIMEOUT_MS),
    maxOutputBytes: num(d.max_output_bytes, DEFAULT_MAX_OUTPUT_BYTES),
    headers: strMap(raw.headers),
  };
  const server = raw.server as Raw;
  const variables = Object.entries((server.variables as Record<string, Raw> | undefined) ?? {})
    .map(([name, v]) => ({
      name,
      description: str(v.description, ''),
      default: typeof v.default === 'string' ? v.default : null,
      pattern: typeof v.pattern === 'string' ? v.pattern : null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const errors = (raw.errors as Raw | undefined) ?? {};
  const built = tools
    .map((t) => buildTool(set, t, paging, defaults, locate))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return deepFreeze({
    name: set,
    prefix: str(raw.prefix, `${set}_`),
    title: str(raw.title, set),
    description: str(raw.description, '').trim(),
    search: { product: typeof raw.product === 'string' ? raw.product : null, aliases: asArray(raw.aliases) },
    source: source.file,
    sourceHash: source.hash,
    server: { url: str(server.url, ''), variables },
    headers: strMap(raw.headers),
    auth: buildAuth((raw.auth as Raw | undefined) ?? { type: 'none' }),
    helpers: Array.isArray(raw.helpers) ? raw.helpers.filter((h): h is string => typeof h === 'string') : [],
    errors: {
      code: asArray(errors.code ?? ['/code', '/error/code']),
      message: asArray(errors.message ?? ['/message', '/error/message']),
      details: strMap(errors.details),
      field: asArray(errors.field),
      rules: buildErrorRules(errors.rules, '/errors/rules', locate),
      rateLimited: buildRateLimitedWait(errors.rate_limited),
    },
    rateLimit: buildSetRateLimit(raw.rate_limit),
    paging,
    tools: built,
  });
}
