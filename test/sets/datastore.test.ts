/**
 * Snowflake-specific behaviour of the datastore set over a real socket to a loopback
 * Snowflake-like server that validates every request against datastore.openapi.json:
 * synchronous results, 202 -> polling -> result, timeout with upstream cancel, partitions
 * paged through the engine cursor, idempotent resubmission after an ambiguous failure, SQL
 * errors as typed errors, and hostile identifiers/patterns that must stay inert.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadSpecs, loadSpecTexts } from '../../language/load/load.js';
import { ToolError } from '../../runtime/errors.js';
import { createToolkit } from '../../runtime/toolkit.js';
import type { Page, Toolkit } from '../../runtime/types.js';
import {
  type ContractServer,
  type RecordedRequest,
  startContractServer,
} from '../support/contract-server.js';
import { SPECS_DIR } from '../support/paths.js';

const ir = loadSpecs([join(SPECS_DIR, 'datastore.yaml')]);
const HANDLE = '01b2c3d4-0000-4e5f-8000-00a1b2c3d4e5';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const ROW_TYPE = [
  { name: 'ID', type: 'fixed', length: 0, precision: 38, scale: 0, nullable: false },
  { name: 'NAME', type: 'text', length: 100, precision: 0, scale: 0, nullable: true },
  { name: 'DAY', type: 'date', length: 0, precision: 0, scale: 0, nullable: true },
];

function resultSet(rows: (string | null)[][], partitions = 1) {
  return {
    code: '090001',
    sqlState: '00000',
    message: 'Statement executed successfully.',
    statementHandle: HANDLE,
    statementStatusUrl: `/api/v2/statements/${HANDLE}`,
    resultSetMetaData: {
      format: 'jsonv2',
      numRows: rows.length * partitions,
      partitionInfo: Array.from({ length: partitions }, () => ({
        rowCount: rows.length,
        uncompressedSize: 64,
      })),
      rowType: ROW_TYPE,
    },
    data: rows,
  };
}

const asPage = (v: unknown) => v as Page & Record<string, unknown>;

const pending = {
  code: '333334',
  message: 'Asynchronous execution in progress.',
  statementHandle: HANDLE,
  statementStatusUrl: `/api/v2/statements/${HANDLE}`,
};

let server: ContractServer;
let toolkit: Toolkit;

function makeToolkit(maxRetries: number): Toolkit {
  return createToolkit({
    specs: ir,
    connections: {
      datastore: { baseUrl: server.url, token: 'datastore-test-token', variables: { account: 'acme' } },
    },
    retry: { maxRetries, baseDelayMs: 1, maxDelayMs: 5 },
  });
}

beforeAll(async () => {
  server = await startContractServer('datastore');
  toolkit = makeToolkit(0);
});
afterAll(async () => {
  await toolkit?.close();
  await server?.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.violations.length = 0;
  server.respond = () => ({ status: 200, body: resultSet([['1', 'a', '0']]) });
});

const posts = (): RecordedRequest[] => server.requests.filter((r) => r.path === '/api/v2/statements');
const sent = (): RecordedRequest => {
  expect(server.violations).toEqual([]);
  const [first] = posts();
  expect(first).toBeDefined();
  return first as RecordedRequest;
};
const statementOf = (r: RecordedRequest) => (r.body as { statement: string }).statement;
const bindingsOf = (r: RecordedRequest) =>
  (r.body as { bindings?: Record<string, { type: string; value: string }> }).bindings ?? {};

async function failure(p: Promise<unknown>): Promise<ToolError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ToolError);
  return e as ToolError;
}

describe('statements', () => {
  it('returns a synchronous result as converted rows in the paging envelope', async () => {
    server.respond = () => ({
      status: 200,
      body: resultSet([
        ['1', 'first', '19884'],
        ['98765432109876543210', null, null],
      ]),
    });
    const out = asPage(
      await toolkit.call('datastore_execute_query', {
        statement: 'select ID, NAME, DAY from T',
        warehouse: 'WH',
      }),
    );
    expect(out.items).toEqual([
      { ID: 1, NAME: 'first', DAY: '2024-06-10' },
      { ID: '98765432109876543210', NAME: null, DAY: null },
    ]);
    expect(out).toMatchObject({
      next_cursor: null,
      has_more: false,
      status: 'succeeded',
      statement_handle: HANDLE,
    });
    const req = sent();
    expect(req.headers.authorization).toBe('Bearer datastore-test-token');
    expect(req.headers['x-snowflake-authorization-token-type']).toBe('OAUTH');
    expect(req.headers['user-agent']).toBeTruthy();
    expect(req.query.requestId).toMatch(UUID);
    expect(req.query.retry).toBeUndefined();
    expect(req.body).toEqual({
      statement: 'select ID, NAME, DAY from T',
      warehouse: 'WH',
      parameters: { multi_statement_count: 1 },
    });
  });

  it("sends the caller's declared multi_statement_count, 1 by default, so Snowflake refuses an appended statement", async () => {
    await toolkit.call('datastore_execute_query', { statement: 'select 1; drop table t' });
    expect(sent().body).toMatchObject({ parameters: { multi_statement_count: 1 } });
    server.requests.length = 0;
    await toolkit.call('datastore_execute_query', {
      statement: "insert into T values ('a;b'); -- c;\nselect 1; /* ; */",
      parameters: { multi_statement_count: 2 },
    });
    expect(sent().body).toMatchObject({ parameters: { multi_statement_count: 2 } });
    server.requests.length = 0;
    await toolkit.call('datastore_execute_query', {
      statement: 'select 1; select 2; select 3',
      parameters: { multi_statement_count: 0, query_tag: 't' },
    });
    expect(sent().body).toMatchObject({ parameters: { multi_statement_count: 0, query_tag: 't' } });
  });

  it('keeps a column named __proto__ as data, never as the row prototype', async () => {
    server.respond = () => ({
      status: 200,
      body: {
        ...resultSet([['{"polluted": true}', '1']]),
        resultSetMetaData: {
          format: 'jsonv2',
          numRows: 1,
          partitionInfo: [{ rowCount: 1, uncompressedSize: 10 }],
          rowType: [
            { name: '__proto__', type: 'object', length: 0, precision: 0, scale: 0, nullable: true },
            { name: 'ID', type: 'fixed', length: 0, precision: 38, scale: 0, nullable: false },
          ],
        },
      },
    });
    const out = asPage(await toolkit.call('datastore_execute_query', { statement: 'select 1' }));
    const row = out.items[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect((row as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(row)).toEqual(['__proto__', 'ID']);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toEqual({ polluted: true });
    expect(JSON.parse(JSON.stringify(out.items))).toEqual([
      JSON.parse('{"__proto__": {"polluted": true}, "ID": 1}'),
    ]);
  });

  it('polls a 202 answer until the result is ready', async () => {
    let polls = 0;
    server.respond = (r) => {
      if (r.method === 'POST') return { status: 202, body: pending };
      polls++;
      return polls < 2
        ? { status: 202, body: pending }
        : { status: 200, body: resultSet([['7', 'done', '0']]) };
    };
    const out = asPage(await toolkit.call('datastore_execute_query', { statement: 'call slow()' }));
    expect(out.items).toEqual([{ ID: 7, NAME: 'done', DAY: '1970-01-01' }]);
    expect(server.violations).toEqual([]);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v2/statements',
      `GET /api/v2/statements/${HANDLE}`,
      `GET /api/v2/statements/${HANDLE}`,
    ]);
  });

  it('returns the handle at once with async: true', async () => {
    server.respond = () => ({ status: 202, body: pending });
    const out = await toolkit.call('datastore_execute_query', { statement: 'call slow()', async: true });
    expect(out).toMatchObject({ status: 'running', statement_handle: HANDLE });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.query.async).toBe('true');
  });

  it('cancels upstream and fails with a typed timeout when the statement outlives its timeout', async () => {
    server.respond = (r) =>
      r.path.endsWith('/cancel')
        ? { status: 200, body: { statementHandle: HANDLE, message: 'successfully canceled' } }
        : { status: 202, body: pending };
    const e = await failure(
      toolkit.call('datastore_execute_query', { statement: 'call forever()', timeout: 1 }),
    );
    expect(e.code).toBe('timeout');
    expect(e.tool).toBe('datastore_execute_query');
    expect(server.violations).toEqual([]);
    expect(sent().body).toMatchObject({ timeout: 1 });
    const cancels = server.requests.filter(
      (r) => r.method === 'POST' && r.path === `/api/v2/statements/${HANDLE}/cancel`,
    );
    expect(cancels).toHaveLength(1);
  });

  it('cancels upstream when the caller aborts while polling', async () => {
    const controller = new AbortController();
    server.respond = (r) => {
      if (r.path.endsWith('/cancel')) return { status: 200, body: { statementHandle: HANDLE } };
      if (r.method === 'GET') controller.abort();
      return { status: 202, body: pending };
    };
    const e = await failure(
      toolkit.call('datastore_execute_query', { statement: 'call forever()' }, { signal: controller.signal }),
    );
    expect(e.code).toBe('aborted');
    expect(server.requests.some((r) => r.path === `/api/v2/statements/${HANDLE}/cancel`)).toBe(true);
  });

  it('maps a 422 SQL error to a typed error with the vendor message and SQL state', async () => {
    server.respond = () => ({
      status: 422,
      body: {
        code: '002003',
        sqlState: '42S02',
        message: "SQL compilation error:\nObject 'NOPE' does not exist or not authorized.",
        statementHandle: HANDLE,
      },
    });
    const e = await failure(toolkit.call('datastore_execute_query', { statement: 'select * from NOPE' }));
    expect(e.code).toBe('invalid_input');
    expect(e.status).toBe(422);
    expect(e.vendorCode).toBe('002003');
    expect(e.vendorMessage).toContain("Object 'NOPE' does not exist");
    expect(e.details).toMatchObject({ sql_state: '42S02', statement_handle: HANDLE });
    expect(e.retryable).toBe(false);
    expect(posts()).toHaveLength(1);
  });
});

