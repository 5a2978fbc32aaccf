import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api/app-client.ts';
import { session } from '../../../lib/session/index.ts';
import { tradeApi } from './trade-api.ts';

// Every trading call acts for the selected account (spec §3 session keyId: the session exchange's account, spec §4
// "Account list"): a call site that names no key sends the selected one; one that names a key sends its own.

const sent: Array<{ path: string; body: Record<string, unknown> }> = [];
const cursor = { cursor: null, pageSize: 10 as const, searchDirection: 'after' as const };

beforeEach(() => {
  sent.length = 0;
  vi.spyOn(api, 'post').mockImplementation(async (path: string, body?: unknown) => {
    sent.push({ path, body: (body ?? {}) as Record<string, unknown> });
    return [] as never;
  });
  session.setState({ exchangeCode: 'okx', accountList: [{ keyId: 'okx-7', brokerAccountId: 'b7', exchangeCode: 'okx', sortIndex: 0 }], keyId: 'okx-7' });
});
afterEach(() => {
  vi.restoreAllMocks();
  session.setState({ exchangeCode: 'binance', accountList: [], keyId: null });
});

const body = (path: string) => sent.find((s) => s.path === path)?.body;

describe('the trading calls name the selected account', () => {
  it('spot: orders, OCO, cancels, the trade account, balances, open orders and history', async () => {
    await tradeApi.sendOrder('spot', { instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'limit', price: '64000.1', volume: '0.001' });
    await tradeApi.sendOco({ instrumentId: 'BTCUSDT', direction: 'sell', price: '70000', stopPrice: '60000', stopLimitPrice: '59990', volume: '0.001' });
    await tradeApi.cancelOrder('spot', '12');
    await tradeApi.cancelAll('spot', 'BTCUSDT');
    await tradeApi.spotAccount();
    await tradeApi.balances(2);
    await tradeApi.openOrders('spot', '', { instrumentId: 'BTCUSDT' });
    await tradeApi.pageOrders('spot', '', cursor, {});
    await tradeApi.pageDeals('spot', '', cursor, {});
    for (const path of ['sendOrder', 'sendOcoOrder', 'cancelOrder', 'cancelAllOrder'].map((p) => `/broker/spot/order/${p}`)) {
      expect(body(path), path).toMatchObject({ exchangeKeyId: 'okx-7' });
    }
    expect(body('/broker/spot/account/query')).toEqual({ exchangeKeyId: 'okx-7' });
    expect(body('/broker/account/balance/query')).toEqual({ accountType: 2, exchangeKeyId: 'okx-7' });
    expect(body('/broker/spot/order/queryOpenOrder')).toEqual({ keyId: 'okx-7', instrumentId: 'BTCUSDT' });
    expect(body('/broker/spot/order/pageOrder')).toMatchObject({ queryCondition: { keyId: 'okx-7' } });
    expect(body('/broker/spot/trade/queryTrade')).toMatchObject({ queryCondition: { keyId: 'okx-7' } });
  });

  it('USD-M and transfers: the selected key when none is named, the named one otherwise', async () => {
    await tradeApi.sendOrder('usdm', { instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'market', volume: '0.01' });
    await tradeApi.cancelOrder('usdm', '3', 'other-key');
    await tradeApi.transferAvailable('USDT', 'MAIN_UMFUTURE');
    await tradeApi.transfer('USDT', 'MAIN_UMFUTURE', '10');
    await tradeApi.transfers(cursor);
    expect(body('/broker/lightning/futures/order/sendOrder')).toMatchObject({ exchangeKeyId: 'okx-7' });
    expect(body('/broker/lightning/futures/order/cancelOrder')).toEqual({ orderId: '3', exchangeKeyId: 'other-key' });
    expect(body('/broker/lightning/transfer/queryTransferAvailable')).toMatchObject({ exchangeKeyId: 'okx-7' });
    expect(body('/broker/lightning/transfer/submit')).toMatchObject({ exchangeKeyId: 'okx-7' });
    expect(body('/broker/lightning/transfer/pageTransfer')).toMatchObject({ queryCondition: { keyId: 'okx-7' } });
  });

  it('no account selected (signed out, or an exchange without one): no key is sent', async () => {
    session.setState({ keyId: null, accountList: [] });
    await tradeApi.sendOrder('spot', { instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'market', volume: '0.001' });
    await tradeApi.spotAccount();
    expect(body('/broker/spot/order/sendOrder')).not.toHaveProperty('exchangeKeyId');
    expect(body('/broker/spot/account/query')).toEqual({});
  });
});
