/** The jira zoo spec through `toolspec call` against a Jira Cloud fake: basic auth, startAt paging ending on isLast, ADF bodies. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Loopback, startLoopback } from '../runtime/support/loopback.js';
import { CREDENTIALS, jiraFake } from './fakes.js';
import { call, expectEveryItemOnce, expectNoSecrets, failed, ok, toolspec, ZOO } from './support.js';

vi.setConfig({ testTimeout: 120_000 });

let server: Loopback;
let fake: ReturnType<typeof jiraFake>;
let env: Record<string, string>;
const { username, password } = CREDENTIALS.jira;
beforeAll(async () => {
  server = await startLoopback();
  fake = jiraFake();
  server.handler = fake;
  env = {
    TOOLSPEC_JIRA_BASE_URL: server.url,
    TOOLSPEC_JIRA_SITE: 'acme',
    TOOLSPEC_JIRA_USERNAME: username,
    TOOLSPEC_JIRA_PASSWORD: password,
  };
});
afterAll(async () => {
  await server.close();
});

describe('jira (basic, startAt/maxResults until isLast, ADF)', () => {
  it('jira_project_list --all collects every project exactly once and stops on isLast', async () => {
    const [all, eng] = await Promise.all([
      call('jira', 'jira_project_list', { max_results: 3 }, env, ['--all']),
      call('jira', 'jira_project_list', { query: 'ops', max_results: 50 }, env),
    ]);
    const page = ok(all);
    expectEveryItemOnce(
      page.items,
      'key',
      fake.projects.map((p) => p.key),
    );
    const sent = server.requests.filter((r) => r.query.maxResults === '3');
    expect(sent.map((r) => r.query.startAt)).toEqual([undefined, '3', '6']);
    expect(sent[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
    );
    expect(ok(eng).items.map((p: { key: string }) => p.key)).toEqual(['OPS5', 'OPS6', 'OPS7']);
  });

  it('jira_issue_get and jira_issue_create (description as an Atlassian document, one paragraph per line)', async () => {
    const [got, created] = await Promise.all([
      call('jira', 'jira_issue_get', { issue_key: 'ENG-1' }, env),
      call(
        'jira',
        'jira_issue_create',
        { project_key: 'ENG0', summary: 'Fix it', issue_type: 'Bug', description: 'Line one\n\nLine three' },
        env,
      ),
    ]);
    expect(ok(got)).toMatchObject({ key: 'ENG-1', fields: { summary: 'First' } });
    expect(ok(created)).toMatchObject({ key: 'ENG0-99' });
    const sent = server.requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({
      fields: {
        project: { key: 'ENG0' },
        summary: 'Fix it',
        issuetype: { name: 'Bug' },
        description: {
          type: 'doc',
          version: 1,
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Line one' }] },
            { type: 'paragraph', content: [] },
            { type: 'paragraph', content: [{ type: 'text', text: 'Line three' }] },
          ],
        },
      },
    });
  });

  it('errors: {errorMessages, errors} typed by status; 401 names the basic-auth variables', async () => {
    const [missing, invalid, refused] = await Promise.all([
      call('jira', 'jira_issue_get', { issue_key: 'ENG-404' }, env),
      call('jira', 'jira_issue_create', { project_key: 'NOPE', summary: 'x', issue_type: 'Task' }, env),
      call(
        'jira',
        'jira_issue_get',
        { issue_key: 'ENG-1' },
        { ...env, TOOLSPEC_JIRA_PASSWORD: 'wrong-jira-token-777' },
      ),
    ]);
    expect(failed(missing)).toMatchObject({
      code: 'not_found',
      status: 404,
      vendor_message: 'Issue does not exist or you do not have permission to see it.',
    });
    const e = failed(invalid);
    expect(e).toMatchObject({
      code: 'invalid_input',
      status: 400,
      vendor_message: 'valid project is required',
    });
    expect(e.details).toEqual({ errors: { project: 'valid project is required' } });
    const u = failed(refused);
    expect(u.code).toBe('unauthorized');
    expect(u.hint).toContain('TOOLSPEC_JIRA_USERNAME and TOOLSPEC_JIRA_PASSWORD');
    expectNoSecrets([
      password,
      'wrong-jira-token-777',
      Buffer.from(`${username}:${password}`).toString('base64'),
    ]);
  });

  it('the site fills the host when no base URL is given; dry runs hide the credentials', async () => {
    const { TOOLSPEC_JIRA_BASE_URL: _, ...siteOnly } = env;
    const dry = ok(
      await toolspec(
        ['call', 'jira_issue_get', '--specs', ZOO('jira'), '--dry-run', '--input', '{"issue_key":"ENG-1"}'],
        siteOnly,
      ),
    );
    expect(dry.url).toBe('https://acme.atlassian.net/rest/api/3/issue/ENG-1');
    expect(dry.headers.authorization).toBe('Basic [redacted]');
    expectNoSecrets([password, Buffer.from(`${username}:${password}`).toString('base64')]);
  });
});
