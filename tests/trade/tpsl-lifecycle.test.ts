import { afterEach, describe, expect, it } from 'vitest';
import { dec, tradeSuite, type TradeApi } from './harness.ts';

/**
 * Take-profit / stop-loss orders live only as long as their position (server/trade/README.md "Order types"):
 * whatever brings the position (pair + position side) to zero — a market close, an opposite order's fill at once
 * or resting, the other leg firing — cancels its open TP/SL in the same transaction (`cancelled`, shown in the
 * order history), and nothing stays held. A TP/SL on the wrong side of the watched price is refused (400
 * `immediateTrigger`, Binance -2021) and nothing is placed. Every scenario leaves the ledger clean (tradeSuite).
 */

interface Order {
  orderId: string;
  status: string;
  positionSide: string;
  tpsl: string | null;
  closePosition: boolean;
}
interface Position {
  instrumentId: string;
  positionSide: string;
  positionAmt: string;
}
interface Page<T> {
  dataList: T[];
}

let api: TradeApi;

tradeSuite((started) => {
  api = started;
}, { seed: 41 });

const send = (body: Record<string, unknown>) => api.post<Order>('/broker/lightning/futures/order/sendOrder', body);
const positions = async () => (await api.post<Position[]>('/broker/futures/position/query', {})).data;
const openOrders = async () => (await api.post<Order[]>('/lightning/futures/order/queryOpenOrder', {})).data;
const history = async () => (await api.post<Page<Order>>('/lightning/futures/order/pageOrder', { cursorCondition: { pageSize: 100 } })).data.dataList;
const statusOf = async (id: string) => (await history()).find((o) => o.orderId === id)?.status ?? (await openOrders()).find((o) => o.orderId === id)?.status;
const engine = async () => ((await (await fetch(`${api.base}/_dev/trade/engine`)).json()) as { data: { watched: number; resting: number } }).data;
const setTpSl = (body: Record<string, unknown>) => api.post<Order[]>('/broker/lightning/futures/position/tpsl', body);

async function mark(symbol: string) {
  const response = await fetch(`${api.root}/sim/fapi.binance.com/fapi/v1/premiumIndex?symbol=${symbol}`);
  return dec(((await response.json()) as { markPrice: string }).markPrice);
}

/** A TP and a SL far from the mark (they do not fire while a test runs), at the pair's tick. */
async function farTpSl(symbol: string, long: boolean, decimals: number) {
  const m = await mark(symbol);
  const up = m.mul('1.2').toDecimalPlaces(decimals).toFixed();
  const down = m.mul('0.8').toDecimalPlaces(decimals).toFixed();
  return long ? { takeProfitPrice: up, stopLossPrice: down } : { takeProfitPrice: down, stopLossPrice: up };
}

/** The open TP/SL orders, after every queued change settled. */
async function openTpSl(positionSide?: string) {
  return (await openOrders()).filter((o) => o.closePosition && (positionSide === undefined || o.positionSide === positionSide));
}

async function expectNoOrphans(ids: string[]) {
  for (const id of ids) expect(await statusOf(id), id).toBe('cancelled');
  expect(await openTpSl()).toEqual([]);
  expect((await engine()).watched).toBe(0);
  expect((await api.balances(3))('USDT').locked.isZero()).toBe(true);
}

async function closeAll(): Promise<void> {
  await api.post('/broker/lightning/futures/order/cancelAllOrder', {});
  for (const p of await positions()) {
    await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: p.instrumentId, positionSide: p.positionSide === 'BOTH' ? undefined : p.positionSide });
  }
  expect(await positions()).toEqual([]);
}

/** Steps the simulator one event at a time until `done` (at most `limit` events). */
async function stepUntil(symbol: string, done: () => Promise<boolean>, limit = 3000): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await done()) return;
    await api.step('usdm', symbol, 1);
  }
  throw new Error(`not reached in ${limit} events`);
}

