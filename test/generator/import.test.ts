/**
 * `toolspec import` on a real vendor document (Attio's OpenAPI description, as the vendor serves
 * it, in test/fixtures/contracts): a dozen operations of every method become a spec that validates
 * with no hand edit, each imported tool's example request is accepted by that same document
 * (the contract server validates it), and the generated types compile.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { importOpenApi } from '../../generator/import/index.js';
import { generate } from '../../generator/index.js';
import { loadSpecTexts } from '../../language/load/load.js';
import { createToolkit } from '../../runtime/index.js';
import { CONTRACTS_DIR, startContractServer } from '../support/contract-server.js';
import { CLI_FROM_SOURCES, REPO } from '../support/paths.js';

const DOCUMENT = join(CONTRACTS_DIR, 'crm.openapi.json');
const OPERATIONS = [
  'GET /v2/objects',
  'GET /v2/objects/{object}',
  'PATCH /v2/objects/{object}',
  'POST /v2/objects/{object}/records/query',
  'GET /v2/objects/{object}/records/{record_id}',
  'DELETE /v2/objects/{object}/records/{record_id}',
  'PUT /v2/objects/{object}/records',
  'GET /v2/lists',
  'GET /v2/tasks',
  'POST /v2/tasks',
  'GET /v2/webhooks/{webhook_id}',
  'GET /v2/self',
];
/** Under the repository's node_modules, so generated code resolves @toolspec/runtime as a user's would. */
const OUT = join(REPO, 'node_modules', '.cache', 'toolspec-import-test');

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

function imported() {
  return importOpenApi(readFileSync(DOCUMENT, 'utf8'), { set: 'attio', operations: OPERATIONS });
}

describe('toolspec import', () => {
  it('imports a dozen operations into a spec that validates as written', () => {
    const result = imported();
    expect(result.tools).toHaveLength(OPERATIONS.length);
    expect(result.tools).toContain('attio_get_v2_objects_object_records_record_id');
    const { ir, diagnostics } = loadSpecTexts([{ file: 'attio.yaml', text: result.yaml }]);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const tool = ir?.byName.get('attio_delete_v2_objects_object_records_record_id');
    expect(tool?.effects).toEqual(['delete']);
    expect(tool?.inputs.filter((i) => i.in === 'path').map((i) => i.as)).toEqual(['object', 'record_id']);
    // Review notes are comments in the YAML, and effects of a POST are flagged.
    expect(result.yaml).toContain('# toolspec import: effects proposed from POST: create');
    expect(ir?.sets[0]?.server.url).toBe('https://api.attio.com');
    expect(ir?.sets[0]?.auth.kind).toBe('oauth2');
  });

  it('passes validate with its examples run (dry run, output, output schema)', async () => {
    const { built } = loadSpecTexts([{ file: 'attio.yaml', text: imported().yaml }]);
    const { runExamples } = await import('../../cli/examples-run.js');
    expect((await runExamples(built)).map((d) => `${d.code} ${d.message}`)).toEqual([]);
  });

  it("every imported tool's example request is accepted by the same document", async () => {
    const { ir } = loadSpecTexts([{ file: 'attio.yaml', text: imported().yaml }]);
    if (!ir) throw new Error('import does not load');
    const server = await startContractServer('crm', () => ({ status: 200, body: {} }));
    const toolkit = createToolkit({
      specs: ir,
      connections: { attio: { baseUrl: server.url, token: 'attio-test-token' } },
      retry: { maxRetries: 0 },
    });
    try {
      for (const tool of ir.tools) {
        const example = tool.examples[0];
        if (!example) throw new Error(`${tool.name} has no example`);
        const request = await toolkit.dryRun(tool.name, example.input);
        expect(new URL(request.url).pathname, tool.name).toBe(example.request.path);
        await toolkit.call(tool.name, example.input).catch(() => undefined);
      }
      expect(server.violations).toEqual([]);
      expect(server.requests).toHaveLength(OPERATIONS.length);
    } finally {
      await toolkit.close();
      await server.close();
    }
  });

  it('generates types that compile against the packages', async () => {
    const { ir } = loadSpecTexts([{ file: 'attio.yaml', text: imported().yaml }]);
    if (!ir) throw new Error('import does not load');
    rmSync(OUT, { recursive: true, force: true });
    for (const f of await generate(ir)) {
      mkdirSync(join(OUT, f.path, '..'), { recursive: true });
      writeFileSync(join(OUT, f.path), f.contents);
    }
    const program = ts.createProgram([join(OUT, 'index.ts')], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      customConditions: ['@toolspec/source'],
      resolveJsonModule: true,
      types: ['node'],
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]);
  });

  it('appends to an existing spec file through the CLI, and refuses a tool it already has', () => {
    mkdirSync(OUT, { recursive: true });
    const out = join(OUT, 'attio.yaml');
    rmSync(out, { force: true });
    const cli = (args: string[]) =>
      spawnSync(
        process.execPath,
        [...CLI_FROM_SOURCES, 'import', DOCUMENT, '--set', 'attio', '--out', out, ...args],
        {
          encoding: 'utf8',
        },
      );
    expect(cli(['--operations', 'GET /v2/self']).status).toBe(0);
    const second = cli(['--operations', 'GET /v2/lists,GET /v2/tasks']);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stderr).toContain('2 tool(s) written');
    const { ir } = loadSpecTexts([{ file: 'attio.yaml', text: readFileSync(out, 'utf8') }]);
    expect(ir?.tools.map((t) => t.name)).toEqual([
      'attio_get_v2_lists',
      'attio_get_v2_self',
      'attio_get_v2_tasks',
    ]);
    const again = cli(['--operations', 'GET /v2/self']);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already has a tool named attio_get_v2_self');
    const unknown = cli(['--operations', 'listEverything']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('no operation "listEverything"');
  });
});
