/**
 * The bundled `serve` command (cli/bundle-serve.mjs; the built CLI loads dist/cli/bundle/serve.js
 * for cold start) behaves like the module graph it is made of: built here from the sources into a
 * scratch folder (so no stale dist/ is involved), then driven with the SDK's own client over stdio
 * (list, a sandbox call) and over Streamable HTTP (bearer secret required). The bundle carries the
 * MCP SDK and @toolspec/mcp, and imports the other @toolspec packages instead of copying them.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_TOKEN, REPO } from './support.js';

/** Under the repository, so the bundle's bare imports resolve from its node_modules. */
const OUT = join(REPO, 'node_modules/.cache', `toolspec-serve-bundle-${process.pid}`);
const MINI = join(REPO, 'test/fixtures/specs/mini.yaml');
/** Runs the bundle's `run(args)` the way the CLI's registry does; the other packages from their sources. */
const RUN_BUNDLE = [
  '--conditions=@toolspec/source',
  '--import',
  'tsx',
  '--input-type=module',
  '-e',
  'const { run } = await import(process.argv[1]); process.exitCode = await run(process.argv.slice(2));',
  join(OUT, 'serve.js'),
];
const SLOW_MS = 120_000;

const bundleText = () =>
  [join(OUT, 'serve.js'), ...readdirSync(join(OUT, 'chunks')).map((f) => join(OUT, 'chunks', f))]
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');

beforeAll(() => {
  const r = spawnSync(process.execPath, [join(REPO, 'cli/bundle-serve.mjs'), '--source', OUT], {
    cwd: REPO,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`bundle-serve failed (${r.status}):\n${r.stderr}`);
}, SLOW_MS);

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe('the bundled serve command', () => {
  it('carries the MCP SDK and @toolspec/mcp, and imports the runtime and the language', () => {
    const text = bundleText();
    expect(text).not.toMatch(/from ["']@modelcontextprotocol\//);
    expect(text).not.toMatch(/["']@toolspec\/mcp["']/);
    expect(text).toMatch(/import\(["']@toolspec\/runtime["']\)/);
    expect(text).toMatch(/from ["']@toolspec\/language\/light["']/);
  });

  it(
    'lists and calls over stdio (sandbox)',
    async () => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [...RUN_BUNDLE, '--specs', MINI, '--sandbox'],
        cwd: REPO,
        env: { ...getDefaultEnvironment(), NODE_NO_WARNINGS: '1' },
        stderr: 'pipe',
      });
      const client = new Client({ name: 'toolspec-test', version: '1.0.0' });
      await client.connect(transport);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toContain('mini_item_list');
        const r = (await client.callTool({ name: 'mini_item_list', arguments: {} })) as {
          isError?: boolean;
          content: { text?: string }[];
        };
        expect(r.isError ?? false).toBe(false);
        expect(r.content[0]?.text ?? '').toContain('items');
      } finally {
        await client.close();
      }
    },
    SLOW_MS,
  );

  it(
    'requires the bearer secret over Streamable HTTP',
    async () => {
      const child: ChildProcess = spawn(
        process.execPath,
        [...RUN_BUNDLE, '--specs', MINI, '--sandbox', '--http', '0'],
        {
          cwd: REPO,
          env: { ...process.env, NODE_NO_WARNINGS: '1', TOOLSPEC_HTTP_TOKEN: HTTP_TOKEN },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      try {
        let err = '';
        const url = await new Promise<string>((resolve, reject) => {
          child.stderr?.on('data', (d: Buffer) => {
            err += d.toString('utf8');
            const m = /Streamable HTTP at (\S+)/.exec(err);
            if (m?.[1]) resolve(m[1]);
          });
          child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${err}`)));
        });
        const initialize = (headers: Record<string, string>) =>
          fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              ...headers,
            },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method: 'initialize',
              params: {
                protocolVersion: '2025-06-18',
                capabilities: {},
                clientInfo: { name: 'toolspec-test', version: '1.0.0' },
              },
            }),
          });
        expect((await initialize({})).status).toBe(401);
        const ok = await initialize({ authorization: `Bearer ${HTTP_TOKEN}` });
        expect(ok.status).toBe(200);
        expect(await ok.text()).toContain('"serverInfo":{"name":"toolspec"');
      } finally {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
    SLOW_MS,
  );
});
