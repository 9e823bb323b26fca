/**
 * One OpenAPI operation -> one toolspec tool (raw spec data, as YAML holds it), compact: shared
 * parameters and schemas stay references to the set's `inputs:` and `schemas:`, the output schema
 * is as deep as asked (`none`, `top-level`, `full`), and the one example is the minimal call (the
 * required inputs) with the request it makes. What could not be carried over, and every inference,
 * is a review note the importer writes as a YAML comment. Pure.
 */
import { deref, isObject, type Json, type JsonObject, type Operation } from './openapi.js';
import { inferPaging, type PagingInference } from './paging.js';
import type { SchemaSet } from './schema.js';
import { trimText } from './schema.js';
import { inputName } from './set-header.js';

export type ResponseSchemas = 'none' | 'top-level' | 'full';

export interface ToolContext {
  readonly doc: JsonObject;
  readonly schemas: SchemaSet;
  /** `components/parameters` name -> the set-level input it became (`inputs:` key and declaration). */
  readonly sharedInputs: Map<
    string,
    { key: string; def: JsonObject; refs: { node: JsonObject; target: string }[] }
  >;
  readonly responses: ResponseSchemas;
}

export interface ImportedTool {
  readonly operation: Operation;
  readonly tool: JsonObject;
  /** Review notes, written as YAML comments above the tool. */
  readonly notes: string[];
  /** Set-level schema references the tool makes (for bounding and reachability). */
  readonly refs: { node: JsonObject; target: string }[];
  readonly paging: PagingInference;
  /** The inputs of the minimal call (the required ones) and where each goes. */
  readonly minimal: readonly MinimalPart[];
  /** The documented success status, and whether it has a JSON body. */
  readonly status: number;
  readonly answers: boolean;
}

export interface MinimalPart {
  readonly input: string;
  readonly vendor: string;
  /** `path`, `query`, `header`, `body` (a property), `payload` (the whole JSON body), `raw` (a text body). */
  readonly where: string;
  readonly explode: boolean;
}

const EFFECTS: Readonly<Record<string, string>> = {
  get: 'read',
  post: 'create',
  put: 'update',
  patch: 'update',
  delete: 'delete',
};

const SKIPPED_HEADERS = /^(authorization|content-type|accept|content-length|user-agent|host|cookie)$/i;
const IDEMPOTENCY_HEADER = /^idempotency[-_]key$/i;

interface Body {
  readonly encoding: 'json' | 'form' | 'multipart' | 'raw';
  readonly type: string;
  readonly schema: Json | undefined;
}

function mediaOf(content: Json | undefined): Body | null {
  if (!isObject(content)) return null;
  const entries = Object.entries(content);
  const find = (re: RegExp) => entries.find(([t]) => re.test(t.split(';')[0]?.trim() ?? ''));
  const pick =
    find(/^(application\/(.+\+)?json|text\/json|application\/json-patch\+json)$/i) ??
    find(/^application\/x-www-form-urlencoded$/i) ??
    find(/^multipart\/form-data$/i) ??
    find(/^\*\/\*$/) ??
    entries[0];
  if (!pick) return null;
  const [type, media] = pick;
  const base = type.split(';')[0]?.trim().toLowerCase() ?? '';
  const encoding =
    /json/.test(base) || base === '*/*'
      ? 'json'
      : base === 'application/x-www-form-urlencoded'
        ? 'form'
        : base === 'multipart/form-data'
          ? 'multipart'
          : 'raw';
  return { encoding, type: base, schema: isObject(media) ? media.schema : undefined };
}

/** The first 2xx response (or `default`), its JSON body schema and documented headers. */
function okResponse(doc: JsonObject, op: JsonObject) {
  const responses = isObject(op.responses) ? op.responses : {};
  const status = Object.keys(responses).find((s) => /^2(\d\d|XX)$/i.test(s));
  const res = deref(doc, status ? responses[status] : responses.default);
  const code = status && /^\d+$/.test(status) ? Number(status) : 200;
  if (!isObject(res)) return { status: code, body: null, text: false, headers: [] as string[] };
  // a 204 or 205 answer has no body, whatever the document says
  const media = code === 204 || code === 205 ? null : mediaOf(res.content);
  return {
    status: code,
    body: media && media.encoding === 'json' ? (media.schema ?? {}) : null,
    // an answer documented only as text (text/plain, text/csv, text/html): the tool's output is that text
    text: media?.encoding === 'raw' && media.type.startsWith('text/'),
    headers: isObject(res.headers) ? Object.keys(res.headers) : [],
  };
}

