/** The github zoo spec through `toolspec call` against a GitHub fake: Link-header paging, rate limits, typed errors. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Loopback, startLoopback } from '../runtime/support/loopback.js';
import { CREDENTIALS, githubFake } from './fakes.js';
import { call, expectEveryItemOnce, expectNoSecrets, failed, ok, toolspec, ZOO } from './support.js';

vi.setConfig({ testTimeout: 120_000 });

let server: Loopback;
let fake: ReturnType<typeof githubFake>;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startLoopback();
  fake = githubFake(() => server.origin);
  server.handler = fake;
  env = { TOOLSPEC_GITHUB_BASE_URL: server.url, TOOLSPEC_GITHUB_TOKEN: CREDENTIALS.github.token };
});
afterAll(async () => {
  await server.close();
});

describe('github (bearer, Link header, rate-limit rules)', () => {
  it('github_issue_list --all follows the Link header and returns every issue exactly once', async () => {
    const [all, bugs] = await Promise.all([
      call(
        'github',
        'github_issue_list',
        { owner: 'octocat', repo: 'hello', state: 'all', per_page: 2 },
        env,
        ['--all'],
      ),
      call(
        'github',
        'github_issue_list',
        { owner: 'octocat', repo: 'hello', labels: 'bug', state: 'open' },
        env,
      ),
    ]);
    const page = ok(all);
    expectEveryItemOnce(
      page.items,
      'number',
      fake.issues.map((i) => i.number),
    );
    expect(page.has_more).toBe(false);
    const pages = server.requests.filter((r) => r.query.per_page === '2');
    expect(pages.map((r) => r.query.page ?? '1')).toEqual(['1', '2', '3', '4']);
    for (const r of pages) {
      expect(r.headers.accept).toBe('application/vnd.github+json');
      expect(r.headers['x-github-api-version']).toBe('2022-11-28');
    }
    const open = ok(bugs);
    expect(open.items.map((i: { number: number }) => i.number)).toEqual([1, 5, 7]);
  });

  it('a page cursor continues where the first call stopped (both processes share TOOLSPEC_CURSOR_KEY)', async () => {
    const shared = { ...env, TOOLSPEC_CURSOR_KEY: 'zoo-github-cursor-key-0123456789abcdef' };
    const first = ok(
      await call('github', 'github_issue_list', { owner: 'o', repo: 'r', state: 'all', per_page: 3 }, shared),
    );
    expect(first.has_more).toBe(true);
    const second = ok(
      await call(
        'github',
        'github_issue_list',
        { owner: 'o', repo: 'r', state: 'all', per_page: 3 },
        shared,
        ['--cursor', first.next_cursor],
      ),
    );
    expect(second.items.map((i: { number: number }) => i.number)).toEqual([4, 5, 6]);
  });

  it('follows Links to /repositories/{id}/issues (declared), never one to another resource of the host', async () => {
    const hostile = await call(
      'github',
      'github_issue_list',
      { owner: 'o', repo: 'hostile', state: 'all', per_page: 2 },
      env,
      ['--all'],
    );
    const e = failed(hostile);
    expect(e).toMatchObject({ code: 'forbidden', tool: 'github_issue_list' });
    expect(e.message).toContain('/user/emails');
    expect(server.requests.filter((r) => r.path === '/user/emails')).toHaveLength(0);
    expect(server.requests.some((r) => r.path === '/repositories/1296269/issues')).toBe(true);
  });

  it('github_issue_get and github_issue_create', async () => {
    const [got, created, missing] = await Promise.all([
      call('github', 'github_issue_get', { owner: 'o', repo: 'r', issue_number: 3 }, env),
      call(
        'github',
        'github_issue_create',
        { owner: 'o', repo: 'r', title: 'New', body: 'Text', labels: ['bug'], assignees: ['octocat'] },
        env,
      ),
      call('github', 'github_issue_get', { owner: 'o', repo: 'missing', issue_number: 1 }, env),
    ]);
    expect(ok(got)).toMatchObject({ number: 3, title: 'Issue 3' });
    expect(ok(created)).toMatchObject({
      number: 8,
      title: 'New',
      labels: [{ name: 'bug' }],
      assignees: [{ login: 'octocat' }],
    });
    const sent = server.requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({ title: 'New', body: 'Text', labels: ['bug'], assignees: ['octocat'] });
    expect(sent?.headers['content-type']).toBe('application/json');
    const e = failed(missing);
    expect(e).toMatchObject({
      code: 'not_found',
      status: 404,
      vendor_message: 'Not Found',
      tool: 'github_issue_get',
    });
  });

  it('typed errors: 422 validation (vendor code and field), 401 with the token variable in the hint', async () => {
    const [invalid, refused] = await Promise.all([
      call('github', 'github_issue_create', { owner: 'o', repo: 'r', title: 'invalid' }, env),
      call(
        'github',
        'github_issue_get',
        { owner: 'o', repo: 'r', issue_number: 1 },
        { ...env, TOOLSPEC_GITHUB_TOKEN: 'ghp_wrongTokenValue000111' },
      ),
    ]);
    expect(failed(invalid)).toMatchObject({
      code: 'invalid_input',
      status: 422,
      vendor_code: 'invalid',
      vendor_message: 'Validation Failed',
      field: 'title',
    });
    const e = failed(refused);
    expect(e).toMatchObject({ code: 'unauthorized', status: 401, vendor_message: 'Bad credentials' });
    expect(e.hint).toContain('TOOLSPEC_GITHUB_TOKEN');
    expectNoSecrets(['ghp_wrongTokenValue000111']);
  });

  it('403 with x-ratelimit-remaining 0 waits until x-ratelimit-reset, then succeeds; a far reset is rate_limited', async () => {
    const [limited, exhausted] = await Promise.all([
      call('github', 'github_issue_get', { owner: 'o', repo: 'limited', issue_number: 2 }, env),
      call('github', 'github_issue_get', { owner: 'o', repo: 'exhausted', issue_number: 2 }, env),
    ]);
    expect(ok(limited)).toMatchObject({ number: 2 });
    expect(server.requests.filter((r) => r.path.includes('/limited/')).length).toBe(2);
    const e = failed(exhausted);
    expect(e).toMatchObject({ code: 'rate_limited', status: 403, retryable: true });
    expect(e.retry_after).toBeGreaterThan(3000);
    expect(server.requests.filter((r) => r.path.includes('/exhausted/')).length).toBe(1);
  });

  it('dry runs and every output carry no token', async () => {
    const dry = await toolspec(
      [
        'call',
        'github_issue_create',
        '--specs',
        ZOO('github'),
        '--dry-run',
        '--input',
        '{"owner":"o","repo":"r","title":"t"}',
      ],
      env,
    );
    expect(ok(dry).headers.authorization).toBe('Bearer [redacted]');
    expectNoSecrets([CREDENTIALS.github.token]);
  });
});
