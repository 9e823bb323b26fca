/**
 * The catalogs the search benchmark ranks, each a list of catalog entries of the shape the
 * MCP server serves (`CatalogEntry`: set, effects, tool {name, title, description, inputSchema,
 * outputSchema, annotations}, search hints):
 *
 * - shipped: the four shipped sets, from the generated catalog `toolspec serve` reads (148 tools);
 * - examples: the example vendors (examples/specs/*.yaml, through the IR);
 * - github: GitHub's REST API (api.github.com) and GitHub Enterprise Server 3.19, every operation
 *   of the OpenAPI documents in @octokit/openapi made an entry: operationId as the name, summary
 *   as the title, description, path/query parameters and the JSON body's top-level properties as
 *   inputs, effects from the method. Deterministic: the documents' order.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../lib/paths.mjs';

/** GitHub's documents come with the on-demand test tools (`npm run test:tools`: 385 MB, not in npm ci). */
const fromTestTools = createRequire(join(ROOT, 'test/tools/package.json'));

/** The packages' modules: the TypeScript sources (`source`, under tsx) or the built dist/. */
export async function toolspecModules(source) {
  const at = (pkg, path) => (source ? join(ROOT, pkg, `${path}.ts`) : join(ROOT, pkg, 'dist', `${path}.js`));
  const [catalog, search, language, sets] = await Promise.all([
    import(at('mcp', 'server/catalog')),
    import(at('mcp', 'server/search/index')),
    import(at('language', 'index')),
    import(at('generated', 'catalog')),
  ]);
  return { catalog, search, language, sets };
}

export function shippedCatalog(m) {
  const entries = m.catalog.generatedEntries(m.sets.catalogs);
  if (!entries) throw new Error('no generated catalog: run npm run generate');
  return entries;
}

export function exampleCatalog(m) {
  const dir = join(ROOT, 'examples', 'specs');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => join(dir, f));
  const { ir, diagnostics } = m.language.loadSpecFiles(files, ROOT);
  if (!ir) throw new Error(`examples/specs do not load: ${diagnostics.map((d) => d.message).join('; ')}`);
  return m.catalog.catalogFromIR(ir);
}

const METHOD_EFFECTS = { get: 'read', post: 'create', put: 'update', patch: 'update', delete: 'delete' };

function resolveRef(doc, node) {
  let n = node;
  for (let i = 0; n && typeof n.$ref === 'string' && i < 10; i++) {
    n = n.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((o, k) => o?.[k], doc);
  }
  return n ?? {};
}

const describe = (s) => (typeof s?.description === 'string' ? { description: s.description } : {});

function inputSchemaOf(doc, op) {
  const properties = {};
  for (const p of op.parameters ?? []) {
    const param = resolveRef(doc, p);
    if (param.in !== 'path' && param.in !== 'query') continue;
    properties[param.name] = { type: resolveRef(doc, param.schema).type ?? 'string', ...describe(param) };
  }
  const body = resolveRef(doc, op.requestBody?.content?.['application/json']?.schema);
  for (const [name, s] of Object.entries(body.properties ?? {})) {
    const schema = resolveRef(doc, s);
    properties[name] = { ...(schema.type ? { type: schema.type } : {}), ...describe(schema) };
  }
  return { type: 'object', properties, additionalProperties: false };
}

function openApiEntries(file, set, product) {
  let path;
  try {
    path = fromTestTools.resolve(`@octokit/openapi/generated/${file}`);
  } catch {
    throw new Error(
      "the 2,400-tool search catalog needs GitHub's OpenAPI documents: run npm run test:tools first",
    );
  }
  const doc = JSON.parse(readFileSync(path, 'utf8'));
  const hints = { set: { title: doc.info?.title ?? set, product, aliases: [] }, keywords: [], aliases: [] };
  const entries = [];
  for (const item of Object.values(doc.paths)) {
    for (const [method, effect] of Object.entries(METHOD_EFFECTS)) {
      const op = item[method];
      if (!op?.operationId) continue;
      const effects = [effect];
      entries.push({
        set,
        effects,
        readOnly: effect === 'read',
        search: hints,
        tool: {
          name: `${set}_${op.operationId.replace(/[^a-zA-Z0-9]+/g, '_').toLowerCase()}`,
          title: op.summary ?? op.operationId,
          description: op.description ?? op.summary ?? '',
          inputSchema: inputSchemaOf(doc, op),
          outputSchema: { type: 'object' },
          annotations: {
            title: op.summary ?? op.operationId,
            readOnlyHint: effect === 'read',
            destructiveHint: effect === 'delete' || method === 'put',
            idempotentHint: effect !== 'create',
            openWorldHint: true,
          },
        },
      });
    }
  }
  return entries;
}

/** GitHub.com's and GitHub Enterprise Server's REST operations (about 2,260 entries). */
export function githubCatalog() {
  return [
    ...openApiEntries('api.github.com.json', 'github', 'GitHub'),
    ...openApiEntries('ghes-3.19.json', 'ghes', 'GitHub Enterprise Server'),
  ];
}
