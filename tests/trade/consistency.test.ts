import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dec, tradeSuite, type TradeApi } from './harness.ts';

interface Order {
  orderId: string;
  status: string;
  filledVolume: string;
}

let api: TradeApi;

tradeSuite((started) => {
  api = started;
}, { seed: 5, dataDir: () => mkdtempSync(path.join(tmpdir(), 'trade-test-')), timeout: 90_000 });

describe('one change at a time', () => {
  it('two concurrent orders that each fit but not together: exactly one is accepted, the balance never goes below zero', async () => {
    const swap = await api.balances(3);
    const free = swap('USDT').free;
    const book = await api.book('usdm', 'ETHUSDT', 1);
    // Each order needs about 60 % of the free USDT at 20×.
    const volume = free.mul('0.6').mul(20).div(book.asks[0]![0]).toDecimalPlaces(3, 1).toFixed();
    const body = { instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'limit', price: dec(book.bids[0]![0]).sub(50).toFixed(), volume };
    const replies = await Promise.all([
      api.post<Order>('/broker/lightning/futures/order/sendOrder', body),
      api.post<Order>('/broker/lightning/futures/order/sendOrder', body),
    ]);
    expect(replies.map((r) => r.code).sort((a, b) => a - b)).toEqual([200, 10101]);
    const after = await api.balances(3);
    expect(after('USDT').free.gte(0)).toBe(true);
    expect(after('USDT').free.add(after('USDT').locked).eq(free.add(swap('USDT').locked))).toBe(true);
    await api.post('/broker/lightning/futures/order/cancelAllOrder', {});
  });
});

describe('restart', () => {
  it('a resting order survives a restart and still fills when the new simulator crosses it', async () => {
    const book = await api.book('spot', 'BTCUSDT', 1);
    const placed = await api.post<Order>('/broker/spot/order/sendOrder', { instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'limit', price: book.bids[0]![0], volume: '0.001' });
    expect(placed.data.status).toBe('running');
    await api.restart();
    const open = await api.post<Order[]>('/broker/spot/order/queryOpenOrder', {});
    expect(open.data.map((o) => o.orderId)).toEqual([placed.data.orderId]);
    let status = 'running';
    for (let i = 0; i < 400 && status !== 'closed'; i++) {
      await api.step('spot', 'BTCUSDT', 5);
      const now = await api.post<Order[]>('/broker/spot/order/queryOpenOrder', {});
      status = now.data.length === 0 ? 'closed' : now.data[0]!.status;
    }
    expect(status).toBe('closed');
    const fills = await api.post<Array<{ volume: string; role: string }>>('/broker/spot/trade/queryTradeDetail', { orderId: placed.data.orderId });
    expect(fills.data.reduce((a, f) => a.add(f.volume), dec(0)).toFixed()).toBe('0.001');
    expect(fills.data.every((f) => f.role === 'maker')).toBe(true);
  });
});

describe('frozen account (spec §4: freeze disables exchange)', () => {
  it('places no order while frozen, and again once unfrozen', async () => {
    const email = 'demo@tradingdesk.test';
    expect((await api.call('POST', '/_dev/account', { body: { email, frozen: true } })).code).toBe(200);
    const body = { instrumentId: 'ETHUSDT', direction: 'buy', priceType: 'market', volume: '0.01' };
    expect((await api.post('/broker/spot/order/sendOrder', body)).code).toBe(10011);
    expect((await api.post('/broker/lightning/futures/order/sendOrder', body)).code).toBe(10011);
    expect((await api.call('POST', '/_dev/account', { body: { email, frozen: false } })).code).toBe(200);
    expect((await api.post('/broker/spot/order/sendOrder', body)).code).toBe(200);
  });
});
