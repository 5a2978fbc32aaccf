import { describe, expect, it } from 'vitest';
import { OrderBook } from './order-book.ts';
import { createDepthEvent, type DepthEvent, type DepthSnapshot } from './depth-event.ts';
import { grouping, writeLevels, decimalsOf } from './book-view.ts';

function diff(U: number, u: number, bids: number[][], asks: number[][], pu = -1): DepthEvent {
  const ev = createDepthEvent(8);
  ev.U = U;
  ev.u = u;
  ev.pu = pu;
  ev.bidCount = bids.length;
  ev.askCount = asks.length;
  ev.bids.set(bids.flat());
  ev.asks.set(asks.flat());
  return ev;
}

function snapshot(lastUpdateId: number, bids: number[][], asks: number[][]): DepthSnapshot {
  return {
    lastUpdateId,
    bidCount: bids.length,
    askCount: asks.length,
    bids: Float64Array.from(bids.flat()),
    asks: Float64Array.from(asks.flat()),
  };
}

function top(book: OrderBook): { bids: number[][]; asks: number[][] } {
  const bids: number[][] = [];
  const asks: number[][] = [];
  for (let i = 0; i < book.bids.size; i++) bids.push([book.bids.priceAt(i), book.bids.qtyAt(i)]);
  for (let i = 0; i < book.asks.size; i++) asks.push([book.asks.priceAt(i), book.asks.qtyAt(i)]);
  return { bids, asks };
}

describe('OrderBook, spot rules (U/u)', () => {
  it('buffers until the snapshot, drops events up to lastUpdateId, applies the straddling event', () => {
    const book = new OrderBook('BTCUSDT', 'spot');
    expect(book.onDiff(diff(1, 5, [[9, 1]], []))).toBe('ignored'); // not syncing yet
    book.beginSync();
    expect(book.onDiff(diff(90, 99, [[9, 5]], []))).toBe('buffered');
    expect(book.onDiff(diff(100, 105, [[9, 2]], [[11, 0]]))).toBe('buffered');
    expect(book.onDiff(diff(106, 110, [[8, 3]], []))).toBe('buffered');
    expect(book.state).toBe('syncing');
    expect(book.onSnapshot(snapshot(102, [[9, 1]], [[11, 1], [12, 1]]))).toBe('synced');
    expect(book.state).toBe('synced');
    expect(book.lastUpdateId).toBe(110);
    expect(top(book)).toEqual({ bids: [[9, 2], [8, 3]], asks: [[12, 1]] });
  });

  it('asks for another snapshot when the snapshot is older than the buffered stream', () => {
    const book = new OrderBook('BTCUSDT', 'spot');
    book.beginSync();
    book.onDiff(diff(200, 210, [[9, 1]], []));
    expect(book.onSnapshot(snapshot(150, [[9, 1]], []))).toBe('stale');
    expect(book.state).toBe('syncing');
    expect(book.onSnapshot(snapshot(205, [[9, 3]], []))).toBe('synced');
    expect(book.lastUpdateId).toBe(210);
  });

  it('turns unsynced at the first gap and stays unsynced until a new sync', () => {
    const book = new OrderBook('BTCUSDT', 'spot');
    book.beginSync();
    book.onSnapshot(snapshot(10, [[9, 1]], [[11, 1]]));
    expect(book.onDiff(diff(11, 12, [[9, 2]], []))).toBe('applied');
    expect(book.onDiff(diff(11, 12, [[9, 7]], []))).toBe('ignored'); // duplicate
    expect(book.onDiff(diff(14, 15, [[9, 3]], []))).toBe('gap'); // 13 is missing
    expect(book.state).toBe('unsynced');
    expect(book.gaps).toBe(1);
    expect(book.onDiff(diff(16, 16, [[9, 4]], []))).toBe('ignored');
    expect(top(book).bids).toEqual([[9, 2]]); // nothing after the gap was applied
  });

  it('rejects a first event that starts after lastUpdateId + 1', () => {
    const book = new OrderBook('BTCUSDT', 'spot');
    book.beginSync();
    expect(book.onSnapshot(snapshot(10, [], []))).toBe('synced');
    expect(book.onDiff(diff(12, 13, [[9, 1]], []))).toBe('gap');
  });

  it('reports a gap inside the buffered stream', () => {
    const book = new OrderBook('BTCUSDT', 'spot');
    book.beginSync();
    book.onDiff(diff(10, 12, [], []));
    book.onDiff(diff(14, 15, [], []));
    expect(book.onSnapshot(snapshot(11, [], []))).toBe('gap');
    expect(book.state).toBe('unsynced');
  });

  it('bumps the version on every published change', () => {
    const book = new OrderBook('BTCUSDT', 'spot');
    const v0 = book.version;
    book.beginSync();
    book.onSnapshot(snapshot(1, [[9, 1]], []));
    const v1 = book.version;
    expect(v1).toBeGreaterThan(v0);
    book.onDiff(diff(2, 2, [[9, 2]], []));
    expect(book.version).toBeGreaterThan(v1);
  });
});