describe('TP/SL end with their position (one-way mode)', () => {
  afterEach(closeAll);

  it('closing the long at market cancels its TP and SL, shown as cancelled in the order history', async () => {
    expect((await send({ instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'market', volume: '0.01' })).code).toBe(200);
    const set = await setTpSl({ instrumentId: 'BTCUSDT', ...(await farTpSl('BTCUSDT', true, 1)) });
    expect(set.code).toBe(200);
    expect(set.data.map((o) => o.tpsl).sort()).toEqual(['stop_loss', 'take_profit']);
    const close = await api.post<Order>('/broker/lightning/futures/order/closePosition', { instrumentId: 'BTCUSDT' });
    expect(close.data.status).toBe('filled');
    expect(await positions()).toEqual([]);
    await expectNoOrphans(set.data.map((o) => o.orderId));
  });

  it('TP/SL given with the entry are cancelled when an opposite market order closes the position', async () => {
    const entry = await send({ instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'market', volume: '1', ...(await farTpSl('ETHUSDT', true, 2)) });
    expect(entry.code).toBe(200);
    const legs = await openTpSl();
    expect(legs).toHaveLength(2);
    expect((await send({ instrumentId: 'ETHUSDT', direction: 'sell', priceType: 'market', volume: '1' })).data.status).toBe('filled');
    expect(await positions()).toEqual([]);
    await expectNoOrphans(legs.map((o) => o.orderId));
  });

  it('an opposite order that flips the position cancels the old TP/SL; the new position has none', async () => {
    expect((await send({ instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'market', volume: '1' })).code).toBe(200);
    const set = await setTpSl({ instrumentId: 'ETHUSDT', ...(await farTpSl('ETHUSDT', true, 2)) });
    expect(set.code).toBe(200);
    expect((await send({ instrumentId: 'ETHUSDT', direction: 'sell', priceType: 'market', volume: '2' })).code).toBe(200);
    expect(dec((await positions())[0]!.positionAmt).eq(-1)).toBe(true);
    await expectNoOrphans(set.data.map((o) => o.orderId));
  });

  it('a resting reduce-only limit close filled by a market event cancels the TP/SL in that fill', async () => {
    expect((await send({ instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'market', volume: '1' })).code).toBe(200);
    const set = await setTpSl({ instrumentId: 'ETHUSDT', ...(await farTpSl('ETHUSDT', true, 2)) });
    const book = await api.book('usdm', 'ETHUSDT', 3);
    const price = dec(book.asks[0]![0]).add('0.01').toFixed();
    const close = await send({ instrumentId: 'ETHUSDT', direction: 'sell', priceType: 'limit', price, volume: '1', reduceOnly: true, postOnly: true });
    expect(close.data.status).toBe('running');
    await stepUntil('ETHUSDT', async () => (await statusOf(close.data.orderId)) === 'filled');
    expect(await positions()).toEqual([]);
    await expectNoOrphans(set.data.map((o) => o.orderId));
  });

  it('the take-profit firing closes the position and cancels the stop-loss (one cancels the other)', async () => {
    expect((await send({ instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'market', volume: '0.01' })).code).toBe(200);
    const m = await mark('BTCUSDT');
    const takeProfitPrice = m.add('0.1').toDecimalPlaces(1, 0).toFixed();
    const set = await setTpSl({ instrumentId: 'BTCUSDT', takeProfitPrice, stopLossPrice: m.mul('0.8').toDecimalPlaces(1).toFixed() });
    expect(set.code).toBe(200);
    const tp = set.data.find((o) => o.tpsl === 'take_profit')!;
    const sl = set.data.find((o) => o.tpsl === 'stop_loss')!;
    await stepUntil('BTCUSDT', async () => (await statusOf(tp.orderId)) === 'filled');
    expect(await positions()).toEqual([]);
    await expectNoOrphans([sl.orderId]);
  });
});

