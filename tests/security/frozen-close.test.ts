import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dec, TradeApi } from '../trade/harness.ts';

/**
 * spec §4 "Account freeze: it disables withdrawals and exchange". A frozen account opens nothing new, but it
 * may still reduce the risk it already carries: close a position (closePosition, or a reduce-only order)
 * and cancel its resting orders. Refusing those would leave a frozen customer exposed to the market with
 * no way out (server/trade/README.md "Frozen accounts").
 */
describe('frozen account: risk may go down, never up', () => {
  let api: TradeApi;
  const email = 'demo@tradingdesk.test';
  const freeze = async (frozen: boolean) => expect((await api.call('POST', '/_dev/account', { body: { email, frozen } })).code).toBe(200);
  const positions = async () =>
    (await api.post<Array<{ instrumentId: string; positionAmt: string }>>('/broker/futures/position/query', { instrumentId: 'BTCUSDT' })).data;
  const btc = { instrumentId: 'BTCUSDT', priceType: 'market' };

  beforeAll(async () => {
    api = await TradeApi.startTrade();
  });
  afterAll(async () => api.close());

  it('closes part of a position with a reduce-only order and the rest with closePosition; opens nothing', async () => {
    expect((await api.post('/broker/lightning/futures/order/sendOrder', { ...btc, direction: 'buy', volume: '0.02' })).code).toBe(200);
    expect(dec((await positions())[0]!.positionAmt).toFixed()).toBe('0.02');
    await freeze(true);
    try {
      // Opening or adding: refused (10011), spot too.
      expect((await api.post('/broker/lightning/futures/order/sendOrder', { ...btc, direction: 'buy', volume: '0.01' })).code).toBe(10011);
      expect((await api.post('/broker/lightning/futures/order/sendOrder', { ...btc, direction: 'sell', volume: '0.01' })).code).toBe(10011);
      expect((await api.post('/broker/spot/order/sendOrder', { ...btc, direction: 'buy', volume: '0.001' })).code).toBe(10011);
      // Reducing: allowed.
      const reduce = await api.post('/broker/lightning/futures/order/sendOrder', { ...btc, direction: 'sell', volume: '0.005', reduceOnly: true });
      expect(reduce.code).toBe(200);
      expect(dec((await positions())[0]!.positionAmt).toFixed()).toBe('0.015');
      // A reduce-only order that would flip the position is still refused by the engine (10105).
      expect((await api.post('/broker/lightning/futures/order/sendOrder', { ...btc, direction: 'buy', volume: '0.01', reduceOnly: true })).code).toBe(10105);
      const close = await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: 'BTCUSDT' });
      expect(close.code).toBe(200);
      expect(await positions()).toEqual([]);
    } finally {
      await freeze(false);
    }
  });
});