describe('server-side statement timeout', () => {
  it('maps a 408 (Snowflake cancelled the statement at its timeout) to a typed timeout', async () => {
    server.respond = () => ({
      status: 408,
      body: {
        code: '000630',
        sqlState: '57014',
        message: 'Statement reached its statement or warehouse timeout of 1 second(s) and was canceled.',
        statementHandle: HANDLE,
      },
    });
    const e = await failure(
      toolkit.call('datastore_execute_query', { statement: 'call slow()', timeout: 1 }),
    );
    expect(e.code).toBe('timeout');
    expect(e.vendorMessage).toContain('was canceled');
    expect(e.details).toMatchObject({ sql_state: '57014', statement_handle: HANDLE });
    expect(server.violations).toEqual([]);
  });
});

describe('idempotent resubmission', () => {
  let retrying: Toolkit;
  beforeAll(() => {
    retrying = makeToolkit(3);
  });
  afterAll(async () => {
    await retrying?.close();
  });

  /** `retry` is Snowflake's documented resubmission flag but not in the trimmed sqlapi.yaml. */
  const violationsBesidesRetry = () => server.violations.filter((v) => !v.includes('retry'));

  it.each([
    ['a connection reset', { destroy: true }],
    ['a 503', { status: 503, body: { code: '390500', message: 'Service Unavailable' } }],
  ])('resubmits once with the same requestId and retry=true after %s', async (_name, failureReply) => {
    let n = 0;
    server.respond = () => (n++ === 0 ? failureReply : { status: 200, body: resultSet([['1', 'x', '0']]) });
    const out = asPage(
      await retrying.call('datastore_execute_query', {
        statement: 'insert into T values (1)',
      }),
    );
    expect(out.items).toEqual([{ ID: 1, NAME: 'x', DAY: '1970-01-01' }]);
    const [first, second, ...rest] = posts();
    expect(rest).toEqual([]);
    expect(first?.query.requestId).toMatch(UUID);
    expect(second?.query.requestId).toBe(first?.query.requestId);
    expect(first?.query.retry).toBeUndefined();
    expect(second?.query.retry).toBe('true');
    expect(second?.body).toEqual(first?.body);
    expect(violationsBesidesRetry()).toEqual([]);
  });

  it('resubmits as often as the retry count allows (as its description says), always with the same requestId', async () => {
    server.respond = () => ({ destroy: true });
    const e = await failure(
      retrying.call('datastore_execute_query', { statement: 'insert into T values (1)' }),
    );
    expect(e.code).toBe('network_error');
    const ids = posts().map((r) => r.query.requestId);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(1);
    expect(posts().map((r) => r.query.retry)).toEqual([undefined, 'true', 'true', 'true']);
    const description = ir.byName.get('datastore_execute_query')?.description ?? '';
    expect(description).toContain(
      "as many times as the\ntoolkit's retry count allows (3 by default)".replace('\n', ' '),
    );
    expect(description).not.toContain('resubmits once');
  });

  it("keeps the caller's request_id", async () => {
    const id = '6f1b8a34-5c1e-4e2f-9d1a-2b7c4e8f0a11';
    let n = 0;
    server.respond = () => (n++ === 0 ? { destroy: true } : { status: 200, body: resultSet([]) });
    await retrying.call('datastore_execute_query', { statement: 'select 1', request_id: id });
    expect(posts().map((r) => [r.query.requestId, r.query.retry])).toEqual([
      [id, undefined],
      [id, 'true'],
    ]);
  });
});

