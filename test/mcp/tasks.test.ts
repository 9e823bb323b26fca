/**
 * Tools with a declared poll (submit -> poll -> fetch) as MCP Tasks, driven by the official
 * Tasks client (@modelcontextprotocol/ext-tasks) on the v2 SDK client, MCP 2026-07-28:
 * - over HTTP against two `serve --http` replicas sharing TOOLSPEC_CURSOR_KEY, with a loopback
 *   Snowflake-like server (checked against the vendor contract) whose statement runs for a couple
 *   of polls: the call answers a task at once, tasks/get (round-robin over the replicas) follows
 *   it to the rows; a vendor error ends as an isError result; cancel sends the declared cancel;
 *   forged or altered task ids open nowhere;
 * - over stdio against `serve --sandbox`: a submission the sandbox answers 202 is a task that
 *   tasks/get completes (the sandbox answers the status request from the tool's examples), or
 *   that is cancelled; a tool without a poll answers at once;
 * - clients without the extension (the 2025 SDK client) keep the waiting call, and `async: true`
 *   keeps returning the handle.
 */
import type { CallToolResultV2 } from '@modelcontextprotocol/ext-tasks/core/v2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadShippedSpecs } from '../../cli/shipped.js';
import { TaskIds } from '../../mcp/server/task-ids.js';
import { type ContractServer, startContractServer } from '../support/contract-server.js';
import { type ServeProcess, serve, spawnServeHttp } from './support.js';
import { httpTaskClient, stdioTaskClient, type TaskClient } from './task-client.js';
import { modern } from './wire.js';

const HANDLE = '01b2c3d4-0000-4e5f-8000-00a1b2c3d4e5';
const CURSOR_KEY = 'toolspec-tasks-test-cursor-key-0123456789';
const pending = {
  code: '333334',
  message: 'Asynchronous execution in progress.',
  statementHandle: HANDLE,
  statementStatusUrl: `/api/v2/statements/${HANDLE}`,
};
const done = {
  code: '090001',
  sqlState: '00000',
  message: 'Statement executed successfully.',
  statementHandle: HANDLE,
  resultSetMetaData: {
    format: 'jsonv2',
    numRows: 1,
    partitionInfo: [{ rowCount: 1, uncompressedSize: 20 }],
    rowType: [
      { name: 'ID', type: 'fixed', length: 0, precision: 38, scale: 0, nullable: false },
      { name: 'NAME', type: 'text', length: 100, precision: 0, scale: 0, nullable: true },
    ],
  },
  data: [['7', 'done']],
};

let vendor: ContractServer;
let replicas: ServeProcess[] = [];
const statusPolls = () => vendor.requests.filter((r) => r.method === 'GET').length;

