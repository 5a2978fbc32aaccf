import { beforeEach, describe, expect, it } from 'vitest';
import { applyBatch, bookStore, dropSubscription, klinesStore, markStore, tickersStore } from './stores.ts';
import type { BatchMessage, Kline, MiniTicker, TopicPayload } from '../../workers/contract.ts';

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
