import { describe, expect, it } from 'vitest';
import { TradeList, tradesPayload, TRADES_KEEP, TRADES_MAX } from './trade-list.ts';
import { tradesKeptAfter } from '../contract.ts';
import type { SentState } from '../publisher.ts';
import { TickerMap } from './ticker-map.ts';
import { KlineSeries, readKlineRows } from './kline-series.ts';
import type { Kline, MiniTicker } from '../contract.ts';

describe('TradeList', () => {
  it('keeps newest first and trims to 150 when it grows above 200 (spec §3)', () => {
    const list = new TradeList();
    for (let i = 1; i <= TRADES_MAX; i++) list.add(i, i * 10, 100 + i, 1, i % 2 === 0);
    expect(list.size).toBe(200);
    expect(list.toArray()[0]).toEqual({ id: 200, time: 2000, price: 300, qty: 1, isBuyerMaker: true });
    list.add(201, 2010, 301, 2, false);
    expect(list.size).toBe(TRADES_KEEP);
    const trades = list.toArray();
    expect(trades.map((t) => t.id).slice(0, 3)).toEqual([201, 200, 199]);
    expect(trades[trades.length - 1]?.id).toBe(52);
    // The ring wraps many times without losing order.
    for (let i = 202; i < 2000; i++) list.add(i, i, i, 1, false);
    const after = list.toArray();
    expect(after[0]?.id).toBe(1999);
    for (let i = 1; i < after.length; i++) expect((after[i - 1] as { id: number }).id - (after[i] as { id: number }).id).toBe(1);
    expect(after.length).toBeGreaterThanOrEqual(TRADES_KEEP);
    expect(after.length).toBeLessThanOrEqual(TRADES_MAX);
  });
});

describe('tradesKeptAfter', () => {
  it('gives the size TradeList keeps after any number of adds, from any size it can have', () => {
    for (let size = 0; size <= TRADES_MAX; size++) {
      const list = new TradeList();
      for (let i = 0; i < size; i++) list.add(i, i, 1, 1, false);
      expect(list.size).toBe(size);
      for (let added = 1; added <= 260; added++) {
        list.add(size + added, 0, 1, 1, false);
        if (list.size !== tradesKeptAfter(size, added)) expect({ size, added, kept: list.size }).toEqual({ size, added, kept: tradesKeptAfter(size, added) });
      }
    }
    expect(tradesKeptAfter(199, 5)).toBe(153);
    expect(tradesKeptAfter(200, 52)).toBe(TRADES_KEEP);
  });
});

describe('tradesPayload', () => {
  const ids = (trades: { id: number }[]) => trades.map((t) => t.id);
  it('sends the whole list first, then only the trades added since, and the whole list again when asked', () => {
    const list = new TradeList();
    const sent: SentState = { version: -1, cursor: 0, generation: -1 };
    for (let i = 1; i <= 3; i++) list.add(i, i, 1, 1, false);
    const first = tradesPayload(list, 'k', 'spot', 'X', sent, false);
    expect([first.full, ids(first.trades)]).toEqual([true, [3, 2, 1]]);
    list.add(4, 4, 1, 1, false);
    list.add(5, 5, 1, 1, true);
    const delta = tradesPayload(list, 'k', 'spot', 'X', sent, false);
    expect([delta.full, ids(delta.trades)]).toEqual([false, [5, 4]]);
    expect(delta.trades[0]?.isBuyerMaker).toBe(true);
    const asked = tradesPayload(list, 'k', 'spot', 'X', sent, true);
    expect([asked.full, ids(asked.trades)]).toEqual([true, [5, 4, 3, 2, 1]]);
  });

  it('sends the whole list after a clear, and when more trades came than the list keeps', () => {
    const list = new TradeList();
    const sent: SentState = { version: -1, cursor: 0, generation: -1 };
    list.add(1, 1, 1, 1, false);
    tradesPayload(list, 'k', 'spot', 'X', sent, false);
    list.clear();
    list.add(2, 2, 1, 1, false);
    const afterClear = tradesPayload(list, 'k', 'spot', 'X', sent, false);
    expect([afterClear.full, ids(afterClear.trades)]).toEqual([true, [2]]);
    for (let i = 3; i <= 3 + TRADES_MAX; i++) list.add(i, i, 1, 1, false);
    const flood = tradesPayload(list, 'k', 'spot', 'X', sent, false);
    expect(flood.full).toBe(true);
    expect(flood.trades).toHaveLength(list.size);
    // a list of its own (another topic entry) is never taken for the same one
    const other = new TradeList();
    other.add(9, 9, 1, 1, false);
    expect(tradesPayload(other, 'k', 'spot', 'X', sent, false).full).toBe(true);
  });
});

describe('TickerMap', () => {
  const t = (s: string, c: number, E: number): MiniTicker => ({ s, c, o: 1, h: 2, l: 0, v: 1, q: 1, E });
  it('aggregates partial arrays and reports what changed since a version', () => {
    const map = new TickerMap();
    map.update([t('A', 1, 1), t('B', 2, 1)]);
    const v1 = map.version;
    map.update([t('B', 3, 2)]);
    expect(map.size).toBe(2);
    expect(map.changedSince(v1)).toEqual([t('B', 3, 2)]);
    expect(map.changedSince(0).map((x) => x.s).sort()).toEqual(['A', 'B']);
    map.update([t('B', 9, 1)]); // older event: ignored
    expect(map.get('B')?.c).toBe(3);
  });
});

describe('KlineSeries', () => {
  const bar = (openTime: number, close: number): Kline => ({
    openTime,
    closeTime: openTime + 59_999,
    open: 1,
    high: 2,
    low: 0.5,
    close,
    volume: 1,
    closed: false,
  });
  it('merges REST history with stream updates', () => {
    const series = new KlineSeries();
    series.update(bar(180_000, 5)); // stream before history
    series.load([bar(60_000, 1), bar(120_000, 2)]);
    expect(series.bars.map((b) => b.openTime)).toEqual([60_000, 120_000, 180_000]);
    series.update(bar(180_000, 6));
    series.update(bar(240_000, 7));
    series.update(bar(60_000, 9)); // too old
    expect(series.bars.map((b) => b.close)).toEqual([1, 2, 6, 7]);
  });
  it('reads REST rows', () => {
    expect(readKlineRows([[0, '1', '2', '0.5', '1.5', '10', 59_999, '0', 1]], 100_000)?.[0]).toEqual({
      openTime: 0,
      open: 1,
      high: 2,
      low: 0.5,
      close: 1.5,
      volume: 10,
      closeTime: 59_999,
      closed: true,
    });
    expect(readKlineRows([[0, 'x', '2', '0.5', '1.5', '10', 59_999]], 0)).toBeNull();
    expect(readKlineRows({}, 0)).toBeNull();
  });
});
