/** The generated typed handlers call the real runtime: mini's golden handlers against the offline sandbox (loopback HTTP). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolkit } from '../../runtime/toolkit.js';
import type { Toolkit } from '../../runtime/types.js';
import { type Sandbox, startSandbox } from '../../sandbox/index.js';
import { miniItemGet, miniItemList, miniNoteCreate } from '../golden/mini/index.js';
import { fixtureIr } from './support.js';

let sandbox: Sandbox;
let toolkit: Toolkit;

beforeAll(async () => {
  const ir = fixtureIr();
  sandbox = await startSandbox({ ir });
  toolkit = createToolkit({ specs: ir, connections: sandbox.connections() });
});

afterAll(async () => {
  await toolkit.close();
  await sandbox.close();
});

describe('typed handlers', () => {
  it('call the tool through the toolkit and resolve to its output', async () => {
    expect(await miniItemGet(toolkit, { item_id: 'a1' })).toEqual({ id: 'a1', name: 'First' });
    expect(await miniNoteCreate(toolkit, { parent_id: 'p1', text: 'hello', tags: 'a, b' })).toEqual({
      id: 'n1',
    });
    const page = await miniItemList(toolkit, {});
    expect(page.items).toEqual([{ id: 'a1' }]);
    expect(page.has_more).toBe(false);
  });

  it('reject bad input with the runtime typed error, naming the tool and field', async () => {
    // @ts-expect-error item_id is required by the generated input type
    await expect(miniItemGet(toolkit, {})).rejects.toMatchObject({
      code: 'invalid_input',
      tool: 'mini_item_get',
      field: 'item_id',
    });
  });
});
