/**
 * Behaviours no test pinned before (a change to each broke nothing): the output budget with
 * multi-byte text and exactly how many items fit, a Retry-After date in the past, and read-only
 * mode for tools with mixed effects. (The OAuth "someone already refreshed" shortcut is pinned
 * in secrets-oauth.test.ts.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { annotationsFor } from '../../language/ir/facts.js';
import { loadSpecTexts } from '../../language/load/load.js';
import { pageEnvelope } from '../../runtime/call/pager.js';
import { parseRetryAfter } from '../../runtime/http/retry.js';
import { cursorKeyOf } from '../../runtime/paging/cursor-codec.js';
import { budgetItems, budgetValue, byteSize } from '../../runtime/response/budget.js';
import { createToolkit } from '../../runtime/toolkit.js';
import { failure, runtimeIR, testKit } from './support/fixture.js';
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

describe('output budget with multi-byte text', () => {
  // Each item is 50 × "é": 52 characters of JSON but 102 bytes of UTF-8.
  const items = Array.from({ length: 10 }, () => 'é'.repeat(50));

  it('counts UTF-8 bytes, and exactly the items that fit are kept', () => {
    expect(byteSize(items[0])).toBe(102);
    // 400 overhead + 5 × 102 + 4 separators = 914 bytes.
    expect(budgetItems(items, 914).keep).toBe(5);
    expect(budgetItems(items, 913).keep).toBe(4);
    expect(budgetItems(items, 400 + 10 * 102 + 9).keep).toBe(10);
    expect(budgetItems(items, 400 + 10 * 102 + 8).keep).toBe(9);
    expect(budgetItems(items, 10).keep).toBe(1);
  });

  it('a page envelope keeps what fits and its cursor points at the first dropped item', () => {
    const rt = {
      plan: { tool: { name: 'rt_list_link', maxOutputBytes: 914 + 0 }, cursorInput: null },
      cursorKey: cursorKeyOf(null),
    } as unknown as Parameters<typeof pageEnvelope>[0];
    const page = pageEnvelope(rt, { items, base: null, at: null, skip: 0, next: null, clean: true });
    // The envelope's own overhead is 400 bytes (no next cursor from the vendor): exactly 5 fit.
    expect(page.items).toHaveLength(5);
    expect(page.truncated?.dropped_items).toBe(5);
    expect(page.next_cursor).toMatch(/^ts1\./);
    expect(page.has_more).toBe(true);
  });

  it('a long multi-byte string is cut to the byte limit', () => {
    const out = budgetValue({ text: '€'.repeat(5000) }, 4000, 'hint') as {
      text: string;
      _truncated: { dropped_chars: number };
    };
    expect(byteSize(out)).toBeLessThanOrEqual(4000);
    // Cut by bytes, not characters: about (4000 - 600 - overhead) / 3 characters survive.
    expect(out.text.length).toBeGreaterThan(1000);
    expect(out.text.startsWith('€€€')).toBe(true);
    expect(out._truncated.dropped_chars).toBe(5000 - (out.text.length - 1));
    const emoji = budgetValue({ text: '😀'.repeat(3000) }, 4000, 'hint') as { text: string };
    expect(byteSize(emoji)).toBeLessThanOrEqual(4000);
    expect(emoji.text).not.toMatch(/[\ud800-\udbff]…$/);
    expect(emoji.text.length).toBeGreaterThan(1000);
  });
});

describe('Retry-After as an HTTP date in the past', () => {
  it('is zero milliseconds', () => {
    const now = Date.parse('2025-01-01T00:00:10Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:15 GMT', now)).toBe(5000);
  });

  it('retries at once (not after backoff) and succeeds', async () => {
    server.handler = (_r, n) =>
      n === 1
        ? {
            status: 429,
            headers: { 'retry-after': 'Wed, 01 Jan 2020 00:00:00 GMT' },
            body: { error: { message: 'slow down' } },
          }
        : { body: { id: 'a1', name: 'ok' } };
    const { toolkit } = testKit(server.url, undefined, {
      retry: { maxRetries: 2, baseDelayMs: 5000, maxDelayMs: 5000, maxRetryAfterMs: 3000 },
    });
    const started = Date.now();
    expect(await toolkit.call('rt_item_get', { item_id: 'a1' })).toEqual({ id: 'a1', name: 'ok' });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(server.requests).toHaveLength(2);
    await toolkit.close();
  });
});

describe('read-only mode and mixed effects', () => {
  const SPEC = `toolspec: 1
set: mx
title: Mixed
description: Mixed effects.
server: { url: 'http://127.0.0.1:9' }
auth: { type: bearer }
tools:
  - name: mx_run
    title: Run
    description: Reads and creates.
    effects: [read, create]
    method: POST
    path: /run
    inputs:
      q: { type: string, description: Query. }
    examples:
      - name: run
        input: { q: x }
        request: { method: POST, path: /run, body: { q: x } }
        response: { body: {} }
        output: {}
  - name: mx_get
    title: Get
    description: Reads.
    effects: read
    method: GET
    path: /get
    examples:
      - name: get
        input: {}
        request: { method: GET, path: /get }
        response: { body: {} }
        output: {}
`;
  const { ir, diagnostics } = loadSpecTexts([{ file: 'mx.yaml', text: SPEC }]);

  it('a [read, create] tool is neither read-only nor replay-safe', () => {
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const run = ir?.byName.get('mx_run');
    expect(run?.facts).toMatchObject({ readOnly: false, replaySafe: false });
    expect(annotationsFor(run as NonNullable<typeof run>).readOnlyHint).toBe(false);
    expect(ir?.byName.get('mx_get')?.facts).toMatchObject({ readOnly: true, replaySafe: true });
  });

  it('read-only mode refuses it, lists only the pure read, and it is not replayed after a 503', async () => {
    if (!ir) throw new Error('spec does not load');
    server.handler = () => ({ status: 503, body: {} });
    const ro = createToolkit({
      specs: ir,
      readOnly: true,
      connections: { mx: { baseUrl: server.url, token: 'tok-123456' } },
    });
    expect(ro.list().map((t) => t.name)).toEqual(['mx_get']);
    const e = await failure(ro.call('mx_run', { q: 'x' }));
    expect(e.code).toBe('forbidden');
    expect(server.requests).toHaveLength(0);
    await ro.close();

    const rw = createToolkit({
      specs: ir,
      connections: { mx: { baseUrl: server.url, token: 'tok-123456' } },
      retry: { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 2 },
    });
    expect((await failure(rw.call('mx_run', { q: 'x' }))).code).toBe('upstream_error');
    expect(server.requests).toHaveLength(1);
    server.requests.length = 0;
    await failure(rw.call('mx_get', {}));
    expect(server.requests).toHaveLength(4);
    await rw.close();
  });

  it('the runtime fixture’s [read, create] statement tool is refused in read-only mode', async () => {
    const ro = createToolkit({
      specs: runtimeIR(),
      readOnly: true,
      connections: { rt: { baseUrl: server.url, token: 'tok-123456' } },
    });
    expect((await failure(ro.call('rt_statement', { statement: 'select 1' }))).code).toBe('forbidden');
    expect(server.requests).toHaveLength(0);
    await ro.close();
  });
});
