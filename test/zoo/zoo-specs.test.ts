/**
 * The zoo as a whole: every example of every zoo spec, run by the runtime against a loopback
 * server answering with the example's response, must produce exactly the example's request and
 * output; `toolspec generate` produces types, schemas and docs for every zoo spec, and the
 * generated TypeScript compiles; and no engine source names a zoo vendor.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGenerate } from '../../generator/run.js';
import { loadSpecs } from '../../language/load/load.js';
import { createToolkit } from '../../runtime/toolkit.js';
import { type Loopback, startLoopback } from '../runtime/support/loopback.js';
import { CREDENTIALS, parseForm } from './fakes.js';
import { ZOO } from './support.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const VENDORS = ['github', 'slack', 'stripe', 'jira', 'linear', 'twilio'] as const;
const ir = loadSpecs(VENDORS.map(ZOO));

const connections = {
  github: { token: CREDENTIALS.github.token },
  slack: { token: CREDENTIALS.slack.token },
  stripe: { token: CREDENTIALS.stripe.token },
  jira: { credentials: { username: CREDENTIALS.jira.username, password: CREDENTIALS.jira.password } },
  linear: { credentials: { api_key: CREDENTIALS.linear.apiKey } },
  twilio: {
    credentials: { username: CREDENTIALS.twilio.username, password: CREDENTIALS.twilio.password },
    variables: { account_sid: CREDENTIALS.twilio.accountSid },
  },
};

describe('zoo examples agree with their tools', () => {
  let server: Loopback;
  let toolkit: ReturnType<typeof createToolkit>;
  beforeAll(async () => {
    server = await startLoopback();
    toolkit = createToolkit({
      specs: ir,
      connections: Object.fromEntries(
        Object.entries(connections).map(([set, c]) => [set, { ...c, baseUrl: server.url }]),
      ),
      retry: { maxRetries: 0 },
    });
  });
  afterAll(async () => {
    await toolkit.close();
    await server.close();
  });

  for (const tool of ir.tools) {
    for (const example of tool.examples) {
      it(`${tool.name}: ${example.name}`, async () => {
        server.requests.length = 0;
        server.handler = () => ({
          status: example.response.status,
          headers: example.response.headers,
          body: example.response.body ?? undefined,
        });
        const output = await toolkit.call(tool.name, example.input);
        expect(server.requests).toHaveLength(1);
        const sent = server.requests[0] as (typeof server.requests)[number];
        expect(sent.method).toBe(example.request.method);
        expect(sent.path).toBe(example.request.path);
        expect(sent.query).toEqual(example.request.query);
        for (const [k, v] of Object.entries(example.request.headers))
          expect(sent.headers[k.toLowerCase()]).toBe(v);
        const body = tool.request.encoding === 'form' ? parseForm(sent.rawBody) : sent.body;
        expect(body).toEqual(example.request.body);
        expect(output).toEqual(example.output);
      });
    }
  }
});

describe('toolspec generate on the zoo', () => {
  it('writes types, schemas, handlers and docs for every zoo set, and the TypeScript compiles', async () => {
    const out = mkdtempSync(join(ROOT, 'test/zoo/.generated-'));
    try {
      const result = await runGenerate({ specFiles: VENDORS.map(ZOO), outDir: out });
      expect(result.status).not.toBe('checked');
      for (const set of VENDORS) {
        for (const f of ['types.ts', 'handlers.ts', 'index.ts', 'README.md', 'catalog.ts', 'validators.ts']) {
          expect(existsSync(join(out, set, f)), `${set}/${f}`).toBe(true);
        }
        const schemas = readdirSync(join(out, set, 'schemas'));
        const tools = ir.sets.find((s) => s.name === set)?.tools ?? [];
        for (const t of tools) expect(schemas.some((s) => s.startsWith(t.name))).toBe(true);
        const docs = readFileSync(join(out, set, 'README.md'), 'utf8');
        for (const t of tools) expect(docs).toContain(`## ${t.name}`);
      }
      writeFileSync(
        join(out, 'tsconfig.json'),
        JSON.stringify({
          extends: '../../../tsconfig.base.json',
          compilerOptions: { noEmit: true, customConditions: ['@toolspec/source'], allowJs: false },
          include: ['**/*.ts'],
        }),
      );
      const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', out], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.status).toBe(0);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('the engine is vendor-neutral', () => {
  const VENDOR = /\b(github|slack|stripe|jira|twilio|atlassian)\b|\bLinear\b|linear\.app|\blinear_/i;
  function sources(dir: string, out: string[] = []): string[] {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist') continue;
      const p = join(dir, name);
      if (statSync(p).isDirectory()) sources(p, out);
      else if (/\.(ts|mts|js|mjs|json|hbs)$/.test(name)) out.push(p);
    }
    return out;
  }

  it('no source file of the spec language, runtime, generator or MCP server names a zoo vendor', () => {
    const files = ['language', 'runtime', 'generator', 'mcp'].flatMap((d) => sources(join(ROOT, d)));
    expect(files.length).toBeGreaterThan(50);
    const naming = files.filter((f) => VENDOR.test(readFileSync(f, 'utf8'))).map((f) => f.slice(ROOT.length));
    expect(naming).toEqual([]);
  });
});
