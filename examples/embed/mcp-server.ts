/**
 * Serve your own spec over MCP from your own process: `createMcpServer` over a toolkit you build,
 * on the SDK's stdio transport. After `tsc`, give an MCP client the command
 * `node mcp-server.js my-api.yaml`; credentials come from `TOOLSPEC_<SET>_*`, as for the CLI.
 * README.md ("Embed the server in your application") shows this file, and
 * test/mcp/embed-example.test.ts runs it and connects an SDK client to it.
 */
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createMcpServer } from '@toolspec/mcp';
import { createToolkit, loadConnections, loadSpecs } from '@toolspec/runtime';

const specs = loadSpecs([process.argv[2] ?? 'my-api.yaml']); // your spec files
const toolkit = createToolkit({
  specs,
  connections: await loadConnections({ sets: specs.sets }), // TOOLSPEC_<SET>_TOKEN, _BASE_URL, ...
});
// One server per connection: the SDK picks the protocol era from the client's first message.
const stdio = serveStdio(() => createMcpServer(toolkit, { version: '1.0.0' }));
process.stdin.once('end', () => void stdio.close().then(() => toolkit.close()));
