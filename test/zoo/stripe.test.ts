/** The stripe zoo spec through `toolspec call` against a Stripe fake: last-item cursors, form bodies, idempotency keys, typed errors. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Loopback, startLoopback } from '../runtime/support/loopback.js';
import { CREDENTIALS, parseForm, stripeFake } from './fakes.js';
import { call, expectEveryItemOnce, expectNoSecrets, failed, ok } from './support.js';

vi.setConfig({ testTimeout: 120_000 });

let server: Loopback;
let fake: ReturnType<typeof stripeFake>;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startLoopback();
  fake = stripeFake();
  server.handler = fake;
  env = { TOOLSPEC_STRIPE_BASE_URL: server.url, TOOLSPEC_STRIPE_TOKEN: CREDENTIALS.stripe.token };
});
afterAll(async () => {
  await server.close();
});

describe('stripe (bearer, starting_after = last item id, form encoding)', () => {
  it('stripe_customer_list --all pages by the last id while has_more and returns every customer once', async () => {
    const ids = fake.customers.map((c) => c.id);
    const [all, byEmail] = await Promise.all([
      call('stripe', 'stripe_customer_list', { limit: 5 }, env, ['--all']),
      call('stripe', 'stripe_customer_list', { email: 'jenny@example.com' }, env),
    ]);
    const page = ok(all);
    expectEveryItemOnce(page.items, 'id', ids);
    expect(page.has_more).toBe(false);
    const sent = server.requests.filter((r) => r.query.limit === '5');
    expect(sent.map((r) => r.query.starting_after)).toEqual([undefined, ids[4], ids[9]]);
    expect(ok(byEmail).items.map((c: { id: string }) => c.id)).toEqual([
      'cus_100',
      'cus_103',
      'cus_106',
      'cus_109',
    ]);
  });

  it('stripe_customer_create sends a form body with bracketed metadata and an Idempotency-Key', async () => {
    const out = ok(
      await call(
        'stripe',
        'stripe_customer_create',
        {
          email: 'new@example.com',
          name: 'New One',
          description: 'a & b',
          metadata: { order_id: '6735', 'tier level': 'gold' },
        },
        env,
      ),
    );
    expect(out).toMatchObject({
      email: 'new@example.com',
      name: 'New One',
      metadata: { order_id: '6735', 'tier level': 'gold' },
    });
    const sent = server.requests.find((r) => r.method === 'POST' && r.rawBody.includes('new%40example.com'));
    expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent?.rawBody).toBe(
      'email=new%40example.com&name=New+One&description=a+%26+b&metadata%5Border_id%5D=6735&metadata%5Btier+level%5D=gold',
    );
    expect(parseForm(sent?.rawBody ?? '')).toEqual({
      email: 'new@example.com',
      name: 'New One',
      description: 'a & b',
      metadata: { order_id: '6735', 'tier level': 'gold' },
    });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a 500 is retried with the same Idempotency-Key; a given key is sent as is', async () => {
    const [flaky, keyed] = await Promise.all([
      call('stripe', 'stripe_customer_create', { email: 'flaky@example.com' }, env),
      call(
        'stripe',
        'stripe_customer_create',
        { email: 'k@example.com', idempotency_key: 'order-6735' },
        env,
      ),
    ]);
    expect(ok(flaky)).toMatchObject({ email: 'flaky@example.com' });
    const attempts = server.requests.filter((r) => r.rawBody.includes('flaky'));
    expect(attempts).toHaveLength(2);
    expect(attempts[0]?.headers['idempotency-key']).toBe(attempts[1]?.headers['idempotency-key']);
    ok(keyed);
    expect(
      server.requests.find((r) => r.rawBody.includes('k%40example.com'))?.headers['idempotency-key'],
    ).toBe('order-6735');
  });

  it('errors: {error: {type, code, message, param}} -> typed code, vendor code, field; a refused key is never echoed', async () => {
    const [invalid, tooMany, refused] = await Promise.all([
      call('stripe', 'stripe_customer_create', { email: 'not-an-email' }, env),
      call('stripe', 'stripe_customer_list', { limit: 1000 }, env),
      call('stripe', 'stripe_customer_list', {}, { ...env, TOOLSPEC_STRIPE_TOKEN: 'sk_test_wrongKey24680' }),
    ]);
    expect(failed(invalid)).toMatchObject({
      code: 'invalid_input',
      status: 400,
      vendor_code: 'email_invalid',
      vendor_message: 'Invalid email address: not-an-email',
      field: 'email',
    });
    expect(failed(tooMany)).toMatchObject({ code: 'invalid_input', field: 'limit' });
    const e = failed(refused);
    expect(e).toMatchObject({ code: 'unauthorized', vendor_code: 'invalid_request_error' });
    expect(e.vendor_message).toBe('Invalid API Key provided: [redacted]');
    expectNoSecrets([CREDENTIALS.stripe.token, 'sk_test_wrongKey24680']);
  });
});
