/**
 * A program's tool calls are the toolkit's calls: a real toolkit against a loopback vendor, each
 * case made once directly and once from a program, with the same outcome — the read-only refusal,
 * the rate limit, the redaction of a credential the vendor echoes, input validation with nothing
 * sent, paging with {all: true} — and the result lists every call with its outcome.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCodeRunner } from '../../code/index.js';
import { createCodeRunner as createFromMcp } from '../../mcp/index.js';
import { ToolError } from '../../runtime/errors.js';
import { failure, TOKEN, testKit } from '../runtime/support/fixture.js';
import { type Loopback, startLoopback } from '../runtime/support/loopback.js';

let vendor: Loopback;
beforeAll(async () => {
  vendor = await startLoopback();
});
afterAll(async () => {
  await vendor.close();
});
beforeEach(() => {
  vendor.requests.length = 0;
  vendor.handler = () => ({ body: { id: 'a1', name: 'First' } });
});

/** What a program's caught error shows of a ToolError, and the same fields of a direct call's error. */
const CAUGHT =
  'catch (e) { return { code: e.code, message: e.message, field: e.field, hint: e.hint, retryable: e.retryable }; }';
const fields = (e: ToolError) => {
  const j = e.toJSON();
  return { code: j.code, message: j.message, field: j.field, hint: j.hint, retryable: j.retryable };
};

