/**
 * A real loopback HTTP server (node:http) that validates every request against a vendor's
 * OpenAPI contract (test/fixtures/contracts/<set>.openapi.json, via openapi-backend) and answers
 * with whatever the test says. Tests read `requests` and `violations` afterwards.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { OpenAPIBackend } from 'openapi-backend';
import { createAjv } from '../../language/schema/ajv.js';
import { listenOnLoopback } from './listen.js';

/** The vendors' trimmed OpenAPI documents, kept in the repository (their sources: README.md there). */
export const CONTRACTS_DIR = fileURLToPath(new URL('../fixtures/contracts/', import.meta.url));

export interface RecordedRequest {
  readonly method: string;
  /** Path as sent (percent-encoded), relative to the contract's server root, without the query. */
  readonly path: string;
  /** Decoded query; a repeated key becomes an array. */
  readonly query: Record<string, string | string[]>;
  /** Lower-cased header names. */
  readonly headers: Record<string, string>;
  readonly body: unknown;
  readonly rawBody: string;
  readonly operationId: string | null;
}

export interface Reply {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  /** JSON body; `undefined` or null sends no body. A string is sent as is. */
  readonly body?: unknown;
  /** Delay before answering, in ms. */
  readonly delayMs?: number;
  /** Reset the connection after the request was received, instead of answering (an ambiguous failure). */
  readonly destroy?: boolean;
}

export type Responder = (req: RecordedRequest) => Reply | Promise<Reply>;

export interface ContractServer {
  /** Base URL including the contract's server root (e.g. `http://127.0.0.1:PORT/v1.0`). */
  readonly url: string;
  /** Origin only (`http://127.0.0.1:PORT`). */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  /** One line per contract violation: `METHOD path: message`. */
  readonly violations: string[];
  respond: Responder;
  close(): Promise<void>;
}

export interface Contract {
  readonly api: OpenAPIBackend;
  readonly root: string;
  /** Query parameters that carry an API key (security schemes `apiKey` in `query`). */
  readonly queryKeys: readonly string[];
  /** Path keys with a suffix (`/#Action=X`, `/x?y`): the request path they match, and the suffix. */
  readonly suffixed: readonly { pattern: RegExp; suffix: string }[];
}

const contracts = new Map<string, Promise<Contract>>();

/**
 * openapi-backend splits every `explode: false` query parameter on commas, whatever its schema,
 * so `$top=5` (integer) arrives as `["5"]` and `$filter=startswith(name,'A')` (string) as two
 * items: both reported as violations although they are valid. For a non-array value the form
 * style serialises the same with or without explode, so drop the flag on scalar query
 * parameters (Microsoft Graph's `$top`, `$skip`, `$search`, `$filter`, `$count`).
 */
function unexplodeScalarQueryParams(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) unexplodeScalarQueryParams(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  const schema = o.schema as { type?: unknown } | undefined;
  if (o.in === 'query' && o.explode === false && schema?.type !== 'array') delete o.explode;
  for (const v of Object.values(o)) unexplodeScalarQueryParams(v);
}

/**
 * Ajv refuses to compile OpenAPI 3.0's `nullable: true` on a schema without `type` (GitHub writes it
 * beside `anyOf`/`allOf`), which would fail every request to that operation: such a `nullable`
 * becomes an `anyOf` with null.
 */
function typelessNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) typelessNullable(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  for (const v of Object.values(o)) typelessNullable(v);
  if (o.nullable === true && o.type === undefined) {
    const { nullable: _n, ...rest } = o;
    for (const k of Object.keys(o)) delete o[k];
    o.anyOf = [rest, { type: 'null' }];
  }
}

/**
 * openapi-backend keys its validators by operationId, and Attio's document has none: every
 * request then fails with "Unknown operation". Name each unnamed operation `METHOD path`.
 */
function nameUnnamedOperations(definition: { paths?: Record<string, Record<string, unknown>> }): void {
  const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
  for (const [path, item] of Object.entries(definition.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!methods.has(method) || op === null || typeof op !== 'object') continue;
      const o = op as { operationId?: unknown };
      if (typeof o.operationId !== 'string' || o.operationId === '')
        o.operationId = `${method.toUpperCase()} ${path}`;
    }
  }
}