beforeAll(async () => {
  vendor = await startContractServer('datastore');
  const env = {
    TOOLSPEC_DATASTORE_BASE_URL: vendor.url,
    TOOLSPEC_DATASTORE_TOKEN: 'datastore-test-token',
    TOOLSPEC_DATASTORE_ACCOUNT: 'acme',
    TOOLSPEC_CURSOR_KEY: CURSOR_KEY,
  };
  replicas = await Promise.all([
    spawnServeHttp(['--sets', 'datastore'], env),
    spawnServeHttp(['--sets', 'datastore'], env),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all(replicas.map((r) => r.stop()));
  await vendor?.close();
});
beforeEach(() => {
  vendor.requests.length = 0;
  vendor.violations.length = 0;
});

/** The vendor: submissions answer 202; the status answers 202 `runs` times, then `final`. */
function statementRunning(
  runs: number,
  final: { status: number; body: unknown } = { status: 200, body: done },
) {
  let polls = 0;
  vendor.respond = (r) => {
    if (r.path.endsWith('/cancel'))
      return { status: 200, body: { statementHandle: HANDLE, message: 'canceled' } };
    if (r.method === 'POST') return { status: 202, body: pending };
    return polls++ < runs ? { status: 202, body: pending } : final;
  };
}

describe('MCP Tasks over HTTP, two replicas (the Tasks client, 2026-07-28)', () => {
  let tc: TaskClient;
  beforeAll(async () => {
    tc = await httpTaskClient(replicas.map((r) => r.url));
  }, 30_000);
  afterAll(() => tc?.close());

  it('answers a running statement with a task at once, and any replica follows it to the rows', async () => {
    statementRunning(2);
    const exec = await tc.session.callTool('datastore_execute_query', { statement: 'call slow()' });
    expect(exec.kind).toBe('task');
    // Submitted once, not waited for.
    expect(vendor.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(exec.handle?.taskId.startsWith('tt1.')).toBe(true);
    expect(exec.handle?.taskId).not.toContain('slow');
    const outcome = await exec.result();
    expect(outcome.status).toBe('completed');
    const result = (outcome as { result: CallToolResultV2 }).result;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ items: [{ ID: 7, NAME: 'done' }], has_more: false });
    expect(statusPolls()).toBe(3);
    expect(tc.dispatched.filter((d) => d.startsWith('tasks/get')).map((d) => d.slice(-1))).toContain('1');
    expect(tc.dispatched.filter((d) => d.startsWith('tasks/get')).map((d) => d.slice(-1))).toContain('0');
    expect(vendor.violations).toEqual([]);
  }, 60_000);

  it('shows the task working while the statement runs, and ends a vendor error as an isError result', async () => {
    statementRunning(1, {
      status: 422,
      body: { code: '002003', sqlState: '42S02', message: 'Object does not exist.', statementHandle: HANDLE },
    });
    const exec = await tc.session.callTool('datastore_execute_query', { statement: 'select * from NOPE' });
    expect(exec.kind).toBe('task');
    const view = await tc.session.task(exec.handle!.taskId).snapshot();
    expect(view.status).toBe('working');
    expect(view.suggestedPollIntervalMs).toBe(500);
    const outcome = await exec.result();
    expect(outcome.status).toBe('completed');
    const result = (outcome as { result: CallToolResultV2 }).result;
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('Object does not exist.');
  }, 60_000);

  it("cancels by sending the tool's declared cancel request upstream", async () => {
    statementRunning(1_000);
    const exec = await tc.session.callTool('datastore_get_tables', { database: 'SHOP' });
    expect(exec.kind).toBe('task');
    await exec.cancel();
    expect(
      vendor.requests.some((r) => r.method === 'POST' && r.path === `/api/v2/statements/${HANDLE}/cancel`),
    ).toBe(true);
    expect(vendor.violations).toEqual([]);
  }, 60_000);

  it('answers a statement that finishes within the submission with the ordinary result', async () => {
    vendor.respond = () => ({ status: 200, body: done });
    const exec = await tc.session.callTool('datastore_execute_query', { statement: 'select 1' });
    expect(exec.kind).toBe('immediate');
    const outcome = await exec.result();
    expect((outcome as { result: CallToolResultV2 }).result.structuredContent).toMatchObject({
      items: [{ ID: 7, NAME: 'done' }],
    });
  }, 60_000);

  it('refuses a task id it did not seal, an altered one, and one sealed with another key', async () => {
    statementRunning(1_000);
    const exec = await tc.session.callTool('datastore_execute_query', { statement: 'call slow()' });
    const id = exec.handle!.taskId;
    await exec.detach();
    const altered = `${id.slice(0, -2)}${id.at(-2) === 'A' ? 'B' : 'A'}${id.slice(-1)}`;
    const stranger = new TaskIds('another-key-of-at-least-thirty-two-chars').seal({
      tool: 'datastore_execute_query',
      handle: HANDLE,
      input: { statement: 'select 1' },
      caller: undefined,
      created: 0,
    });
    for (const taskId of ['tt1.nope', altered, stranger]) {
      const a = await modern(replicas[1]!.url, 'tasks/get', 1, { taskId }, { 'mcp-name': taskId });
      const body = JSON.parse(a.body);
      expect(body.error?.code, a.body).toBe(-32602);
      expect(body.error.message).toMatch(/unknown task/);
    }
    const ok = await modern(replicas[1]!.url, 'tasks/get', 2, { taskId: id }, { 'mcp-name': id });
    expect(JSON.parse(ok.body).result.status).toBe('working');
  }, 60_000);
});

describe('clients without the Tasks extension', () => {
  it('keep the waiting call (2025 SDK client), and async: true keeps returning the handle', async () => {
    const served = await serve('http', ['--sets', 'datastore'], {
      TOOLSPEC_DATASTORE_BASE_URL: vendor.url,
      TOOLSPEC_DATASTORE_TOKEN: 'datastore-test-token',
      TOOLSPEC_DATASTORE_ACCOUNT: 'acme',
    });
    try {
      statementRunning(1);
      const waited = await served.client.callTool({
        name: 'datastore_execute_query',
        arguments: { statement: 'call slow()' },
      });
      expect(waited.isError).toBeFalsy();
      expect(waited.structuredContent).toMatchObject({ items: [{ ID: 7, NAME: 'done' }] });
      expect(statusPolls()).toBe(2);
      vendor.respond = () => ({ status: 202, body: pending });
      const handle = await served.client.callTool({
        name: 'datastore_execute_query',
        arguments: { statement: 'call slow()', async: true },
      });
      expect(handle.structuredContent).toMatchObject({ status: 'running', statement_handle: HANDLE });
    } finally {
      await served.close();
    }
  }, 60_000);
});

describe('MCP Tasks over stdio against the sandbox (the Tasks client, 2026-07-28)', () => {
  const ir = loadShippedSpecs();
  let tc: TaskClient;
  beforeAll(async () => {
    tc = await stdioTaskClient(['--sandbox'], {});
  }, 30_000);
  afterAll(() => tc?.close());

  it('a statement the sandbox answers 202 is a task, which tasks/get completes; another is cancelled', async () => {
    const example = ir.byName
      .get('datastore_execute_query')!
      .examples.find((e) => e.response.status === 202)!;
    // `async: true` asks for the handle itself, and gets it; without it the same statement is a task.
    const asked = await tc.session.callTool('datastore_execute_query', example.input as never);
    expect(asked.kind).toBe('immediate');
    const handle = ((await asked.result()) as { result: CallToolResultV2 }).result;
    expect(handle.structuredContent).toMatchObject({ status: 'running' });
    const { async: _async, ...input } = example.input as Record<string, unknown>;
    const exec = await tc.session.callTool('datastore_execute_query', input as never);
    expect(exec.kind).toBe('task');
    const outcome = await exec.result();
    expect(outcome.status).toBe('completed');
    const result = (outcome as { result: CallToolResultV2 }).result;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ status: 'succeeded', has_more: false });
    const second = await tc.session.callTool('datastore_execute_query', input as never);
    expect(second.kind).toBe('task');
    await second.cancel();
    expect(tc.dispatched).toEqual([
      'tools/call -> 0',
      'tools/call -> 0',
      'tasks/get -> 0',
      'tools/call -> 0',
      'tasks/cancel -> 0',
    ]);
  }, 60_000);

  it('a tool without a poll answers at once', async () => {
    const exec = await tc.session.callTool('notes_user_list', {});
    expect(exec.kind).toBe('immediate');
    const outcome = await exec.result();
    expect((outcome as { result: CallToolResultV2 }).result.isError).toBeFalsy();
  }, 60_000);
});
