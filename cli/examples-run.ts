/**
 * `validate` runs every example: the tool's dry run on the example's input must produce the
 * example's request (method, path, query, the headers the example lists, the JSON body), and the
 * example's output must match the tool's output schema. Nothing is sent; no credentials are read.
 */
import { createAjv, type Diagnostic, type JsonValue, type SpecIR } from '@toolspec/language';

const ORIGIN = 'http://validate.invalid';

type Push = (d: Diagnostic) => void;

function queryOf(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of url.searchParams) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(canon(a)) === JSON.stringify(canon(b));
function canon(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canon);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canon((v as Record<string, unknown>)[k])]),
    );
  return v;
}

/** Diagnostics for every example whose dry run or output disagrees with what it states. */
export async function runExamples(ir: SpecIR): Promise<Diagnostic[]> {
  const { createToolkit } = await import('@toolspec/runtime');
  const out: Diagnostic[] = [];
  const push: Push = (d) => out.push(d);
  const connections = Object.fromEntries(
    ir.sets.map((s) => [
      s.name,
      {
        baseUrl: ORIGIN,
        token: 'validate-token',
        variables: Object.fromEntries(s.server.variables.map((v) => [v.name, v.default ?? 'validate'])),
      },
    ]),
  );
  const toolkit = createToolkit({ specs: ir, connections, retry: { maxRetries: 0 } });
  const ajv = createAjv({ strict: false });
  try {
    for (const tool of ir.tools) {
      let checkOutput: ((v: unknown) => boolean) | null = null;
      try {
        checkOutput = tool.response.schema ? ajv.compile(tool.response.schema) : null;
      } catch {
        checkOutput = null; // lint reports a schema that does not compile
      }
      for (const ex of tool.examples) {
        const at = { ...ex.loc, severity: 'error' as const };
        const what = `${tool.name} example "${ex.name}"`;
        if (tool.paging === null && tool.poll === null) {
          try {
            const dry = await toolkit.dryRun(tool.name, ex.input);
            const url = new URL(dry.url);
            const problems: string[] = [];
            if (dry.method !== ex.request.method)
              problems.push(`method ${dry.method}, expected ${ex.request.method}`);
            if (url.pathname !== ex.request.path)
              problems.push(`path ${url.pathname}, expected ${ex.request.path}`);
            const query = queryOf(url);
            if (!same(query, ex.request.query))
              problems.push(`query ${JSON.stringify(query)}, expected ${JSON.stringify(ex.request.query)}`);
            for (const [k, v] of Object.entries(ex.request.headers)) {
              const sent = dry.headers[k.toLowerCase()];
              if (sent !== v) problems.push(`header ${k}: ${sent ?? '(absent)'}, expected ${v}`);
            }
            const json = tool.request.encoding === 'json' || tool.request.encoding === 'graphql';
            if (json && !same(dry.body, ex.request.body as JsonValue))
              problems.push(`body ${JSON.stringify(dry.body)}, expected ${JSON.stringify(ex.request.body)}`);
            if (problems.length > 0)
              push({
                ...at,
                code: 'example_request_mismatch',
                message: `${what}: the dry run differs: ${problems.join('; ')}`,
              });
          } catch (e) {
            // An input the tool refuses is reported by the lint (example_input_invalid), at the input.
            if ((e as { code?: string }).code !== 'invalid_input')
              push({
                ...at,
                code: 'example_request_failed',
                message: `${what}: the dry run fails: ${(e as Error).message}`,
              });
          }
        }
        if (checkOutput && ex.response.status < 300 && ex.output !== null && !checkOutput(ex.output)) {
          const err = (checkOutput as { errors?: { instancePath: string; message?: string }[] }).errors?.[0];
          push({
            ...at,
            code: 'example_output_invalid',
            message:
              `${what}: output does not match the output schema: ${err ? `${err.instancePath || '/'} ${err.message ?? ''}` : ''}`.trim(),
          });
        }
      }
    }
  } finally {
    await toolkit.close();
  }
  return out;
}
