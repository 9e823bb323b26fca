/**
 * `toolspec serve` without the served set's credential: tools/call answers an error result naming
 * the variable (`configuration`, not retry-safe) and the loopback vendor receives nothing; the
 * sandbox, which gives a fake token, keeps answering. An unknown tool name gets the nearest one.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_META } from '../../mcp/server/results.js';
import { miniSpecFor, type Served, serve, startUpstream, type Upstream } from './support.js';

interface ToolResult {
  content: { type: string; text?: string }[];
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/** The first tools/call of a server loads the specs and builds the toolkit: slow on a busy machine. */
const FIRST_CALL_MS = 120_000;

let upstream: Upstream;
let spec: string;
let served: Served;
let sandbox: Served;
beforeAll(async () => {
  upstream = await startUpstream();
  spec = miniSpecFor(upstream.url);
  [served, sandbox] = await Promise.all([serve('stdio', ['--specs', spec]), serve('stdio', ['--sandbox'])]);
}, 120_000);
afterAll(async () => {
  await Promise.all([served, sandbox].map((s) => s?.close()));
  await upstream?.close();
  rmSync(spec, { force: true });
});

const call = (s: Served, name: string, args: Record<string, unknown>) =>
  s.client.callTool({ name, arguments: args }) as Promise<ToolResult>;
const text = (r: ToolResult) => r.content.map((c) => c.text ?? '').join('\n');

describe('toolspec serve without a credential', () => {
  it(
    'answers an error result naming TOOLSPEC_MINI_TOKEN and sends nothing',
    async () => {
      const r = await call(served, 'mini_item_get', { item_id: 'a1' });
      expect(r.isError).toBe(true);
      expect(text(r)).toContain(
        'Error (configuration): mini_item_get: missing credential for the "mini" set: TOOLSPEC_MINI_TOKEN is not set',
      );
      expect(text(r)).toContain('Hint: Set TOOLSPEC_MINI_TOKEN');
      expect(text(r)).toContain('Retry safe: no');
      expect(r._meta?.[ERROR_META]).toMatchObject({ code: 'configuration', field: 'TOOLSPEC_MINI_TOKEN' });
      expect(upstream.requests).toHaveLength(0);
    },
    FIRST_CALL_MS,
  );

  it(
    'the sandbox (a fake token) keeps answering',
    async () => {
      const r = await call(sandbox, 'notes_user_list', {});
      expect(r.isError).toBeFalsy();
      expect(text(r)).toContain('"items"');
    },
    FIRST_CALL_MS,
  );

  it('an unknown tool name gets the nearest served one', async () => {
    const r = await call(served, 'mini_item_gett', { item_id: 'a1' });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('no tool named "mini_item_gett" is served here; did you mean mini_item_get?');
    expect(r._meta?.[ERROR_META]).toMatchObject({
      code: 'invalid_input',
      details: { suggestions: ['mini_item_get'] },
    });
  });
});