describe('TP/SL refused when they would trigger at once', () => {
  afterEach(closeAll);

  it('a long’s stop-loss above the mark (or take-profit below it) is refused with 400 immediateTrigger and nothing is placed', async () => {
    expect((await send({ instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'market', volume: '0.01' })).code).toBe(200);
    const kept = await setTpSl({ instrumentId: 'BTCUSDT', ...(await farTpSl('BTCUSDT', true, 1)) });
    const before = (await history()).length;
    const m = await mark('BTCUSDT');
    const above = m.add(50).toDecimalPlaces(1).toFixed();
    const below = m.sub(50).toDecimalPlaces(1).toFixed();
    for (const body of [{ stopLossPrice: above }, { takeProfitPrice: below }, { takeProfitPrice: m.mul('1.2').toDecimalPlaces(1).toFixed(), stopLossPrice: above }]) {
      const reply = await setTpSl({ instrumentId: 'BTCUSDT', ...body });
      expect(reply.code, JSON.stringify(body)).toBe(400);
      expect(reply.msg).toMatch(/current price/);
      expect((reply.data as unknown as { rule: string }).rule).toBe('immediateTrigger');
    }
    // The refusal left the position's TP/SL as they were, and placed nothing.
    expect((await openTpSl()).map((o) => o.orderId).sort()).toEqual(kept.data.map((o) => o.orderId).sort());
    expect((await history()).length).toBe(before);
    // With an entry: the whole order is refused, no position, no order.
    await closeAll();
    const orders = (await history()).length;
    const entry = await send({ instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'market', volume: '0.01', stopLossPrice: (await mark('BTCUSDT')).add(50).toDecimalPlaces(1).toFixed() });
    expect(entry.code).toBe(400);
    expect((entry.data as unknown as { field: string; rule: string })).toMatchObject({ field: 'stopLossPrice', rule: 'immediateTrigger' });
    expect(await positions()).toEqual([]);
    expect(await openOrders()).toEqual([]);
    expect((await history()).length).toBe(orders);
  });
});

describe('hedge mode', () => {
  afterEach(async () => {
    await closeAll();
    expect((await api.post('/broker/lightning/account/changePositionSide', { positionSide: 'oneWay' })).code).toBe(200);
  });

  it('closing the long cancels only the long’s TP/SL; the short’s stay open and watched', async () => {
    expect((await api.post('/broker/lightning/account/changePositionSide', { positionSide: 'hedge' })).code).toBe(200);
    expect((await send({ instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'market', volume: '0.01', positionSide: 'LONG' })).code).toBe(200);
    expect((await send({ instrumentId: 'BTCUSDT', direction: 'sell', priceType: 'market', volume: '0.01', positionSide: 'SHORT' })).code).toBe(200);
    const longs = await setTpSl({ instrumentId: 'BTCUSDT', positionSide: 'LONG', ...(await farTpSl('BTCUSDT', true, 1)) });
    const shorts = await setTpSl({ instrumentId: 'BTCUSDT', positionSide: 'SHORT', ...(await farTpSl('BTCUSDT', false, 1)) });
    expect(longs.code).toBe(200);
    expect(shorts.code).toBe(200);
    const close = await api.post<Order>('/broker/lightning/futures/order/closePosition', { instrumentId: 'BTCUSDT', positionSide: 'LONG' });
    expect(close.data.status).toBe('filled');
    for (const o of longs.data) expect(await statusOf(o.orderId)).toBe('cancelled');
    expect((await openTpSl('SHORT')).map((o) => o.orderId).sort()).toEqual(shorts.data.map((o) => o.orderId).sort());
    expect(await openTpSl('LONG')).toEqual([]);
    expect((await engine()).watched).toBe(2);
    // An opposite hedge order on the short side closes it and takes its TP/SL with it.
    expect((await send({ instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'market', volume: '0.01', positionSide: 'SHORT' })).code).toBe(200);
    await expectNoOrphans(shorts.data.map((o) => o.orderId));
  });
});

describe('a burst of concurrent closes', () => {
  afterEach(closeAll);

  it('10 concurrent partial closes (and 10 full ones) leave no orphan TP/SL and a clean ledger', async () => {
    for (const [volume, each] of [['1', '0.1'], ['1', null]] as const) {
      expect((await send({ instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'market', volume })).code).toBe(200);
      const set = await setTpSl({ instrumentId: 'ETHUSDT', ...(await farTpSl('ETHUSDT', true, 2)) });
      expect(set.code).toBe(200);
      const replies = await Promise.all(
        Array.from({ length: 10 }, () => api.post<Order>('/broker/lightning/futures/order/closePosition', { instrumentId: 'ETHUSDT', ...(each ? { volume: each } : {}) })),
      );
      expect(replies.filter((r) => r.code === 200).length).toBe(each ? 10 : 1);
      expect(replies.every((r) => r.code === 200 || r.code === 10105)).toBe(true);
      expect(await positions()).toEqual([]);
      await expectNoOrphans(set.data.map((o) => o.orderId));
      expect(await api.ledgerViolations()).toEqual([]);
    }
  });
});
