/**
 * The `toolspec` bin as users run it: dist/bin/toolspec.js, the bundle `npm run build` makes
 * (scripts/bundle-cli.mjs; `npm ci` builds it). Every command runs from it, each loading its own
 * chunk, with the packages left outside the bundle loaded once from node_modules: a command
 * whose chunk lost a module, or that loaded a second copy of the runtime, fails here.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_HEADERS, spawnServeHttp } from '../mcp/support.js';
import { runChild } from '../support/children.js';
import { REPO } from '../support/paths.js';

const BIN = join(
  REPO,
  (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { bin: { toolspec: string } }).bin
    .toolspec,
);
const PAGE = '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a';

const run = (args: string[], cwd = REPO) =>
  runChild(process.execPath, [BIN, ...args], { cwd, timeoutMs: 60_000 });

async function connect(args: string[]): Promise<Client> {
  const client = new Client({ name: 'bin-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, ...args],
      cwd: REPO,
      env: getDefaultEnvironment(),
      stderr: 'ignore',
    }),
  );
  return client;
}

let work: string;
beforeAll(() => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build (npm ci runs it)`);
  work = mkdtempSync(join(tmpdir(), 'toolspec-bin-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the toolspec bin (the bundle)', () => {
  it('is the package bin and a bundle: its entry imports chunks of its own and packages, no file of dist/cli', () => {
    expect(BIN).toMatch(/dist[\\/]bin[\\/]toolspec\.js$/);
    const entry = readFileSync(BIN, 'utf8');
    expect(entry.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(entry).not.toMatch(/from ['"]\.\.\/cli\//);
  });

  it('validates, lists and dry-runs the shipped sets', async () => {
    expect((await run(['validate'])).stdout).toContain('ok: 4 set(s), 148 tool(s)');
    expect((await run(['list', '--set', 'notes'])).stdout).toContain('notes_page_get');
    const dry = await run([
      'call',
      'notes_page_get',
      '--dry-run',
      '--input',
      JSON.stringify({ page_id: PAGE }),
    ]);
    expect(JSON.parse(dry.stdout).url).toBe(`https://api.notion.com/v1/pages/${PAGE}`);
  });

  it('generates and imports (the generator, outside the bundle)', async () => {
    const out = join(work, 'gen');
    const gen = await run(['generate', join(REPO, 'test/fixtures/specs/mini.yaml'), '--out', out]);
    expect(gen.code).toBe(0);
    expect(existsSync(join(out, 'mini/validators.ts'))).toBe(true);
    const imported = await run([
      'import',
      join(REPO, 'test/fixtures/contracts/crm.openapi.json'),
      '--set',
      'crm',
      '--out',
      join(work, 'crm.yaml'),
    ]);
    expect(imported.code).toBe(0);
    expect(readFileSync(join(work, 'crm.yaml'), 'utf8')).toContain('set: crm');
  });

  it('serves the sandbox over stdio: lists every tool and answers a call', async () => {
    const client = await connect(['serve', '--sandbox']);
    try {
      expect((await client.listTools()).tools).toHaveLength(148);
      const r = await client.callTool({ name: 'notes_page_get', arguments: { page_id: PAGE } });
      expect(r.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });

  it('serves the sandbox over Streamable HTTP', async () => {
    const served = await spawnServeHttp(['--sandbox'], {}, { node: [BIN, 'serve'] });
    try {
      const res = await fetch(served.url, {
        method: 'POST',
        headers: {
          ...AUTH_HEADERS,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'bin-test', version: '1' },
          },
        }),
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('"serverInfo":{"name":"toolspec"');
    } finally {
      await served.stop();
    }
  });

  it('serves code mode (@toolspec/code, outside the bundle) on the sandbox', async () => {
    const client = await connect(['serve', '--code', '--sandbox']);
    try {
      const r = await client.callTool({
        name: 'execute',
        arguments: { code: `const p = await tools.notes_page_get({ page_id: '${PAGE}' }); return p.id;` },
      });
      expect(r.isError).toBeFalsy();
      expect(JSON.stringify(r.structuredContent ?? r.content)).toContain(PAGE);
    } finally {
      await client.close();
    }
  });
});