describe('partitions', () => {
  const reply = (r: RecordedRequest) => {
    const p = Number(r.query.partition ?? 0);
    if (p === 0) return { status: 200, body: resultSet([['1', 'p0', '0']], 3) };
    return { status: 200, body: { data: [[String(10 * p), `p${p}`, String(p)]] } };
  };

  it('pages through every partition with the engine cursor, rows converted with the kept column types', async () => {
    server.respond = reply;
    const input = { statement: 'select ID, NAME, DAY from BIG' };
    const first = asPage(await toolkit.call('datastore_execute_query', input));
    expect(first.items).toEqual([{ ID: 1, NAME: 'p0', DAY: '1970-01-01' }]);
    expect(first.has_more).toBe(true);
    expect(first.partition_count).toBe(3);
    expect(typeof first.next_cursor).toBe('string');
    expect(first.next_cursor).not.toContain(HANDLE);

    const second = asPage(
      await toolkit.call('datastore_execute_query', input, {
        cursor: first.next_cursor as string,
      }),
    );
    expect(second.items).toEqual([{ ID: 10, NAME: 'p1', DAY: '1970-01-02' }]);
    const third = asPage(
      await toolkit.call('datastore_execute_query', input, {
        cursor: second.next_cursor as string,
      }),
    );
    expect(third.items).toEqual([{ ID: 20, NAME: 'p2', DAY: '1970-01-03' }]);
    expect(third).toMatchObject({ next_cursor: null, has_more: false });

    expect(server.violations).toEqual([]);
    expect(posts()).toHaveLength(1);
    expect(server.requests.slice(1).map((r) => `${r.method} ${r.path} ${r.query.partition}`)).toEqual([
      `GET /api/v2/statements/${HANDLE} 1`,
      `GET /api/v2/statements/${HANDLE} 2`,
    ]);
  });

  it('collects all partitions with all: true', async () => {
    server.respond = reply;
    const out = asPage(await toolkit.call('datastore_get_tables', { database: 'SHOP' }, { all: true }));
    expect(out.items.map((r) => (r as { NAME: string }).NAME)).toEqual(['p0', 'p1', 'p2']);
    expect(out.has_more).toBe(false);
    expect(server.violations).toEqual([]);
  });

  it('returns one partition by index; later partitions carry no column types', async () => {
    server.respond = reply;
    const p0 = await toolkit.call('datastore_get_query_partition', {
      statement_handle: HANDLE,
      partition: 0,
    });
    expect(p0).toMatchObject({ rows: [{ ID: 1, NAME: 'p0', DAY: '1970-01-01' }] });
    const p2 = await toolkit.call('datastore_get_query_partition', {
      statement_handle: HANDLE,
      partition: 2,
    });
    expect(p2).toMatchObject({ rows: [['20', 'p2', '2']], columns: null });
    expect(server.violations).toEqual([]);
  });
});