export function operationToTool(ctx: ToolContext, operation: Operation, name: string): ImportedTool {
  const { doc, schemas } = ctx;
  const { method, path, op, parameters } = operation;
  const notes: string[] = [];
  const refs: { node: JsonObject; target: string }[] = [];
  const inputs: JsonObject = {};
  const defaultIn = (vendor: string) =>
    path.includes(`{${vendor}}`) ? 'path' : method === 'get' || method === 'delete' ? 'query' : 'body';
  /** Values of the minimal call: input name -> value, and where each goes. */
  const minimal: MinimalPart[] = [];
  /** Fixed headers the tool sends. */
  const headers: JsonObject = {};
  let idempotencyKey: string | null = null;

  const uniqueName = (vendor: string, where: string) => {
    let input = inputName(vendor);
    if (Object.hasOwn(inputs, input)) {
      const renamed = `${input}_${where}`;
      notes.push(`input "${input}" of the ${where} is named "${renamed}" (the name is taken)`);
      input = renamed;
    }
    return input;
  };

  for (const { param: p, component } of parameters) {
    const where = String(p.in);
    const vendor = String(p.name);
    if (where === 'cookie' || (where === 'header' && SKIPPED_HEADERS.test(vendor))) {
      // a required Accept or Content-Type the document fixes (default, enum, example) is sent as is
      const s = deref(doc, p.schema);
      const fixed = isObject(s)
        ? (s.default ?? (Array.isArray(s.enum) ? s.enum[0] : undefined) ?? s.example ?? p.example)
        : p.example;
      if (
        where === 'header' &&
        p.required === true &&
        /^(accept|content-type)$/i.test(vendor) &&
        typeof fixed === 'string'
      )
        headers[vendor] = fixed;
      else if (p.required === true) notes.push(`${where} parameter "${vendor}" is not imported`);
      continue;
    }
    if (!['path', 'query', 'header'].includes(where)) continue;
    if (where === 'path' && !path.includes(`{${vendor}}`)) {
      notes.push(`path parameter "${vendor}" is not in the path: not imported`);
      continue;
    }
    const media = isObject(p.content) ? Object.values(p.content).find(isObject) : undefined;
    const rawSchema = p.schema ?? (isObject(media) ? media.schema : undefined);
    const input = uniqueName(vendor, where);
    const required = where === 'path' || p.required === true;
    const explode = !(where === 'query' && p.explode === false);
    let decl: JsonObject;
    if (component) {
      let shared = ctx.sharedInputs.get(component);
      if (!shared) {
        // a component parameter: declared once at the set level
        const sharedRefs: { node: JsonObject; target: string }[] = [];
        const def = declaration(
          ctx,
          p,
          rawSchema,
          vendor,
          inputName(vendor),
          where,
          required,
          explode,
          sharedRefs,
        );
        let key = inputName(vendor);
        const keys = new Set([...ctx.sharedInputs.values()].map((x) => x.key));
        for (let i = 2; keys.has(key); i++) key = `${inputName(vendor)}_${i}`;
        shared = { key, def, refs: sharedRefs };
        ctx.sharedInputs.set(component, shared);
      }
      decl = { $ref: `#/inputs/${shared.key}` };
      if (input !== vendor && shared.def.as === undefined) decl.as = vendor;
      refs.push(...shared.refs);
    } else
      decl = declaration(ctx, p, rawSchema, vendor, input, where, required, explode, refs, defaultIn(input));
    inputs[input] = decl;
    if (where === 'header' && IDEMPOTENCY_HEADER.test(vendor)) {
      idempotencyKey = input;
      continue; // generated when absent: not part of the minimal call
    }
    if (required) minimal.push({ input, vendor, where, explode });
  }

  // Path variables the document does not declare as parameters are still the caller's to give.
  const declared = new Set(parameters.filter((p) => p.param.in === 'path').map((p) => String(p.param.name)));
  for (const [, vendor] of path.matchAll(/\{([^{}]+)\}/g)) {
    if (vendor === undefined || declared.has(vendor)) continue;
    declared.add(vendor);
    const input = uniqueName(vendor, 'path');
    inputs[input] = {
      ...(input !== vendor ? { in: 'path', as: vendor } : {}),
      required: true,
      type: 'string',
      description: `The ${vendor.replace(/[_-]+/g, ' ')}.`,
    };
    notes.push(`path variable {${vendor}} is not declared as a parameter: a required text input`);
    minimal.push({ input, vendor, where: 'path', explode: true });
  }

  // The request body: an object's properties as inputs, anything else as one `payload` input.
  const rb = deref(doc, op.requestBody);
  const body = isObject(rb) ? mediaOf(rb.content) : null;
  // A tool with a JSON body always sends one (`{}` at least), so what the body's schema requires
  // is required of the caller even where the document makes the body optional.
  const bodyRequired = isObject(rb);
  let encoding: string | null = null;
  let template: Json | undefined;
  const files: JsonObject = {};
  if (body) {
    if (body.encoding !== 'json') encoding = body.encoding;
    const flat = schemas.resolved(body.schema);
    const props = flat && isObject(flat.properties) ? flat.properties : null;
    const isPlainObject =
      props !== null &&
      Object.keys(props).length > 0 &&
      !Array.isArray(flat?.oneOf) &&
      !Array.isArray(flat?.anyOf) &&
      body.encoding !== 'raw';
    if (isPlainObject && flat && props) {
      const required = new Set(Array.isArray(flat.required) ? flat.required.map(String) : []);
      for (const [prop, raw] of Object.entries(props)) {
        const s = deref(doc, raw);
        if (isObject(s) && s.readOnly === true) continue; // the vendor's to fill
        const input = uniqueName(prop, 'body');
        const isFile =
          body.encoding === 'multipart' &&
          isObject(s) &&
          (s.format === 'binary' || s.format === 'byte' || s.type === 'file');
        const schema = isFile
          ? {
              type: 'string',
              contentEncoding: 'base64',
              description: trimText(s?.description) ?? `The ${prop} file, base64.`,
            }
          : schemas.convert(raw, refs);
        if (isFile) files[prop] = {};
        const req = bodyRequired && required.has(prop);
        const decl: JsonObject = {
          ...(defaultIn(input) !== 'body' ? { in: 'body' } : {}),
          ...(input !== prop ? { as: prop } : {}),
          ...requiredWith(req, schema),
        };
        if (typeof decl.description !== 'string') decl.description = `The ${prop.replace(/[_-]+/g, ' ')}.`;
        inputs[input] = decl;
        if (req) minimal.push({ input, vendor: prop, where: 'body', explode: true });
      }
    } else if (body.encoding === 'raw') {
      const input = uniqueName('content', 'body');
      // a raw body is the tool's point: always asked for
      inputs[input] = {
        ...(defaultIn(input) !== 'body' ? { in: 'body' } : {}),
        required: true,
        type: 'string',
        description: `The request body (${body.type}), as text.`,
      };
      headers['Content-Type'] = body.type;
      minimal.push({ input, vendor: 'content', where: 'raw', explode: true });
    } else {
      // an array, a oneOf/anyOf or a map body: one input that is the whole body
      const input = uniqueName('payload', 'body');
      const schema = schemas.convert(body.schema, refs);
      inputs[input] = {
        ...requiredWith(bodyRequired, schema),
        description: typeof schema.description === 'string' ? schema.description : 'The request body.',
      };
      template = { $eval: input };
      minimal.push({ input, vendor: input, where: 'payload', explode: true });
    }
  }

  const ok = okResponse(doc, op);
  const flatOk = ok.body === null ? undefined : schemas.resolved(ok.body);
  const paging =
    method === 'get'
      ? inferPaging({
          query: parameters.filter((p) => p.param.in === 'query').map((p) => String(p.param.name)),
          body: flatOk,
          headers: ok.headers,
        })
      : ({ kind: 'none' } as const);

  let responseSchema: JsonObject | null = null;
  if (ok.body !== null && ctx.responses !== 'none') {
    responseSchema = ctx.responses === 'full' ? schemas.convert(ok.body, refs) : schemas.topLevel(ok.body);
    if (paging.kind === 'paged') responseSchema = pageSchema(responseSchema, String(paging.style.items));
    if (Object.keys(responseSchema).length === 0) responseSchema = null;
  }

  const effects = EFFECTS[method] ?? 'read';
  const summary = trimText(op.summary, 120);
  const description = trimText(op.description, 300) ?? summary ?? `${method.toUpperCase()} ${path}`;
  const tool: JsonObject = {
    name,
    ...(summary && summary !== description ? { title: summary } : { title: titleOf(name, summary) }),
    description,
    effects,
    ...(method === 'put' ? { idempotent: true } : {}),
    method: method.toUpperCase(),
    path,
  };
  if (Object.keys(headers).length > 0) tool.headers = headers;
  if (Object.keys(inputs).length > 0) tool.inputs = inputs;
  if (template !== undefined) tool.body = template;
  if (encoding) tool.encoding = encoding;
  else if (body && (method === 'get' || method === 'delete')) tool.encoding = 'json';
  if (Object.keys(files).length > 0) tool.files = files;
  if (idempotencyKey) tool.idempotency = { key: idempotencyKey };
  if (responseSchema) tool.response = { schema: responseSchema };
  if (ok.text) tool.response = { format: 'text', schema: { type: 'string' } };
  if (paging.kind === 'unsure') notes.push(paging.why);
  if (method === 'post')
    notes.push('effects proposed from POST: create (a POST that only reads, such as a search, is read)');
  return {
    operation,
    tool,
    notes,
    refs,
    paging,
    minimal,
    status: ok.status,
    answers: ok.body !== null || ok.text,
  };
}

