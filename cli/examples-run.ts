/**
 * `validate` runs every example: the tool's dry run on the example's input must produce the
 * example's request (method, path, query, the headers the example lists, the JSON body); the
 * tool is then called against a loopback server that answers with the example's response, and
 * its output must equal the example's output and match the tool's output schema. Nothing leaves
 * the machine; no credentials are read.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  authCredentials,
  createAjv,
  type Diagnostic,
  type ExampleIR,
  type JsonValue,
  type SpecIR,
  type ToolIR,
} from '@toolspec/language';

/** How long one example's call may take before it is reported (a poll that never ends, say). */
const CALL_TIMEOUT_MS = 10_000;

function queryOf(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of url.searchParams) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

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
const same = (a: unknown, b: unknown) => JSON.stringify(canon(a)) === JSON.stringify(canon(b));

/** The first place two JSON values differ, as `pointer: got, expected`. */
/** A paged output as an example states it: its next_cursor without the process's signature. */
function asStated(output: unknown, unsigned: (cursor: string) => string): unknown {
  if (output === null || typeof output !== 'object' || Array.isArray(output)) return output;
  const cursor = (output as { next_cursor?: unknown }).next_cursor;
  return typeof cursor === 'string' ? { ...output, next_cursor: unsigned(cursor) } : output;
}

function firstDifference(got: unknown, want: unknown, at = ''): string {
  const show = (v: unknown) => {
    const s = JSON.stringify(v) ?? 'undefined';
    return s.length > 80 ? `${s.slice(0, 77)}...` : s;
  };
  if (
    got &&
    want &&
    typeof got === 'object' &&
    typeof want === 'object' &&
    Array.isArray(got) === Array.isArray(want)
  ) {
    const keys = new Set([...Object.keys(got), ...Object.keys(want)]);
    for (const k of keys) {
      const g = (got as Record<string, unknown>)[k];
      const w = (want as Record<string, unknown>)[k];
      if (!same(g, w)) return firstDifference(g, w, `${at}/${k}`);
    }
  }
  return `${at || '/'}: ${show(got)}, expected ${show(want)}`;
}

/** Where the loopback answers as a token endpoint. */
const TOKEN_PATH = '/__toolspec_validate_token';

/** A loopback server that answers every request with the example currently run. */
async function answerer(): Promise<{
  server: Server;
  url: string;
  answer: (tool: ToolIR, ex: ExampleIR) => void;
}> {
  let current: ExampleIR | null = null;
  let textAnswers = false;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === TOKEN_PATH) {
        // the token endpoint of a set whose auth obtains its own tokens (client credentials)
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: 'validate-token', token_type: 'bearer', expires_in: 3600 }));
        return;
      }
      const r = current?.response;
      if (!r) {
        res.writeHead(500).end();
        return;
      }
      const headers: Record<string, string> = { ...r.headers };
      if (r.body === null) {
        res.writeHead(r.status, headers).end();
        return;
      }
      // A string body is the answer's text for a text tool or an error (a vendor's error page), and
      // a JSON string otherwise, unless the example states its content type.
      const declared = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
      const asText = declared === undefined ? textAnswers || r.status >= 300 : !/json/i.test(declared);
      const text = typeof r.body === 'string' && asText ? r.body : JSON.stringify(r.body);
      if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type'))
        headers['content-type'] =
          typeof r.body === 'string' && text === r.body ? 'text/plain' : 'application/json';
      res.writeHead(r.status, headers).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    answer: (tool, ex) => {
      current = ex;
      textAnswers = tool.response.format === 'text';
    },
  };
}

