/**
 * The sandbox answers every auth kind the language has, as the vendors place them: bearer (GitHub,
 * Slack, Stripe), basic (Jira, Twilio), API keys in a header (Linear's raw `Authorization`) and in
 * the query. Each example vendor's tools run through the sandbox toolkit (what `call --sandbox`
 * and `serve --sandbox` use) and none is refused for its credentials; a request without the credentials its set places is refused with a 401
 * that says what was expected; a basic credential is shown redacted with its scheme.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpecs, loadSpecTexts } from '../../language/load/load.js';
import { createSandboxToolkit, type SandboxExchange, startSandbox } from '../../sandbox/index.js';
import { REPO } from '../support/paths.js';

const ZOO = join(REPO, 'examples/specs');
const files = readdirSync(ZOO)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => join(ZOO, f));

const QUERY_KEY_SPEC = `toolspec: 1
set: qk
title: Query key API
description: An API that takes its key in the query.
server: { url: https://api.qk.example.test }
auth: { type: api_key, keys: [{ in: query, name: api_key, credential: api_key }] }
tools:
  - name: qk_item_get
    title: Get an item
    description: Returns one item by its id.
    effects: read
    method: GET
    path: /items/{item_id}
    inputs:
      item_id: { required: true, type: string, description: The item id. }
    examples:
      - name: basic
        input: { item_id: a1 }
        response: { body: { id: a1 } }
`;

describe('the sandbox and every auth kind', () => {
  it("refuses none of the example vendors' calls for their credentials (bearer, basic, API key header), and redacts them", async () => {
    const ir = loadSpecs(files);
    const seen: SandboxExchange[] = [];
    const { toolkit } = await createSandboxToolkit({ ir, onExchange: (e) => seen.push(e) });
    try {
      const kinds = new Set<string>();
      for (const set of ir.sets) {
        const tools = set.tools.filter((t) => t.examples.length > 0 && t.paging === null && t.poll === null);
        const outcomes = await Promise.all(
          tools.map((t) =>
            toolkit.call(t.name, t.examples[0]?.input).then(
              () => 'answered',
              (e: { code?: string }) => e.code ?? 'error',
            ),
          ),
        );
        // Whatever else the sandbox checks, no call of the set is refused for its credentials.
        expect(outcomes, set.name).not.toContain('unauthorized');
        kinds.add(set.auth.kind);
      }
      expect([...kinds].sort()).toEqual(['api_key', 'basic', 'bearer']);
      const shown = JSON.stringify(seen);
      expect(shown).toContain('Basic [redacted]');
      expect(shown).not.toMatch(/Basic (?!\[redacted\])/);
    } finally {
      await toolkit.close();
    }
  });

  it('takes an API key in the query', async () => {
    const { ir } = loadSpecTexts([{ file: 'qk.yaml', text: QUERY_KEY_SPEC }]);
    if (!ir) throw new Error('the query-key spec does not load');
    const { toolkit } = await createSandboxToolkit({ ir });
    try {
      expect(await toolkit.call('qk_item_get', { item_id: 'a1' })).toEqual({ id: 'a1' });
    } finally {
      await toolkit.close();
    }
  });

  it('refuses a request without the credentials its set places, saying what it expected', async () => {
    const ir = loadSpecs(files.filter((f) => /jira|linear/.test(f)));
    const sandbox = await startSandbox({ ir });
    try {
      const connections = sandbox.connections();
      for (const [set, expected] of [
        ['jira', /Basic <base64 of user:password>/],
        ['linear', /header Authorization/],
      ] as const) {
        const tool =
          ir.tools.find((t) => t.set === set && t.request.method === 'GET') ??
          ir.tools.find((t) => t.set === set);
        const example = tool?.examples[0];
        if (!tool || !example) throw new Error(`no tool of ${set} with an example`);
        const res = await fetch(`${connections[set]?.baseUrl}${example.request.path}`, {
          method: example.request.method,
        });
        expect(res.status, set).toBe(401);
        expect(await res.text(), set).toMatch(expected);
      }
    } finally {
      await sandbox.close();
    }
  });
});
