/** Transport limits and error mapping: size cap (declared and streamed), malformed JSON, vendor error extraction, secret hygiene. */
import { Agent } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure, TOKEN, testKit } from './support/fixture.js';
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

describe('response size cap', () => {
  it('refuses a body whose declared length is over the cap', async () => {
    server.handler = () => ({ body: { blob: 'x'.repeat(5000) } });
    const { toolkit } = testKit(server.url, undefined, { transport: { maxResponseBytes: 1000 } });
    const e = await failure(toolkit.call('rt_item_get', { item_id: 'a' }));
    expect(e.code).toBe('invalid_response');
    expect(e.message).toContain('1000-byte limit');
    expect(server.requests).toHaveLength(1);
    await toolkit.close();
  });

  it('reads a body of declared length in one go, and refuses one declared over the cap unread', async () => {
    const payload = JSON.stringify({ id: 'a1', name: 'é'.repeat(100) });
    server.handler = () => ({
      raw: (res) => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        });
        res.end(payload);
      },
    });
    const { toolkit } = testKit(server.url, undefined, { transport: { maxResponseBytes: 1000 } });
    expect(await toolkit.call('rt_item_get', { item_id: 'a' })).toEqual({ id: 'a1', name: 'é'.repeat(100) });
    const big = JSON.stringify({ id: 'a1', name: 'x'.repeat(2000) });
    server.handler = () => ({
      raw: (res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(big) });
        res.end(big);
      },
    });
    expect((await failure(toolkit.call('rt_item_get', { item_id: 'a' }))).code).toBe('invalid_response');
    await toolkit.close();
  });

  it('reads a chunked body under the cap', async () => {
    server.handler = () => ({
      raw: (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"id": "a1", ');
        setTimeout(() => res.end('"name": "streamed"}'), 5);
      },
    });
    const { toolkit } = testKit(server.url, undefined, { transport: { maxResponseBytes: 1000 } });
    expect(await toolkit.call('rt_item_get', { item_id: 'a' })).toEqual({ id: 'a1', name: 'streamed' });
    await toolkit.close();
  });

  it('reads a JSON body that starts with a UTF-8 byte order mark, chunked or not', async () => {
    const payload = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('{"id": "a1", "name": "bom"}'),
    ]);
    for (const chunked of [false, true]) {
      server.handler = () => ({
        raw: (res) => {
          res.writeHead(200, {
            'content-type': 'application/json',
            ...(chunked ? {} : { 'content-length': payload.length }),
          });
          if (!chunked) res.end(payload);
          else {
            res.write(payload.subarray(0, 2)); // the mark split across chunks
            setTimeout(() => res.end(payload.subarray(2)), 5);
          }
        },
      });
      const { toolkit } = testKit(server.url, undefined, { transport: { maxResponseBytes: 1000 } });
      expect(await toolkit.call('rt_item_get', { item_id: 'a' })).toEqual({ id: 'a1', name: 'bom' });
      await toolkit.close();
    }
  });

  it('abandons a streamed body once it passes the cap', async () => {
    let chunksWritten = 0;
    server.handler = () => ({
      raw: (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"blob":"');
        const timer = setInterval(() => {
          if (res.destroyed || chunksWritten > 2000) {
            clearInterval(timer);
            res.destroy();
            return;
          }
          chunksWritten++;
          res.write('x'.repeat(1024));
        }, 1);
      },
    });
    const { toolkit } = testKit(server.url, undefined, { transport: { maxResponseBytes: 8 * 1024 } });
    const e = await failure(toolkit.call('rt_item_get', { item_id: 'a' }));
    expect(e.code).toBe('invalid_response');
    expect(chunksWritten).toBeLessThan(2000);
    await toolkit.close();
  });
});

describe('malformed answers', () => {
  it('turns malformed JSON into invalid_response without retrying', async () => {
    server.handler = () => ({ headers: { 'content-type': 'application/json' }, body: '{"id": "a1", ' });
    const { toolkit } = testKit(server.url);
    const e = await failure(toolkit.call('rt_item_get', { item_id: 'a' }));
    expect(e.code).toBe('invalid_response');
    expect(server.requests).toHaveLength(1);
    await toolkit.close();
  });

  it('keeps a non-JSON error body as the vendor message', async () => {
    server.handler = () => ({
      status: 404,
      headers: { 'content-type': 'text/html' },
      body: '<h1>Not here</h1>',
    });
    const { toolkit } = testKit(server.url);
    const e = await failure(toolkit.call('rt_item_get', { item_id: 'a' }));
    expect(e.code).toBe('not_found');
    expect(e.vendorMessage).toBe('<h1>Not here</h1>');
    await toolkit.close();
  });

  it('maps an empty answer to response.empty', async () => {
    server.handler = () => ({ status: 204 });
    const { toolkit } = testKit(server.url);
    expect(await toolkit.call('rt_item_delete', { item_id: 'a' })).toEqual({ ok: true });
    await toolkit.close();
  });
});

describe('vendor errors', () => {
  const cases: [number, string][] = [
    [400, 'invalid_input'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
    [422, 'invalid_input'],
  ];
  for (const [status, code] of cases) {
    it(`maps ${status} to ${code} with the vendor code, message, details and a hint`, async () => {
      server.handler = () => ({
        status,
        body: { error: { code: 'vendor_code', message: 'vendor says no' }, request_id: 'req-1' },
      });
      const { toolkit } = testKit(server.url);
      const e = await failure(toolkit.call('rt_item_get', { item_id: 'a' }));
      expect(e.toJSON()).toMatchObject({
        code,
        tool: 'rt_item_get',
        status,
        vendor_code: 'vendor_code',
        vendor_message: 'vendor says no',
        details: { request_id: 'req-1' },
        retryable: false,
      });
      expect(e.hint).toBeTruthy();
      expect(server.requests).toHaveLength(1);
      await toolkit.close();
    });
  }

  it('tries the error pointers in order', async () => {
    server.handler = () => ({ status: 400, body: { code: 'flat_code', message: 'flat message' } });
    const { toolkit } = testKit(server.url);
    const e = await failure(toolkit.call('rt_item_get', { item_id: 'a' }));
    expect([e.vendorCode, e.vendorMessage]).toEqual(['flat_code', 'flat message']);
    await toolkit.close();
  });
});

describe('secrets', () => {
  it('never puts a token into an error or a log, even when the vendor echoes it', async () => {
    server.handler = () => ({
      status: 500,
      body: { error: { code: TOKEN, message: `token Bearer ${TOKEN} rejected` }, request_id: TOKEN },
    });
    const { toolkit, logs } = testKit(server.url);
    const e = await failure(toolkit.call('rt_item_get', { item_id: 'a' }));
    const printed = JSON.stringify(e.toJSON()) + e.message + String(e.stack) + JSON.stringify(logs);
    expect(printed).not.toContain(TOKEN);
    expect(e.vendorMessage).toContain('[redacted]');
    expect(logs.length).toBeGreaterThan(0);
    await toolkit.close();
  });
});

describe('dispatcher', () => {
  it('uses an injected dispatcher and leaves it open on close', async () => {
    server.handler = () => ({ body: { id: 'a', name: 'n' } });
    const agent = new Agent({ keepAliveTimeout: 1000 });
    const { toolkit } = testKit(server.url, undefined, { dispatcher: agent });
    await toolkit.call('rt_item_get', { item_id: 'a' });
    await toolkit.close();
    expect(agent.closed).toBe(false);
    await agent.close();
  });
});
