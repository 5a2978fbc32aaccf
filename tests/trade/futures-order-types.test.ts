import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TradeApi, dec, tradeSuite } from './harness.ts';

/**
 * Issue 18 order types in the sandbox (server/trade/README.md "Order types"): time in force, post-only, stop
 * orders fired by the simulator's mark or last price, take-profit / stop-loss on entry and on a position,
 * reduce-only, isolated margin added and removed. The market moves only when a test steps the simulator.
 */

interface Order {
  orderId: string;
  status: string;
  priceType: string;
  volume: string;
  filledVolume: string;
  averagePrice: string | null;
  stopPrice: string | null;
  triggeredAt: string | null;
  timeInForce: string;
  tpsl: string | null;
  closePosition: boolean;
}
interface Position {
  instrumentId: string;
  positionAmt: string;
  margin: string;
  takeProfitPrice: string | null;
  stopLossPrice: string | null;
}
interface Page<T> {
  dataList: T[];
}

let api: TradeApi;

tradeSuite((started) => {
  api = started;
}, { seed: 31 });

const send = (body: Record<string, unknown>) => api.post<Order>('/broker/lightning/futures/order/sendOrder', body);
const positions = async () => (await api.post<Position[]>('/broker/futures/position/query', {})).data;
const position = async (symbol: string) => (await positions()).find((p) => p.instrumentId === symbol);
const openOrders = async () => (await api.post<Order[]>('/lightning/futures/order/queryOpenOrder', {})).data;
const history = async () => (await api.post<Page<Order>>('/lightning/futures/order/pageOrder', { cursorCondition: { pageSize: 100 } })).data.dataList;
const orderById = async (id: string) => (await openOrders()).find((o) => o.orderId === id) ?? (await history()).find((o) => o.orderId === id);

async function mark(symbol: string) {
  const response = await fetch(`${api.root}/sim/fapi.binance.com/fapi/v1/premiumIndex?symbol=${symbol}`);
  return dec(((await response.json()) as { markPrice: string }).markPrice);
}

async function last(symbol: string) {
  const response = await fetch(`${api.root}/sim/fapi.binance.com/fapi/v1/ticker/price?symbol=${symbol}`);
  return dec(((await response.json()) as { price: string }).price);
}

async function closeAll(): Promise<void> {
  await api.post('/broker/lightning/futures/order/cancelAllOrder', {});
  for (const p of await positions()) await api.post('/broker/lightning/futures/order/closePosition', { instrumentId: p.instrumentId });
  expect(await positions()).toEqual([]);
}

