/**
 * One OpenAPI operation -> one toolspec tool (raw spec data, as YAML would hold it), with the
 * review notes the importer attaches as comments: effects proposed from the method, paging
 * proposed from parameter and response names, and everything it could not carry over. Pure.
 */
import { createAjv } from '@toolspec/language';
import { isObject, type Json, type JsonObject, type Operation } from './openapi.js';

export interface ImportedTool {
  readonly tool: JsonObject;
  /** Review notes, written as YAML comments above the tool. */
  readonly notes: string[];
}

const EFFECTS: Readonly<Record<string, string>> = {
  get: 'read',
  head: 'read',
  options: 'read',
  post: 'create',
  put: 'update',
  patch: 'update',
  delete: 'delete',
};

/** Schema keywords the spec language takes as they are (JSON Schema 2020-12). */
const SCHEMA_KEYWORDS = new Set([
  'type',
  'format',
  'enum',
  'const',
  'items',
  'properties',
  'required',
  'additionalProperties',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'default',
  'description',
  'title',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'multipleOf',
  'minProperties',
  'maxProperties',
  '$ref',
]);

/** `createIssue`, `issues/list-for-repo` -> `create_issue`, `issues_list_for_repo`. */
export function snakeCase(s: string): string {
  return s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

/** An OpenAPI schema as a JSON Schema 2020-12 the spec language accepts (OpenAPI-only keywords dropped, 3.0 `nullable` as a type union). */
export function cleanSchema(schema: Json | undefined): JsonObject {
  if (!isObject(schema)) return {};
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema)) {
    if (!SCHEMA_KEYWORDS.has(k)) continue;
    if (k === 'properties' && isObject(v)) {
      out.properties = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, cleanSchema(s)]));
    } else if (k === 'items' || k === 'not' || (k === 'additionalProperties' && isObject(v))) {
      out[k] = cleanSchema(v);
    } else if ((k === 'oneOf' || k === 'anyOf' || k === 'allOf') && Array.isArray(v)) {
      out[k] = v.map(cleanSchema);
    } else if (k === '$ref') {
      return {}; // a recursive schema: left open rather than referring outside the tool
    } else out[k] = v;
  }
  if (schema.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

const SAMPLE_BY_FORMAT: Readonly<Record<string, string>> = {
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  'date-time': '2025-01-02T03:04:05Z',
  date: '2025-01-02',
  email: 'someone@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
};

let ajv: ReturnType<typeof createAjv> | null = null;
/** Does a value match a schema (one that does not compile matches nothing, so the sample is used)? */
function matches(schema: JsonObject, value: Json): boolean {
  ajv ??= createAjv({ strict: false });
  try {
    return ajv.validate(schema, value) === true;
  } catch {
    return false;
  }
}

/** A value valid for `schema`: its example, default, first enum value, else one built from its type. */
export function sample(schema: JsonObject, name = 'value', depth = 0): Json {
  for (const k of ['example', 'default', 'const'] as const)
    if (schema[k] !== undefined) return schema[k] as Json;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0] as Json;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0] as Json;
  for (const k of ['oneOf', 'anyOf'] as const) {
    const first = Array.isArray(schema[k]) ? schema[k][0] : undefined;
    if (isObject(first)) return sample(first, name, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
      return Math.max(min, 1);
    }
    case 'boolean':
      return true;
    case 'array':
      return depth > 4 || !isObject(schema.items) ? [] : [sample(schema.items, name, depth + 1)];
    case 'object': {
      const out: JsonObject = {};
      const props = isObject(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required : [];
      if (depth <= 12)
        // required properties must be there for the value to be valid
        for (const p of required)
          if (typeof p === 'string' && isObject(props[p])) out[p] = sample(props[p], p, depth + 1);
      return out;
    }
    default: {
      const byFormat = typeof schema.format === 'string' ? SAMPLE_BY_FORMAT[schema.format] : undefined;
      if (byFormat) return byFormat;
      const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
      return `${name}-1`.padEnd(min, 'x');
    }
  }
}

function jsonBody(content: Json | undefined): { schema: JsonObject; example: Json | undefined } | null {
  if (!isObject(content)) return null;
  const media = Object.entries(content).find(([type]) => /^application\/(.+\+)?json/.test(type))?.[1];
  if (!isObject(media)) return null;
  const examples = isObject(media.examples) ? Object.values(media.examples) : [];
  const first = examples.find((e) => isObject(e) && e.value !== undefined) as JsonObject | undefined;
  return { schema: isObject(media.schema) ? media.schema : {}, example: media.example ?? first?.value };
}

