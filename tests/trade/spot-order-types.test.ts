import { afterEach, describe, expect, it } from 'vitest';
import { dec, tradeSuite, type TradeApi } from './harness.ts';

/**
 * Spot stop-limit and OCO orders in the sandbox (server/trade/README.md "Order types"): a stop-limit order holds
 * its funds from placing and fires on the simulator's last price into a resting limit order; an OCO's two legs
 * share one hold, and one leg filling or firing cancels the other. The market moves only when a test steps it.
 */

interface Order {
  orderId: string;
  status: string;
  priceType: string;
  price: string | null;
  volume: string;
  filledVolume: string;
  stopPrice: string | null;
  triggeredAt: string | null;
  ocoGroupId: string | null;
}
interface Page<T> {
  dataList: T[];
}

let api: TradeApi;

tradeSuite(async (started) => {
  api = started;
  // Base to sell: the demo user's trade account starts with USDT only.
  const bought = await api.post<Order>('/broker/spot/order/sendOrder', { instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'market', volume: '3' });
  expect(bought.data.filledVolume).toBe('3');
}, { seed: 31, timeout: 180_000 });

const SYMBOL = 'ETHUSDT';
const send = (body: Record<string, unknown>) => api.post<Order>('/broker/spot/order/sendOrder', { instrumentId: SYMBOL, ...body });
const sendOco = (body: Record<string, unknown>) =>
  api.post<{ ocoGroupId: string; dataList: Order[] }>('/broker/spot/order/sendOcoOrder', { instrumentId: SYMBOL, ...body });
const openOrders = async () => (await api.post<Order[]>('/broker/spot/order/queryOpenOrder', {})).data;
const history = async () => (await api.post<Page<Order>>('/broker/spot/order/pageOrder', { cursorCondition: { pageSize: 100 } })).data.dataList;
const orderById = async (id: string) => (await openOrders()).find((o) => o.orderId === id) ?? (await history()).find((o) => o.orderId === id);
const locked = async (asset: string) => (await api.balances(2))(asset).locked;

async function last() {
  const response = await fetch(`${api.root}/sim/api.binance.com/api/v3/ticker/price?symbol=${SYMBOL}`);
  return dec(((await response.json()) as { price: string }).price);
}

async function stepUntil(done: () => Promise<boolean>, limit = 3000): Promise<number> {
  for (let i = 0; i < limit; i++) {
    if (await done()) return i;
    await api.step('spot', SYMBOL, 1);
  }
  throw new Error(`not reached in ${limit} events`);
}

afterEach(async () => {
  await api.post('/broker/spot/order/cancelAllOrder', {});
  expect(await openOrders()).toEqual([]);
});

describe('spot stop-limit', { timeout: 120_000 }, () => {
  it('a buy holds limit × volume from placing, fires when the last price rises to its stop and rests as a limit order', async () => {
    const lockedBefore = await locked('USDT');
    const stopPrice = (await last()).add('0.05').toFixed(2);
    const price = dec(stopPrice).sub(100).toFixed(2);
    const placed = await send({ direction: 'buy', priceType: 'stop_limit', stopPrice, price, volume: '1' });
    expect(placed.code).toBe(200);
    expect(placed.data).toMatchObject({ status: 'running', priceType: 'stop_limit', stopPrice, triggeredAt: null, filledVolume: '0' });
    // Binance spot STOP_LOSS_LIMIT: the funds are held when the order is placed.
    expect((await locked('USDT')).sub(lockedBefore).eq(price)).toBe(true);
    await stepUntil(async () => {
      const now = await last();
      const order = (await orderById(placed.data.orderId))!;
      if (now.lt(stopPrice)) expect(order.triggeredAt).toBeNull();
      return order.triggeredAt !== null;
    });
    const fired = (await orderById(placed.data.orderId))!;
    expect(fired.status).toBe('running');
    expect((await openOrders()).map((o) => o.orderId)).toContain(placed.data.orderId);
    expect((await locked('USDT')).sub(lockedBefore).eq(price)).toBe(true);
    const cancelled = await api.post<Order>('/broker/spot/order/cancelOrder', { orderId: placed.data.orderId });
    expect(cancelled.data.status).toBe('cancelled');
    expect((await locked('USDT')).eq(lockedBefore)).toBe(true);
  });

  it('a sell below the last price fires when the price falls to it and takes the bids at or above its limit', async () => {
    const stopPrice = (await last()).sub('0.05').toFixed(2);
    const price = dec(stopPrice).sub(100).toFixed(2);
    const placed = await send({ direction: 'sell', priceType: 'stop_limit', stopPrice, price, volume: '0.5' });
    expect(placed.data.status).toBe('running');
    expect((await locked('ETH')).eq('0.5')).toBe(true);
    await stepUntil(async () => (await orderById(placed.data.orderId))!.status === 'filled');
    const filled = (await orderById(placed.data.orderId))!;
    expect(filled.triggeredAt).not.toBeNull();
    expect(filled.filledVolume).toBe('0.5');
    expect((await locked('ETH')).isZero()).toBe(true);
  });

  it('a stop at the last price is refused (immediateTrigger) and a stop-limit needs both prices; nothing is held', async () => {
    const l = (await last()).toFixed(2);
    const at = await send({ direction: 'buy', priceType: 'stop_limit', stopPrice: l, price: l, volume: '1' });
    expect(at.status).toBe(400);
    expect(at.data).toMatchObject({ field: 'stopPrice', rule: 'immediateTrigger' });
    const noPrice = await send({ direction: 'buy', priceType: 'stop_limit', stopPrice: dec(l).add(1).toFixed(2), volume: '1' });
    expect(noPrice.data).toMatchObject({ field: 'price' });
    const stopOnLimit = await send({ direction: 'buy', priceType: 'limit', stopPrice: l, price: '1', volume: '1' });
    expect(stopOnLimit.data).toMatchObject({ field: 'stopPrice', rule: 'priceType' });
    expect((await locked('USDT')).isZero()).toBe(true);
  });
});