describe('a program calls tools through the toolkit', () => {
  it('returns the same output as a direct call and lists the call', async () => {
    const { toolkit } = testKit(vendor.url);
    const direct = await toolkit.call('rt_item_get', { item_id: 'a1' });
    const run = await createCodeRunner(toolkit).execute("return await tools.rt_item_get({ item_id: 'a1' })");
    expect(run.result).toEqual(direct);
    expect(run.calls).toEqual([{ tool: 'rt_item_get', outcome: 'ok', duration_ms: expect.any(Number) }]);
    expect(vendor.requests.map((r) => r.path)).toEqual(['/api/items/a1', '/api/items/a1']);
    await toolkit.close();
  });

  it('is the same from @toolspec/mcp, which loads @toolspec/code on first use', async () => {
    const { toolkit } = testKit(vendor.url);
    const runner = createFromMcp(toolkit, { tools: ['rt_item_get'] });
    await runner.warm();
    const run = await runner.execute("return (await tools.rt_item_get({ item_id: 'a1' })).name");
    expect(run).toEqual({
      result: 'First',
      calls: [{ tool: 'rt_item_get', outcome: 'ok', duration_ms: expect.any(Number) }],
      logs: [],
    });
    await toolkit.close();
  });

  it('is refused in read-only mode exactly as a direct call, with nothing sent', async () => {
    const { toolkit } = testKit(vendor.url, { token: TOKEN }, { readOnly: true });
    const direct = await failure(toolkit.call('rt_item_create', { name: 'n' }));
    const run = await createCodeRunner(toolkit).execute(
      `try { await tools.rt_item_create({ name: 'n' }); return 'sent'; } ${CAUGHT}`,
    );
    expect(direct.code).toBe('forbidden');
    expect(run.result).toEqual(fields(direct));
    expect(run.calls).toEqual([
      { tool: 'rt_item_create', outcome: 'forbidden', duration_ms: expect.any(Number) },
    ]);
    expect(vendor.requests).toEqual([]);
    await toolkit.close();
  });

  it('only reaches the selected tools; another name is refused, naming the nearest', async () => {
    const { toolkit } = testKit(vendor.url);
    const runner = createCodeRunner(toolkit, { tools: ['rt_item_get'] });
    const run = await runner.execute(`try { await tools.rt_item_gett({ item_id: 'a1' }); } ${CAUGHT}`);
    expect(run.result).toMatchObject({ code: 'invalid_input', field: 'name' });
    expect((run.result as { message: string }).message).toMatch(/no tool named "rt_item_gett".*rt_item_get/);
    const other = await runner.execute(`try { await tools.rt_item_create({ name: 'n' }); } ${CAUGHT}`);
    expect(other.result).toMatchObject({ code: 'invalid_input' });
    expect(vendor.requests).toEqual([]);
    await toolkit.close();
  });

  it('is rate-limited as a direct call: the second call within the limit fails the same way', async () => {
    const direct = testKit(vendor.url, { token: TOKEN, rateLimit: '1/m' });
    await direct.toolkit.call('rt_item_get', { item_id: 'a1' });
    const limited = await failure(direct.toolkit.call('rt_item_get', { item_id: 'a1' }));
    expect(limited.code).toBe('rate_limited');
    vendor.requests.length = 0;

    const program = testKit(vendor.url, { token: TOKEN, rateLimit: '1/m' });
    const run = await createCodeRunner(program.toolkit).execute(
      `await tools.rt_item_get({ item_id: 'a1' }); try { await tools.rt_item_get({ item_id: 'a1' }); return 'sent'; } ${CAUGHT}`,
    );
    expect(run.result).toEqual({ ...fields(limited), message: expect.stringMatching(/rate/i) });
    expect((run.result as { message: string }).message).toBe(limited.message);
    expect(run.calls.map((c) => c.outcome)).toEqual(['ok', 'rate_limited']);
    expect(vendor.requests).toHaveLength(1);
    await direct.toolkit.close();
    await program.toolkit.close();
  });

  it('sees a credential the vendor echoes redacted, as a direct call does', async () => {
    vendor.handler = (req) => ({
      status: 400,
      body: { error: { code: 'bad', message: `token ${req.headers.authorization} is not allowed` } },
    });
    const { toolkit } = testKit(vendor.url);
    const direct = await failure(toolkit.call('rt_item_get', { item_id: 'a1' }));
    const runner = createCodeRunner(toolkit);
    const run = await runner.execute(
      `try { await tools.rt_item_get({ item_id: 'a1' }); } catch (e) { return { vendor: e.vendor_message, message: e.message }; }`,
    );
    expect(run.result).toEqual({ vendor: direct.vendorMessage, message: direct.message });
    expect(JSON.stringify(run)).not.toContain(TOKEN);
    expect(JSON.stringify(run)).toContain('[redacted]');
    // Nothing a program can read holds the credential: its globals, the tools object, an error's stack.
    const probe = await runner.execute(`
      const seen = [];
      for (const k of Object.getOwnPropertyNames(globalThis)) { try { seen.push(k + String(globalThis[k])); } catch (e) { seen.push(k); } }
      try { await tools.rt_item_get({ item_id: 'a1' }); } catch (e) { seen.push(String(e.stack), JSON.stringify(e)); }
      seen.push(String(tools.rt_item_get), Object.keys(tools).join());
      return seen.join('\\n');`);
    expect(String(probe.result)).not.toContain(TOKEN);
    await toolkit.close();
  });

  it('validates input as a direct call does, sending nothing', async () => {
    const { toolkit } = testKit(vendor.url);
    const direct = await failure(toolkit.call('rt_item_get', { item_id: '' }));
    const run = await createCodeRunner(toolkit).execute(
      `try { await tools.rt_item_get({ item_id: '' }); } ${CAUGHT}`,
    );
    expect(direct.code).toBe('invalid_input');
    expect(run.result).toEqual(fields(direct));
    expect(vendor.requests).toEqual([]);
    await toolkit.close();
  });

  it('pages with {all: true} as a direct call with all does', async () => {
    vendor.handler = (req) =>
      req.query.start_cursor === undefined
        ? { body: { results: [{ id: 1 }], next_cursor: 'c2', has_more: true } }
        : { body: { results: [{ id: 2 }], next_cursor: null, has_more: false } };
    const { toolkit } = testKit(vendor.url);
    const direct = await toolkit.call('rt_list_cq', {}, { all: true });
    const run = await createCodeRunner(toolkit).execute('return await tools.rt_list_cq({}, { all: true })');
    expect(run.result).toEqual(direct);
    expect((run.result as { items: unknown[] }).items).toEqual([{ id: 1 }, { id: 2 }]);
    const bad = await createCodeRunner(toolkit).execute(
      `try { await tools.rt_list_cq({}, { every: true }); } ${CAUGHT}`,
    );
    expect(bad.result).toMatchObject({ code: 'invalid_input', field: 'options/every' });
    await toolkit.close();
  });

  it('stops a program at its call budget with a typed error', async () => {
    const { toolkit } = testKit(vendor.url);
    const e = await failure(
      createCodeRunner(toolkit, { maxCalls: 2 }).execute(
        "for (let i = 0; i < 5; i++) await tools.rt_item_get({ item_id: 'a1' });",
      ),
    );
    expect(e.code).toBe('limit_exceeded');
    expect(e.details).toMatchObject({ limit: 'calls' });
    expect(e.message).toMatch(/more than 2 tool calls/);
    expect(vendor.requests).toHaveLength(2);
    expect((e.details as { calls: unknown[] }).calls).toHaveLength(3);
    await toolkit.close();
  });

  it('ends with aborted when its caller cancels it, and cancels the call in flight', async () => {
    vendor.handler = () => ({ delayMs: 5_000, body: { id: 'a1', name: 'slow' } });
    const { toolkit } = testKit(vendor.url);
    const cancel = new AbortController();
    const running = createCodeRunner(toolkit).execute("return await tools.rt_item_get({ item_id: 'a1' })", {
      signal: cancel.signal,
    });
    setTimeout(() => cancel.abort(), 200);
    const e = await failure(running);
    expect(e.code).toBe('aborted');
    expect((e.details as { calls: { outcome: string }[] }).calls).toEqual([
      { tool: 'rt_item_get', outcome: 'aborted', duration_ms: expect.any(Number) },
    ]);
    await toolkit.close();
  });

  it('makes many calls in a row without piling up listeners on its signal', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      const { toolkit } = testKit(vendor.url);
      const run = await createCodeRunner(toolkit).execute(
        "for (let i = 0; i < 15; i++) await tools.rt_item_get({ item_id: 'a1' }); return 'done';",
      );
      expect(run.calls).toHaveLength(15);
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((w) => w === 'MaxListenersExceededWarning')).toEqual([]);
      await toolkit.close();
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('cancels the calls in flight when the program ends by its time limit', async () => {
    vendor.handler = () => ({ delayMs: 5_000, body: { id: 'a1', name: 'slow' } });
    const { toolkit } = testKit(vendor.url);
    const e = await failure(
      createCodeRunner(toolkit, { timeoutMs: 300 }).execute(
        "return await tools.rt_item_get({ item_id: 'a1' })",
      ),
    );
    expect(e).toBeInstanceOf(ToolError);
    expect(e.code).toBe('limit_exceeded');
    expect(e.details).toMatchObject({ limit: 'time' });
    await toolkit.close();
  });
});
