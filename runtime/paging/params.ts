/** Request rewriting shared by the paging styles: set one query parameter or one top-level body member. */

import type { JsonValue } from '@toolspec/language';
import { setDotPath } from '@toolspec/language';
import type { HttpRequest } from '../http/request.js';
import { encodeQueryKey, encodeSegment, queryValueString } from '../http/uri.js';

export function withQueryParam(req: HttpRequest, name: string, value: unknown): HttpRequest {
  const q = req.path.indexOf('?');
  const base = q < 0 ? req.path : req.path.slice(0, q);
  const key = encodeQueryKey(name);
  const kept =
    q < 0
      ? []
      : req.path
          .slice(q + 1)
          .split('&')
          .filter((pair) => pair.split('=')[0] !== key);
  kept.push(`${key}=${encodeSegment(queryValueString(value))}`);
  return { ...req, path: `${base}?${kept.join('&')}` };
}

/** Set a body member (a dot path such as `variables.after` reaches into a GraphQL request's variables). */
export function withBodyMember(req: HttpRequest, name: string, value: unknown): HttpRequest {
  const current =
    req.json !== null && typeof req.json === 'object' && !Array.isArray(req.json) ? req.json : {};
  let json: JsonValue;
  if (name.includes('.')) {
    json = structuredClone(current) as JsonValue;
    setDotPath(json as Record<string, unknown>, name, value);
  } else json = Object.assign({}, current, { [name]: value as JsonValue });
  return {
    ...req,
    json,
    body: null,
    headers: { ...req.headers, 'content-type': req.headers['content-type'] ?? 'application/json' },
  };
}

export function withParam(
  req: HttpRequest,
  where: 'query' | 'body',
  name: string,
  value: unknown,
): HttpRequest {
  return where === 'query' ? withQueryParam(req, name, value) : withBodyMember(req, name, value);
}

/** A GET for another URL on the same origin, keeping the tool's headers (auth is added per attempt). */
export function getRequest(req: HttpRequest, origin: string, path: string): HttpRequest {
  const headers = { ...req.headers };
  delete headers['content-type'];
  return { method: 'GET', origin, path, headers, body: null, json: null };
}
