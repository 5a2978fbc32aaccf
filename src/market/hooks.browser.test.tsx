import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { act } from '../components/testing/act-environment.ts';
import { mountHost, unmountHost } from '../components/testing/host.ts';
import type { Trade } from '../../workers/contract.ts';
import { useOrderBookTicks, useTradesTicks } from './hooks.ts';
import { bookStore, tradesStore, type BookView } from './stores.ts';
import { subscriptionId } from './subscription-id.ts';
import { countingBridge, withMarketBridge } from './testing.ts';

const held = new Map<string, number>();
// A bridge that only counts references: the stores are written by the test, as the bridge would.
const bridge = countingBridge(held);

withMarketBridge(bridge);
beforeEach(() => {
  bookStore.setState({ books: {} });
  tradesStore.setState({ trades: {} });
  held.clear();
});

const BTC = subscriptionId({ topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: 10 });
const ETH = subscriptionId({ topic: 'book', market: 'spot', symbol: 'ETHUSDT', depth: 10 });

function book(bids: number[], asks: number[], synced = true): BookView {
  const side = (prices: number[]) => Float64Array.from(prices.flatMap((p) => [p, 1]));
  return { synced, lastUpdateId: 1, time: 1, tickSize: '0.01', depth: 10, group: 1, bids: side(bids), asks: side(asks) };
}

const setBook = (id: string, value: BookView) => act(() => bookStore.setState((s) => ({ books: { ...s.books, [id]: value } })));

describe('useOrderBookTicks', () => {
  it('hands a book of the same shape to onTick without rendering, and renders a new shape after handing it on', () => {
    const renders: Array<BookView | undefined> = [];
    const ticks: Array<BookView | undefined> = [];
    let setSymbol: (symbol: string) => void = () => undefined;
    function Panel() {
      const [symbol, set] = useState('BTCUSDT');
      setSymbol = set;
      const b = useOrderBookTicks(symbol, { depth: 10 }, (x) => (x ? x.bids.length : -1), (x) => ticks.push(x));
      renders.push(b);
      return null;
    }
    const first = book([100, 99], [101]);
    setBook(BTC, first);
    act(() => mountHost().render(<Panel />));
    expect(renders).toEqual([first]);
    expect(held.get(BTC)).toBe(1);

    // Same shape: onTick has it, no render.
    const second = book([100.5, 99], [101]);
    setBook(BTC, second);
    expect(ticks).toEqual([second]);
    expect(renders).toHaveLength(1);

    // A new shape: onTick first, then a render that reads the new book.
    const third = book([100.5, 99, 98], [101]);
    setBook(BTC, third);
    expect(ticks).toEqual([second, third]);
    expect(renders).toEqual([first, third]);

    // Another topic's change reaches neither.
    setBook(ETH, book([1], [2]));
    expect(ticks).toHaveLength(2);
    expect(renders).toHaveLength(2);

    // A new symbol subscribes again: the old book's ticks no longer come, the new one's do.
    act(() => setSymbol('ETHUSDT'));
    expect(held.get(BTC)).toBe(0);
    expect(held.get(ETH)).toBe(1);
    const rendersBefore = renders.length;
    setBook(BTC, book([100, 99, 98], [101]));
    expect(ticks).toHaveLength(2);
    const eth = book([1.5], [2]);
    setBook(ETH, eth);
    expect(ticks).toEqual([second, third, eth]);
    expect(renders).toHaveLength(rendersBefore);

    unmountHost();
    setBook(ETH, book([1.4], [2]));
    expect(ticks).toHaveLength(3);
  });
});

describe('useTradesTicks', () => {
  it('renders while the shape (here the count, up to 2) changes and hands on every list', () => {
    const id = subscriptionId({ topic: 'trades', market: 'spot', symbol: 'BTCUSDT' });
    const trade = (n: number): Trade => ({ id: n, time: n, price: n, qty: 1, isBuyerMaker: false });
    const counts: number[] = [];
    const ticks: number[] = [];
    function Panel() {
      const trades = useTradesTicks('BTCUSDT', 'spot', (list) => Math.min(list.length, 2), (list) => ticks.push(list.length));
      counts.push(trades.length);
      return null;
    }
    act(() => mountHost().render(<Panel />));
    const setTrades = (n: number) => act(() => tradesStore.setState({ trades: { [id]: Array.from({ length: n }, (_, i) => trade(n - i)) } }));
    setTrades(1);
    setTrades(2);
    setTrades(3);
    setTrades(3);
    expect(ticks).toEqual([1, 2, 3, 3]);
    expect(counts).toEqual([0, 1, 2]);
  });
});