describe('OrderBook, USD-M futures rules (pu)', () => {
  it('first event must straddle lastUpdateId, then pu = previous u', () => {
    const book = new OrderBook('BTCUSDT', 'usdm');
    book.beginSync();
    book.onDiff(diff(90, 95, [[9, 9]], [], 89)); // u < lastUpdateId: dropped
    book.onDiff(diff(96, 100, [[9, 2]], [], 95)); // U <= 100 <= u: first
    book.onDiff(diff(101, 104, [[8, 1]], [], 100));
    expect(book.onSnapshot(snapshot(100, [[9, 1]], []))).toBe('synced');
    expect(book.lastUpdateId).toBe(104);
    expect(book.onDiff(diff(105, 107, [[8, 0]], [], 104))).toBe('applied');
    expect(book.onDiff(diff(105, 107, [[8, 5]], [], 104))).toBe('ignored'); // duplicate
    expect(top(book).bids).toEqual([[9, 2]]);
    expect(book.onDiff(diff(110, 112, [[8, 5]], [], 109))).toBe('gap');
    expect(book.state).toBe('unsynced');
    expect(top(book).bids).toEqual([[9, 2]]);
  });

  it('accepts a first event that starts right after the snapshot (pu = lastUpdateId)', () => {
    const book = new OrderBook('BTCUSDT', 'usdm');
    book.beginSync();
    expect(book.onSnapshot(snapshot(100, [[9, 1]], []))).toBe('synced');
    expect(book.onDiff(diff(101, 103, [[9, 4]], [], 100))).toBe('applied');
    const other = new OrderBook('BTCUSDT', 'usdm');
    other.beginSync();
    other.onSnapshot(snapshot(100, [], []));
    expect(other.onDiff(diff(102, 103, [[9, 4]], [], 101))).toBe('gap');
  });

  it('a first event that starts after lastUpdateId needs a newer snapshot', () => {
    const book = new OrderBook('BTCUSDT', 'usdm');
    book.beginSync();
    book.onDiff(diff(102, 104, [[8, 1]], [], 101));
    expect(book.onSnapshot(snapshot(100, [], []))).toBe('stale');
  });
});

describe('grouping', () => {
  it('reads tick decimals as Binance prints them', () => {
    expect(decimalsOf('0.01000000')).toBe(2);
    expect(decimalsOf('1.00000000')).toBe(0);
    expect(decimalsOf('10')).toBe(0);
    expect(decimalsOf('0.00001')).toBe(5);
  });

  it('groups bids down and asks up to multiples of the tick, summing quantities', () => {
    const book = new OrderBook('BTCUSDT', 'spot');
    book.beginSync();
    book.onSnapshot(
      snapshot(
        1,
        [[100.07, 1], [100.03, 2], [99.99, 4], [99.9, 8]],
        [[100.11, 1], [100.19, 2], [100.2, 4], [100.21, 8]],
      ),
    );
    const out = new Float64Array(20);
    const g = grouping('0.01', 10);
    expect(writeLevels(book.bids, 10, g, out)).toBe(2);
    expect([...out.subarray(0, 4)]).toEqual([100, 3, 99.9, 12]);
    expect(writeLevels(book.asks, 10, g, out)).toBe(2);
    expect([...out.subarray(0, 4)]).toEqual([100.2, 7, 100.3, 8]);
    expect(writeLevels(book.asks, 1, g, out)).toBe(1);
    expect(writeLevels(book.asks, 3, null, out)).toBe(3);
    expect([...out.subarray(0, 6)]).toEqual([100.11, 1, 100.19, 2, 100.2, 4]);
    expect(grouping('0.01', 1)).toBeNull();
    expect(grouping(undefined, 10)).toBeNull();
  });
});
