/**
 * The baseline for serve cold start: a bare MCP server on the SDK's low-level Server that lists
 * the same tools (a catalog JSON file: `{tools: [...]}`, argv[2]) with no validation and
 * answers every call with an empty result. `node bench/servers/bare-mcp.mjs catalog.json`
 */
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const { tools } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const server = new Server({ name: 'bare', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: 'text', text: '{}' }] }));
await server.connect(new StdioServerTransport());
