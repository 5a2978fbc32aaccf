import { describe, expect, it } from 'vitest';
import { unorderedUser } from '../../server/identity/seed.ts';
import { tradeSuite, type TradeApi } from './harness.ts';

/**
 * spec §4 "Account list": "If no account has a sort index, the first account is made the default via a call and
 * selected." The sandbox seeds a user whose accounts were never ordered (server/identity/seed.ts unorderedUser).
 */
let api: TradeApi;
tradeSuite((a) => {
  api = a;
});

interface Listing {
  keyId: string;
  exchangeCode: string;
  sortIndex: number | null;
}

describe('the default account', () => {
  it('lists the unordered user without sort indexes until the first account is made the default', async () => {
    const token = await api.token(unorderedUser.email, unorderedUser.password);
    const list = async () => (await api.call<{ accountList: Listing[] }>('POST', '/broker/lightning/queryBrokerOptions', { token, body: {} })).data.accountList;
    const before = await list();
    expect(before.map((a) => [a.exchangeCode, a.sortIndex])).toEqual([
      ['binance', null],
      ['okx', null],
      ['bybit', null],
    ]);

    // Another user's key is refused and changes nothing.
    const others = (await api.call<{ accountList: Listing[] }>('POST', '/broker/lightning/queryBrokerOptions', { token: api.userToken, body: {} })).data.accountList;
    const refused = await api.call<{ field: string; rule: string }>('POST', '/broker/lightning/setDefaultAccount', { token, body: { keyId: others[1]!.keyId } });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ field: 'keyId', rule: 'unknownKey' });
    expect((await list()).every((a) => a.sortIndex === null)).toBe(true);

    const first = before[0]!;
    const made = await api.call<{ keyId: string }>('POST', '/broker/lightning/setDefaultAccount', { token, body: { keyId: first.keyId } });
    expect(made.code).toBe(200);
    expect((await list()).map((a) => [a.exchangeCode, a.sortIndex])).toEqual([
      ['binance', 1],
      ['okx', 2],
      ['bybit', 3],
    ]);
  });

  it('puts another venue’s account first when that one is made the default', async () => {
    const token = api.userToken;
    const list = async () => (await api.call<{ accountList: Listing[] }>('POST', '/broker/lightning/queryBrokerOptions', { token, body: {} })).data.accountList;
    const bybit = (await list()).find((a) => a.exchangeCode === 'bybit')!;
    expect((await api.call('POST', '/broker/lightning/setDefaultAccount', { token, body: { keyId: bybit.keyId } })).code).toBe(200);
    const sorted = [...(await list())].sort((a, b) => a.sortIndex! - b.sortIndex!);
    expect(sorted[0]!.exchangeCode).toBe('bybit');
  });
});
