import { afterEach, describe, expect, it } from 'vitest';
import { dec, tradeSuite, type TradeApi } from './harness.ts';

/**
 * The USD-M trailing stop (server/trade/README.md "Order types"; Binance TRAILING_STOP_MARKET): the engine tracks
 * the best watched price since activation on every simulator event and fires a market order when the price
 * retraces by the callback rate. The market moves only when the test steps the simulator.
 */

interface Order {
  orderId: string;
  status: string;
  priceType: string;
  filledVolume: string;
  triggeredAt: string | null;
  callbackRate: string | null;
  activationPrice: string | null;
  trailExtreme: string | null;
}
interface Position {
  instrumentId: string;
  positionAmt: string;
}
interface Page<T> {
  dataList: T[];
}

let api: TradeApi;

tradeSuite((started) => {
  api = started;
}, { seed: 31, timeout: 180_000 });

const SYMBOL = 'ETHUSDT';
const send = (body: Record<string, unknown>) => api.post<Order>('/broker/lightning/futures/order/sendOrder', { instrumentId: SYMBOL, ...body });
const positions = async () => (await api.post<Position[]>('/broker/futures/position/query', {})).data;
const openOrders = async () => (await api.post<Order[]>('/lightning/futures/order/queryOpenOrder', {})).data;
const history = async () => (await api.post<Page<Order>>('/lightning/futures/order/pageOrder', { cursorCondition: { pageSize: 100 } })).data.dataList;
const orderById = async (id: string) => (await openOrders()).find((o) => o.orderId === id) ?? (await history()).find((o) => o.orderId === id);

async function mark() {
  // The control plane's mark: read after every step without spending the REST weight of premiumIndex.
  const response = await fetch(`${api.root}/sim/_control/mark?symbol=${SYMBOL}`);
  return dec(((await response.json()) as { markPrice: string }).markPrice);
}

afterEach(async () => {
  await api.post('/broker/lightning/futures/order/cancelAllOrder', {});
  for (const p of await positions()) await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: p.instrumentId });
});

describe('trailing stop', { timeout: 150_000 }, () => {
  it('a sell follows the highest mark since placing and fires at market when the mark falls the callback rate from it', async () => {
    const entry = await send({ direction: 'buy', priceType: 'market', volume: '1' });
    expect(entry.data.status).toBe('filled');
    let highest = await mark();
    const placed = await send({ direction: 'sell', priceType: 'trailing_stop_market', callbackRate: '0.1', volume: '1', reduceOnly: true });
    expect(placed.code).toBe(200);
    expect(placed.data).toMatchObject({ status: 'running', priceType: 'trailing_stop_market', callbackRate: '0.1', triggeredAt: null, filledVolume: '0' });
    expect((await openOrders()).map((o) => o.orderId)).toContain(placed.data.orderId);
    // Stepped in batches: the engine sees every event's mark, the test the mark after each batch. Until it fires,
    // every mark is above 99.9 % of the engine's best, which is at least the best the test saw.
    let fired = false;
    for (let i = 0; i < 400 && !fired; i++) {
      await api.step('usdm', SYMBOL, 50);
      const now = await mark();
      const order = (await orderById(placed.data.orderId))!;
      if (order.triggeredAt !== null) {
        fired = true;
        expect(dec(order.trailExtreme!).gte(highest)).toBe(true);
        break;
      }
      if (now.gt(highest)) highest = now;
      expect(now.gt(highest.mul('0.999'))).toBe(true);
    }
    expect(fired).toBe(true);
    const order = (await orderById(placed.data.orderId))!;
    expect(order.status).toBe('filled');
    expect(await positions()).toEqual([]);
  });

  it('refuses a callback rate outside 0.1–10 %, an activation price already passed, a stopPrice; holds nothing', async () => {
    const m = await mark();
    const low = await send({ direction: 'sell', priceType: 'trailing_stop_market', callbackRate: '0.05', volume: '1' });
    expect(low.status).toBe(400);
    expect(low.data).toMatchObject({ field: 'callbackRate' });
    const high = await send({ direction: 'sell', priceType: 'trailing_stop_market', callbackRate: '10.1', volume: '1' });
    expect(high.data).toMatchObject({ field: 'callbackRate', rule: 'callbackRate' });
    const none = await send({ direction: 'sell', priceType: 'trailing_stop_market', volume: '1' });
    expect(none.data).toMatchObject({ field: 'callbackRate' });
    const passed = await send({ direction: 'sell', priceType: 'trailing_stop_market', callbackRate: '1', activationPrice: m.sub(5).toFixed(2), volume: '1' });
    expect(passed.data).toMatchObject({ field: 'activationPrice', rule: 'immediateTrigger' });
    const onLimit = await send({ direction: 'buy', priceType: 'limit', price: m.sub(50).toFixed(2), callbackRate: '1', volume: '1' });
    expect(onLimit.data).toMatchObject({ field: 'callbackRate', rule: 'priceType' });
    const ok = await send({ direction: 'buy', priceType: 'trailing_stop_market', callbackRate: '2', activationPrice: m.sub(5).toFixed(2), volume: '1' });
    expect(ok.data).toMatchObject({ status: 'running', callbackRate: '2', activationPrice: m.sub(5).toFixed(2), trailExtreme: null });
    expect((await api.balances(3))('USDT').locked.isZero()).toBe(true);
  });
});