/** A paged tool's output: the runtime's envelope, its items as the page's items. */
function pageSchema(page: JsonObject, items: string): JsonObject {
  let at: Json | undefined = page;
  for (const key of items.split('/').slice(1)) {
    const k = key.replaceAll('~1', '/').replaceAll('~0', '~');
    at = isObject(at) && isObject(at.properties) ? at.properties[k] : undefined;
  }
  const itemSchema = isObject(at) && isObject(at.items) ? at.items : undefined;
  return {
    type: 'object',
    properties: {
      items: { type: 'array', ...(itemSchema ? { items: itemSchema } : {}) },
      has_more: { type: 'boolean' },
    },
  };
}

function titleOf(name: string, summary: string | undefined): string {
  return summary ?? name.replace(/_/g, ' ');
}

/** A parameter's input declaration (placement keys only where the default would differ). */
function declaration(
  ctx: ToolContext,
  p: JsonObject,
  rawSchema: Json | undefined,
  vendor: string,
  input: string,
  where: string,
  required: boolean,
  explode: boolean,
  refs: { node: JsonObject; target: string }[],
  defaultIn?: string,
): JsonObject {
  // path, header and query values are text or lists of it: an object schema is not placed as one
  const schema = scalarOnly(ctx.schemas.convert(rawSchema, refs));
  const desc =
    trimText(p.description) ?? (typeof schema.description === 'string' ? schema.description : undefined);
  const { description: _d, ...rest } = schema;
  // a path value whose pattern allows ':' or '/' (`sha256:...`) is one segment, percent-encoded
  const oneSegment = where === 'path' && typeof rest.pattern === 'string' && /[:/]/.test(rest.pattern);
  return {
    ...(where !== defaultIn ? { in: where } : {}),
    ...(input !== vendor ? { as: vendor } : {}),
    ...(oneSegment ? { path_encoding: 'one_segment' } : {}),
    ...(where === 'query' && !explode ? { explode: false } : {}),
    ...requiredWith(required, rest),
    description: desc ?? `The ${vendor.replace(/[_-]+/g, ' ')}.`,
  };
}

/**
 * An input's schema with `required: true` when the caller must give it. An input's `required` is
 * the language's placement key; an object schema's own list of required properties moves into
 * `allOf` so both meanings stay.
 */
function requiredWith(required: boolean, schema: JsonObject): JsonObject {
  if (!required) return schema;
  const { required: props, ...rest } = schema;
  if (!Array.isArray(props)) return { required: true, ...rest };
  return {
    required: true,
    ...rest,
    allOf: [...(Array.isArray(rest.allOf) ? rest.allOf : []), { required: props }],
  };
}

/** Objects cannot be placed in a path, header or query value: keep the schema of a scalar only. */
function scalarOnly(schema: JsonObject): JsonObject {
  const t = schema.type;
  const types = (Array.isArray(t) ? t : [t]).filter((x) => x !== undefined);
  if (!types.includes('object')) return schema;
  const { properties: _p, required: _r, additionalProperties: _a, ...rest } = schema;
  return { ...rest, type: 'string' };
}

export type { PagingInference };
