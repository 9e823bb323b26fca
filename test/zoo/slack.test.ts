/** The slack zoo spec through `toolspec call` against a Slack fake: cursor paging, errors answered with HTTP 200. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Loopback, startLoopback } from '../runtime/support/loopback.js';
import { CREDENTIALS, slackFake } from './fakes.js';
import { call, expectEveryItemOnce, expectNoSecrets, failed, ok } from './support.js';

vi.setConfig({ testTimeout: 120_000 });

let server: Loopback;
let fake: ReturnType<typeof slackFake>;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startLoopback();
  fake = slackFake();
  server.handler = fake;
  env = { TOOLSPEC_SLACK_BASE_URL: `${server.url}/api`, TOOLSPEC_SLACK_TOKEN: CREDENTIALS.slack.token };
});
afterAll(async () => {
  await server.close();
});

describe('slack (bearer, cursor paging, ok:false error rules)', () => {
  it('slack_conversations_list --all collects every channel exactly once; an empty next_cursor ends it', async () => {
    const [all, unarchived] = await Promise.all([
      call('slack', 'slack_conversations_list', { types: 'public_channel,private_channel', limit: 2 }, env, [
        '--all',
      ]),
      call(
        'slack',
        'slack_conversations_list',
        { types: 'public_channel', exclude_archived: true, limit: 1000 },
        env,
      ),
    ]);
    const page = ok(all);
    expectEveryItemOnce(
      page.items,
      'id',
      fake.channels.map((c) => c.id),
    );
    expect(page).toMatchObject({ has_more: false, next_cursor: null });
    const sent = server.requests.filter((r) => r.query.limit === '2');
    expect(sent).toHaveLength(5);
    expect(sent[0]?.query.cursor).toBeUndefined();
    expect(sent[1]?.query.cursor).toBe(Buffer.from('next:2').toString('base64'));
    expect(sent[0]?.headers.authorization).toBe(`Bearer ${CREDENTIALS.slack.token}`);
    const one = ok(unarchived);
    expect(one.items.map((c: { id: string }) => c.id)).toEqual([
      'C000',
      'C001',
      'C002',
      'C005',
      'C006',
      'C008',
    ]);
    expect(server.requests.find((r) => r.query.limit === '1000')?.query.exclude_archived).toBe('true');
  });

  it('slack_chat_post_message sends JSON with charset=utf-8 and maps the answer', async () => {
    const out = ok(
      await call(
        'slack',
        'slack_chat_post_message',
        { channel: 'C001', text: 'Héllo', thread_ts: '1.2', blocks: [{ type: 'divider' }] },
        env,
      ),
    );
    expect(out).toEqual({
      channel: 'C001',
      ts: '1503435956.000247',
      message: { type: 'message', text: 'Héllo', thread_ts: '1.2' },
    });
    const sent = server.requests.find((r) => r.path === '/api/chat.postMessage');
    expect(sent?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(sent?.body).toEqual({
      channel: 'C001',
      text: 'Héllo',
      thread_ts: '1.2',
      blocks: [{ type: 'divider' }],
    });
  });

  it("ok:false answers are typed errors with Slack's code (exit 1), a 200 ratelimited is retried after Retry-After", async () => {
    const [missing, noText, badToken, limited] = await Promise.all([
      call('slack', 'slack_chat_post_message', { channel: 'C404', text: 'x' }, env),
      call('slack', 'slack_chat_post_message', { channel: 'C001' }, env),
      call(
        'slack',
        'slack_conversations_list',
        {},
        { ...env, TOOLSPEC_SLACK_TOKEN: 'xoxb-wrong-token-1357' },
      ),
      call('slack', 'slack_chat_post_message', { channel: 'C_RATELIMIT', text: 'hi' }, env),
    ]);
    expect(failed(missing)).toMatchObject({
      code: 'not_found',
      status: 200,
      vendor_code: 'channel_not_found',
    });
    expect(failed(noText)).toMatchObject({ code: 'invalid_input', vendor_code: 'no_text' });
    const e = failed(badToken);
    expect(e).toMatchObject({ code: 'unauthorized', vendor_code: 'invalid_auth', retryable: false });
    expect(e.hint).toContain('TOOLSPEC_SLACK_TOKEN');
    expect(ok(limited)).toMatchObject({ channel: 'C_RATELIMIT' });
    expect(
      server.requests.filter((r) => (r.body as { channel?: string } | null)?.channel === 'C_RATELIMIT'),
    ).toHaveLength(2);
    expectNoSecrets([CREDENTIALS.slack.token, 'xoxb-wrong-token-1357']);
  });
});
