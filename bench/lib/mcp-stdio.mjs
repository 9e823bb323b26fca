/**
 * A minimal MCP client over stdio (newline-delimited JSON-RPC), so the client adds next to
 * nothing to what is measured: spawn a server, initialize, list, call.
 */
import { spawn } from 'node:child_process';
import { ROOT } from './paths.mjs';

export const PROTOCOL_VERSION = '2025-06-18';

export function spawnMcp(args) {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const pending = new Map();
  let nextId = 1;
  let buffer = '';
  let stderr = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  child.stdout.on('data', (d) => {
    buffer += d;
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf('\n');
      if (!line) continue;
      const msg = JSON.parse(line);
      const waiter = msg.id !== undefined ? pending.get(msg.id) : undefined;
      if (!waiter) continue;
      pending.delete(msg.id);
      if (msg.error) waiter.reject(new Error(`${waiter.method}: ${msg.error.message}`));
      else waiter.resolve(msg.result);
    }
  });
  exited.then((code) => {
    for (const w of pending.values())
      w.reject(new Error(`server exited (${code}) before answering ${w.method}: ${stderr}`));
  });
  const send = (msg) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...msg })}\n`);
  return {
    request(method, params = {}) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, method });
        send({ id, method, params });
      });
    },
    notify: (method, params = {}) => send({ method, params }),
    /** Closing stdin is how an MCP client ends a stdio session; kill if it lingers. */
    async close() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill(), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** initialize + initialized, as any client does first. */
export async function initialize(client) {
  const result = await client.request('initialize', {
    protocolVersion: PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'toolspec-bench', version: '1.0.0' },
  });
  client.notify('notifications/initialized');
  return result;
}