/** Diagnostics for every example whose dry run, output or output schema disagrees with what it states. */
export async function runExamples(ir: SpecIR): Promise<Diagnostic[]> {
  if (ir.tools.every((t) => t.examples.length === 0)) return [];
  const { createToolkit, unsignedCursor } = await import('@toolspec/runtime');
  const out: Diagnostic[] = [];
  const loopback = await answerer();
  const connections = Object.fromEntries(
    ir.sets.map((s) => [
      s.name,
      {
        baseUrl: loopback.url,
        token: 'validate-token',
        credentials: Object.fromEntries(authCredentials(s.auth).map((n) => [n, 'validate-token'])),
        variables: Object.fromEntries(s.server.variables.map((v) => [v.name, v.default ?? 'validate'])),
        ...(s.auth.kind === 'oauth2_client_credentials'
          ? {
              oauth: {
                clientId: 'validate',
                clientSecret: 'validate-token',
                tokenUrl: `${loopback.url}${TOKEN_PATH}`,
              },
            }
          : {}),
      },
    ]),
  );
  const closeLoopback = () => new Promise<void>((resolve) => loopback.server.close(() => resolve()));
  let toolkit: ReturnType<typeof createToolkit>;
  try {
    toolkit = createToolkit({ specs: ir, connections, retry: { maxRetries: 0 } });
  } catch (e) {
    await closeLoopback(); // e.g. a helper the lint reported unknown: nothing can run
    throw e;
  }
  const ajv = createAjv({ strict: false });
  const compiles = (schema: object) => {
    try {
      ajv.compile(schema);
      return true;
    } catch {
      return false;
    }
  };
  try {
    for (const tool of ir.tools) {
      let checkOutput: ((v: unknown) => boolean) | null = null;
      try {
        checkOutput = tool.response.schema ? ajv.compile(tool.response.schema) : null;
      } catch {
        checkOutput = null; // lint reports a schema that does not compile
      }
      // A tool with a custom handler runs code `validate` does not load (its examples run in its
      // tests); one whose input schema does not compile cannot run (the lint reports why).
      const runnable = tool.handler === null && compiles(tool.inputSchema);
      for (const ex of tool.examples) {
        const report = (code: string, message: string) =>
          out.push({
            ...ex.loc,
            severity: 'error',
            code,
            message: `${tool.name} example "${ex.name}": ${message}`,
          });
        // An input the tool refuses is reported by the lint (example_input_invalid), at the input.
        const refused = (e: unknown) => (e as { code?: string }).code === 'invalid_input';
        if (runnable && tool.paging === null && tool.poll === null) {
          try {
            const dry = await toolkit.dryRun(tool.name, ex.input);
            const url = new URL(dry.url);
            const problems: string[] = [];
            if (dry.method !== ex.request.method)
              problems.push(`method ${dry.method}, expected ${ex.request.method}`);
            if (url.pathname !== ex.request.path)
              problems.push(`path ${url.pathname}, expected ${ex.request.path}`);
            const query = queryOf(url);
            // A query-placed API key is the connection's, not the example's (unless it states it).
            const set = ir.sets.find((s) => s.name === tool.set);
            for (const k of set?.auth.kind === 'api_key' ? set.auth.keys : [])
              if (k.in === 'query' && !(k.name in ex.request.query)) delete query[k.name];
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
              report('example_request_mismatch', `the dry run differs: ${problems.join('; ')}`);
          } catch (e) {
            if (!refused(e)) report('example_request_failed', `the dry run fails: ${(e as Error).message}`);
          }
        }
        if (runnable && tool.poll === null) {
          loopback.answer(tool, ex);
          try {
            const got = asStated(
              await toolkit.call(tool.name, ex.input, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) }),
              unsignedCursor,
            );
            if (!same(got, ex.output))
              report(
                'example_output_mismatch',
                `the tool's output differs from the example's (write or correct its output) at ${firstDifference(got, ex.output)}`,
              );
          } catch (e) {
            if (!refused(e))
              report(
                'example_call_failed',
                `the call answered with the example's response fails: ${(e as Error).message}`,
              );
          }
        }
        if (checkOutput && ex.response.status < 300 && ex.output !== null && !checkOutput(ex.output)) {
          const err = (checkOutput as { errors?: { instancePath: string; message?: string }[] }).errors?.[0];
          report(
            'example_output_invalid',
            `output does not match the output schema: ${err ? `${err.instancePath || '/'} ${err.message ?? ''}` : ''}`.trim(),
          );
        }
      }
    }
  } finally {
    await toolkit.close();
    await closeLoopback();
  }
  return out;
}
