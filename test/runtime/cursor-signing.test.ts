/**
 * Cursors are signed out of the box: without TOOLSPEC_CURSOR_KEY every process signs with a
 * random key of its own, so a forged cursor (the `cursor` input over MCP, `--cursor` on the CLI)
 * is refused before anything is sent; toolkits of one process take each other's cursors; a cursor
 * handed to another process (a later `toolspec call`) is refused with an error that says to share
 * TOOLSPEC_CURSOR_KEY, and carries over when both processes have it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from '../../runtime/types.js';
import { type Ran, runChild } from '../support/children.js';
import { CLI_FROM_SOURCES } from '../support/paths.js';
import { failure, RUNTIME_SPEC, testKit } from './support/fixture.js';
import { type Loopback, startLoopback } from './support/loopback.js';

let server: Loopback;
let kit: ReturnType<typeof testKit>;
let envKey: string | undefined;
beforeAll(async () => {
  envKey = process.env.TOOLSPEC_CURSOR_KEY;
  delete process.env.TOOLSPEC_CURSOR_KEY;
  server = await startLoopback((r) =>
    r.query.start_cursor === 'c2'
      ? { body: { results: [{ id: 3 }], next_cursor: null, has_more: false } }
      : { body: { results: [{ id: 1 }, { id: 2 }], next_cursor: 'c2', has_more: true } },
  );
  kit = testKit(server.url);
});
afterAll(async () => {
  if (envKey !== undefined) process.env.TOOLSPEC_CURSOR_KEY = envKey;
  await kit.toolkit.close();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

/** A cursor as a forger writes it: plain base64url JSON, optionally with a made-up signature. */
const forge = (tool: string, p: unknown, sig = ''): string =>
  `ts1.${Buffer.from(JSON.stringify({ t: tool, p })).toString('base64url')}${sig}`;

describe('without TOOLSPEC_CURSOR_KEY', () => {
  it('next_cursor is signed', async () => {
    const first = (await kit.toolkit.call('rt_list_cq', {})) as unknown as Page;
    expect(first.next_cursor).toMatch(/^ts1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  });

  it('a forged cursor is refused, nothing sent: as the cursor input and as CallOptions.cursor', async () => {
    const forged = [
      forge('rt_list_cq', { style: 'cursor', cursor: 'c2' }),
      forge('rt_list_cq', { style: 'cursor', cursor: 'c2' }, `.${'A'.repeat(43)}`),
    ];
    for (const cursor of forged) {
      const asInput = await failure(kit.toolkit.call('rt_list_cq', { start_cursor: cursor }));
      expect(asInput).toMatchObject({ code: 'invalid_input', tool: 'rt_list_cq', field: 'start_cursor' });
      const asOption = await failure(kit.toolkit.call('rt_list_cq', {}, { cursor }));
      expect(asOption).toMatchObject({ code: 'invalid_input', field: 'cursor' });
      expect(asOption.message).toContain('TOOLSPEC_CURSOR_KEY');
    }
    expect(server.requests).toHaveLength(0);
  });

  it('another toolkit of the same process takes the cursor back', async () => {
    const first = (await kit.toolkit.call('rt_list_cq', {})) as unknown as Page;
    const other = testKit(server.url);
    const second = (await other.toolkit.call('rt_list_cq', {
      start_cursor: first.next_cursor,
    })) as unknown as Page;
    expect(second.items).toEqual([{ id: 3 }]);
    await other.toolkit.close();
  });
});

describe('a cursor handed from one `toolspec call` to the next', () => {
  const call = (more: string[], env: Record<string, string>): Promise<Ran> =>
    runChild(
      process.execPath,
      [...CLI_FROM_SOURCES, 'call', 'rt_list_cq', '--specs', RUNTIME_SPEC, ...more],
      {
        env: {
          PATH: process.env.PATH ?? '',
          TOOLSPEC_RT_BASE_URL: `${server.url}/api`,
          TOOLSPEC_RT_TOKEN: 'cli-token-0123456789',
          ...env,
        },
      },
    );

  it('is refused without a shared key, with an error that says to set TOOLSPEC_CURSOR_KEY', async () => {
    const first = await call([], {});
    expect(first.code).toBe(0);
    const cursor = (JSON.parse(first.stdout) as Page).next_cursor as string;
    server.requests.length = 0;
    const second = await call(['--cursor', cursor], {});
    expect(second.code).toBe(1);
    const e = (JSON.parse(second.stderr) as { error: { code: string; message: string; hint: string } }).error;
    expect(e.code).toBe('invalid_input');
    expect(`${e.message} ${e.hint}`).toContain('TOOLSPEC_CURSOR_KEY');
    expect(server.requests).toHaveLength(0);
  }, 60_000);

  it('continues when both processes share TOOLSPEC_CURSOR_KEY', async () => {
    const shared = { TOOLSPEC_CURSOR_KEY: 'cli-shared-cursor-key-0123456789-abcdef' };
    const first = await call([], shared);
    const cursor = (JSON.parse(first.stdout) as Page).next_cursor as string;
    const second = await call(['--cursor', cursor], shared);
    expect(second.code, second.stderr).toBe(0);
    expect((JSON.parse(second.stdout) as Page).items).toEqual([{ id: 3 }]);
  }, 60_000);
});
