/**
 * The bundled `serve` command (cli/bundle.mjs; the built CLI loads dist/cli/bundle/serve/serve.js
 * for cold start) behaves like the module graph it is made of: built here from the sources into a
 * scratch folder (so no stale dist/ is involved), then driven with the SDK's own client over stdio
 * (list, a sandbox call) and over Streamable HTTP (bearer secret required). The bundle carries the
 * MCP SDK and @toolspec/mcp, and imports the other @toolspec packages instead of copying them.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltBundle, buildBundle } from '../support/bundle.js';
import { HTTP_TOKEN, REPO, serve, spawnServeHttp } from './support.js';

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
      const { client } = await serve('stdio', ['--specs', MINI, '--sandbox'], {}, bundle.node);
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
      const server = await spawnServeHttp(
        ['--specs', MINI, '--sandbox'],
        {},
        { node: bundle.node, startTimeoutMs: 60_000 },
      );
      try {
        const initialize = (headers: Record<string, string>) =>
          fetch(server.url, {
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
        await server.stop();
      }
    },
    SLOW_MS,
  );
});
