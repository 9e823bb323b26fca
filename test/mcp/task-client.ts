/**
 * The official Tasks client (@modelcontextprotocol/ext-tasks, pinned) over the v2 SDK client
 * (@modelcontextprotocol/client, pinned), negotiating MCP 2026-07-28. The Tasks package sends
 * task traffic (tools/call, tasks/*) through a host-provided raw dispatch because the SDK client's
 * codecs do not know the extension's result shapes; here that dispatch is the HTTP request the
 * 2026-07-28 binding defines (routing headers, bearer secret), spread round-robin over several
 * replicas, or the same stdio pipe the SDK client uses (its responses told apart by id).
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  createTaskSessionFromClient,
  type JsonRpcResponse,
  type TaskEnabledSession,
} from '@modelcontextprotocol/ext-tasks/client';
import type { JsonValue } from '@modelcontextprotocol/ext-tasks/core';
import { whenDone } from '../support/children.js';
import { AUTH_HEADERS, CLI, REPO } from './support.js';

const CLIENT_INFO = { name: 'toolspec-tasks-test', version: '1.0.0' };
const FRAMING = {
  protocolVersion: '2026-07-28',
  clientInfo: CLIENT_INFO,
  clientCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } },
};

export interface TaskClient {
  readonly client: Client;
  readonly session: TaskEnabledSession;
  /** `method -> replica index` of every raw (task) request, in order. */
  readonly dispatched: string[];
  close(): Promise<void>;
}

type RpcRequest = { id: string | number; method: string; params?: Record<string, unknown> };

function asResponse(body: {
  result?: JsonValue;
  error?: { code: number; message: string };
}): JsonRpcResponse {
  return body.error ? { kind: 'error', error: body.error } : { kind: 'result', result: body.result ?? null };
}

/** The Tasks session over `client` whose task requests go through `rawDispatch`, closed with the client. */
function taskClient(
  client: Client,
  endpointId: string,
  rawDispatch: (r: JsonValue) => Promise<JsonRpcResponse>,
  dispatched: string[],
): TaskClient {
  const session = createTaskSessionFromClient(client, {
    endpointId,
    rawDispatch,
    v2RequestFraming: FRAMING as never,
  });
  return {
    client,
    session,
    dispatched,
    close: async () => {
      await session.close().catch(() => {});
      await client.close().catch(() => {});
    },
  };
}

/** A Tasks session whose task requests go round-robin to `urls` (replicas behind one name). */
export async function httpTaskClient(urls: readonly string[]): Promise<TaskClient> {
  const client = new Client(CLIENT_INFO, { versionNegotiation: { mode: 'auto' } });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(urls[0] as string), { requestInit: { headers: AUTH_HEADERS } }),
  );
  const dispatched: string[] = [];
  let next = 0;
  const raw = async (request: JsonValue): Promise<JsonRpcResponse> => {
    const r = request as unknown as RpcRequest;
    const replica = next++ % urls.length;
    dispatched.push(`${r.method} -> ${replica}`);
    const name = r.method === 'tools/call' ? r.params?.name : r.params?.taskId;
    const res = await fetch(urls[replica] as string, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': r.method,
        ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
        ...AUTH_HEADERS,
      },
      body: JSON.stringify({ ...r, jsonrpc: '2.0', id: `raw-${next}` }),
    });
    return asResponse((await res.json()) as never);
  };
  return taskClient(client, 'toolspec-http', raw, dispatched);
}

/** `toolspec serve <args>` over stdio; task requests share the SDK client's pipe. */
export async function stdioTaskClient(
  args: readonly string[],
  env: Record<string, string>,
): Promise<TaskClient> {
  const stdio = new StdioClientTransport({
    command: process.execPath,
    args: [...CLI, ...args],
    cwd: REPO,
    env: { ...(process.env as Record<string, string>), NODE_NO_WARNINGS: '1', ...env },
    stderr: 'ignore',
  });
  // The transport spawns the server: closing it stops the server, whether connecting failed or not.
  whenDone(() => stdio.close());
  const waiting = new Map<string, (body: never) => void>();
  // A transport of its own (not the SDK's stdio class, so the client probes the era in place)
  // that hands the raw requests' answers to the raw dispatch and everything else to the client.
  const transport = {
    onmessage: undefined as ((m: unknown, extra?: unknown) => void) | undefined,
    onclose: undefined as (() => void) | undefined,
    onerror: undefined as ((e: Error) => void) | undefined,
    start: () => stdio.start(),
    send: (m: never) => stdio.send(m),
    close: () => stdio.close(),
  };
  stdio.onmessage = (m: unknown, extra?: unknown) => {
    const id = (m as { id?: unknown }).id;
    const resolve = typeof id === 'string' ? waiting.get(id) : undefined;
    if (resolve) {
      waiting.delete(id as string);
      resolve(m as never);
    } else transport.onmessage?.(m, extra);
  };
  stdio.onclose = () => transport.onclose?.();
  stdio.onerror = (e: Error) => transport.onerror?.(e);
  const client = new Client(CLIENT_INFO, { versionNegotiation: { mode: 'auto' } });
  await client.connect(transport as never);
  const dispatched: string[] = [];
  let n = 0;
  const raw = async (request: JsonValue): Promise<JsonRpcResponse> => {
    const r = request as unknown as RpcRequest;
    const id = `raw-${n++}`;
    dispatched.push(`${r.method} -> 0`);
    const answer = new Promise<never>((resolve) => waiting.set(id, resolve));
    await stdio.send({ ...r, id, jsonrpc: '2.0' } as never);
    return asResponse(await answer);
  };
  return taskClient(client, 'toolspec-stdio', raw, dispatched);
}