describe('hostile identifiers and patterns stay inert', () => {
  const HOSTILE = [
    `"; DROP TABLE x; --`,
    `x'; DROP TABLE y; --`,
    `a"b""c`,
    `/* c */ -- d\n; select 1`,
    `\\'; DELETE FROM t; --\\`,
    'ünïcødé 名前 😀',
  ];

  /** Quoted identifier as Snowflake reads it: inner quotes doubled. */
  const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;
  /** Snowflake string literal: backslashes and quotes escaped. */
  const literal = (s: string) => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

  it.each(HOSTILE)('INFORMATION_SCHEMA filters bind %j, never paste it', async (value) => {
    const filters = (v: string) => ({ database: v, schema: v, table: v, column_name_like: v, limit: 5 });
    await toolkit.call('datastore_get_columns', filters('PLAIN'));
    const plain = statementOf(sent());
    server.requests.length = 0;
    await toolkit.call('datastore_get_columns', filters(value));
    const req = sent();
    const statement = statementOf(req);
    // The SQL text does not depend on the values at all.
    expect(statement).toBe(plain);
    expect(statement).not.toContain(value);
    expect(statement).toMatch(/^SELECT "TABLE_CATALOG", .* FROM "INFORMATION_SCHEMA"."COLUMNS" WHERE /);
    expect(statement.match(/\?/g)).toHaveLength(4);
    expect(bindingsOf(req)).toEqual({
      '1': { type: 'TEXT', value },
      '2': { type: 'TEXT', value },
      '3': { type: 'TEXT', value },
      '4': { type: 'FIXED', value: '5' },
    });
    expect((req.body as { database: string }).database).toBe(value);
  });

  it.each(HOSTILE)('SHOW quotes the name %j and escapes it as a LIKE literal', async (value) => {
    await toolkit.call('datastore_show_databases_schemas', {
      object_type: 'schemas',
      database_name: value,
      like_pattern: value,
    });
    const statement = statementOf(sent());
    expect(statement).toBe(`SHOW SCHEMAS LIKE ${literal(value)} IN DATABASE ${ident(value)}`);
    expect(bindingsOf(sent())).toEqual({});
  });

  it.each(HOSTILE)('qualified SHOW scopes quote every part of %j', async (value) => {
    await toolkit.call('datastore_show_imported_exported_keys', {
      key_direction: 'exported',
      database_name: value,
      schema_name: value,
      table_name: value,
    });
    expect(statementOf(sent())).toBe(
      `SHOW EXPORTED KEYS IN TABLE ${[value, value, value].map(ident).join('.')}`,
    );
  });

  it('refuses a grant object type that is not plain keywords, sending nothing', async () => {
    const e = await failure(
      toolkit.call('datastore_show_grants', {
        grant_view: 'on_object',
        object_type: 'table x; drop table y',
        object_name: 'T',
      }),
    );
    expect(e.code).toBe('invalid_input');
    expect(e.tool).toBe('datastore_show_grants');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses an account variable that would change the host', () => {
    const bad = createToolkit({
      specs: ir,
      connections: { datastore: { token: 't', variables: { account: 'evil.com/x?' } } },
    });
    return expect(bad.dryRun('datastore_show_warehouses', {})).rejects.toThrow(/server variable "account"/);
  });
});