/** An OpenAPI backend over a document (a parsed copy: the document is not changed). */
export async function contractOf(document: unknown): Promise<Contract> {
  const definition = structuredClone(document) as {
    servers?: { url: string }[];
    paths?: Record<string, Record<string, unknown>>;
  };
  // the first server's URL with its variables at their defaults (`{Endpoint}/luis/v3`)
  const server = definition.servers?.[0] as
    | { url: string; variables?: Record<string, { default?: string }> }
    | undefined;
  const serverUrl = (server?.url ?? 'http://x/').replace(
    /\{([^{}]+)\}/g,
    (_, v: string) => server?.variables?.[v]?.default ?? v,
  );
  const root = new URL(serverUrl.replace(/^(?![a-z]+:)(?!\/)/, 'http://'), 'http://x/').pathname.replace(
    /\/$/,
    '',
  );
  unexplodeScalarQueryParams(definition);
  typelessNullable(definition.paths);
  typelessNullable((definition as { components?: unknown }).components);
  nameUnnamedOperations(definition);
  // openapi-backend's router never matches a path key that ends with `/`: the key without it
  const paths = definition.paths ?? {};
  for (const key of Object.keys(paths))
    if (key.length > 1 && key.endsWith('/') && !(key.slice(0, -1) in paths)) {
      paths[key.slice(0, -1)] = paths[key] as Record<string, unknown>;
      delete paths[key];
    }
  const api = new OpenAPIBackend({
    // biome-ignore lint/suspicious/noExplicitAny: openapi-backend's Document type is not worth modelling here
    definition: definition as any,
    apiRoot: root || '/',
    quick: true,
    validate: true,
    strict: false,
    ajvOpts: { strict: false },
    // Keep openapi-backend's per-context options: query and path parameters arrive as text and
    // are validated with coerceTypes (page_size=20 is an integer parameter).
    customizeAjv: (_ajv, ajvOpts) =>
      // the document's patterns as its authors wrote them (JavaScript without the u flag accepts `\-`, `\'`)
      createAjv({
        strict: false,
        logger: false,
        unicodeRegExp: false,
        coerceTypes: ajvOpts.coerceTypes ?? false,
      }) as never,
  });
  await api.init();
  const schemes = (
    definition as {
      components?: { securitySchemes?: Record<string, { type?: string; in?: string; name?: string }> };
    }
  ).components?.securitySchemes;
  const queryKeys = Object.values(schemes ?? {})
    .filter((s) => s?.type === 'apiKey' && s.in === 'query' && typeof s.name === 'string')
    .map((s) => s.name as string);
  // path keys with `#...` or `?...` (AWS): the router reads them with their suffix
  const suffixed = Object.keys(definition.paths ?? {})
    .filter((p) => /[#?]/.test(p))
    .map((p) => {
      const at = p.search(/[#?]/);
      const template = p
        .slice(0, at)
        .replace(/[.*+^$()|[\]\\]/g, '\\$&')
        .replace(/\\?\{[^{}]+\\?\}/g, '[^/]+');
      return { pattern: new RegExp(`^${root}${template}$`), suffix: p.slice(at) };
    });
  return { api, root, queryKeys, suffixed };
}

/** Load (once per process) the OpenAPI backend for a set. */
export function loadContract(set: string): Promise<Contract> {
  let c = contracts.get(set);
  if (!c) {
    c = contractOf(JSON.parse(readFileSync(`${CONTRACTS_DIR}${set}.openapi.json`, 'utf8')));
    contracts.set(set, c);
  }
  return c;
}

/**
 * The contract's objections to a request (a dry run's method, URL, headers and body), one line
 * each, `[]` when the document accepts it; `origin` is the base the URL's path is read against.
 */
export function requestViolations(
  contract: Contract,
  request: { method: string; url: string; headers: Record<string, string>; body: unknown },
): string[] {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(request.headers)) headers[k.toLowerCase()] = v;
  const apiReq = {
    method: request.method.toLowerCase(),
    path: url.pathname,
    query: parseQuery(url.searchParams),
    headers,
    body: request.body ?? undefined,
  };
  // a key the document's security schemes place in the query is the connection's, not a parameter
  for (const name of contract.queryKeys) delete apiReq.query[name];
  // AWS documents tell operations on one path apart by `#X-Amz-Target=<target>` or `#Action=<action>` in the path key,
  // which openapi-backend's router reads as part of the path; a trailing slash is the router's too
  const target = headers['x-amz-target'];
  const operation =
    contract.api.matchOperation(apiReq) ??
    (target
      ? contract.api.matchOperation({ ...apiReq, path: `${url.pathname}#X-Amz-Target=${target}` })
      : undefined) ??
    (typeof apiReq.query.Action === 'string'
      ? contract.api.matchOperation({ ...apiReq, path: `${url.pathname}#Action=${apiReq.query.Action}` })
      : undefined) ??
    contract.suffixed
      .filter((s) => s.pattern.test(url.pathname))
      .map((s) => contract.api.matchOperation({ ...apiReq, path: `${url.pathname}${s.suffix}` }))
      .find((o) => o !== undefined) ??
    (url.pathname.endsWith('/')
      ? contract.api.matchOperation({ ...apiReq, path: url.pathname.slice(0, -1) })
      : undefined);
  if (!operation) return [`${request.method} ${url.pathname}: no such operation in the document`];
  return (contract.api.validateRequest(apiReq, operation).errors ?? []).map(
    (e) =>
      `${request.method} ${url.pathname}: ${e.instancePath || '/'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`,
  );
}

function parseQuery(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const all = search.getAll(key);
    out[key] = all.length === 1 ? (all[0] as string) : all;
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startContractServer(
  set: string,
  respond: Responder = () => ({ status: 200, body: {} }),
): Promise<ContractServer> {
  const { api, root } = await loadContract(set);
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const rawBody = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://loopback');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      headers[k] = Array.isArray(v) ? v.join(', ') : String(v ?? '');
    let body: unknown = null;
    if (rawBody !== '') {
      try {
        body = JSON.parse(rawBody);
      } catch {
        violations.push(`${req.method} ${url.pathname}: body is not JSON`);
        body = rawBody;
      }
    }
    const fullPath = url.pathname;
    const path = root && fullPath.startsWith(root) ? fullPath.slice(root.length) || '/' : fullPath;
    const query = parseQuery(url.searchParams);
    const method = (req.method ?? 'GET').toLowerCase();
    const apiReq = { method, path: fullPath, query, headers, body: body ?? undefined };
    const operation = api.matchOperation(apiReq);
    if (!operation) {
      violations.push(`${req.method} ${fullPath}: no such operation in the ${set} contract`);
    } else {
      const result = api.validateRequest(apiReq, operation);
      for (const e of result.errors ?? []) {
        violations.push(
          `${req.method} ${fullPath}: ${e.instancePath || '/'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`,
        );
      }
      if (rawBody !== '' && !(headers['content-type'] ?? '').includes('application/json')) {
        violations.push(`${req.method} ${fullPath}: a JSON body needs Content-Type: application/json`);
      }
    }
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      query,
      headers,
      body,
      rawBody,
      operationId: operation?.operationId ?? null,
    };
    requests.push(recorded);
    let reply: Reply;
    try {
      reply = await server.respond(recorded);
    } catch (e) {
      reply = { status: 500, body: { message: String(e) } };
    }
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (reply.destroy) {
      req.socket.destroy();
      return;
    }
    const hasBody = reply.body !== undefined && reply.body !== null;
    const payload = typeof reply.body === 'string' ? reply.body : hasBody ? JSON.stringify(reply.body) : '';
    res.writeHead(reply.status ?? 200, {
      ...(hasBody && typeof reply.body !== 'string' ? { 'content-type': 'application/json' } : {}),
      ...(reply.headers ?? {}),
    });
    res.end(payload);
  };

  const http: Server = createServer((req, res) => {
    handler(req, res).catch((e: unknown) => {
      violations.push(`server error: ${String(e)}`);
      res.writeHead(500).end();
    });
  });
  const { origin, close } = await listenOnLoopback(http);
  const server: ContractServer = { url: `${origin}${root}`, origin, requests, violations, respond, close };
  return server;
}
