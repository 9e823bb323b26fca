/**
 * Every tool reads a JSON answer: a 2xx answer that is not JSON (an HTML page a proxy or a
 * maintenance screen answers with 200, plain text) is a typed `invalid_response` naming the tool
 * and the content type, for tools with and without paging, never the page's text as the result.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runExamples } from '../../cli/examples-run.js';
import { loadSpecTexts } from '../../language/load/load.js';
import { createToolkit } from '../../runtime/index.js';
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

describe('a tool that declares text answers (response.format: text)', () => {
  const SPEC = `
toolspec: 1
set: tx
title: Text answers
description: A vendor that renders Markdown to text.
server: { url: 'https://tx.example' }
auth: { type: none }
tools:
  - name: tx_render
    title: Render a page
    description: Renders a page as Markdown text.
    effects: read
    method: GET
    path: /render
    response: { format: text, schema: { type: string } }
    examples:
      - { name: render, input: {}, request: { method: GET, path: /render }, response: { status: 200, body: "# Title" }, output: "# Title" }
  - name: tx_state
    title: Get the state
    description: Returns the renderer's state as a JSON string.
    effects: read
    method: GET
    path: /state
    response: { schema: { type: string } }
    examples:
      - { name: state, input: {}, request: { method: GET, path: /state }, response: { status: 200, body: ready }, output: ready }
`;
  it('returns the body as text, whatever it looks like, and the empty output for no body', async () => {
    const { ir, diagnostics } = loadSpecTexts([{ file: 'tx.yaml', text: SPEC }]);
    if (!ir) throw new Error(`the spec does not load: ${JSON.stringify(diagnostics)}`);
    const toolkit = createToolkit({ specs: ir, connections: { tx: { baseUrl: server.url } } });
    for (const text of ['# Title\n\nSome *text*.', '{"not": "parsed"}', '<html></html>']) {
      server.handler = () => ({ headers: { 'content-type': 'text/markdown' }, body: text });
      expect(await toolkit.call('tx_render', {})).toBe(text);
    }
    server.handler = () => ({ status: 204 });
    expect(await toolkit.call('tx_render', {})).toEqual({ ok: true });
    await toolkit.close();
  });

  it("validate answers a text tool's example as text and a JSON tool's string as JSON", async () => {
    const { ir } = loadSpecTexts([{ file: 'tx.yaml', text: SPEC }]);
    if (!ir) throw new Error('the spec does not load');
    expect(await runExamples(ir)).toEqual([]);
  });
});
