import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser, TestApi } from './helpers.ts';

/**
 * spec §7 lightning trader management (updatePermissions, delTraders, permissionsList, beside trader/register and
 * trader/query): only the account's registered owner manages its traders; every field is validated.
 */
let api: TestApi;
let owner = '';
let trader = '';
let traderEmail = '';
let stranger = '';
const PASSWORD = 'Passw0rd!x';

beforeAll(async () => {
  api = await TestApi.start();
  owner = await api.token();
  traderEmail = await api.register(PASSWORD);
  trader = await api.token(traderEmail, PASSWORD);
  stranger = await api.token(await api.register(PASSWORD), PASSWORD);
}, 90_000);
afterAll(async () => api.close());

const post = <T>(token: string, path: string, body?: unknown) =>
  api.call<T>('POST', `/broker/lightning/trader/${path}`, { token, ...(body === undefined ? {} : { body }) });

interface Trader {
  traderId: string;
  email: string;
  permissions: string[];
}

describe('lightning traders', () => {
  it('an owner who has not registered manages no traders', async () => {
    expect((await post(owner, 'query')).data).toMatchObject({ registered: false });
    expect((await post(owner, 'permissionsList')).status).toBe(403);
    expect((await post(owner, 'updatePermissions', { email: traderEmail, permissions: ['order'] })).status).toBe(403);
  });

  it('the registered owner adds, changes, lists and removes a trader', async () => {
    expect((await post(owner, 'register')).data).toMatchObject({ registered: true });
    const added = await post<Trader>(owner, 'updatePermissions', { email: traderEmail.toUpperCase(), permissions: ['cancel', 'order'] });
    expect(added.code).toBe(200);
    // In the contract's order, whatever order they came in.
    expect(added.data).toMatchObject({ email: traderEmail, permissions: ['order', 'cancel'] });
    const changed = await post<Trader>(owner, 'updatePermissions', { email: traderEmail, permissions: ['close'] });
    expect(changed.data).toMatchObject({ traderId: added.data.traderId, permissions: ['close'] });
    expect((await post<Trader[]>(owner, 'permissionsList')).data.map((t) => [t.email, t.permissions])).toEqual([[traderEmail, ['close']]]);

    // The trader is not the owner: they see no list of their own and cannot remove themselves from the owner's.
    expect((await post(trader, 'permissionsList')).status).toBe(403);
    expect((await post(trader, 'delTraders', { traderIds: [added.data.traderId] })).status).toBe(403);
    // Another registered owner cannot touch this owner's rows: unknown, and nothing is removed.
    expect((await post(stranger, 'register')).code).toBe(200);
    expect((await post(stranger, 'delTraders', { traderIds: [added.data.traderId] })).status).toBe(400);
    expect((await post<Trader[]>(owner, 'permissionsList')).data).toHaveLength(1);
    // All or none: one unknown id refuses the call and keeps the known one.
    expect((await post(owner, 'delTraders', { traderIds: [added.data.traderId, '999999'] })).status).toBe(400);
    expect((await post<Trader[]>(owner, 'permissionsList')).data).toHaveLength(1);

    expect((await post<{ deleted: number }>(owner, 'delTraders', { traderIds: [added.data.traderId] })).data).toEqual({ deleted: 1 });
    expect((await post<Trader[]>(owner, 'permissionsList')).data).toEqual([]);
  });

  it('validates every field', async () => {
    const bad = [
      { email: 'not-an-email', permissions: ['order'] },
      { email: traderEmail, permissions: [] },
      { email: traderEmail, permissions: ['order', 'order'] },
      { email: traderEmail, permissions: ['withdraw'] },
      { permissions: ['order'] },
      // Unknown user, and the owner themselves.
      { email: 'nobody-here@firm.test', permissions: ['order'] },
      { email: demoUser.email, permissions: ['order'] },
    ];
    for (const body of bad) expect((await post(owner, 'updatePermissions', body)).status, JSON.stringify(body)).toBe(400);
    for (const body of [{ traderIds: [] }, { traderIds: ['abc'] }, { traderIds: ['1', '1'] }, {}]) {
      expect((await post(owner, 'delTraders', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await api.call('POST', '/broker/lightning/trader/permissionsList', {})).status).toBe(401);
  });
});