describe('time in force and post-only', () => {
  afterEach(closeAll);

  it('IOC takes what crosses now and cancels the rest (partial_canceled, nothing held, nothing resting)', async () => {
    const book = await api.book('usdm', 'ETHUSDT', 3);
    const [ask, askQty] = book.asks[0]!;
    const volume = dec(askQty).add(1).toFixed();
    const reply = await send({ instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'limit', price: ask, volume, timeInForce: 'IOC' });
    expect(reply.code).toBe(200);
    expect(reply.data.status).toBe('partial_canceled');
    expect(reply.data.timeInForce).toBe('IOC');
    expect(reply.data.filledVolume).toBe(dec(askQty).toFixed());
    expect(await openOrders()).toEqual([]);
    expect((await api.balances(3))('USDT').locked.isZero()).toBe(true);
    expect(dec((await position('ETHUSDT'))!.positionAmt).eq(askQty)).toBe(true);
  });

  it('IOC that crosses nothing expires with nothing filled', async () => {
    const book = await api.book('usdm', 'ETHUSDT', 3);
    const price = dec(book.bids[0]![0]).sub(10).toFixed();
    const reply = await send({ instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'limit', price, volume: '1', timeInForce: 'IOC' });
    expect(reply.data.status).toBe('expired');
    expect(reply.data.filledVolume).toBe('0');
    expect(await position('ETHUSDT')).toBeUndefined();
  });

  it('FOK is all or nothing: more than the crossing liquidity expires untouched; within it fills completely', async () => {
    const book = await api.book('usdm', 'ETHUSDT', 3);
    const [ask, askQty] = book.asks[0]!;
    const swap = await api.balances(3);
    const tooMuch = await send({ instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'limit', price: ask, volume: dec(askQty).add(1).toFixed(), timeInForce: 'FOK' });
    expect(tooMuch.data.status).toBe('expired');
    expect(tooMuch.data.filledVolume).toBe('0');
    expect(await position('ETHUSDT')).toBeUndefined();
    expect((await api.balances(3))('USDT').free.eq(swap('USDT').free)).toBe(true);
    const fits = await send({ instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'limit', price: ask, volume: askQty, timeInForce: 'FOK' });
    expect(fits.data.status).toBe('filled');
    expect(fits.data.filledVolume).toBe(dec(askQty).toFixed());
  });

  it('post-only that would cross is refused with 10107 and leaves nothing; one that rests is placed', async () => {
    const book = await api.book('usdm', 'BTCUSDT', 3);
    const before = await history();
    const crossing = await send({ instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'limit', price: book.asks[0]![0], volume: '0.01', postOnly: true });
    expect(crossing.code).toBe(10107);
    expect(await openOrders()).toEqual([]);
    expect((await history()).length).toBe(before.length);
    const resting = await send({ instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'limit', price: book.bids[0]![0], volume: '0.01', postOnly: true });
    expect(resting.code).toBe(200);
    expect(resting.data.status).toBe('running');
  });

  it('refuses the extras on types that do not take them', async () => {
    const btc = { instrumentId: 'BTCUSDT', direction: 'buy', volume: '0.01' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...btc, priceType: 'market', postOnly: true }, 'postOnly'],
      [{ ...btc, priceType: 'market', timeInForce: 'IOC' }, 'timeInForce'],
      [{ ...btc, priceType: 'limit', price: '1000', stopPrice: '1000' }, 'stopPrice'],
      [{ ...btc, priceType: 'stop_market' }, 'stopPrice'],
      [{ ...btc, priceType: 'stop_limit', stopPrice: '1000' }, 'price'],
      [{ ...btc, priceType: 'market', reduceOnly: true, takeProfitPrice: '1000000' }, 'reduceOnly'],
    ];
    for (const [body, field] of cases) {
      const reply = await send(body);
      expect(reply.code, JSON.stringify(body)).toBe(400);
      expect((reply.data as unknown as { field: string }).field).toBe(field);
    }
  });
});

/** Steps the simulator one event at a time until `done` (at most `limit` events). */
async function stepUntil(symbol: string, done: () => Promise<boolean>, limit = 3000): Promise<number> {
  for (let i = 0; i < limit; i++) {
    if (await done()) return i;
    await api.step('usdm', symbol, 1);
  }
  throw new Error(`not reached in ${limit} events`);
}

describe('stop orders', () => {
  afterEach(closeAll);

  it('a stop-market sell fires when the mark falls to its stop, not before, and fills at market', async () => {
    const m = await mark('BTCUSDT');
    const stopPrice = m.sub(1).toDecimalPlaces(1, 1).toFixed();
    const placed = await send({ instrumentId: 'BTCUSDT', direction: 'sell', priceType: 'stop_market', stopPrice, volume: '0.01' });
    expect(placed.code).toBe(200);
    expect(placed.data).toMatchObject({ status: 'running', priceType: 'stop_market', triggeredAt: null, filledVolume: '0' });
    expect(await position('BTCUSDT')).toBeUndefined();
    await stepUntil('BTCUSDT', async () => {
      const now = await mark('BTCUSDT');
      const order = (await orderById(placed.data.orderId))!;
      // Untriggered exactly while the mark stays above the stop.
      if (now.gt(stopPrice)) {
        expect(order.triggeredAt).toBeNull();
        return false;
      }
      expect(order.triggeredAt).not.toBeNull();
      expect(order.status).toBe('filled');
      return true;
    });
    expect(dec((await position('BTCUSDT'))!.positionAmt).eq('-0.01')).toBe(true);
  });

  it('a stop-limit buy on the last price fires when the last trade rises to it and then rests as a limit order', async () => {
    const l = await last('ETHUSDT');
    const stopPrice = l.add('0.5').toFixed();
    const price = dec(stopPrice).sub(200).toFixed();
    const placed = await send({ instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'stop_limit', stopPrice, price, volume: '1', workingType: 'CONTRACT_PRICE' });
    expect(placed.code).toBe(200);
    const lockedBefore = (await api.balances(3))('USDT').locked;
    expect(lockedBefore.isZero()).toBe(true);
    await stepUntil('ETHUSDT', async () => (await last('ETHUSDT')).gte(stopPrice));
    const order = (await orderById(placed.data.orderId))!;
    expect(order.triggeredAt).not.toBeNull();
    expect(order.status).toBe('running');
    // Now a resting limit order: it holds its margin and fee.
    expect((await api.balances(3))('USDT').locked.gt(0)).toBe(true);
  });

  it('a stop at the current price would fire at once and is refused', async () => {
    const l = await last('ETHUSDT');
    const reply = await send({ instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'stop_market', stopPrice: l.toFixed(), volume: '1', workingType: 'CONTRACT_PRICE' });
    expect(reply.code).toBe(400);
    expect(reply.data).toMatchObject({ field: 'stopPrice', rule: 'immediateTrigger' });
  });

  it('reduce-only cannot increase: a reduce-only stop with no position and a reduce-only order on the same side are refused', async () => {
    const m = await mark('BTCUSDT');
    const noPosition = await send({ instrumentId: 'BTCUSDT', direction: 'sell', priceType: 'stop_market', stopPrice: m.sub(50).toDecimalPlaces(1).toFixed(), volume: '0.01', reduceOnly: true });
    expect(noPosition.code).toBe(10105);
    expect((await send({ instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'market', volume: '0.01' })).code).toBe(200);
    const adds = await send({ instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'market', volume: '0.01', reduceOnly: true });
    expect(adds.code).toBe(10105);
    const tooMuch = await send({ instrumentId: 'BTCUSDT', direction: 'sell', priceType: 'market', volume: '0.02', reduceOnly: true });
    expect(tooMuch.code).toBe(10105);
    expect(dec((await position('BTCUSDT'))!.positionAmt).eq('0.01')).toBe(true);
  });
});

