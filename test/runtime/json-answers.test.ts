/**
 * Every tool reads a JSON answer: a 2xx answer that is not JSON (an HTML page a proxy or a
 * maintenance screen answers with 200, plain text) is a typed `invalid_response` naming the tool
 * and the content type, for tools with and without paging, never the page's text as the result.
 */
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

describe('a 2xx answer that is not JSON', () => {
  for (const [type, text] of [
    ['text/html; charset=utf-8', '<html><body>Service Unavailable</body></html>'],
    ['text/plain', 'ok'],
    ['application/xml', '<ok/>'],
  ] as const) {
    it(`(${type}) to a tool without paging is invalid_response, not a text result`, async () => {
      server.handler = () => ({ headers: { 'content-type': type }, body: text });
      const e = await failure(kit.toolkit.call('rt_blob', {}));
      expect(e.code).toBe('invalid_response');
      expect(e.tool).toBe('rt_blob');
      expect(e.status).toBe(200);
      expect(e.message).toContain(type.split(';')[0]);
      expect(e.message).not.toContain(text);
      expect(server.requests).toHaveLength(1);
    });
  }

  it('JSON labelled as text is still read (a mislabelled vendor answer)', async () => {
    server.handler = () => ({ headers: { 'content-type': 'text/plain' }, body: '{"rows":[1]}' });
    expect(await kit.toolkit.call('rt_blob', {})).toEqual({ rows: [1] });
  });

  it('a JSON string answer stays a result; an empty answer stays the empty output', async () => {
    server.handler = () => ({ headers: { 'content-type': 'application/json' }, body: '"done"' });
    expect(await kit.toolkit.call('rt_blob', {})).toBe('done');
    server.handler = () => ({ status: 204 });
    await expect(kit.toolkit.call('rt_item_delete', { item_id: 'i1' })).resolves.not.toBeInstanceOf(Error);
  });
});

describe('a JSON string answer under a vendor JSON type', () => {
  it('is the result, not read twice', async () => {
    server.handler = () => ({ headers: { 'content-type': 'application/vnd.api+json' }, body: '"done"' });
    expect(await kit.toolkit.call('rt_blob', {})).toBe('done');
  });
});
