import i18next from 'i18next';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '../../components/testing/act-environment.ts';
import enTrading from '../../../locales/en-US/trading.json';
import { rgbOf, shoot, themeRgb } from '../../components/testing/pixels.ts';
import { setMarketBridge, subscriptionId, tradesStore, type Trade } from '../../market/index.ts';
import '../../styles/theme.css';
import { RecentTrades } from './RecentTrades.tsx';
import { COPY_MS } from './row-painter.ts';
import { BTCUSDT_SPOT } from './test-pair.ts';
import './trading.css';
import './trading-panels.css';

const pair = BTCUSDT_SPOT;
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
});

/** `n` trades, newest first, alternating buy (even) and sell (odd). */
const trades = (n: number, base: number): Trade[] =>
  Array.from({ length: n }, (_, i) => ({ id: base + n - i, time: Date.UTC(2026, 0, 1, 10, 0, 0), price: base - i, qty: 1 + i / 1000, isBuyerMaker: i % 2 === 1 }));
const setTrades = (list: Trade[]) => act(() => tradesStore.setState({ trades: { [TRADES_ID]: list } }));
const column = (col: string) => (host?.querySelector(`[data-testid="recent-trades"] [data-col="${col}"]`)?.textContent ?? '').split('\n');

/** The colour the canvas drew most often on a row's price (its left 60 px), the background left out. */
async function priceColor(win: HTMLElement, row: number, background: [number, number, number]): Promise<[number, number, number] | null> {
  const shot = await shoot(win);
  let best: [number, number, number] | null = null;
  let bestDistance = 0;
  for (let x = 10; x < 70; x++) {
    for (let y = row * 20 + 4; y < row * 20 + 16; y++) {
      const rgb = shot.rgb(x, y);
      const distance = rgb.reduce((sum, v, c) => sum + Math.abs(v - (background[c] as number)), 0);
      if (distance > bestDistance) [best, bestDistance] = [rgb, distance];
    }
  }
  return best;
}

const near = (a: readonly number[] | null, b: readonly number[]) => a !== null && a.every((v, c) => Math.abs(v - (b[c] as number)) <= 40);

describe('RecentTrades', () => {
  it('draws the trades on its canvas, buys in the up colour and sells in the down colour, and copies them into the document', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources: { 'en-US': { trading: enTrading } }, lng: 'en-US', defaultNS: 'trading', interpolation: { escapeValue: false } });
    setTrades(trades(150, 1000));
    host = document.createElement('div');
    host.style.cssText = 'width: 360px; height: 400px; display: flex; flex-direction: column;';
    document.body.append(host);
    root = createRoot(host);
    act(() =>
      root?.render(
        <I18nextProvider i18n={i18n}>
          <RecentTrades pair={pair} />
        </I18nextProvider>,
      ),
    );
    await vi.waitFor(() => expect(column('buy')[0]).toBe('1000.00'));
    expect(column('sell').slice(0, 2)).toEqual(['', '999.00']);
    const win = host.querySelector('[data-testid="recent-trades"] .td-rows-window') as HTMLElement;
    expect(getComputedStyle(host.querySelector('[data-col="buy"]') as HTMLElement).color).toBe('rgba(0, 0, 0, 0)');
    const up = themeRgb('--td-up');
    const down = themeRgb('--td-down');
    const bodyColor = getComputedStyle(document.body).backgroundColor;
    const background = bodyColor === 'rgba(0, 0, 0, 0)' ? ([255, 255, 255] as [number, number, number]) : rgbOf(bodyColor);
    await vi.waitFor(async () => expect(near(await priceColor(win, 0, background), up)).toBe(true));
    expect(near(await priceColor(win, 1, background), down)).toBe(true);

    // A tick of the same shape (150 trades): drawn, and copied within COPY_MS. The newest is now a sell.
    setTrades(trades(150, 2001).map((t, i) => ({ ...t, isBuyerMaker: i % 2 === 0 })));
    await vi.waitFor(async () => expect(near(await priceColor(win, 0, background), down)).toBe(true));
    await vi.waitFor(() => expect(column('sell')[0]).toBe('2001.00'), { timeout: COPY_MS * 3 });
    expect(column('buy')[0]).toBe('');
  });
});
