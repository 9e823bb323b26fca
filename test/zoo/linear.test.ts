/** The linear zoo spec through `toolspec call` against a Linear GraphQL fake: a raw Authorization key, Relay paging, errors[] rules. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Loopback, startLoopback } from '../runtime/support/loopback.js';
import { CREDENTIALS, linearFake } from './fakes.js';
import { call, expectEveryItemOnce, expectNoSecrets, failed, ok } from './support.js';

vi.setConfig({ testTimeout: 120_000 });

let server: Loopback;
let fake: ReturnType<typeof linearFake>;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startLoopback();
  fake = linearFake();
  server.handler = fake;
  env = { TOOLSPEC_LINEAR_BASE_URL: server.url, TOOLSPEC_LINEAR_API_KEY: CREDENTIALS.linear.apiKey };
});
afterAll(async () => {
  await server.close();
});

describe('linear (api key as the raw Authorization, GraphQL, pageInfo paging)', () => {
  it('linear_issue_list --all follows endCursor while hasNextPage and returns every node once', async () => {
    const [all, team] = await Promise.all([
      call('linear', 'linear_issue_list', { first: 3 }, env, ['--all']),
      call('linear', 'linear_issue_list', { team_id: 'team-b', first: 100 }, env),
    ]);
    const page = ok(all);
    expectEveryItemOnce(
      page.items,
      'id',
      fake.issues.map((i) => i.id),
    );
    const sent = server.requests.filter(
      (r) => (r.body as { variables?: { first?: number } }).variables?.first === 3,
    );
    expect(sent.map((r) => (r.body as { variables: { after?: string } }).variables.after)).toEqual([
      undefined,
      'issue-2',
      'issue-5',
      'issue-8',
    ]);
    expect(sent[0]?.headers.authorization).toBe(CREDENTIALS.linear.apiKey);
    expect((sent[0]?.body as { query?: string } | undefined)?.query).toMatch(/^query Issues\(/);
    expect(ok(team).items.map((i: { identifier: string }) => i.identifier)).toEqual([
      'ENG-1',
      'ENG-3',
      'ENG-5',
      'ENG-7',
      'ENG-9',
    ]);
    const filtered = server.requests.find(
      (r) => (r.body as { variables?: { first?: number } }).variables?.first === 100,
    );
    expect((filtered?.body as { variables?: unknown } | undefined)?.variables).toEqual({
      first: 100,
      filter: { team: { id: { eq: 'team-b' } } },
    });
  });

  it('linear_issue_create runs the issueCreate mutation and outputs the created issue', async () => {
    const out = ok(
      await call(
        'linear',
        'linear_issue_create',
        { team_id: 'team-a', title: 'New', description: 'Body', priority: 2 },
        env,
      ),
    );
    expect(out).toEqual({
      id: 'issue-new',
      identifier: 'ENG-99',
      title: 'New',
      priority: 2,
      url: 'https://linear.app/acme/issue/ENG-99',
    });
    const sent = server.requests.find((r) => (r.body as { query: string }).query.startsWith('mutation'));
    expect((sent?.body as { variables?: unknown } | undefined)?.variables).toEqual({
      input: { teamId: 'team-a', title: 'New', description: 'Body', priority: 2 },
    });
  });

  it('errors[] (HTTP 200 or 400) are typed by extensions.code; RATELIMITED is retried', async () => {
    const [refused, forbidden, invalid, limited] = await Promise.all([
      call('linear', 'linear_issue_list', {}, { ...env, TOOLSPEC_LINEAR_API_KEY: 'lin_api_wrongKey11223' }),
      call('linear', 'linear_issue_list', { team_id: 'team-forbidden' }, env),
      call('linear', 'linear_issue_create', { team_id: 'team-x', title: 'T' }, env),
      call('linear', 'linear_issue_list', { team_id: 'team-ratelimit', first: 100 }, env),
    ]);
    const u = failed(refused);
    expect(u).toMatchObject({ code: 'unauthorized', status: 400, vendor_code: 'AUTHENTICATION_ERROR' });
    expect(u.hint).toContain('TOOLSPEC_LINEAR_API_KEY');
    expect(failed(forbidden)).toMatchObject({ code: 'forbidden', status: 200, vendor_code: 'FORBIDDEN' });
    expect(failed(invalid)).toMatchObject({
      code: 'invalid_input',
      vendor_code: 'INVALID_INPUT',
      vendor_message: 'Argument Validation Error: teamId',
    });
    expect(ok(limited).items).toHaveLength(11);
    expectNoSecrets([CREDENTIALS.linear.apiKey, 'lin_api_wrongKey11223']);
  });
});
