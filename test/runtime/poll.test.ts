/** Generic submit -> poll -> result: backoff polling, async mode, timeout and abort with an upstream cancel. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure, testKit } from './support/fixture.js';
import { type Loopback, startLoopback } from './support/loopback.js';

let server: Loopback;
let kit: ReturnType<typeof testKit>;
beforeAll(async () => {
  server = await startLoopback();
  kit = testKit(server.url);
});
afterAll(async () => {
  await kit.toolkit.close();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

const pending = { status: 202, body: { handle: 'h-7', message: 'running' } };
const done = { body: { handle: 'h-7', data: [['1']], meta: { partitions: [{}], columns: ['N'] } } };

/** Pending for the submission and the first `polls` status requests, then done. */
function pendingFor(polls: number) {
  let statusCalls = 0;
  server.handler = (r) => {
    if (r.method === 'POST' && r.path === '/api/statements') return pending;
    if (r.path.endsWith('/cancel')) return { body: {} };
    statusCalls++;
    return statusCalls <= polls ? pending : done;
  };
}

describe('poll', () => {
  it('polls the status path until the answer is final', async () => {
    pendingFor(2);
    const out = await kit.toolkit.call('rt_statement', { statement: 's' });
    expect(out).toEqual({
      status: 'done',
      handle: 'h-7',
      items: ['1:N'],
      next_cursor: null,
      has_more: false,
    });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/statements',
      'GET /api/statements/h-7',
      'GET /api/statements/h-7',
      'GET /api/statements/h-7',
    ]);
    expect(server.requests[1]?.headers.authorization).toBe('Bearer static-token-0123456789');
  });

  it('returns the pending answer at once in async mode', async () => {
    pendingFor(5);
    const out = await kit.toolkit.call('rt_statement', { statement: 's', async: true });
    expect(out).toEqual({ status: 'running', handle: 'h-7' });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.query.async).toBe('true');
  });

  it('cancels upstream and fails with timeout when the wait runs out', async () => {
    pendingFor(Number.POSITIVE_INFINITY);
    const e = await failure(kit.toolkit.call('rt_statement', { statement: 's', timeout: 1 }));
    expect(e.code).toBe('timeout');
    expect(e.details).toMatchObject({ handle: 'h-7' });
    const last = server.requests.at(-1);
    expect(`${last?.method} ${last?.path}`).toBe('POST /api/statements/h-7/cancel');
  });

  it('cancels upstream and fails with aborted when the caller aborts', async () => {
    pendingFor(Number.POSITIVE_INFINITY);
    const controller = new AbortController();
    const p = kit.toolkit.call('rt_statement', { statement: 's' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 150);
    const e = await failure(p);
    expect(e.code).toBe('aborted');
    const last = server.requests.at(-1);
    expect(`${last?.method} ${last?.path}`).toBe('POST /api/statements/h-7/cancel');
  });

  it('fails with invalid_response when the pending answer has no handle', async () => {
    server.handler = () => ({ status: 202, body: {} });
    const e = await failure(kit.toolkit.call('rt_statement', { statement: 's' }));
    expect(e.code).toBe('invalid_response');
  });
});
