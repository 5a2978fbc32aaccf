import { describe, expect, it } from 'vitest';
import { centredWindow, defaultMultiple, fillRows, ladderStep, livePnl, needsRecentre, ordersByRow, referencePrice, rowOf, rowPrices, unitsOf } from './ladder.ts';

const book = (...pairs: number[]) => new Float64Array(pairs);

describe('ladder window', () => {
  it('steps are multiples of the tick size, with their decimals', () => {
    expect(ladderStep('0.1', 1)).toEqual({ step: '0.1', digits: 1 });
    expect(ladderStep('0.1', 10)).toEqual({ step: '1', digits: 0 });
    expect(ladderStep('0.00001', 100)).toEqual({ step: '0.001', digits: 3 });
  });

  it('rounds bids down and asks up into their step, and snaps prices on the grid despite float error', () => {
    expect(unitsOf(0.3, '0.1', 'down')).toBe(3); // 0.3 / 0.1 = 2.9999999999999996
    expect(unitsOf(100.05, '0.1', 'down')).toBe(1000);
    expect(unitsOf(100.05, '0.1', 'up')).toBe(1001);
    expect(unitsOf(100.04, '0.1', 'nearest')).toBe(1000);
  });

  it('centres on a price: its row is the middle one, rows run down from the top in steps', () => {
    const w = centredWindow(65015.5, '0.1', 1, 40);
    const prices = rowPrices(w);
    expect(prices).toHaveLength(40);
    expect(prices[20]).toBe('65015.5');
    expect(prices[0]).toBe('65017.5');
    expect(prices[39]).toBe('65013.6');
    expect(rowOf(w, 65015.5)).toBe(20);
    expect(rowOf(w, 65017.6)).toBe(-1);
    expect(rowOf(w, 65013.5)).toBe(-1);
  });

  it('stays put while the price moves inside it and moves only once the price leaves it', () => {
    const w = centredWindow(100, '1', 0, 10); // rows 105 … 96
    expect(rowPrices(w)[0]).toBe('105');
    expect(needsRecentre(w, 100)).toBe(false);
    expect(needsRecentre(w, 105)).toBe(false); // the top row: still inside
    expect(needsRecentre(w, 96)).toBe(false);
    expect(needsRecentre(w, 105.6)).toBe(true); // rounds to 106, above the top row
    expect(needsRecentre(w, 95)).toBe(true);
    expect(needsRecentre(w, null)).toBe(false); // no price: nothing to follow
    expect(needsRecentre(null, 100)).toBe(true); // no ladder yet
    expect(needsRecentre(null, null)).toBe(false);
    // A recentre puts the price back in the middle; the same price then keeps the new window.
    const moved = centredWindow(95, '1', 0, 10);
    expect(rowPrices(moved)[5]).toBe('95');
    expect(needsRecentre(moved, 95)).toBe(false);
  });

  it('the reference price is the last trade, else the mid, else either best', () => {
    expect(referencePrice(101, 99, 100)).toBe(101);
    expect(referencePrice(undefined, 99, 101)).toBe(100);
    expect(referencePrice(0, 99, undefined)).toBe(99);
    expect(referencePrice(undefined, undefined, undefined)).toBeNull();
  });

  it('spreads each side over its rows (bids down, asks up into a step) and reports the fullest row', () => {
    const w = centredWindow(100, '1', 0, 10); // rows 105 … 96
    const bids = new Float64Array(10);
    const asks = new Float64Array(10);
    const maxBid = fillRows(w, book(99.5, 1, 99.2, 2, 98, 4, 90, 50), 'bid', bids);
    expect(Array.from(bids)).toEqual([0, 0, 0, 0, 0, 0, 3, 4, 0, 0]); // 99.5 and 99.2 in 99; 90 outside
    expect(maxBid).toBe(4);
    const maxAsk = fillRows(w, book(100.5, 2, 101, 1, 120, 9), 'ask', asks);
    expect(Array.from(asks)).toEqual([0, 0, 0, 0, 3, 0, 0, 0, 0, 0]); // 100.5 rounds up into 101
    expect(maxAsk).toBe(3);
    // Reused: a second fill starts from zero.
    fillRows(w, undefined, 'ask', asks);
    expect(Array.from(asks).every((q) => q === 0)).toBe(true);
  });

  it('picks the smallest step that fits the best levels in half the ladder', () => {
    const dense = book(100, 1, 99.9, 1, 99.8, 1);
    expect(defaultMultiple('0.1', dense, dense, 10, 40)).toBe(1);
    const sparse = book(100, 1, 95, 1, 90, 1); // 10 wide: 100 ticks of 0.1
    expect(defaultMultiple('0.1', sparse, undefined, 10, 40)).toBe(10);
    expect(defaultMultiple('0.1', book(1000, 1, 0, 1), undefined, 10, 40)).toBe(1000);
    expect(defaultMultiple('0.1', undefined, undefined)).toBe(1);
  });

  it('groups own orders by side and row; market orders and those outside the window are left out', () => {
    const w = centredWindow(100, '1', 0, 10);
    const orders = [
      { id: 'a', price: '99', direction: 'buy' },
      { id: 'b', price: '99.4', direction: 'buy' },
      { id: 'c', price: '101', direction: 'sell' },
      { id: 'd', price: null, direction: 'sell' },
      { id: 'e', price: '200', direction: 'sell' },
    ];
    const rows = ordersByRow(w, orders);
    expect(rows.get('bid:6')?.map((o) => o.id)).toEqual(['a', 'b']);
    expect(rows.get('ask:4')?.map((o) => o.id)).toEqual(['c']);
    expect(rows.size).toBe(2);
  });
});

describe('live PnL', () => {
  const position = { positionAmt: '-0.5', entryPrice: '100', margin: '10', unrealizedProfitLoss: '1.23' };
  it('is (mark − entry) × signed size, with the return on margin in percent', () => {
    const { pnl, roePercent } = livePnl(position, 98);
    expect(pnl.toFixed()).toBe('1');
    expect(roePercent?.toFixed(2)).toBe('10.00');
    expect(livePnl({ ...position, positionAmt: '2' }, 98).pnl.toFixed()).toBe('-4');
  });
  it("falls back to the server's figure without a mark price; no return without margin", () => {
    expect(livePnl(position, undefined).pnl.toFixed()).toBe('1.23');
    expect(livePnl({ ...position, margin: '0' }, 98).roePercent).toBeNull();
  });
});
