/**
 * `toolspec serve --sandbox` over stdio fed raw bytes (mcp/server/stdio.ts): every line gets an
 * answer. Batches are answered as one array under 2025-03-26 and refused (-32600) under later
 * versions; a line that is not JSON gets -32700, a value that is not a JSON-RPC message -32600
 * with its id when readable; a line over 10 MiB gets -32600 and the server goes on serving.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild, stopChild } from '../support/children.js';
import { CLI, REPO } from './support.js';

/** How long to wait for an answer before calling it missing (an outcome, not a measured time). */
const ANSWER_WAIT_MS = 15_000;

interface RawServer {
  readonly child: ChildProcess;
  /** Write raw bytes; resolves with the next line the server writes, parsed. */
  exchange(raw: string | Buffer | readonly (string | Buffer)[]): Promise<unknown>;
  stderr(): string;
  stop(): Promise<void>;
}

function startRaw(): RawServer {
  const child = startChild(process.execPath, [...CLI, '--sandbox'], {
    cwd: REPO,
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => {
    err += d.toString('utf8');
  });
  let buffered = '';
  const lines: string[] = [];
  let waiter: (() => void) | null = null;
  child.stdout?.on('data', (d: Buffer) => {
    buffered += d.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts.filter((l) => l.trim() !== ''));
    waiter?.();
  });
  child.stdin?.on('error', () => {});
  const nextLine = (what: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const take = (): boolean => {
        const line = lines.shift();
        if (line === undefined) return false;
        clearTimeout(timer);
        waiter = null;
        resolve(line);
        return true;
      };
      const timer = setTimeout(() => {
        waiter = null;
        reject(new Error(`no answer to ${what} (exit code ${child.exitCode}); stderr:\n${err}`));
      }, ANSWER_WAIT_MS);
      if (!take()) waiter = take;
    });
  return {
    child,
    exchange: async (raw) => {
      const parts = Array.isArray(raw) ? raw : [raw];
      for (const p of parts) child.stdin?.write(p);
      const shown = parts.map((p) => (typeof p === 'string' ? p : `<${p.length} bytes>`)).join('');
      return JSON.parse(await nextLine(shown.slice(0, 200)));
    },
    stderr: () => err,
    stop: () => stopChild(child),
  };
}

const line = (message: unknown): string => `${JSON.stringify(message)}\n`;
const ping = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'ping' });
const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };

async function opened(version: string): Promise<RawServer> {
  const server = startRaw();
  const answer = (await server.exchange(line(initialize(version)))) as {
    result: { protocolVersion: string };
  };
  expect(answer.result.protocolVersion).toBe(version);
  server.child.stdin?.write(line(initialized));
  return server;
}

const errorOf = (answer: unknown) =>
  answer as { jsonrpc: string; id: unknown; error: { code: number; message: string } };

