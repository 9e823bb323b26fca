/**
 * One public OpenAPI document through `toolspec import`, checked the way a maintainer would: is
 * it well-formed (the OpenAPI schema accepts it), does it import, does the set validate (load
 * without errors, examples run), how many of its live operations became tools, and are sampled
 * tools' minimal dry runs requests the document accepts (openapi-backend). Shared by
 * test/generator/import-directory.test.ts and bench/import/run.mts.
 */
import schemaValidatorModule from 'openapi-schema-validator';
import { runExamples } from '../../cli/examples-run.js';
import { importOpenApi } from '../../generator/index.js';
import { loadSpecTexts } from '../../language/load/load.js';
import { createToolkit } from '../../runtime/index.js';
import { contractOf, requestViolations } from './contract-server.js';

export interface DocumentCheck {
  readonly file: string;
  /** The OpenAPI schema accepts it (and the request validator can read it). */
  readonly wellFormed: boolean;
  readonly imported: boolean;
  readonly validates: boolean;
  /** Operations that are not deprecated, and tools made of them. */
  readonly operations: number;
  readonly tools: number;
  readonly dryRuns: number;
  readonly accepted: number;
  /** What went wrong, one line each. */
  readonly problems: string[];
}

// openapi-schema-validator is CommonJS: under NodeNext its default import is the module object.
const OpenAPISchemaValidator = ((schemaValidatorModule as unknown as { default?: unknown }).default ??
  schemaValidatorModule) as unknown as new (args: {
  version: number;
}) => { validate(doc: unknown): { errors: unknown[] } };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Tools whose dry runs are sampled: first, middle and last (deterministic). */
const sampled = <T>(xs: readonly T[]): T[] =>
  [...new Set([0, Math.floor(xs.length / 2), xs.length - 1])]
    .filter((i) => i >= 0 && i < xs.length)
    .map((i) => xs[i] as T);

/** A document nothing has been found out about yet (or whose check failed: `problems` says why). */
export function notChecked(file: string, problems: string[] = []): DocumentCheck {
  return {
    file,
    wellFormed: false,
    imported: false,
    validates: false,
    operations: 0,
    tools: 0,
    dryRuns: 0,
    accepted: 0,
    problems,
  };
}

export async function checkDocument(file: string, text: string): Promise<DocumentCheck> {
  const problems: string[] = [];
  const doc = JSON.parse(text) as {
    openapi?: string;
    paths?: Record<string, Record<string, { deprecated?: boolean }>>;
  };
  const version = String(doc.openapi ?? '').startsWith('3.1') ? 3.1 : 3;
  const result = { ...notChecked(file), problems };
  const schemaErrors = new OpenAPISchemaValidator({ version }).validate(doc).errors;
  let contract: Awaited<ReturnType<typeof contractOf>> | null = null;
  if (schemaErrors.length === 0) {
    try {
      contract = await contractOf(doc);
    } catch (e) {
      problems.push(`the request validator cannot read it: ${(e as Error).message.slice(0, 160)}`);
    }
  } else problems.push(`not well-formed: ${schemaErrors.length} schema error(s)`);
  result.wellFormed = contract !== null;
  result.operations = Object.values(doc.paths ?? {}).flatMap((item) =>
    METHODS.filter((m) => item?.[m] && typeof item[m] === 'object' && item[m].deprecated !== true),
  ).length;
  if (result.operations === 0) {
    problems.push('no operation that is not deprecated: nothing to import');
    return { ...result, wellFormed: false };
  }
  let imported: ReturnType<typeof importOpenApi>;
  try {
    imported = importOpenApi(text, { set: 'sample' });
  } catch (e) {
    problems.push(`import: ${(e as Error).message.slice(0, 200)}`);
    return result;
  }
  result.imported = true;
  const { ir, built, diagnostics } = loadSpecTexts([{ file: 'sample.yaml', text: imported.yaml }]);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const examples = errors.length === 0 && ir ? await runExamples(built) : [];
  for (const d of [...errors, ...examples].slice(0, 5))
    problems.push(`validate: ${d.code} ${d.message.slice(0, 200)}`);
  result.validates = errors.length === 0 && examples.length === 0;
  // operations the importer turned into tools (whether the set then validates is counted above)
  result.tools = imported.tools.length;
  if (!ir || !contract) return result;
  const toolkit = createToolkit({
    specs: ir,
    connections: {
      sample: {
        token: 'sample-token',
        credentials: {
          api_key: 'sample-key',
          username: 'u',
          password: 'p',
          client_id: 'c',
          client_secret: 's',
        },
      },
    },
  });
  try {
    for (const tool of sampled(ir.tools)) {
      result.dryRuns++;
      try {
        const request = await toolkit.dryRun(tool.name, tool.examples[0]?.input ?? {});
        const v = requestViolations(contract, request as never);
        if (v.length === 0) result.accepted++;
        else problems.push(`dry run ${tool.name}: ${v[0]?.slice(0, 200)}`);
      } catch (e) {
        problems.push(`dry run ${tool.name} fails: ${(e as Error).message.slice(0, 200)}`);
      }
    }
  } finally {
    await toolkit.close();
  }
  return result;
}
