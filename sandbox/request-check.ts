/**
 * Does an incoming request have the shape a tool declares for its vendor request? The sandbox
 * refuses anything the real API would refuse for a structural reason, with a clear 4xx:
 *
 * - auth: `Authorization: Bearer <token>` whenever the set authenticates (401 otherwise);
 * - headers: every header the set, its auth block and the tool declare, and required header inputs;
 * - path: the template matched, and every variable is a valid percent-encoded segment;
 * - query: only names the tool can send (fixed query, query inputs, paging parameters, names its
 *   examples use), and every required one present;
 * - body: none for tools that send none; otherwise JSON (with a JSON content type) whose top-level
 *   keys are ones the tool can produce (body inputs, the body template's keys, paging parameters,
 *   keys its examples send), with every required body input present, and each value of the JSON
 *   type the examples agree on.
 *
 * Why this check and not "equal to one example": examples show one input each, so exact or
 * structural equality would refuse every optional field an example does not use. Checking names,
 * presence and example-agreed types is what the IR can vouch for, and it catches the realistic
 * faults (wrong field names, a missing required field, a string where an object goes, a body on
 * a GET, a missing auth or version header) without refusing valid calls.
 */
import type { JsonValue, ToolIR, ToolSetIR } from '@toolspec/language';
import type { IncomingRequest } from './incoming.js';
import { sandboxPaging } from './paging.js';

