/**
 * The README's "Embed the server in your application" example (examples/embed/mcp-server.ts, which
 * the type-check compiles): the README shows the file as it is, and the file, run as a process with
 * a user's spec, serves it over stdio to the MCP SDK client: tools/list, then a tools/call that
 * reaches a loopback vendor with the connection's token from the environment.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whenDone } from '../support/children.js';
import { REPO } from '../support/paths.js';
import { readmeCode } from '../support/readme.js';

const EXAMPLE = join(REPO, 'examples/embed/mcp-server.ts');
const SPEC = join(REPO, 'examples/specs/github.yaml');
const TOKEN = 'ghp_example_token_0123456789';

/** The example's code, without its leading doc comment. */
const exampleCode = (): string => readFileSync(EXAMPLE, 'utf8').replace(/^\/\*\*[\s\S]*?\*\/\n/, '');

describe('the README example of createMcpServer', () => {
  let vendor: Server;
  let base = '';
  const seen: { url: string | undefined; authorization: string | undefined }[] = [];
  let client: Client;

  beforeAll(async () => {
    vendor = createServer((req: IncomingMessage, res) => {
      seen.push({ url: req.url, authorization: req.headers.authorization });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ number: 1347, title: 'Found a bug', state: 'open' }));
    });
    await new Promise<void>((r) => vendor.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=@toolspec/source', '--import', 'tsx', EXAMPLE, SPEC],
      cwd: REPO,
      env: {
        ...getDefaultEnvironment(),
        NODE_NO_WARNINGS: '1',
        TOOLSPEC_GITHUB_TOKEN: TOKEN,
        TOOLSPEC_GITHUB_BASE_URL: base,
      },
      stderr: 'pipe',
    });
    // The transport spawns the example: closing it stops the example, whether connecting failed or not.
    whenDone(() => transport.close());
    client = new Client({ name: 'embed-example-test', version: '1.0.0' });
    await client.connect(transport);
  }, 60_000);

  afterAll(async () => {
    // Closing the client ends the example's stdin, and the example closes its server and exits.
    await client?.close();
    await new Promise((r) => vendor?.close(r));
  });

  it('is shown in the README exactly as the compiled file has it', () => {
    expect(readmeCode('### Embed the server in your application')).toBe(exampleCode());
  });

  it("serves the user's spec over stdio to the SDK client, with the token from the environment", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('github_issue_get');
    const result = await client.callTool({
      name: 'github_issue_get',
      arguments: { owner: 'octocat', repo: 'hello-world', issue_number: 1347 },
    });
    expect(result.isError ?? false).toBe(false);
    expect(result.structuredContent).toMatchObject({ number: 1347, title: 'Found a bug' });
    expect(seen).toEqual([
      { url: '/repos/octocat/hello-world/issues/1347', authorization: `Bearer ${TOKEN}` },
    ]);
    expect(JSON.stringify(result)).not.toContain(TOKEN);
  });
});
