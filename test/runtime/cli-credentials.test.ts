/**
 * `toolspec call` without a credential, as a stranger first runs it: a real process against a
 * loopback vendor that records requests. The call exits 1 with a `configuration` error naming the
 * variable and sends nothing; a shipped set without any configuration never tries the vendor's
 * host; the dry run marks what is missing; an unknown tool name gets the nearest one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ran, runChild } from '../support/children.js';
import { CLI_FROM_SOURCES } from '../support/paths.js';
import { RUNTIME_SPEC } from './support/fixture.js';
import { type Loopback, startLoopback } from './support/loopback.js';

function toolspec(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  return runChild(process.execPath, [...CLI_FROM_SOURCES, ...args], {
    env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1', ...env },
  });
}

const printedError = (r: Ran) => (JSON.parse(r.stderr) as { error: Record<string, unknown> }).error;

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback(() => ({ body: { id: 'a1', name: 'n' } }));
});
afterAll(async () => {
  await server.close();
});

describe('toolspec call without a credential', () => {
  it('exits 1 naming the variable, sends nothing; the dry run marks it missing', async () => {
    const env = { TOOLSPEC_RT_BASE_URL: `${server.url}/api` };
    const input = ['--specs', RUNTIME_SPEC, '--input', '{"item_id": "a1"}'];
    const [call, dry] = await Promise.all([
      toolspec(['call', 'rt_item_get', ...input], env),
      toolspec(['call', 'rt_item_get', ...input, '--dry-run'], env),
    ]);
    expect(call.code).toBe(1);
    expect(call.stdout).toBe('');
    expect(printedError(call)).toMatchObject({
      code: 'configuration',
      tool: 'rt_item_get',
      field: 'TOOLSPEC_RT_TOKEN',
      retryable: false,
      details: { set: 'rt', missing: ['TOOLSPEC_RT_TOKEN'] },
    });
    expect(printedError(call).message).toContain(
      'TOOLSPEC_RT_TOKEN (or TOOLSPEC_RT_REFRESH_TOKEN) is not set',
    );
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout).headers).toMatchObject({
      authorization: 'Bearer [missing: TOOLSPEC_RT_TOKEN (or TOOLSPEC_RT_REFRESH_TOKEN)]',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('a shipped set with nothing configured names TOOLSPEC_NOTES_TOKEN instead of trying the vendor', async () => {
    const r = await toolspec(['call', 'notes_user_list', '--shipped']);
    expect(r.code).toBe(1);
    const e = printedError(r);
    expect(e.code).toBe('configuration');
    expect(e.message).toContain('TOOLSPEC_NOTES_TOKEN');
    expect(r.stderr).not.toMatch(/ENOTFOUND|getaddrinfo|network_error/);
  });

  it('an unknown tool name gets the nearest one', async () => {
    const r = await toolspec(['call', 'notes_page_gett', '--shipped', '--input', '{"page_id": "p"}']);
    expect(r.code).toBe(1);
    expect(printedError(r)).toMatchObject({
      code: 'invalid_input',
      field: 'tool',
      message: 'unknown tool notes_page_gett; did you mean notes_page_get?',
    });
  });
});
