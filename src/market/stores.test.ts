import { beforeEach, describe, expect, it } from 'vitest';
import { applyBatch, bookStore, dropSubscription, klinesStore, markStore, mergeTrades, tickersStore, tradesStore } from './stores.ts';
import { TradeList, tradesPayload } from '../../workers/topics/trade-list.ts';
import type { SentState } from '../../workers/publisher.ts';
import { KLINES_MAX, type BatchMessage, type Kline, type MiniTicker, type TopicPayload } from '../../workers/contract.ts';
import { KlineSeries } from '../../workers/topics/kline-series.ts';

const batch = (items: TopicPayload[], full = false): BatchMessage => ({ type: 'batch', seq: 1, full, items });
const ticker = (s: string, c: number): MiniTicker => ({ s, c, o: 1, h: 1, l: 1, v: 1, q: 1, E: 1 });
const bar = (openTime: number, close: number): Kline => ({
  openTime,
  closeTime: openTime + 59_999,
  open: 1,
  high: 1,
  low: 1,
  close,
  volume: 1,
  closed: false,
});

beforeEach(() => {
  bookStore.setState({ books: {} });
  tickersStore.setState({ tickers: { spot: {}, usdm: {} } });
  klinesStore.setState({ klines: {} });
  markStore.setState({ marks: {} });
  tradesStore.setState({ trades: {} });
});

describe('applyBatch', () => {
  it('merges ticker deltas and keeps the identity of unchanged tickers; a full snapshot replaces', () => {
    applyBatch(batch([{ type: 'tickers', key: 't', market: 'spot', full: true, tickers: [ticker('A', 1), ticker('B', 2)] }]));
    const a = tickersStore.getState().tickers.spot['A'];
    applyBatch(batch([{ type: 'tickers', key: 't', market: 'spot', full: false, tickers: [ticker('B', 3)] }]));
    const state = tickersStore.getState().tickers.spot;
    expect(state['A']).toBe(a);
    expect(state['B']?.c).toBe(3);
    applyBatch(batch([{ type: 'tickers', key: 't', market: 'spot', full: true, tickers: [ticker('C', 1)] }]));
    expect(Object.keys(tickersStore.getState().tickers.spot)).toEqual(['C']);
    expect(tickersStore.getState().tickers.usdm).toEqual({});
  });

  it('merges kline deltas by open time', () => {
    const k = (klines: Kline[], full: boolean): TopicPayload => ({
      type: 'klines',
      key: 'k',
      market: 'spot',
      symbol: 'X',
      interval: '1m',
      full,
      klines,
    });
    applyBatch(batch([k([bar(0, 1), bar(60_000, 2)], true)]));
    applyBatch(batch([k([bar(60_000, 3), bar(120_000, 4)], false)]));
    expect(klinesStore.getState().klines['k']?.map((b) => b.close)).toEqual([1, 3, 4]);
    applyBatch(batch([k([bar(120_000, 9)], true)]));
    expect(klinesStore.getState().klines['k']?.map((b) => b.close)).toEqual([9]);
  });

  it("keeps a tab's klines the same as the core's series once both reach KLINES_MAX", () => {
    const k = (klines: Kline[], full: boolean): TopicPayload => ({ type: 'klines', key: 'k', market: 'spot', symbol: 'X', interval: '1m', full, klines });
    const series = new KlineSeries();
    series.load(Array.from({ length: KLINES_MAX - 2 }, (_, i) => bar(i * 60_000, i)));
    applyBatch(batch([k(series.bars.slice(), true)]));
    // Five new bars, one or two per message, each message also updating the bar before it.
    for (const step of [1, 2, 1, 1]) {
      const have = klinesStore.getState().klines['k'] ?? [];
      const lastOpen = (have[have.length - 1] as Kline).openTime;
      for (let n = 1; n <= step; n++) series.update(bar(lastOpen + n * 60_000, lastOpen + n));
      applyBatch(batch([k(series.bars.filter((b) => b.openTime >= lastOpen), false)]));
    }
    const tab = klinesStore.getState().klines['k'] ?? [];
    expect(series.bars).toHaveLength(KLINES_MAX);
    expect(tab).toHaveLength(KLINES_MAX);
    expect(tab.map((b) => b.openTime)).toEqual(series.bars.map((b) => b.openTime));
    expect((tab[0] as Kline).openTime).toBe(3 * 60_000);
  });

  it("keeps a tab's trades the same as the core's list through deltas, trims and full snapshots", () => {
    // A seeded sequence of bursts (1-120 trades between messages), with a full snapshot now and then.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const list = new TradeList();
    const sent: SentState = { version: -1, cursor: 0, generation: -1 };
    let id = 0;
    let deltas = 0;
    for (let message = 0; message < 400; message++) {
      const burst = 1 + Math.floor(next() * (next() < 0.1 ? 120 : 8));
      for (let i = 0; i < burst; i++) list.add(++id, id, 100 + (id % 7), 1, id % 3 === 0);
      const payload = tradesPayload(list, 'tr', 'spot', 'X', sent, next() < 0.05);
      if (!payload.full) deltas++;
      applyBatch(batch([payload]));
      expect(tradesStore.getState().trades['tr']).toEqual(list.toArray());
    }
    expect(deltas).toBeGreaterThan(300);
  });

  it('merges a delta in front and trims the way the core does (spec §3/§9: above 200, back to 150)', () => {
    const trade = (i: number) => ({ id: i, time: i, price: 1, qty: 1, isBuyerMaker: false });
    const list = Array.from({ length: 199 }, (_, i) => trade(199 - i));
    const merged = mergeTrades(list, [205, 204, 203, 202, 201, 200].map(trade).slice(1));
    expect(merged).toHaveLength(153);
    expect(merged.slice(0, 6).map((t) => t.id)).toEqual([204, 203, 202, 201, 200, 199]);
    expect(mergeTrades(undefined, [trade(1)])).toEqual([trade(1)]);
  });

  it('notifies each store once per message, and drops a released subscription', () => {
    let notified = 0;
    const unsubscribe = bookStore.subscribe(() => notified++);
    const book = (key: string): TopicPayload => ({
      type: 'book',
      key,
      market: 'spot',
      symbol: 'X',
      synced: true,
      lastUpdateId: 1,
      time: 1,
      tickSize: null,
      depth: 1,
      group: 1,
      bids: Float64Array.of(1, 1),
      asks: Float64Array.of(2, 1),
    });
    applyBatch(batch([book('a'), book('b'), { type: 'mark', key: 'm', symbol: 'X', mark: null }]));
    expect(notified).toBe(1);
    expect(Object.keys(bookStore.getState().books)).toEqual(['a', 'b']);
    dropSubscription('a');
    expect(Object.keys(bookStore.getState().books)).toEqual(['b']);
    unsubscribe();
  });
});
