/** `toolspec demo` runs offline end to end and exits 0. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI_FROM_SOURCES } from '../support/paths.js';
import { REPO } from './support.js';

describe('toolspec demo', () => {
  it('runs a scripted MCP session against the sandbox and prints requests and results', () => {
    const r = spawnSync(process.execPath, [...CLI_FROM_SOURCES, 'demo', '--sets', 'notes,crm'], {
      cwd: REPO,
      encoding: 'utf8',
      env: { ...process.env, NODE_NO_WARNINGS: '1' },
      timeout: 120_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(/SANDBOX MODE/);
    for (const step of ['notes read', 'notes list', 'notes create', 'crm read', 'crm list', 'crm create']) {
      expect(out).toContain(`[${step}] tools/call `);
    }
    expect(out).toContain('[crm list, next page] tools/call crm_list_records');
    expect(out).toMatch(/request {2}GET http:\/\/127\.0\.0\.1:\d+\/notes\/v1\/pages\//);
    expect(out).toContain('authorization: Bearer [redacted]');
    expect(out).not.toMatch(/toolspec-sandbox-token/);
    expect(out).not.toMatch(/ERROR/);
    expect(out).toMatch(/scripted calls answered by the sandbox/);
  }, 150_000);
});
