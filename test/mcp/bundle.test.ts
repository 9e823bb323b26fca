/**
 * The bundled `serve` command (cli/bundle.mjs; the built CLI loads dist/cli/bundle/serve/serve.js
 * for cold start) behaves like the module graph it is made of: built here from the sources into a
 * scratch folder (so no stale dist/ is involved), then driven with the SDK's own client over stdio
 * (list, a sandbox call) and over Streamable HTTP (bearer secret required). The bundle carries the
 * MCP SDK and @toolspec/mcp, and imports the other @toolspec packages instead of copying them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltBundle, buildBundle } from '../support/bundle.js';
import { HTTP_TOKEN, REPO } from './support.js';

const MINI = join(REPO, 'test/fixtures/specs/mini.yaml');
const SLOW_MS = 120_000;

let bundle: BuiltBundle;
beforeAll(() => {
  bundle = buildBundle('serve', { sourcesOutside: true });
}, SLOW_MS);
afterAll(() => bundle.remove());

describe('the bundled serve command', () => {
  it('carries the MCP SDK and @toolspec/mcp, and imports the runtime and the language', () => {
    const text = bundle.text();
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
        args: [...bundle.node, '--specs', MINI, '--sandbox'],
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
        [...bundle.node, '--specs', MINI, '--sandbox', '--http', '0'],
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
