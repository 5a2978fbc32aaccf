import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from '../components/testing/act-environment.ts';
import { mountHost } from '../components/testing/host.ts';
import { session } from '../lib/session/index.ts';
import type { Subscription } from '../../workers/contract.ts';
import type { MarketBridge } from './bridge.ts';
import { marketBridge, useKlines, useMarkPrice, useOrderBook, useOrderBookTicks, useTicker, useTickers, useTrades, useTradesTicks } from './hooks.ts';
import { subscriptionId } from './subscription-id.ts';
import { withMarketBridge } from './testing.ts';

// Every subscription names the session's venue (spec §3 "User session" exchangeCode), without the components
// passing it: the hooks and marketBridge() add it.
const acquired: Subscription[] = [];
const bridge: MarketBridge = {
  acquire(sub) {
    acquired.push(sub);
    return { id: subscriptionId(sub), release: () => undefined };
  },
  reconnect: async () => undefined,
  refreshHealth: async () => null,
  dispose: async () => undefined,
};
withMarketBridge(bridge);

const before = session.getState().exchangeCode;
beforeEach(() => {
  acquired.length = 0;
});
afterEach(() => session.setState({ exchangeCode: before }));

function Everything() {
  useOrderBook('BTCUSDT', { depth: 20 });
  useOrderBookTicks('BTCUSDT', { depth: 20, market: 'usdm' }, () => 0, () => undefined);
  useTrades('BTCUSDT');
  useTradesTicks('BTCUSDT', 'usdm', () => 0, () => undefined);
  useTicker('BTCUSDT', 'usdm');
  useTickers('spot');
  useKlines('BTCUSDT', '1m', 'usdm');
  useMarkPrice('BTCUSDT');
  return null;
}

describe('the session venue on subscriptions', () => {
  it.each(['okx', 'bybit', 'gate', 'bitget', 'binance'] as const)('names %s on every topic, and on what a panel acquires itself', (venue) => {
    session.setState({ exchangeCode: venue });
    act(() => mountHost().render(<Everything />));
    marketBridge().acquire({ topic: 'book', market: 'spot', symbol: 'ETHUSDT', depth: 50, group: 1 });
    expect(new Set(acquired.map((s) => s.topic))).toEqual(new Set(['book', 'trades', 'tickers', 'klines', 'mark']));
    expect(acquired.length).toBeGreaterThanOrEqual(9);
    for (const sub of acquired) expect(sub.venue).toBe(venue);
    // The symbols stay the app's neutral ones.
    expect(acquired.filter((s) => 'symbol' in s).every((s) => 'symbol' in s && /^[A-Z]+USDT$/.test(s.symbol))).toBe(true);
  });

  it('leaves the venue out (Binance\'s market) for an exchange without a market here', () => {
    session.setState({ exchangeCode: 'coinex' });
    act(() => mountHost().render(<Everything />));
    expect(acquired.length).toBeGreaterThan(0);
    for (const sub of acquired) expect(sub.venue).toBeUndefined();
  });

  it('keeps the subscription ids of the stores the same on every venue', () => {
    session.setState({ exchangeCode: 'okx' });
    const { id } = marketBridge().acquire({ topic: 'mark', symbol: 'BTCUSDT' });
    expect(id).toBe(subscriptionId({ topic: 'mark', symbol: 'BTCUSDT' }));
  });
});
