/** The twilio zoo spec through `toolspec call` against a Twilio fake: basic auth, the account in the path, relative next_page_uri, form bodies. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Loopback, startLoopback } from '../runtime/support/loopback.js';
import { CREDENTIALS, parseForm, twilioFake } from './fakes.js';
import { call, expectEveryItemOnce, expectNoSecrets, failed, ok } from './support.js';

vi.setConfig({ testTimeout: 120_000 });

let server: Loopback;
let fake: ReturnType<typeof twilioFake>;
let env: Record<string, string>;
const { username, password, accountSid } = CREDENTIALS.twilio;
const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
beforeAll(async () => {
  server = await startLoopback();
  fake = twilioFake();
  server.handler = fake;
  env = {
    TOOLSPEC_TWILIO_BASE_URL: server.url,
    TOOLSPEC_TWILIO_USERNAME: username,
    TOOLSPEC_TWILIO_PASSWORD: password,
    TOOLSPEC_TWILIO_ACCOUNT_SID: accountSid,
  };
});
afterAll(async () => {
  await server.close();
});

describe('twilio (basic, account SID in the path, relative next_page_uri, form)', () => {
  it('twilio_message_list --all follows next_page_uri and returns every message once', async () => {
    const [all, to] = await Promise.all([
      call('twilio', 'twilio_message_list', { page_size: 3 }, env, ['--all']),
      call('twilio', 'twilio_message_list', { to: '+15558675311', from: '+15017122661', page_size: 50 }, env),
    ]);
    const page = ok(all);
    expectEveryItemOnce(
      page.items,
      'sid',
      fake.messages.map((m) => m.sid),
    );
    const sent = server.requests.filter((r) => r.query.PageSize === '3');
    expect(sent.map((r) => r.query.PageToken)).toEqual([undefined, 'PA3', 'PA6', 'PA9']);
    for (const r of sent) expect(r.path).toBe(messagesPath);
    expect(ok(to).items).toHaveLength(5);
    expect(server.requests.find((r) => r.query.PageSize === '50')?.query).toEqual({
      To: '+15558675311',
      From: '+15017122661',
      PageSize: '50',
    });
  });

  it('twilio_message_create posts To, From, Body, StatusCallback form-encoded', async () => {
    const out = ok(
      await call(
        'twilio',
        'twilio_message_create',
        {
          to: '+15558675310',
          from: '+15017122661',
          body: 'Hi & bye',
          status_callback: 'https://hooks.example.test/sms',
        },
        env,
      ),
    );
    expect(out).toMatchObject({ to: '+15558675310', body: 'Hi & bye', status: 'queued' });
    const sent = server.requests.find((r) => r.method === 'POST');
    expect(sent?.path).toBe(messagesPath);
    expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(parseForm(sent?.rawBody ?? '')).toEqual({
      To: '+15558675310',
      From: '+15017122661',
      Body: 'Hi & bye',
      StatusCallback: 'https://hooks.example.test/sms',
    });
  });

  it('errors {code, message, more_info, status}; a missing account SID names its variable', async () => {
    const [invalid, refused, noAccount] = await Promise.all([
      call('twilio', 'twilio_message_create', { to: '+1000', from: '+15017122661', body: 'x' }, env),
      call(
        'twilio',
        'twilio_message_list',
        {},
        { ...env, TOOLSPEC_TWILIO_PASSWORD: 'wrong-twilio-token-99' },
      ),
      call('twilio', 'twilio_message_list', {}, { ...env, TOOLSPEC_TWILIO_ACCOUNT_SID: '' }),
    ]);
    const e = failed(invalid);
    expect(e).toMatchObject({
      code: 'invalid_input',
      status: 400,
      vendor_code: '21211',
      vendor_message: "The 'To' number +1000 is not a valid phone number.",
    });
    expect(e.details).toEqual({ more_info: 'https://www.twilio.com/docs/errors/21211' });
    const u = failed(refused);
    expect(u).toMatchObject({ code: 'unauthorized', vendor_code: '20003', vendor_message: 'Authenticate' });
    expect(u.hint).toContain('TOOLSPEC_TWILIO_USERNAME and TOOLSPEC_TWILIO_PASSWORD');
    const c = failed(noAccount);
    expect(c.code).toBe('configuration');
    expect(`${c.message} ${c.hint}`).toContain('TOOLSPEC_TWILIO_ACCOUNT_SID');
    expectNoSecrets([
      password,
      'wrong-twilio-token-99',
      Buffer.from(`${username}:${password}`).toString('base64'),
    ]);
  });
});