const PAGING_HINTS =
  /^(cursor|page_token|pagetoken|next_token|starting_after|ending_before|after|before|offset|page|start|startat|skip)$/i;

/** An input name the spec language accepts for a vendor name. */
function inputName(vendor: string): string {
  const n = snakeCase(vendor);
  return /^[A-Za-z_]/.test(n) ? n : `_${n}`;
}

export function operationToTool(set: string, operation: Operation, name?: string): ImportedTool {
  const { method, path, op, parameters } = operation;
  const notes: string[] = [];
  const toolName =
    name ?? `${set}_${snakeCase(typeof op.operationId === 'string' ? op.operationId : `${method}_${path}`)}`;
  const inputs: JsonObject = {};
  const exampleInput: JsonObject = {};
  const request: JsonObject = { method: method.toUpperCase(), path };
  const query: JsonObject = {};
  const headers: JsonObject = {};
  let examplePath = path;

  const add = (vendor: string, where: string, schema: JsonObject, required: boolean, description?: Json) => {
    let input = inputName(vendor);
    if (Object.hasOwn(inputs, input)) {
      const renamed = `${input}_${where}`;
      notes.push(`input "${input}" of the ${where} was renamed "${renamed}" (the name is taken)`);
      input = renamed;
    }
    const spec: JsonObject = { in: where, ...(input !== vendor ? { as: vendor } : {}), ...schema };
    if (required) spec.required = true;
    if (typeof description === 'string' && spec.description === undefined)
      spec.description = description.trim();
    if (typeof spec.description !== 'string' || spec.description === '')
      spec.description = `The ${vendor} ${where} value.`;
    inputs[input] = spec;
    if (!required) return;
    const value = sample(schema, input);
    exampleInput[input] = value;
    if (where === 'path') examplePath = examplePath.replace(`{${vendor}}`, encodeURIComponent(String(value)));
    else if (where === 'query') query[vendor] = Array.isArray(value) ? value.map(String) : String(value);
    else if (where === 'header') headers[vendor.toLowerCase()] = String(value);
  };

  for (const p of parameters) {
    const where = String(p.in);
    if (!['path', 'query', 'header'].includes(where)) {
      notes.push(`${where} parameter "${String(p.name)}" not imported`);
      continue;
    }
    const vendor = String(p.name);
    if (where === 'header' && /^(authorization|content-type|accept)$/i.test(vendor)) continue;
    if (PAGING_HINTS.test(vendor))
      notes.push(
        `looks paged ("${vendor}"): review, and declare the set's paging style and this tool's paging`,
      );
    add(vendor, where, cleanSchema(p.schema), where === 'path' || p.required === true, p.description);
  }

  const body = isObject(op.requestBody) ? op.requestBody : null;
  const requestJson = body ? jsonBody(body.content) : null;
  const exampleBody: JsonObject = {};
  if (body && !requestJson) notes.push('the request body is not JSON: not imported');
  if (requestJson) {
    const schema = requestJson.schema;
    const props = isObject(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    if (Object.keys(props).length === 0)
      notes.push('the JSON body has no top-level properties: not imported');
    for (const [prop, s] of Object.entries(props)) {
      const before = Object.keys(exampleInput).length;
      add(prop, 'body', cleanSchema(s), body?.required === true && required.has(prop));
      const added = Object.keys(exampleInput)[before];
      if (added !== undefined) exampleBody[prop] = exampleInput[added] as Json;
    }
  }

  const responses = isObject(op.responses) ? op.responses : {};
  const ok = Object.keys(responses).find((s) => /^2\d\d$/.test(s));
  const okResponse = ok ? responses[ok] : undefined;
  const responseJson = isObject(okResponse) ? jsonBody(okResponse.content) : null;
  const response: JsonObject = {};
  if (responseJson && Object.keys(responseJson.schema).length > 0)
    response.schema = cleanSchema(responseJson.schema);
  const documented = responseJson?.example;
  const fits =
    documented !== undefined &&
    responseJson !== null &&
    matches(cleanSchema(responseJson.schema), documented);
  if (documented !== undefined && !fits)
    notes.push(
      "the document's response example does not match its schema: the example answer is built from the schema",
    );
  const responseBody =
    responseJson === null
      ? null
      : fits
        ? (documented as Json)
        : sample(cleanSchema(responseJson.schema), 'result');
  if (responseJson) {
    const props = isObject(responseJson.schema.properties) ? Object.keys(responseJson.schema.properties) : [];
    const paged = props.filter((p) =>
      /^(next|next_cursor|nextPageToken|has_more|next_page|cursor|links?)$/i.test(p),
    );
    if (paged.length > 0) notes.push(`the response has ${paged.join(', ')}: review paging`);
  }

  request.path = examplePath;
  if (Object.keys(query).length > 0) request.query = query;
  if (Object.keys(headers).length > 0) request.headers = headers;
  if (Object.keys(exampleBody).length > 0 || (requestJson && body?.required === true))
    request.body = exampleBody;

  const effects = EFFECTS[method] ?? 'read';
  notes.push(
    method === 'post'
      ? 'effects proposed from POST: create (review: a POST that only reads, such as a search or query, is [read])'
      : `effects proposed from ${method.toUpperCase()}: ${effects} (review)`,
  );
  const summary = typeof op.summary === 'string' ? op.summary.trim() : '';
  const description = typeof op.description === 'string' ? op.description.trim() : '';
  const tool: JsonObject = {
    name: toolName,
    title: summary || toolName,
    description: description || summary || `${method.toUpperCase()} ${path}`,
    effects: [effects],
    ...(method === 'put' ? { idempotent: true } : {}),
    method: method.toUpperCase(),
    path,
    ...(Object.keys(inputs).length > 0 ? { inputs } : {}),
    ...(Object.keys(response).length > 0 ? { response } : {}),
    examples: [
      {
        name: 'imported',
        input: exampleInput,
        request,
        response: { status: ok ? Number(ok) : 200, ...(responseBody === null ? {} : { body: responseBody }) },
        output: responseBody ?? { ok: true },
      },
    ],
  };
  return { tool, notes };
}

/** The set's header from the document: base URL (with server variables), auth from its security schemes. */
export function setHeader(doc: JsonObject, set: string): { header: JsonObject; notes: string[] } {
  const notes: string[] = [];
  const info = isObject(doc.info) ? doc.info : {};
  const server = Array.isArray(doc.servers) && isObject(doc.servers[0]) ? doc.servers[0] : {};
  let url =
    typeof server.url === 'string' && /^https?:\/\//.test(server.url)
      ? server.url
      : 'https://api.example.com';
  if (url === 'https://api.example.com') notes.push('no absolute server URL in the document: set server.url');
  const variables = isObject(server.variables)
    ? Object.fromEntries(
        Object.entries(server.variables).map(([k, v]) => {
          url = url.replaceAll(`{${k}}`, `{${inputName(k)}}`);
          return [
            inputName(k),
            {
              description: isObject(v) && typeof v.description === 'string' ? v.description : `The ${k}.`,
              ...(isObject(v) && typeof v.default === 'string' ? { default: v.default } : {}),
            },
          ];
        }),
      )
    : {};
  const schemes =
    isObject(doc.components) && isObject(doc.components.securitySchemes)
      ? doc.components.securitySchemes
      : {};
  let auth: JsonObject = { type: 'none' };
  for (const s of Object.values(schemes)) {
    if (!isObject(s)) continue;
    if (s.type === 'oauth2' && isObject(s.flows)) {
      const flow = Object.values(s.flows).find((f) => isObject(f) && typeof f.tokenUrl === 'string') as
        | JsonObject
        | undefined;
      auth = flow ? { type: 'oauth2', token_url: flow.tokenUrl as string } : { type: 'bearer' };
      break;
    }
    if ((s.type === 'http' && s.scheme === 'bearer') || s.type === 'openIdConnect') {
      auth = { type: 'bearer' };
      break;
    }
    if (s.type === 'apiKey' || (s.type === 'http' && s.scheme === 'basic')) {
      auth = { type: 'bearer' };
      notes.push(
        `security scheme ${s.type}${s.scheme ? ` ${String(s.scheme)}` : ''}: proposed as bearer; review the set's auth`,
      );
    }
  }
  return {
    header: {
      toolspec: 1,
      set,
      title: typeof info.title === 'string' ? info.title : set,
      description:
        (typeof info.description === 'string' ? info.description.trim().split('\n')[0] : '') ||
        `Tools imported from ${typeof info.title === 'string' ? info.title : 'an OpenAPI document'}.`,
      server: { url, ...(Object.keys(variables).length > 0 ? { variables } : {}) },
      auth,
    },
    notes,
  };
}