describe('spot OCO', { timeout: 120_000 }, () => {
  it('refuses prices in the wrong relation, naming the rule', async () => {
    const l = await last();
    const limitBelow = await sendOco({ direction: 'sell', price: l.sub(1).toFixed(2), stopPrice: l.sub(2).toFixed(2), stopLimitPrice: l.sub(3).toFixed(2), volume: '0.5' });
    expect(limitBelow.status).toBe(400);
    expect(limitBelow.data).toMatchObject({ field: 'price', rule: 'ocoPriceRelation' });
    const stopAbove = await sendOco({ direction: 'buy', price: l.sub(5).toFixed(2), stopPrice: l.sub(1).toFixed(2), stopLimitPrice: l.toFixed(2), volume: '0.5' });
    expect(stopAbove.data).toMatchObject({ field: 'stopPrice', rule: 'ocoPriceRelation' });
    expect(await openOrders()).toEqual([]);
  });

  it('a sell OCO holds the volume once; both legs show linked; cancelling one cancels both and releases the hold', async () => {
    const l = await last();
    const placed = await sendOco({ direction: 'sell', price: l.add(200).toFixed(2), stopPrice: l.sub(200).toFixed(2), stopLimitPrice: l.sub(210).toFixed(2), volume: '0.5' });
    expect(placed.code).toBe(200);
    const [limit, stop] = placed.data.dataList;
    expect(limit).toMatchObject({ priceType: 'limit', ocoGroupId: placed.data.ocoGroupId, status: 'running' });
    expect(stop).toMatchObject({ priceType: 'stop_limit', ocoGroupId: placed.data.ocoGroupId, triggeredAt: null });
    expect((await locked('ETH')).eq('0.5')).toBe(true);
    const open = await openOrders();
    expect(open.filter((o) => o.ocoGroupId === placed.data.ocoGroupId)).toHaveLength(2);
    await api.post('/broker/spot/order/cancelOrder', { orderId: stop!.orderId });
    expect((await orderById(limit!.orderId))!.status).toBe('cancelled');
    expect((await orderById(stop!.orderId))!.status).toBe('cancelled');
    expect((await locked('ETH')).isZero()).toBe(true);
  });

  it('the stop leg firing cancels the limit leg in the same step and takes over the hold', async () => {
    const l = await last();
    const stopPrice = l.sub('0.05').toFixed(2);
    const placed = await sendOco({ direction: 'sell', price: l.add(200).toFixed(2), stopPrice, stopLimitPrice: dec(stopPrice).sub(100).toFixed(2), volume: '0.5' });
    const [limit, stop] = placed.data.dataList;
    await stepUntil(async () => (await orderById(stop!.orderId))!.triggeredAt !== null);
    expect((await orderById(stop!.orderId))!.status).toBe('filled');
    expect((await orderById(limit!.orderId))!.status).toBe('cancelled');
    expect((await locked('ETH')).isZero()).toBe(true);
  });

  it('the limit leg filling cancels the stop leg', async () => {
    const l = await last();
    const placed = await sendOco({ direction: 'buy', price: l.sub('0.05').toFixed(2), stopPrice: l.add(200).toFixed(2), stopLimitPrice: l.add(210).toFixed(2), volume: '0.5' });
    expect(placed.code).toBe(200);
    const [limit, stop] = placed.data.dataList;
    // The buy's one hold is the larger leg's quote: the stop-limit leg's.
    expect((await locked('USDT')).eq(l.add(210).toDecimalPlaces(2).mul('0.5'))).toBe(true);
    await stepUntil(async () => (await orderById(limit!.orderId))!.filledVolume !== '0');
    expect((await orderById(stop!.orderId))!.status).toBe('cancelled');
  });
});
