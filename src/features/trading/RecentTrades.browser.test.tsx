import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enTrading from '../../../locales/en-US/trading.json';
import { setMarketBridge, subscriptionId, tradesStore, type Trade } from '../../market/index.ts';
import '../../styles/theme.css';
import type { Pair } from '../market/index.ts';
import { fieldRightEdges } from './line-edges.testing.ts';
import { RecentTrades } from './RecentTrades.tsx';
import './trading.css';

const pair: Pair = {
  symbol: 'BTCUSDT',
  market: 'spot',
  baseAsset: 'BTC',
  quoteAsset: 'USDT',
  tickSize: '0.01',
  stepSize: '0.001',
  pricePrecision: 2,
  amountPrecision: 3,
  listInstrumentId: 'BTC/USDT',
};
const TRADES_ID = subscriptionId({ topic: 'trades', market: 'spot', symbol: 'BTCUSDT' });

let root: Root | undefined;
let host: HTMLElement | undefined;

beforeEach(() => {
  setMarketBridge({ acquire: (sub) => ({ id: subscriptionId(sub), release: () => undefined }), reconnect: async () => undefined, refreshHealth: async () => null, dispose: async () => undefined });
  tradesStore.setState({ trades: {} });
});

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = undefined;
  host = undefined;
  setMarketBridge(null);
});

/** Newest first: ids from `newest` down, buys on even ids, quantities with 1 to 4 digits before the point. */
function trades(n: number, newest: number): Trade[] {
  return Array.from({ length: n }, (_, i) => {
    const id = newest - i;
    return { id, time: Date.UTC(2026, 10, 28, 1, 2, 3) + id * 1000, price: 65000 + id / 100, qty: 10 ** (id % 4) + 0.5, isBuyerMaker: id % 2 === 1 };
  });
}

const text = (col: 'buy' | 'sell') => (host?.querySelector(`[data-testid="recent-trades"] [data-col="${col}"]`)?.textContent ?? '').split('\n');

/** Where the field-th field (0: price, 1: amount, 2: time) of each trade in a side's lines ends, in px. */
const rightEdges = (col: 'buy' | 'sell', field: number) => fieldRightEdges(host?.querySelector(`[data-testid="recent-trades"] [data-col="${col}"]`)?.firstChild as Text | null, field);

describe('RecentTrades', () => {
  it('shows each trade once, in the buys’ or the sells’ lines, its amount and time aligned on their columns, and takes new trades', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources: { 'en-US': { trading: enTrading } }, lng: 'en-US', defaultNS: 'trading', interpolation: { escapeValue: false } });
    act(() => tradesStore.setState({ trades: { [TRADES_ID]: trades(12, 112) } }));
    host = document.createElement('div');
    host.style.cssText = 'width: 320px; height: 400px; display: flex; flex-direction: column;';
    document.body.append(host);
    root = createRoot(host);
    act(() =>
      root?.render(
        <I18nextProvider i18n={i18n}>
          <RecentTrades pair={pair} />
        </I18nextProvider>,
      ),
    );
    await vi.waitFor(() => expect(text('buy').length).toBe(12));
    const buys = text('buy');
    const sells = text('sell');
    // 112 is a buy (the taker bought), 111 a sell: one line each, blank on the other side
    expect(buys[0]?.split(/\u2007+/)).toEqual(['65001.12', '1.500', new Date(Date.UTC(2026, 10, 28, 1, 2, 3) + 112_000).toTimeString().slice(0, 8)]);
    expect(sells[0]).toBe('');
    expect(buys[1]).toBe('');
    expect(sells[1]?.split(/\u2007+/).slice(0, 2)).toEqual(['65001.11', '1000.500']);
    // Aligned once the list has measured its lines: amounts and times end at the same x on both sides.
    await vi.waitFor(() => {
      const amounts = [...rightEdges('buy', 1), ...rightEdges('sell', 1)];
      expect(amounts).toHaveLength(12);
      expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThan(0.5);
    });
    const times = [...rightEdges('buy', 2), ...rightEdges('sell', 2)];
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(0.5);

    // A new trade: the newest line first (a sell), the rest move down a line.
    act(() => tradesStore.setState({ trades: { [TRADES_ID]: trades(13, 113) } }));
    await vi.waitFor(() => expect(text('sell')[0]?.split(/\u2007+/)[0]).toBe('65001.13'));
    expect(text('buy')[0]).toBe('');
    expect(text('buy')[1]?.split(/\u2007+/)[0]).toBe('65001.12');
  });
});
