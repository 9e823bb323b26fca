/**
 * The baseline for serve cold start on the SDK toolspec serves with (`@modelcontextprotocol/server`
 * v2, whose stdio entry answers both protocol eras): a bare server that lists the same tools (a
 * catalog JSON file: `{tools: [...]}`, argv[2]) with no validation and answers every call with
 * an empty result. `node bench/servers/bare-mcp-v2.mjs catalog.json`
 */
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const { tools } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
serveStdio(() => {
  const server = new Server({ name: 'bare', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({ tools }));
  server.setRequestHandler('tools/call', async () => ({ content: [{ type: 'text', text: '{}' }] }));
  return server;
});