export interface Refusal {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

const refuse = (status: number, code: string, message: string): Refusal => ({ status, code, message });

type JsonType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

function jsonType(v: unknown): JsonType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  const t = typeof v;
  return t === 'object' ? 'object' : t === 'number' || t === 'boolean' ? t : 'string';
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a request of the set must carry, in words (the refusal names it). */
function expectedCredentials(set: ToolSetIR): string {
  const auth = set.auth;
  switch (auth.kind) {
    case 'none':
      return 'nothing';
    case 'basic':
      return 'an Authorization header "Basic <base64 of user:password>"';
    case 'api_key':
      return auth.keys.map((k) => `${k.in === 'header' ? 'header' : 'query parameter'} ${k.name}`).join(', ');
    default:
      return 'an Authorization header "Bearer <token>"';
  }
}

/** Whether the request carries the credentials the set's auth kind places (values are not checked). */
function carriesCredentials(set: ToolSetIR, req: IncomingRequest): boolean {
  const auth = set.auth;
  const authorization = req.headers.authorization ?? '';
  switch (auth.kind) {
    case 'none':
      return true;
    case 'basic': {
      const m = /^Basic (\S+)$/.exec(authorization);
      const decoded = m?.[1] ? Buffer.from(m[1], 'base64').toString('utf8') : '';
      return /^[^:]+:/.test(decoded);
    }
    case 'api_key':
      return auth.keys.every((k) => {
        if (k.in === 'query') {
          const v = req.query[k.name];
          return typeof v === 'string' && v !== '';
        }
        const v = req.headers[k.name.toLowerCase()] ?? '';
        return v.startsWith(k.prefix) && v.length > k.prefix.length;
      });
    default:
      return /^Bearer \S+$/.test(authorization);
  }
}

/** Refuse a request without the credentials its set's auth kind places (bearer, basic, API keys). */
export function checkAuth(set: ToolSetIR, req: IncomingRequest): Refusal | null {
  if (carriesCredentials(set, req)) return null;
  return refuse(
    401,
    'unauthorized',
    `missing or malformed credentials (expected ${expectedCredentials(set)})`,
  );
}

function requiredHeaders(set: ToolSetIR, tool: ToolIR): string[] {
  const names = new Set<string>();
  for (const h of Object.keys(set.headers)) names.add(h.toLowerCase());
  for (const h of Object.keys(set.auth.headers)) names.add(h.toLowerCase());
  for (const h of Object.keys(tool.request.headers)) names.add(h.toLowerCase());
  for (const i of tool.inputs) if (i.in === 'header' && i.required) names.add(i.as.toLowerCase());
  return [...names].sort();
}

function pagingParams(tool: ToolIR, where: 'query' | 'body'): string[] {
  return tool.paging ? sandboxPaging(tool.paging).params(tool.paging, where) : [];
}

const firstSegment = (as: string): string => as.split('.')[0] ?? as;

function allowedQuery(tool: ToolIR): { allowed: Set<string>; required: Set<string> } {
  const allowed = new Set<string>(Object.keys(tool.request.query));
  const required = new Set<string>(Object.keys(tool.request.query));
  for (const i of tool.inputs) {
    if (i.in !== 'query') continue;
    allowed.add(i.as);
    if (i.required && i.kind === 'public') required.add(i.as);
  }
  for (const name of pagingParams(tool, 'query')) allowed.add(name);
  for (const e of tool.examples) for (const k of Object.keys(e.request.query)) allowed.add(k);
  return { allowed, required };
}

interface BodyShape {
  /** Null when the body template is computed as a whole (its keys cannot be known statically). */
  readonly allowed: Set<string> | null;
  readonly required: Set<string>;
  /** Top-level JSON types the examples agree on. */
  readonly types: Map<string, JsonType>;
  /** The examples always send an object body. */
  readonly objectBody: boolean;
}

function bodyShape(tool: ToolIR): BodyShape {
  const required = new Set<string>();
  let allowed: Set<string> | null = new Set<string>();
  for (const i of tool.inputs) {
    if (i.in !== 'body') continue;
    allowed.add(firstSegment(i.as));
    if (i.required && i.kind === 'public') required.add(firstSegment(i.as));
  }
  for (const name of pagingParams(tool, 'body')) allowed.add(name);
  const template = tool.request.body;
  if (isPlainObject(template)) {
    for (const k of Object.keys(template)) {
      if (k.startsWith('$')) allowed = null;
      else allowed?.add(k);
    }
  } else if (template !== null) {
    allowed = null;
  }
  const seen = new Map<string, Set<JsonType>>();
  const bodies = tool.examples.map((e) => e.request.body).filter((b) => b !== null);
  for (const body of bodies) {
    if (!isPlainObject(body)) continue;
    for (const [k, v] of Object.entries(body)) {
      allowed?.add(k);
      if (v === null) continue;
      const types = seen.get(k) ?? new Set<JsonType>();
      types.add(jsonType(v));
      seen.set(k, types);
    }
  }
  const types = new Map<string, JsonType>();
  for (const [k, set] of seen) if (set.size === 1) types.set(k, [...set][0] as JsonType);
  const objectBody = bodies.length > 0 && bodies.every(isPlainObject);
  return { allowed, required, types, objectBody };
}

const sendsNoBody = (tool: ToolIR): boolean => tool.request.encoding === 'none';

/** Check one candidate tool; null when the request has the shape the tool declares. */
export function checkRequest(
  set: ToolSetIR,
  tool: ToolIR,
  pathParams: ReadonlyMap<string, string>,
  req: IncomingRequest,
  /** The request follows a next link the sandbox issued: its query is the vendor's, not the tool's. */
  followsIssuedLink = false,
): Refusal | null {
  const missing = requiredHeaders(set, tool).filter((h) => !req.headers[h]);
  if (missing.length > 0) {
    return refuse(400, 'missing_header', `${tool.name}: missing required header(s) ${missing.join(', ')}`);
  }

  for (const [name, value] of pathParams) {
    let decoded = '';
    try {
      decoded = decodeURIComponent(value);
    } catch {
      /* refused below */
    }
    if (decoded === '') {
      return refuse(400, 'invalid_path', `${tool.name}: path parameter {${name}} is not a valid URL segment`);
    }
  }

  const q = allowedQuery(tool);
  // API keys placed in the query are the set's, not the tool's.
  if (set.auth.kind === 'api_key') for (const k of set.auth.keys) if (k.in === 'query') q.allowed.add(k.name);
  const unknown = followsIssuedLink ? [] : Object.keys(req.query).filter((k) => !q.allowed.has(k));
  if (unknown.length > 0) {
    const allowed = [...q.allowed].sort();
    return refuse(
      400,
      'unknown_query_parameter',
      `${tool.name}: unknown query parameter(s) ${unknown.join(', ')}; this endpoint accepts ${allowed.length > 0 ? allowed.join(', ') : 'no query parameters'}`,
    );
  }
  const absent = [...q.required].filter((k) => !(k in req.query));
  if (absent.length > 0) {
    return refuse(
      400,
      'missing_query_parameter',
      `${tool.name}: missing required query parameter(s) ${absent.join(', ')}`,
    );
  }

  return checkBody(tool, req);
}

function checkBody(tool: ToolIR, req: IncomingRequest): Refusal | null {
  const hasBody = req.rawBody.trim() !== '';
  if (sendsNoBody(tool)) {
    return hasBody
      ? refuse(
          400,
          'unexpected_body',
          `${tool.name}: ${tool.request.method} ${tool.request.path} takes no request body`,
        )
      : null;
  }
  const shape = bodyShape(tool);
  if (!hasBody) {
    if (shape.required.size > 0) {
      return refuse(
        400,
        'missing_body',
        `${tool.name}: expected a JSON body with ${[...shape.required].join(', ')}`,
      );
    }
    return null;
  }
  if (!(req.headers['content-type'] ?? '').toLowerCase().includes('application/json')) {
    return refuse(
      415,
      'unsupported_media_type',
      `${tool.name}: a request body must be sent as Content-Type: application/json`,
    );
  }
  if (req.body === undefined)
    return refuse(400, 'invalid_json', `${tool.name}: the request body is not valid JSON`);
  const body = req.body;
  if (!isPlainObject(body)) {
    return shape.objectBody
      ? refuse(400, 'invalid_body', `${tool.name}: expected a JSON object body, got ${jsonType(body)}`)
      : null;
  }
  if (shape.allowed) {
    const unknown = Object.keys(body).filter((k) => !shape.allowed?.has(k));
    if (unknown.length > 0) {
      return refuse(
        400,
        'unknown_body_field',
        `${tool.name}: unknown body field(s) ${unknown.join(', ')}; expected some of ${[...shape.allowed].sort().join(', ')}`,
      );
    }
  }
  const absent = [...shape.required].filter((k) => !(k in body));
  if (absent.length > 0)
    return refuse(
      400,
      'missing_body_field',
      `${tool.name}: missing required body field(s) ${absent.join(', ')}`,
    );
  for (const [k, v] of Object.entries(body)) {
    const expected = shape.types.get(k);
    if (expected && v !== null && jsonType(v) !== expected) {
      return refuse(
        400,
        'invalid_body_field',
        `${tool.name}: body field ${k} must be ${expected === 'array' ? 'an' : 'a'} ${expected} (as in the tool's examples), got ${jsonType(v)}`,
      );
    }
  }
  return null;
}
