import { beforeEach, describe, expect, it } from 'vitest';
import { subscriptionId } from '../../market/index.ts';
import { countingBridge, withMarketBridge } from '../../market/testing.ts';
import { pairsStore, resetPairs } from '../market/index.ts';
import { BOOK_DEPTH } from './book-constants.ts';
import { releaseEarlyMarket, startEarlyMarket, tradingPairOf } from './early-market.ts';

// What the trading page takes before it renders: the same subscriptions (the same ids) its order book and header take.
const held = new Map<string, number>();
const bridge = countingBridge(held);
withMarketBridge(bridge);
beforeEach(() => {
  held.clear();
  resetPairs(); // (the pair list of an earlier test)
});

describe('early-market', () => {
  it('reads the pair of a trading page address, and nothing from other pages', () => {
    expect(tradingPairOf({ pathname: '/en-US/trading/btcusdt', search: '' })).toEqual({ symbol: 'BTCUSDT', market: 'spot' });
    expect(tradingPairOf({ pathname: '/zh-HK/trading/ETHUSDT', search: '?market=usdm' })).toEqual({ symbol: 'ETHUSDT', market: 'usdm' });
    expect(tradingPairOf({ pathname: '/en-US/market', search: '' })).toBeNull();
    expect(tradingPairOf({ pathname: '/en-US/trading/BTCUSDT/extra', search: '' })).toBeNull();
  });

  it("holds the order book's and the header's subscriptions, and lets them go when the venue does not list the pair", () => {
    startEarlyMarket({ pathname: '/en-US/trading/NOSUCHUSDT', search: '?market=usdm' });
    const book = subscriptionId({ topic: 'book', market: 'usdm', symbol: 'NOSUCHUSDT', depth: BOOK_DEPTH, group: 1 });
    const tickers = subscriptionId({ topic: 'tickers', market: 'usdm' });
    expect(Object.fromEntries(held)).toEqual({ [book]: 1, [tickers]: 1 });
    pairsStore.setState({ status: 'ready', spot: [], usdm: [] });
    expect(Object.fromEntries(held)).toEqual({ [book]: 0, [tickers]: 0 });
  });

  it('lets them go when the page has its own, and takes them again for another pair', () => {
    startEarlyMarket({ pathname: '/en-US/trading/BTCUSDT', search: '' });
    startEarlyMarket({ pathname: '/en-US/trading/BTCUSDT', search: '' }); // the same page again: nothing more
    const book = subscriptionId({ topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: BOOK_DEPTH, group: 1 });
    expect(held.get(book)).toBe(1);
    releaseEarlyMarket();
    expect(held.get(book)).toBe(0);
    startEarlyMarket({ pathname: '/en-US/trading/ETHUSDT', search: '' });
    startEarlyMarket({ pathname: '/en-US/trading/SOLUSDT', search: '' });
    const eth = subscriptionId({ topic: 'book', market: 'spot', symbol: 'ETHUSDT', depth: BOOK_DEPTH, group: 1 });
    const sol = subscriptionId({ topic: 'book', market: 'spot', symbol: 'SOLUSDT', depth: BOOK_DEPTH, group: 1 });
    expect([held.get(eth), held.get(sol)]).toEqual([0, 1]);
    releaseEarlyMarket();
  });
});
