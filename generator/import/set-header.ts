/**
 * The set's header from an OpenAPI document: the base URL and its variables (`servers`), the auth
 * kind from the security schemes, and the error pointers from the documented error body. Each
 * choice the document does not settle is a review note. Pure.
 */

import { HELPERS } from '@toolspec/language';
import { snakeCase } from './names.js';
import { deref, isObject, type Json, type JsonObject, type Operation } from './openapi.js';

export interface SetHeader {
  readonly header: JsonObject;
  readonly notes: string[];
}

/** An input name for a vendor name: snake_case, never a template helper's name (`recipients` -> `recipients_value`). */
export function inputName(vendor: string): string {
  const n = snakeCase(vendor) || 'value';
  const named = /^[a-z_]/.test(n) ? n : `_${n}`;
  return Object.hasOwn(HELPERS, named) ? `${named}_value` : named;
}

function server(doc: JsonObject, notes: string[]): JsonObject {
  const first = Array.isArray(doc.servers) ? doc.servers.find(isObject) : undefined;
  const raw = typeof first?.url === 'string' ? first.url.replace(/\/+$/, '') : '';
  // a protocol-relative URL (`//api.example.com/v1`) is https; a URL that starts with a variable
  // whose default is a URL (`{Endpoint}/luis/v3`) starts with that default
  let url = raw.startsWith('//') ? `https:${raw}` : raw;
  const lead = /^\{([^{}]+)\}/.exec(url);
  const leadVar = lead && isObject(first?.variables) ? first.variables[lead[1] as string] : undefined;
  if (lead && isObject(leadVar) && typeof leadVar.default === 'string') {
    const d = leadVar.default.replace(/\/+$/, '');
    url = `${/^https?:\/\//.test(d) ? d : `https://${d}`}${url.slice(lead[0].length)}`;
  }
  if (!/^https?:\/\//.test(url)) {
    url = `https://api.example.com${raw.startsWith('/') ? raw : ''}`;
    notes.push(`the document names no absolute server URL${raw ? ` ("${raw}")` : ''}: set server.url`);
  }
  const variables: JsonObject = {};
  for (const [k, v] of Object.entries(isObject(first?.variables) ? first.variables : {})) {
    if (!url.includes(`{${k}}`)) continue;
    const name = inputName(k).replace(/^_+/, '') || 'variable';
    url = url.replaceAll(`{${k}}`, `{${name}}`);
    const desc = isObject(v) && typeof v.description === 'string' ? v.description.trim() : '';
    const choices = isObject(v) && Array.isArray(v.enum) ? v.enum.map(String) : [];
    variables[name] = {
      description:
        desc || (choices.length > 0 ? `One of ${choices.join(', ')}.` : `The ${k} of the base URL.`),
      ...(isObject(v) && typeof v.default === 'string' ? { default: v.default } : {}),
      pattern: choices.length > 0 ? `^(${choices.map(escapeRegex).join('|')})$` : '^[A-Za-z0-9_.-]+$',
    };
  }
  return { url, ...(Object.keys(variables).length > 0 ? { variables } : {}) };
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A security scheme as an auth kind of the language, or null when it has none. */
function authOf(s: JsonObject, notes: string[]): JsonObject | null {
  const type = String(s.type ?? '');
  const scheme = String(s.scheme ?? '').toLowerCase();
  if (type === 'http' && scheme === 'bearer') return { type: 'bearer' };
  if (type === 'http' && scheme === 'basic') return { type: 'basic' };
  if (type === 'apiKey' && typeof s.name === 'string') {
    if (s.in === 'header' || s.in === 'query') return { type: 'api_key', keys: [{ in: s.in, name: s.name }] };
    if (s.in === 'cookie')
      return { type: 'api_key', keys: [{ in: 'header', name: 'Cookie', prefix: `${s.name}=` }] };
  }
  if (type === 'oauth2' && isObject(s.flows)) {
    const url = (f: Json | undefined) =>
      isObject(f) && typeof f.tokenUrl === 'string' && /^https?:\/\//.test(f.tokenUrl) ? f.tokenUrl : null;
    const user = url(s.flows.authorizationCode) ?? url(s.flows.password);
    if (user) return { type: 'oauth2', token_url: user };
    const client = url(s.flows.clientCredentials);
    if (client) {
      const scopes =
        isObject(s.flows.clientCredentials) && isObject(s.flows.clientCredentials.scopes)
          ? Object.keys(s.flows.clientCredentials.scopes)
          : [];
      return {
        type: 'oauth2_client_credentials',
        token_url: client,
        ...(scopes.length > 0 ? { scopes } : {}),
      };
    }
    notes.push('OAuth 2.0 without a token URL (implicit flow): a static bearer token');
    return { type: 'bearer' };
  }
  if (type === 'openIdConnect') return { type: 'bearer' };
  if (type === 'http') {
    notes.push(`HTTP auth scheme "${scheme}": sent as an Authorization key with that scheme`);
    return { type: 'api_key', keys: [{ in: 'header', name: 'Authorization', prefix: `${s.scheme} ` }] };
  }
  return null;
}

/** The document's security schemes in the order its requirements name them (global first, then by use). */
function auth(doc: JsonObject, operations: readonly Operation[], notes: string[]): JsonObject {
  const schemes =
    isObject(doc.components) && isObject(doc.components.securitySchemes)
      ? doc.components.securitySchemes
      : {};
  const uses = new Map<string, number>();
  const count = (req: Json | undefined, weight: number) => {
    for (const r of Array.isArray(req) ? req : [])
      if (isObject(r)) for (const k of Object.keys(r)) uses.set(k, (uses.get(k) ?? 0) + weight);
  };
  count(doc.security, 1_000_000);
  for (const o of operations) count(o.op.security, 1);
  const order = Object.keys(schemes).sort((a, b) => (uses.get(b) ?? 0) - (uses.get(a) ?? 0));
  for (const name of order) {
    const s = deref(doc, schemes[name]);
    if (!isObject(s)) continue;
    const found = authOf(s, notes);
    if (!found) continue;
    if (order.length > 1) notes.push(`security schemes ${order.join(', ')}: the set uses ${name}`);
    return found;
  }
  return { type: 'none' };
}

/** Pointers of the documented error body, when it has a recognisable shape. */
function errors(
  doc: JsonObject,
  operations: readonly Operation[],
): { errors: JsonObject; why: string } | null {
  const tally = new Map<string, { n: number; pointers: JsonObject; why: string }>();
  for (const o of operations) {
    const responses = isObject(o.op.responses) ? o.op.responses : {};
    for (const [status, r] of Object.entries(responses)) {
      if (!/^(4\d\d|5\d\d|4XX|5XX|default)$/.test(status)) continue;
      const res = deref(doc, r);
      const content = isObject(res) && isObject(res.content) ? res.content : {};
      const media = Object.entries(content).find(([t]) => /json/i.test(t))?.[1];
      const schema = isObject(media) ? deref(doc, media.schema) : undefined;
      const found = isObject(schema) ? recognise(doc, schema) : null;
      if (!found) continue;
      const key = JSON.stringify(found.pointers);
      const t = tally.get(key) ?? { ...found, n: 0 };
      t.n++;
      tally.set(key, t);
    }
  }
  const best = [...tally.values()].sort((a, b) => b.n - a.n)[0];
  return best ? { errors: best.pointers, why: best.why } : null;
}

function props(doc: JsonObject, s: Json | undefined): JsonObject {
  const d = deref(doc, s);
  if (!isObject(d)) return {};
  const own = isObject(d.properties) ? d.properties : {};
  const merged: JsonObject = { ...own };
  for (const m of Array.isArray(d.allOf) ? d.allOf : []) Object.assign(merged, props(doc, m));
  return merged;
}

function recognise(doc: JsonObject, schema: JsonObject): { pointers: JsonObject; why: string } | null {
  const top = props(doc, schema);
  const str = (s: Json | undefined) => {
    const d = deref(doc, s);
    return isObject(d) && (d.type === 'string' || (Array.isArray(d.type) && d.type.includes('string')));
  };
  const code = ['code', 'error_code', 'errorCode', 'type'].find((k) => k in top);
  const message = ['message', 'error_description', 'detail', 'title'].find((k) => k in top && str(top[k]));
  if (message)
    return {
      pointers: { ...(code ? { code: [`/${code}`] } : {}), message: [`/${message}`] },
      why: `the error body has ${[code, message].filter(Boolean).join(' and ')}`,
    };
  if ('error' in top) {
    if (str(top.error)) return { pointers: { message: ['/error'] }, why: 'the error body has an error text' };
    const inner = props(doc, top.error);
    const m = ['message', 'description', 'detail'].find((k) => k in inner);
    const c = ['code', 'type', 'status'].find((k) => k in inner);
    if (m)
      return {
        pointers: { ...(c ? { code: [`/error/${c}`] } : {}), message: [`/error/${m}`] },
        why: `the error body has error.${[c, m].filter(Boolean).join(' and error.')}`,
      };
  }
  return null;
}

export function setHeader(doc: JsonObject, set: string, operations: readonly Operation[]): SetHeader {
  const notes: string[] = [];
  const info = isObject(doc.info) ? doc.info : {};
  const title = typeof info.title === 'string' && info.title.trim() ? info.title.trim() : set;
  const firstLine = typeof info.description === 'string' ? info.description.trim().split(/\n\s*\n/)[0] : '';
  const header: JsonObject = {
    toolspec: 1,
    set,
    title,
    description: (firstLine ?? '').replace(/\s+/g, ' ').slice(0, 400) || `Tools of the ${title} API.`,
    server: server(doc, notes),
    auth: auth(doc, operations, notes),
  };
  const e = errors(doc, operations);
  if (e) {
    header.errors = e.errors;
    notes.push(`errors: pointers inferred because ${e.why}`);
  }
  return { header, notes };
}
