/** Retries by declared effects and idempotency: Retry-After, backoff, no replay of unsafe writes, idempotency keys, abort. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter } from '../../runtime/http/retry.js';
import { failure, testKit } from './support/fixture.js';
import { type Loopback, startLoopback } from './support/loopback.js';

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

const ok = { body: { id: 'a1', name: 'ok' } };

describe('Retry-After', () => {
  it('honours delta-seconds on 429 and succeeds', async () => {
    server.handler = (_r, n) => (n === 1 ? { status: 429, headers: { 'retry-after': '0' }, body: {} } : ok);
    const { toolkit, logs } = testKit(server.url);
    expect(await toolkit.call('rt_item_get', { item_id: 'a1' })).toEqual({ id: 'a1', name: 'ok' });
    expect(server.requests).toHaveLength(2);
    expect(logs.find((l) => l.event === 'retry')).toMatchObject({ status: 429, delay_ms: 0 });
    await toolkit.close();
  });

  it('honours an HTTP-date on 503', async () => {
    const at = new Date(Date.now() + 2000).toUTCString();
    server.handler = (_r, n) => (n === 1 ? { status: 503, headers: { 'retry-after': at }, body: {} } : ok);
    const { toolkit, logs } = testKit(server.url);
    await toolkit.call('rt_item_get', { item_id: 'a1' });
    expect(server.requests).toHaveLength(2);
    const delay = logs.find((l) => l.event === 'retry')?.delay_ms as number;
    expect(delay).toBeGreaterThan(0);
    expect(delay).toBeLessThanOrEqual(2000);
    await toolkit.close();
  });

  it('fails with rate_limited and retry_after when the wait exceeds the cap', async () => {
    server.handler = () => ({
      status: 429,
      headers: { 'retry-after': '120' },
      body: { code: 'rate', message: 'slow down' },
    });
    const { toolkit } = testKit(server.url);
    const e = await failure(toolkit.call('rt_item_get', { item_id: 'a1' }));
    expect(e.code).toBe('rate_limited');
    expect(e.retryAfter).toBe(120);
    expect(e.retryable).toBe(true);
    expect(e.vendorCode).toBe('rate');
    expect(server.requests).toHaveLength(1);
    await toolkit.close();
  });

  it('retries a 429 even for a non-idempotent create (the vendor did nothing)', async () => {
    server.handler = (_r, n) =>
      n === 1 ? { status: 429, headers: { 'retry-after': '0' } } : { status: 201, body: { id: 'i1' } };
    const { toolkit } = testKit(server.url);
    expect(await toolkit.call('rt_item_create', { name: 'n' })).toEqual({ id: 'i1' });
    expect(server.requests).toHaveLength(2);
    await toolkit.close();
  });

  it('parses both forms', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(
      parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:58 GMT')),
    ).toBe(2000);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(undefined)).toBeNull();
  });

  it('backs off exponentially with full jitter', () => {
    const retry = { maxRetries: 5, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 0 };
    expect(backoffDelay(0, retry, () => 0.999)).toBe(99);
    expect(backoffDelay(3, retry, () => 0.5)).toBe(400);
    expect(backoffDelay(10, retry, () => 0.5)).toBe(500);
    expect(backoffDelay(2, retry, () => 0)).toBe(0);
  });
});

describe('transient failures', () => {
  it('retries 5xx for a read', async () => {
    server.handler = (_r, n) => (n < 3 ? { status: 502, body: 'bad gateway' } : ok);
    const { toolkit } = testKit(server.url);
    await toolkit.call('rt_item_get', { item_id: 'a1' });
    expect(server.requests).toHaveLength(3);
    await toolkit.close();
  });

  it('retries 5xx for an idempotent update and a delete', async () => {
    server.handler = (_r, n) => (n % 2 === 1 ? { status: 500, body: {} } : { status: 204 });
    const { toolkit } = testKit(server.url);
    expect(await toolkit.call('rt_item_put', { item_id: 'a1', name: 'x' })).toEqual({ ok: true });
    expect(await toolkit.call('rt_item_delete', { item_id: 'a1' })).toEqual({ ok: true });
    expect(server.requests).toHaveLength(4);
    await toolkit.close();
  });

  it('gives up after maxRetries with upstream_error', async () => {
    server.handler = () => ({ status: 500, body: { error: { code: 'boom', message: 'internal' } } });
    const { toolkit } = testKit(server.url);
    const e = await failure(toolkit.call('rt_item_get', { item_id: 'a1' }));
    expect(e.code).toBe('upstream_error');
    expect(e.status).toBe(500);
    expect(e.vendorCode).toBe('boom');
    expect(e.retryable).toBe(true);
    expect(server.requests).toHaveLength(3);
    await toolkit.close();
  });

  it('does not replay a POST create after a 5xx', async () => {
    server.handler = () => ({ status: 503, body: {} });
    const { toolkit } = testKit(server.url);
    const e = await failure(toolkit.call('rt_item_create', { name: 'n' }));
    expect(e.code).toBe('upstream_error');
    expect(e.retryable).toBe(false);
    expect(server.requests).toHaveLength(1);
    await toolkit.close();
  });

  it('does not replay a POST create whose response timed out', async () => {
    server.handler = () => ({ status: 201, body: { id: 'late' }, delayMs: 1500 });
    const { toolkit } = testKit(server.url, undefined, { transport: { headersTimeoutMs: 200 } });
    const e = await failure(toolkit.call('rt_item_create', { name: 'n' }));
    expect(e.code).toBe('timeout');
    expect(e.retryable).toBe(false);
    expect(e.hint).toContain('may have reached');
    expect(server.requests).toHaveLength(1);
    await toolkit.close();
  });

  it('retries a read whose response timed out', async () => {
    server.handler = (_r, n) => (n === 1 ? { ...ok, delayMs: 1500 } : ok);
    const { toolkit } = testKit(server.url, undefined, { transport: { headersTimeoutMs: 200 } });
    await toolkit.call('rt_item_get', { item_id: 'a1' });
    expect(server.requests).toHaveLength(2);
    await toolkit.close();
  });

  it('retries a read after the connection is reset, and a create whose connection was refused', async () => {
    server.handler = (_r, n) => (n === 1 ? { destroy: true } : ok);
    const { toolkit } = testKit(server.url);
    await toolkit.call('rt_item_get', { item_id: 'a1' });
    expect(server.requests).toHaveLength(2);
    await toolkit.close();
    const closed = await startLoopback();
    const url = closed.url;
    await closed.close();
    const dead = testKit(url, undefined, { retry: { maxRetries: 1 } });
    const e = await failure(dead.toolkit.call('rt_item_create', { name: 'n' }));
    expect(e.code).toBe('network_error');
    expect(e.retryable).toBe(true);
    expect(dead.logs.filter((l) => l.event === 'retry')).toHaveLength(1);
    await dead.toolkit.close();
  });

  it('does not replay a create after a connection reset', async () => {
    server.handler = () => ({ destroy: true });
    const { toolkit } = testKit(server.url);
    const e = await failure(toolkit.call('rt_item_create', { name: 'n' }));
    expect(e.code).toBe('network_error');
    expect(e.retryable).toBe(false);
    expect(server.requests).toHaveLength(1);
    await toolkit.close();
  });
});

describe('idempotency keys', () => {
  const done = { body: { handle: 'h', data: [], meta: { partitions: [{}], columns: ['C'] } } };

  it('generates a key, and resubmits with the same key and the retry flag after an ambiguous failure', async () => {
    server.handler = (_r, n) => (n === 1 ? { destroy: true } : n === 2 ? { status: 503, body: {} } : done);
    const { toolkit } = testKit(server.url);
    await toolkit.call('rt_statement', { statement: 'insert' });
    expect(server.requests).toHaveLength(3);
    const [a, b, c] = server.requests.map((r) => r.query);
    expect(a?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(a?.retry).toBeUndefined();
    expect(b).toEqual({ requestId: a?.requestId, retry: 'true' });
    expect(c).toEqual({ requestId: a?.requestId, retry: 'true' });
    await toolkit.close();
  });

  it("keeps the caller's key and uses a new one per call", async () => {
    server.handler = () => done;
    const { toolkit } = testKit(server.url);
    await toolkit.call('rt_statement', { statement: 's', request_id: 'mine' });
    await toolkit.call('rt_statement', { statement: 's' });
    await toolkit.call('rt_statement', { statement: 's' });
    const ids = server.requests.map((r) => r.query.requestId);
    expect(ids[0]).toBe('mine');
    expect(new Set(ids).size).toBe(3);
    await toolkit.close();
  });
});

describe('abort', () => {
  it('aborts a call mid-flight and does not retry', async () => {
    server.handler = () => ({ ...ok, delayMs: 2000 });
    const { toolkit } = testKit(server.url);
    const controller = new AbortController();
    const p = toolkit.call('rt_item_get', { item_id: 'a1' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const e = await failure(p);
    expect(e.code).toBe('aborted');
    expect(server.requests).toHaveLength(1);
    await toolkit.close();
  });

  it('aborts during a retry wait', async () => {
    server.handler = () => ({ status: 429, headers: { 'retry-after': '2' }, body: {} });
    const { toolkit } = testKit(server.url);
    const controller = new AbortController();
    const p = toolkit.call('rt_item_get', { item_id: 'a1' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect((await failure(p)).code).toBe('aborted');
    expect(server.requests).toHaveLength(1);
    await toolkit.close();
  });
});