describe('take-profit / stop-loss', () => {
  afterEach(closeAll);

  it('TP/SL on entry show on the position; the take-profit closes it at the trigger and cancels the stop-loss', async () => {
    const m = await mark('BTCUSDT');
    const takeProfitPrice = m.add(1).toDecimalPlaces(1, 0).toFixed();
    const stopLossPrice = m.sub(5000).toDecimalPlaces(1).toFixed();
    const entry = await send({ instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'market', volume: '0.01', takeProfitPrice, stopLossPrice });
    expect(entry.code).toBe(200);
    const held = (await position('BTCUSDT'))!;
    expect(held.takeProfitPrice).toBe(takeProfitPrice);
    expect(held.stopLossPrice).toBe(stopLossPrice);
    const tpsl = (await openOrders()).filter((o) => o.closePosition);
    expect(tpsl.map((o) => o.tpsl).sort()).toEqual(['stop_loss', 'take_profit']);
    await stepUntil('BTCUSDT', async () => (await mark('BTCUSDT')).gte(takeProfitPrice));
    expect(await position('BTCUSDT')).toBeUndefined();
    const tp = (await history()).find((o) => o.tpsl === 'take_profit')!;
    expect(tp.status).toBe('filled');
    expect(tp.filledVolume).toBe('0.01');
    expect((await history()).find((o) => o.tpsl === 'stop_loss')!.status).toBe('cancelled');
    expect(await openOrders()).toEqual([]);
  });

  it('TP/SL on an open short: a stop-loss above the mark closes it when the mark rises; prices on the wrong side are refused', async () => {
    expect((await send({ instrumentId: 'ETHUSDT', direction: 'sell', priceType: 'market', volume: '1' })).code).toBe(200);
    const m = await mark('ETHUSDT');
    const wrong = await api.post('/broker/lightning/futures/position/tpsl', { instrumentId: 'ETHUSDT', takeProfitPrice: m.add(10).toDecimalPlaces(2).toFixed() });
    expect(wrong.code).toBe(400);
    expect(wrong.data).toMatchObject({ field: 'takeProfitPrice', rule: 'immediateTrigger' });
    const stopLossPrice = m.add('0.02').toDecimalPlaces(2, 0).toFixed();
    const set = await api.post<Order[]>('/broker/lightning/futures/position/tpsl', { instrumentId: 'ETHUSDT', stopLossPrice });
    expect(set.code).toBe(200);
    expect(set.data.map((o) => o.tpsl)).toEqual(['stop_loss']);
    expect((await position('ETHUSDT'))!.stopLossPrice).toBe(stopLossPrice);
    await stepUntil('ETHUSDT', async () => (await mark('ETHUSDT')).gte(stopLossPrice));
    expect(await position('ETHUSDT')).toBeUndefined();
    expect((await history()).find((o) => o.orderId === set.data[0]!.orderId)!.status).toBe('filled');
  });

  it('a limit entry’s TP/SL wait for the entry; cancelling the unfilled entry cancels them', async () => {
    const book = await api.book('usdm', 'BTCUSDT', 3);
    const price = dec(book.bids[0]![0]).sub(3000).toFixed();
    const m = await mark('BTCUSDT');
    const entry = await send({
      instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'limit', price, volume: '0.01',
      takeProfitPrice: m.add('0.1').toDecimalPlaces(1, 0).toFixed(),
    });
    expect(entry.code).toBe(200);
    // The mark passes the take-profit, but there is nothing to close yet: it waits.
    await stepUntil('BTCUSDT', async () => (await mark('BTCUSDT')).gt(m.add('0.1')));
    const waiting = (await openOrders()).find((o) => o.tpsl === 'take_profit')!;
    expect(waiting.triggeredAt).toBeNull();
    // It sleeps until the entry fills: further market events queue no transaction for it.
    const engine = async () => ((await (await fetch(`${api.base}/_dev/trade/engine`)).json()) as { data: { fireRuns: number; dormant: number } }).data;
    await expect.poll(async () => (await engine()).dormant).toBe(1);
    const runs = (await engine()).fireRuns;
    await api.step('usdm', 'BTCUSDT', 30);
    expect((await mark('BTCUSDT')).gt(m.add('0.1'))).toBe(true); // still past its trigger
    expect((await engine()).fireRuns).toBe(runs);
    await api.post('/broker/lightning/futures/order/cancelOrder', { orderId: entry.data.orderId });
    expect(await openOrders()).toEqual([]);
    expect((await history()).find((o) => o.orderId === waiting.orderId)!.status).toBe('cancelled');
  });
});

