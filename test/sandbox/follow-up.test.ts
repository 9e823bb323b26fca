/**
 * Follow-up requests through the sandbox: a further partition and a status poll, both sent by
 * the runtime to another route than the tool's own (as Snowflake's statements API does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecTexts } from '../../language/load/load.js';
import type { Toolkit } from '../../runtime/types.js';
import { createSandboxToolkit, type SandboxExchange } from '../../sandbox/index.js';

const SPEC = `toolspec: 1
set: stmt
title: Statements
description: Partitions and polling fixture.
server: { url: "https://{account}.stmt.test", variables: { account: { description: Account, default: acme } } }
auth: { type: bearer }
errors: { code: /code, message: /message }
paging:
  parts:
    style: partitions
    items: /data
    partitions: /partitionInfo
    handle: /handle
    path: /statements/{handle}
    partition_param: partition
tools:
  - name: stmt_run
    title: Run
    description: Runs a statement.
    effects: read
    method: POST
    path: /statements
    paging: parts
    poll: { while_status: [202], path: "/statements/{handle}", handle: /handle, interval_ms: 10, max_interval_ms: 20, default_timeout_seconds: 10 }
    inputs:
      sql: { required: true, type: string, as: statement }
    examples:
      - name: two partitions
        input: { sql: select 1 }
        request: { method: POST, path: /statements, body: { statement: select 1 } }
        response: { body: { handle: h1, data: [[1]], partitionInfo: [{ rowCount: 1 }, { rowCount: 1 }] } }
        output: { items: [[1]], next_cursor: null, has_more: false }
      - name: slow
        input: { sql: select slow }
        request: { method: POST, path: /statements, body: { statement: select slow } }
        response: { status: 202, body: { handle: h2, message: running } }
        output: { items: [], next_cursor: null, has_more: false }
  - name: stmt_status
    title: Status
    description: A statement's status.
    effects: read
    method: GET
    path: /statements/{handle}
    inputs:
      handle: { required: true, type: string }
    examples:
      - name: running
        input: { handle: h2 }
        request: { method: GET, path: /statements/h2 }
        response: { status: 202, body: { handle: h2, message: running } }
        output: { handle: h2, message: running }
`;

const { ir, diagnostics } = loadSpecTexts([{ file: 'stmt.yaml', text: SPEC }]);
const exchanges: SandboxExchange[] = [];
let toolkit: Toolkit;

beforeAll(async () => {
  if (!ir) throw new Error(JSON.stringify(diagnostics, null, 2));
  ({ toolkit } = await createSandboxToolkit({ ir, onExchange: (x) => exchanges.push(x) }));
});
afterAll(async () => {
  await toolkit?.close();
});

describe('sandbox follow-up requests', () => {
  it('answers a further partition for the tool that asked with an empty last page', async () => {
    exchanges.length = 0;
    const out = (await toolkit.call('stmt_run', { sql: 'select 1' }, { all: true })) as { items: unknown[] };
    expect(out.items).toEqual([[1]]);
    expect(exchanges.map((x) => `${x.method} ${x.url} ${x.status} ${x.tool}`)).toEqual([
      'POST /stmt/statements 200 stmt_run',
      'GET /stmt/statements/h1?partition=1 200 stmt_run',
    ]);
  });

  it("answers a status poll with the tool's first example that is no longer pending", async () => {
    exchanges.length = 0;
    const out = (await toolkit.call('stmt_run', { sql: 'select slow' })) as { items: unknown[] };
    expect(out.items).toEqual([[1]]);
    expect(exchanges.map((x) => `${x.method} ${x.url} ${x.status}`)).toEqual([
      'POST /stmt/statements 202',
      'GET /stmt/statements/h2 200',
    ]);
  });
});