describe('OAuth', () => {
  it("refreshes through the account's own token endpoint (token URL filled from the account variable)", async () => {
    // The shipped spec with the host swapped for the loopback server: the `account` variable becomes the port.
    const text = readFileSync(join(SPECS_DIR, 'datastore.yaml'), 'utf8').replaceAll(
      'https://{account}.snowflakecomputing.com',
      'http://127.0.0.1:{account}',
    );
    const { ir: local, diagnostics } = loadSpecTexts([{ file: 'datastore.yaml', text }]);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const port = new URL(server.origin).port;
    const tokens: RecordedRequest[] = [];
    server.respond = (r) => {
      if (r.path === '/oauth/token-request') {
        tokens.push(r);
        return { status: 200, body: { access_token: 'fresh-token', token_type: 'Bearer', expires_in: 600 } };
      }
      return r.headers.authorization === 'Bearer fresh-token'
        ? { status: 200, body: resultSet([]) }
        : { status: 401, body: { code: '390303', message: 'Invalid OAuth access token.' } };
    };
    const tk = createToolkit({
      specs: local as NonNullable<typeof local>,
      connections: {
        datastore: {
          variables: { account: port },
          oauth: {
            accessToken: 'stale-token',
            refreshToken: 'refresh-1',
            clientId: 'client',
            clientSecret: 'secret',
          },
        },
      },
      retry: { maxRetries: 0 },
    });
    try {
      await tk.call('datastore_show_warehouses', {});
    } finally {
      await tk.close();
    }
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.rawBody).toContain('grant_type=refresh_token');
    expect(posts().map((r) => r.headers.authorization)).toEqual(['Bearer stale-token', 'Bearer fresh-token']);
  });
});