describe('partial close and isolated margin', () => {
  afterEach(closeAll);

  it('a partial market close and a reduce-only limit close reduce the position by their volume', async () => {
    expect((await send({ instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'market', volume: '3' })).code).toBe(200);
    const part = await api.post<Order>('/broker/lightning/futures/order/closePosition', { instrumentId: 'ETHUSDT', volume: '1' });
    expect(part.data.status).toBe('filled');
    expect(dec((await position('ETHUSDT'))!.positionAmt).eq(2)).toBe(true);
    const book = await api.book('usdm', 'ETHUSDT', 3);
    const limitClose = await send({ instrumentId: 'ETHUSDT', direction: 'sell', priceType: 'limit', price: book.bids[0]![0], volume: '1', reduceOnly: true });
    expect(limitClose.data.filledVolume).toBe('1');
    expect(dec((await position('ETHUSDT'))!.positionAmt).eq(1)).toBe(true);
  });

  it('add and remove isolated margin move USDT between free and the position; removing below the requirement is refused; a retried requestId moves once', async () => {
    await api.post('/broker/lightning/account/changeMarginType', { instrumentId: 'ETHUSDT', marginType: 'isolated' });
    expect((await send({ instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'market', volume: '1' })).code).toBe(200);
    const margin0 = dec((await position('ETHUSDT'))!.margin);
    const free0 = (await api.balances(3))('USDT').free;

    const adds = await Promise.all(
      Array.from({ length: 20 }, () => api.post('/broker/lightning/futures/position/margin', { instrumentId: 'ETHUSDT', amount: '10', type: 1, requestId: 'margin-add-0001' })),
    );
    expect(adds.every((r) => r.code === 200)).toBe(true);
    expect(dec((await position('ETHUSDT'))!.margin).eq(margin0.add(10))).toBe(true);
    expect((await api.balances(3))('USDT').free.eq(free0.sub(10))).toBe(true);
    const reused = await api.post('/broker/lightning/futures/position/margin', { instrumentId: 'ETHUSDT', amount: '11', type: 1, requestId: 'margin-add-0001' });
    expect(reused.code).toBe(10209);

    const tooMuch = await api.post<{ removable: string }>('/broker/lightning/futures/position/margin', { instrumentId: 'ETHUSDT', amount: margin0.add(10).toFixed(8), type: 2 });
    expect(tooMuch.code).toBe(10105);
    const removable = dec(tooMuch.data.removable);
    expect(removable.gt(0) && removable.lte(10)).toBe(true);
    const removed = await api.post('/broker/lightning/futures/position/margin', { instrumentId: 'ETHUSDT', amount: removable.toFixed(), type: 2 });
    expect(removed.code).toBe(200);
    expect(dec((await position('ETHUSDT'))!.margin).eq(margin0.add(10).sub(removable))).toBe(true);
    expect((await api.balances(3))('USDT').free.eq(free0.sub(10).add(removable))).toBe(true);
    const more = await api.post('/broker/lightning/futures/position/margin', { instrumentId: 'ETHUSDT', amount: '1', type: 2 });
    expect(more.code).toBe(10105);
  });

  it('20 parallel removals of a quarter of the removable margin: exactly 4 succeed, the margin bucket never goes below the requirement', async () => {
    await api.post('/broker/lightning/account/changeMarginType', { instrumentId: 'ETHUSDT', marginType: 'isolated' });
    expect((await send({ instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'market', volume: '1' })).code).toBe(200);
    expect((await api.post('/broker/lightning/futures/position/margin', { instrumentId: 'ETHUSDT', amount: '40', type: 1 })).code).toBe(200);
    const probe = await api.post<{ removable: string }>('/broker/lightning/futures/position/margin', { instrumentId: 'ETHUSDT', amount: '1000000', type: 2 });
    expect(probe.code).toBe(10105);
    const removable = dec(probe.data.removable);
    const quarter = removable.div(4).toDecimalPlaces(8, 1);
    const margin0 = dec((await position('ETHUSDT'))!.margin);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.post('/broker/lightning/futures/position/margin', { instrumentId: 'ETHUSDT', amount: quarter.toFixed(), type: 2, requestId: `margin-burst-${String(i).padStart(4, '0')}` }),
      ),
    );
    expect(replies.filter((r) => r.code === 200).length).toBe(4);
    expect(replies.filter((r) => r.code === 10105).length).toBe(16);
    expect(dec((await position('ETHUSDT'))!.margin).eq(margin0.sub(quarter.mul(4)))).toBe(true);
  });

  it('margin on a cross position or with no position is refused', async () => {
    await api.post('/broker/lightning/account/changeMarginType', { instrumentId: 'BTCUSDT', marginType: 'cross' });
    expect((await api.post('/broker/lightning/futures/position/margin', { instrumentId: 'BTCUSDT', amount: '1', type: 1 })).code).toBe(10105);
    expect((await send({ instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'market', volume: '0.01' })).code).toBe(200);
    expect((await api.post('/broker/lightning/futures/position/margin', { instrumentId: 'BTCUSDT', amount: '1', type: 1 })).code).toBe(10104);
  });
});

