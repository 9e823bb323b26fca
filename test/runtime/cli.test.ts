/** `toolspec call` and `toolspec list` as a user runs them: real processes against a loopback server. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ran, runChild } from '../support/children.js';
import { CLI_FROM_SOURCES } from '../support/paths.js';
import { RUNTIME_SPEC } from './support/fixture.js';
import { type Loopback, startLoopback } from './support/loopback.js';

const SECRET = 'cli-secret-token-42';

function toolspec(args: string[], env: Record<string, string> = {}, stdin?: string): Promise<Ran> {
  return runChild(process.execPath, [...CLI_FROM_SOURCES, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdin,
  });
}

let server: Loopback;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startLoopback((r) => {
    if (r.path === '/api/items/missing')
      return { status: 404, body: { error: { code: 'nf', message: 'no such item' } } };
    if (r.path === '/api/cq') {
      return r.query.start_cursor === 'c2'
        ? { body: { results: [{ id: 3 }], next_cursor: null, has_more: false } }
        : { body: { results: [{ id: 1 }, { id: 2 }], next_cursor: 'c2', has_more: true } };
    }
    return { body: { id: r.path.split('/').pop(), name: 'n' } };
  });
  env = { TOOLSPEC_RT_BASE_URL: `${server.url}/api`, TOOLSPEC_RT_TOKEN: SECRET };
});
afterAll(async () => {
  await server.close();
});

describe('toolspec call', () => {
  it('prints the mapped output, reads @file input and follows pages with --all', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolspec-cli-'));
    const file = join(dir, 'input.json');
    await writeFile(file, '{"item_id": "from-file"}');
    const [one, fromFile, all] = await Promise.all([
      toolspec(['call', 'rt_item_get', '--specs', RUNTIME_SPEC, '--input', '{"item_id": "a1"}'], env),
      toolspec(['call', 'rt_item_get', '--specs', RUNTIME_SPEC, '--input', `@${file}`], env),
      toolspec(['call', 'rt_list_cq', '--specs', RUNTIME_SPEC, '--all', '--max-items', '2'], env),
    ]);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual({ id: 'a1', name: 'n' });
    expect(JSON.parse(fromFile.stdout)).toEqual({ id: 'from-file', name: 'n' });
    const page = JSON.parse(all.stdout) as { items: unknown[]; has_more: boolean };
    expect(page.items).toEqual([{ id: 1 }, { id: 2 }]);
    expect(page.has_more).toBe(true);
    const sent = server.requests.find((r) => r.path === '/api/items/a1');
    expect(sent?.headers.authorization).toBe(`Bearer ${SECRET}`);
  });

  it('prints a typed error as JSON on stderr and exits 1, without the token', async () => {
    const [vendor, input, usage] = await Promise.all([
      toolspec(['call', 'rt_item_get', '--specs', RUNTIME_SPEC, '--input', '{"item_id": "missing"}'], env),
      toolspec(['call', 'rt_item_get', '--specs', RUNTIME_SPEC, '--input', '{"item_id": 7}'], env),
      toolspec(['call', 'rt_item_get', '--specs', RUNTIME_SPEC, '--input', 'not json'], env),
    ]);
    expect(vendor.code).toBe(1);
    expect(JSON.parse(vendor.stderr).error).toMatchObject({
      code: 'not_found',
      status: 404,
      vendor_message: 'no such item',
    });
    expect(vendor.stdout).toBe('');
    expect(input.code).toBe(1);
    expect(JSON.parse(input.stderr).error).toMatchObject({
      code: 'invalid_input',
      tool: 'rt_item_get',
      field: 'item_id',
    });
    expect(usage.code).toBe(2);
    for (const r of [vendor, input, usage]) expect(r.stdout + r.stderr).not.toContain(SECRET);
  });

  it('--dry-run prints the first request with secrets redacted, and sends nothing', async () => {
    const before = server.requests.length;
    const lines = [
      JSON.stringify({ tool: 'rt_item_create', input: { name: 'n', parent_id: 'p' } }),
      JSON.stringify({ tool: 'rt_item_get', input: { item_id: 'a b' } }),
      JSON.stringify({ tool: 'rt_item_get', input: { item_id: '..' } }),
      'garbage',
      '',
    ].join('\n');
    const [single, batch] = await Promise.all([
      toolspec(
        ['call', 'rt_item_get', '--specs', RUNTIME_SPEC, '--input', '{"item_id": "a1"}', '--dry-run'],
        env,
      ),
      toolspec(['call', '--dry-run', '--specs', RUNTIME_SPEC], env, lines),
    ]);
    expect(single.code).toBe(0);
    expect(JSON.parse(single.stdout)).toEqual({
      method: 'GET',
      url: `${server.url}/api/items/a1`,
      headers: expect.objectContaining({ authorization: 'Bearer [redacted]', 'x-rt-token-type': 'OAUTH' }),
      body: null,
    });
    const out = batch.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out).toHaveLength(4);
    expect(out[0]).toMatchObject({ method: 'POST', body: { name: 'n', parent: { id: 'p' }, kind: 'item' } });
    expect(out[1]).toMatchObject({ url: `${server.url}/api/items/a%20b` });
    expect(out[2]).toMatchObject({ error: { code: 'invalid_input' } });
    expect(out[3]).toHaveProperty('error');
    expect(batch.code).toBe(1);
    expect(single.stdout + batch.stdout + batch.stderr).not.toContain(SECRET);
    expect(server.requests.length).toBe(before);
  });

  it('takes connections from a connections file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolspec-cli-'));
    const file = join(dir, 'connections.json');
    await writeFile(file, JSON.stringify({ rt: { baseUrl: `${server.url}/api`, token: 'file-token-1234' } }));
    const r = await toolspec([
      'call',
      'rt_item_get',
      '--specs',
      RUNTIME_SPEC,
      '--input',
      '{"item_id": "f1"}',
      '--connections',
      file,
    ]);
    expect(r.code).toBe(0);
    expect(server.requests.find((q) => q.path === '/api/items/f1')?.headers.authorization).toBe(
      'Bearer file-token-1234',
    );
  });
});

describe('toolspec list', () => {
  it('lists the tools of a set, as text and as JSON', async () => {
    const [text, json, bad] = await Promise.all([
      toolspec(['list', '--specs', RUNTIME_SPEC]),
      toolspec(['list', '--specs', RUNTIME_SPEC, '--set', 'rt', '--read-only', '--json']),
      toolspec(['list', '--specs', RUNTIME_SPEC, '--set', 'nope']),
    ]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^rt_blob\s+read\s+Get a big document$/m);
    const rows = JSON.parse(json.stdout) as { name: string; effects: string[] }[];
    expect(rows.every((r) => r.effects.every((e) => e === 'read'))).toBe(true);
    expect(rows.map((r) => r.name)).toContain('rt_item_get');
    expect(bad.code).toBe(2);
  });
});
