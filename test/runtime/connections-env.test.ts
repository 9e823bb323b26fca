/** Connection resolution shared by `toolspec call` and `toolspec serve`: environment, connections file, precedence. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolSetIR } from '../../language/ir/ir.js';
import { FileTokenStore } from '../../runtime/auth/stores.js';
import { loadConnections, tokenStoreFromEnv } from '../../runtime/connections/env.js';

const sets = [
  { name: 'notes', server: { url: 'https://api.notion.com', variables: [] } },
  {
    name: 'datastore',
    server: {
      url: 'https://{account}.snowflakecomputing.com',
      variables: [{ name: 'account', description: 'Account', default: null, pattern: null }],
    },
  },
  { name: 'mail', server: { url: 'https://graph.microsoft.com/v1.0', variables: [] } },
] as unknown as ToolSetIR[];

describe('loadConnections', () => {
  it('reads every variable of every set from the environment', async () => {
    const env = {
      TOOLSPEC_NOTES_TOKEN: 't1',
      TOOLSPEC_NOTES_BASE_URL: 'http://127.0.0.1:9/v1',
      TOOLSPEC_DATASTORE_ACCOUNT: 'myorg-acct',
      TOOLSPEC_DATASTORE_REFRESH_TOKEN: 'r1',
      TOOLSPEC_DATASTORE_CLIENT_ID: 'c1',
      TOOLSPEC_DATASTORE_CLIENT_SECRET: 's1',
      TOOLSPEC_DATASTORE_TOKEN_URL: 'https://idp.example/token',
    };
    expect(await loadConnections({ env, sets })).toEqual({
      notes: { token: 't1', baseUrl: 'http://127.0.0.1:9/v1' },
      datastore: {
        variables: { account: 'myorg-acct' },
        oauth: {
          refreshToken: 'r1',
          clientId: 'c1',
          clientSecret: 's1',
          tokenUrl: 'https://idp.example/token',
        },
      },
    });
  });

  it('merges a connections file under the environment', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolspec-conn-'));
    const file = join(dir, 'c.json');
    await writeFile(
      file,
      JSON.stringify({
        mail: { token: 'file-token', headers: { Prefer: 'outlook.body-content-type="text"' } },
        datastore: { variables: { account: 'from-file' }, oauth: { clientId: 'file-client' } },
      }),
    );
    const env = {
      TOOLSPEC_CONNECTIONS: file,
      TOOLSPEC_MAIL_TOKEN: 'env-token',
      TOOLSPEC_DATASTORE_CLIENT_ID: 'env-client',
    };
    const c = await loadConnections({ env, sets });
    expect(c.mail).toEqual({ token: 'env-token', headers: { Prefer: 'outlook.body-content-type="text"' } });
    expect(c.datastore).toEqual({ variables: { account: 'from-file' }, oauth: { clientId: 'env-client' } });
  });

  it('refuses a malformed file without echoing its content', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolspec-conn-'));
    const file = join(dir, 'c.json');
    await writeFile(file, JSON.stringify({ notes: { token: 123, secret: 'super-secret-value' } }));
    await expect(loadConnections({ env: {}, file, sets })).rejects.toThrow(/notes\.token/);
    await writeFile(file, '{ not json super-secret-value');
    const e = await loadConnections({ env: {}, file, sets }).catch((x: Error) => x);
    expect(String(e)).not.toContain('super-secret-value');
    await expect(loadConnections({ env: {}, file: join(dir, 'none.json'), sets })).rejects.toThrow(
      /not found/,
    );
  });

  it('names a file token store from TOOLSPEC_TOKEN_STORE', () => {
    expect(tokenStoreFromEnv({})).toBeUndefined();
    expect(tokenStoreFromEnv({ TOOLSPEC_TOKEN_STORE: '/tmp/x.json' })).toBeInstanceOf(FileTokenStore);
  });
});