describe('stdio, protocol version 2025-03-26', () => {
  let server: RawServer;
  beforeAll(async () => {
    server = await opened('2025-03-26');
  }, 60_000);
  afterAll(() => server.stop());

  it('answers a batch with one array: each request answered, a bad element with its own error, notifications not', async () => {
    const answer = (await server.exchange(
      line([
        ping(1),
        { jsonrpc: '2.0', id: 'two', method: 'tools/list', params: {} },
        { jsonrpc: '2.0', id: null, method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/roots/list_changed' },
      ]),
    )) as { id: unknown; result?: { tools?: unknown[] }; error?: { code: number } }[];
    expect(Array.isArray(answer), JSON.stringify(answer).slice(0, 300)).toBe(true);
    expect(answer.map((a) => a.id).sort()).toEqual([1, null, 'two'].sort());
    expect(answer.find((a) => a.id === 1)?.result).toEqual({});
    expect(answer.find((a) => a.id === 'two')?.result?.tools?.length).toBeGreaterThan(0);
    expect(answer.find((a) => a.id === null)?.error?.code).toBe(-32600);
    // And the connection goes on.
    expect(await server.exchange(line(ping(3)))).toMatchObject({ id: 3, result: {} });
  });

  it('answers an empty batch with -32600 and id null', async () => {
    const answer = errorOf(await server.exchange('[]\n'));
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(answer.error.message).toMatch(/empty batch/);
  });
});

describe('stdio, protocol version 2025-06-18', () => {
  let server: RawServer;
  beforeAll(async () => {
    server = await opened('2025-06-18');
  }, 60_000);
  afterAll(() => server.stop());

  it('refuses a batch with one -32600 that names the version that takes batches', async () => {
    const answer = errorOf(await server.exchange(line([ping(1), ping(2)])));
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(answer.error.message).toContain('2025-03-26');
    expect(answer.error.message).toContain('2025-06-18');
    expect(await server.exchange(line(ping(3)))).toMatchObject({ id: 3, result: {} });
  });

  it('answers a line that is not JSON with -32700 and id null', async () => {
    const answer = errorOf(await server.exchange('{"jsonrpc":"2.0","id":4,"method":"ping"\n'));
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    expect(await server.exchange(line(ping(5)))).toMatchObject({ id: 5, result: {} });
  });

  it('answers `id: null`, a missing `jsonrpc` and a non-object with -32600, echoing the id when readable', async () => {
    const nullId = errorOf(await server.exchange(line({ jsonrpc: '2.0', id: null, method: 'ping' })));
    expect(nullId).toMatchObject({ id: null, error: { code: -32600 } });
    expect(nullId.error.message).toMatch(/"id"/);
    const noVersion = errorOf(await server.exchange(line({ id: 7, method: 'ping' })));
    expect(noVersion).toMatchObject({ id: 7, error: { code: -32600 } });
    expect(noVersion.error.message).toMatch(/"jsonrpc" must be "2.0"/);
    const badParams = errorOf(
      await server.exchange(line({ jsonrpc: '2.0', id: 'p', method: 'ping', params: 1 })),
    );
    expect(badParams).toMatchObject({ id: 'p', error: { code: -32600 } });
    expect(errorOf(await server.exchange('42\n'))).toMatchObject({ id: null, error: { code: -32600 } });
    expect(await server.exchange(line(ping(8)))).toMatchObject({ id: 8, result: {} });
  });

  it('answers a line over 10 MiB with -32600, says so on stderr, and goes on serving', async () => {
    const mib = Buffer.alloc(1024 * 1024, 'a');
    const answer = errorOf(
      await server.exchange([
        '{"jsonrpc":"2.0","id":9,"method":"ping","params":{"padding":"',
        ...Array.from({ length: 11 }, () => mib),
      ]),
    );
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(answer.error.message).toMatch(/longer than 10 MiB/);
    // The rest of the oversized line is dropped; the next line is served.
    expect(
      await server.exchange([...Array.from({ length: 3 }, () => mib), '"}}\n', line(ping(10))]),
    ).toMatchObject({
      id: 10,
      result: {},
    });
    expect(server.child.exitCode).toBeNull();
    expect(server.stderr()).toMatch(/dropped a message longer than 10 MiB on stdin/);
  });
});

describe('stdio, before initialize', () => {
  it('refuses a batch (no version negotiated yet) and still initializes after it', async () => {
    const server = startRaw();
    const answer = errorOf(await server.exchange(line([initialize('2025-03-26')])));
    expect(answer).toMatchObject({ id: null, error: { code: -32600 } });
    expect(await server.exchange(line(initialize('2025-03-26')))).toMatchObject({
      id: 0,
      result: { protocolVersion: '2025-03-26' },
    });
    await server.stop();
  }, 60_000);
});

describe('stdio, a client that stops reading', () => {
  it('ends the server cleanly when its answers can no longer be written (exit 0, no uncaught EPIPE)', async () => {
    const server = startRaw();
    await server.exchange(line(initialize('2025-06-18')));
    server.child.stdout?.destroy();
    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );
    for (let i = 0; i < 5; i++) server.child.stdin?.write('{not json\n');
    expect(await exited).toBe(0);
    expect(server.stderr()).not.toMatch(/EPIPE|Uncaught|triggerUncaughtException/);
  }, 60_000);
});
