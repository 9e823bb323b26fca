/**
 * Team mode (callers' connections from a real redis-server): a caller whose stored connection
 * lacks the set's credential, or who has none, gets a `configuration` error naming it and the
 * operator's command, and nothing reaches the loopback vendor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecTexts } from '../../language/load/load.js';
import { RedisStore } from '../../runtime/store/redis.js';
import { createToolkit } from '../../runtime/toolkit.js';
import type { Toolkit } from '../../runtime/types.js';
import { REDIS_MISSING, type Redis, redisBinary, startRedis } from '../team/support.js';
import { failure } from './support/fixture.js';
import { type Loopback, startLoopback } from './support/loopback.js';

const SPEC = `
toolspec: 1
set: kb
title: kb
description: A set with a static bearer token.
server: { url: https://api.kb.invalid }
auth: { type: bearer }
tools:
  - name: kb_thing_get
    title: Get a thing
    description: Reads one thing.
    effects: read
    method: GET
    path: /thing
    examples:
      - { name: one, input: {}, request: { method: GET, path: /thing }, response: { status: 200, body: { ok: 1 } }, output: { ok: 1 } }
`;

const available = redisBinary() !== null;
if (!available) console.warn(`test/runtime/credentials-team.test.ts skipped: ${REDIS_MISSING}`);

describe.skipIf(!available)("a caller's connection from the shared store", () => {
  let redis: Redis;
  let vendor: Loopback;
  let store: RedisStore;
  let toolkit: Toolkit;
  beforeAll(async () => {
    [redis, vendor] = await Promise.all([startRedis(), startLoopback(() => ({ body: { ok: 1 } }))]);
    store = await RedisStore.connect(redis.url, { prefix: 'credentials:' });
    const { ir } = loadSpecTexts([{ file: 'kb.yaml', text: SPEC }]);
    if (!ir) throw new Error('no ir');
    toolkit = createToolkit({ specs: ir, tokenStore: store, connections: {} });
  });
  afterAll(async () => {
    try {
      await toolkit?.close();
      await store?.close();
      await vendor?.close();
    } finally {
      await redis?.close();
    }
  });

  it('without the credential, or without any connection, is a configuration error; nothing is sent', async () => {
    await store.setConnection('alice', 'kb', { baseUrl: vendor.url });
    const e = await failure(toolkit.call('kb_thing_get', {}, { caller: 'alice' }));
    expect(e).toMatchObject({
      code: 'configuration',
      retryable: false,
      field: 'token',
      details: { set: 'kb', missing: ['token'], caller: 'alice' },
    });
    expect(e.message).toBe(
      'kb_thing_get: missing credential for caller "alice"\'s "kb" connection: token is not set; nothing was sent',
    );
    expect(e.hint).toContain('toolspec connections set --caller "alice" --set kb');
    const none = await failure(toolkit.call('kb_thing_get', {}, { caller: 'carol' }));
    expect(none.code).toBe('configuration');
    expect(none.message).toContain('no "kb" connection for caller "carol"');
    expect(vendor.requests).toHaveLength(0);
    // Given the token, the same caller's call goes through.
    await store.setConnection('alice', 'kb', { baseUrl: vendor.url, token: 'alice-token-123' });
    await expect(toolkit.call('kb_thing_get', {}, { caller: 'alice' })).resolves.toEqual({ ok: 1 });
    expect(vendor.requests[0]?.headers.authorization).toBe('Bearer alice-token-123');
  });
});