describe('after a restart', () => {
  it('a waiting stop order is watched again and fires when the mark reaches it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'td-stop-restart-'));
    const own = await TradeApi.startTrade(37, dir);
    try {
      const markOf = async () => {
        const response = await fetch(`${own.root}/sim/fapi.binance.com/fapi/v1/premiumIndex?symbol=BTCUSDT`);
        return dec(((await response.json()) as { markPrice: string }).markPrice);
      };
      const stopPrice = (await markOf()).sub(1).toDecimalPlaces(1, 1).toFixed();
      const placed = await own.post<Order>('/broker/lightning/futures/order/sendOrder', { instrumentId: 'BTCUSDT', direction: 'sell', priceType: 'stop_market', stopPrice, volume: '0.01' });
      expect(placed.code).toBe(200);
      await own.restart();
      let fired: Order | undefined;
      for (let i = 0; i < 3000 && !fired; i++) {
        await own.step('usdm', 'BTCUSDT', 1);
        const open = (await own.post<Order[]>('/lightning/futures/order/queryOpenOrder', {})).data;
        if (!open.some((o) => o.orderId === placed.data.orderId)) {
          fired = (await own.post<Page<Order>>('/lightning/futures/order/pageOrder', {})).data.dataList.find((o) => o.orderId === placed.data.orderId);
        }
      }
      expect(fired?.status).toBe('filled');
      expect(fired?.triggeredAt).not.toBeNull();
      expect(await own.ledgerViolations()).toEqual([]);
    } finally {
      await own.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
