import axe from 'axe-core';
import Decimal from 'decimal.js';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { actAsync } from '../../components/testing/act-environment.ts';
import { host, mountHost } from '../../components/testing/host.ts';
import enComponents from '../../../locales/en-US/components.json';
import enOrders from '../../../locales/en-US/orders.json';
import enRisk from '../../../locales/en-US/risk.json';
import enTrading from '../../../locales/en-US/trading.json';
import zhComponents from '../../../locales/zh-HK/components.json';
import zhOrders from '../../../locales/zh-HK/orders.json';
import zhRisk from '../../../locales/zh-HK/risk.json';
import zhTrading from '../../../locales/zh-HK/trading.json';
import { session } from '../../lib/session/index.ts';
import { bookStore, subscriptionId, tickersStore, type BookView } from '../../market/index.ts';
import { withMarketBridge } from '../../market/testing.ts';
import { parseBybitInstruments, parseOkxInstruments, type Pair } from '../market/index.ts';
import '../../styles/theme.css';
import { BOOK_DEPTH } from './book-constants.ts';
import { OrderBook } from './OrderBook.tsx';
import { COPY_MS } from './row-painter.ts';
import { OrderForm } from './order-entry/OrderForm.tsx';
import type { BalanceContext } from './order-entry/validate.ts';
import './trading.css';
import './trading-panels.css';

// The trading panels with another venue's pairs, as the pair loader makes them from the venue's own list (recorded
// payloads shaped as OKX's and Bybit's docs show): prices at the venue's tick, sizes at its lot, its minimum size,
// at 1280 px and 390 px, in both locales, nothing wider than the screen, axe-core clean.

const okxReply = (data: unknown[]) => ({ code: '0', msg: '', data });
const OKX_SPOT = { instType: 'SPOT', instId: 'BTC-USDT', baseCcy: 'BTC', quoteCcy: 'USDT', settleCcy: '', ctType: '', ctVal: '', ctValCcy: '', uly: '', instFamily: '', tickSz: '0.1', lotSz: '0.00000001', minSz: '0.00001', maxLmtSz: '9999999999', maxMktSz: '1000000', state: 'live' };
const OKX_SWAP = { instType: 'SWAP', instId: 'BTC-USDT-SWAP', baseCcy: '', quoteCcy: '', settleCcy: 'USDT', ctType: 'linear', ctVal: '0.01', ctValCcy: 'BTC', uly: 'BTC-USDT', instFamily: 'BTC-USDT', tickSz: '0.1', lotSz: '0.01', minSz: '0.01', maxLmtSz: '100000000', maxMktSz: '12000', state: 'live' };
const bybitReply = (category: string, list: unknown[]) => ({ retCode: 0, retMsg: 'OK', result: { category, list, nextPageCursor: '' }, retExtInfo: {}, time: 1 });
const BYBIT_SPOT = { symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', status: 'Trading', priceFilter: { tickSize: '0.01' }, lotSizeFilter: { basePrecision: '0.000001', quotePrecision: '0.00000001', minOrderQty: '0.000048', maxOrderQty: '71.73956243', minOrderAmt: '1', maxOrderAmt: '2000000' } };
const BYBIT_LINEAR = { symbol: 'BTCUSDT', contractType: 'LinearPerpetual', status: 'Trading', baseCoin: 'BTC', quoteCoin: 'USDT', settleCoin: 'USDT', priceFilter: { minPrice: '0.10', maxPrice: '1999999.80', tickSize: '0.10' }, lotSizeFilter: { maxOrderQty: '1190.000', minOrderQty: '0.001', qtyStep: '0.001', maxMktOrderQty: '500.000', minNotionalValue: '5' } };

const one = (pairs: Pair[]): Pair => {
  expect(pairs).toHaveLength(1);
  return pairs[0]!;
};

interface Case {
  name: string;
  pair: Pair;
  /** What the book shows for a bid at 64000.1 (or 64000.12) of 0.5 BTC. */
  bidPrice: string;
  bidQty: string;
  /** A price off the tick, and the decimals the form names. */
  offTick: string;
  maxDecimals: number;
  /** A volume the form refuses for the venue's lot: below its minimum size, or finer than its step. */
  volume: string;
  volumeError: [key: 'errors.belowMinimum' | 'errors.tooManyDecimals', params: Record<string, string | number>];
}

const CASES: Case[] = [
  { name: 'OKX spot', pair: one(parseOkxInstruments(okxReply([OKX_SPOT]), 'spot')), bidPrice: '64000.1', bidQty: '0.50000000', offTick: '64000.15', maxDecimals: 1, volume: '0.000009', volumeError: ['errors.belowMinimum', { min: '0.00001', asset: 'BTC' }] },
  // One lot of BTC-USDT-SWAP: 0.01 contract × 0.01 BTC.
  { name: 'OKX USDT perpetual', pair: one(parseOkxInstruments(okxReply([OKX_SWAP]), 'usdm')), bidPrice: '64000.1', bidQty: '0.5000', offTick: '64000.15', maxDecimals: 1, volume: '0.00005', volumeError: ['errors.tooManyDecimals', { max: 4 }] },
  { name: 'Bybit spot', pair: one(parseBybitInstruments(bybitReply('spot', [BYBIT_SPOT]), 'spot').pairs), bidPrice: '64000.12', bidQty: '0.500000', offTick: '64000.123', maxDecimals: 2, volume: '0.000047', volumeError: ['errors.belowMinimum', { min: '0.000048', asset: 'BTC' }] },
  { name: 'Bybit USDT perpetual', pair: one(parseBybitInstruments(bybitReply('linear', [BYBIT_LINEAR]), 'usdm').pairs), bidPrice: '64000.1', bidQty: '0.500', offTick: '64000.15', maxDecimals: 1, volume: '0.0005', volumeError: ['errors.tooManyDecimals', { max: 3 }] },
];

const LOCALES = {
  'en-US': { orders: enOrders, components: enComponents, risk: enRisk, trading: enTrading },
  'zh-HK': { orders: zhOrders, components: zhComponents, risk: zhRisk, trading: zhTrading },
} as const;
type Lang = keyof typeof LOCALES;

withMarketBridge();
beforeEach(() => {
  bookStore.setState({ books: {} });
  tickersStore.setState({ tickers: { spot: {}, usdm: {} } });
});
afterEach(() => session.actions.signOut());

const flat = (levels: Array<[number, number]>) => Float64Array.from(levels.flat());

function setMarket(c: Case) {
  const { pair } = c;
  const bid = Number(c.bidPrice);
  const tick = Number(pair.tickSize);
  const view: BookView = { synced: true, lastUpdateId: 1, time: 0, tickSize: pair.tickSize, depth: BOOK_DEPTH, group: 1, bids: flat([[bid, 0.5], [bid - tick, 1.25]]), asks: flat([[bid + tick, 2], [bid + 2 * tick, 3]]) };
  bookStore.setState({ books: { [subscriptionId({ topic: 'book', market: pair.market, symbol: pair.symbol, depth: BOOK_DEPTH })]: view } });
  const ticker = { s: pair.symbol, c: bid, o: 63000, h: 65000, l: 62000, v: 100, q: 6_400_000, E: 0 };
  tickersStore.setState({ tickers: { spot: pair.market === 'spot' ? { [pair.symbol]: ticker } : {}, usdm: pair.market === 'usdm' ? { [pair.symbol]: ticker } : {} } });
}

const balance = (): BalanceContext => ({ available: new Decimal('1000000'), referencePrice: new Decimal('64000'), takerFeeRate: new Decimal('0.001'), leverage: 10 });

async function mount(c: Case, lang: Lang, width: number) {
  await page.viewport(width, 900);
  const i18n = i18next.createInstance();
  await i18n.init({ resources: LOCALES, lng: lang, defaultNS: 'orders', interpolation: { escapeValue: false } });
  setMarket(c);
  // The trading page's widths: on a desktop the book and the form side by side, on a phone one above the other.
  const layout = width < 600 ? 'display: flex; flex-direction: column;' : 'display: flex; flex-direction: row; gap: 12px;';
  const panel = width < 600 ? {} : { width: 360, flex: 'none' };
  mountHost(`${layout} width: 100%; max-width: 100vw; box-sizing: border-box; padding: 8px; background: var(--td-surface);`);
  await actAsync(async () =>
    (await import('../../components/testing/host.ts')).root!.render(
      <I18nextProvider i18n={i18n}>
        {/* The page's grid gives its panels their size (.td-panel is contain: strict; the book sits in area "book"). */}
        <div style={{ display: 'grid', gridTemplateAreas: '"book"', gridTemplateRows: '480px', gridTemplateColumns: 'minmax(0, 1fr)', ...panel }}>
          <OrderBook pair={c.pair} layout="both" />
        </div>
        <div style={{ minWidth: 0, ...panel }}>
          <OrderForm rules={c.pair} balance={balance} onSubmit={vi.fn(async () => {})} />
        </div>
      </I18nextProvider>,
    ),
  );
}

const column = (side: 'bids' | 'asks', col: string) => (host.querySelector(`[data-testid="book-${side}"] [data-col="${col}"]`)?.textContent ?? '').split('\n').filter(Boolean);

async function typeInto(testId: string, text: string) {
  const field = page.getByTestId(testId);
  await userEvent.clear(field);
  if (text) await userEvent.type(field, text);
}

async function expectAxeClean() {
  const result = await axe.run(host, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

describe.each(CASES)('$name', (c) => {
  it.each([
    ['en-US', 1280],
    ['zh-HK', 390],
    ['zh-HK', 1280],
    ['en-US', 390],
  ] as const)('%s at %i px: the book at the venue tick and lot, the form held to them, nothing wider than the screen, axe clean', async (lang, width) => {
    await mount(c, lang, width);
    // (The lists draw on their canvases and copy the rows into the document within a few frames.)
    await expect.poll(() => column('bids', 'price'), { timeout: COPY_MS * 3 }).toEqual([c.bidPrice, new Decimal(c.bidPrice).sub(c.pair.tickSize).toFixed(c.pair.pricePrecision)]);
    expect(column('bids', 'qty')[0]).toBe(c.bidQty);

    await typeInto('order-price', c.offTick);
    await typeInto('order-volume', c.volume);
    await userEvent.click(page.getByTestId('order-submit'));
    const t = i18next.createInstance();
    await t.init({ resources: LOCALES, lng: lang, defaultNS: 'orders', interpolation: { escapeValue: false } });
    await expect.element(page.getByText(t.t('errors.tooManyDecimals', { max: c.maxDecimals }))).toBeInTheDocument();

    await typeInto('order-price', c.bidPrice);
    await userEvent.click(page.getByTestId('order-submit'));
    await expect.element(page.getByText(t.t(c.volumeError[0], c.volumeError[1]))).toBeInTheDocument();

    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
    await expectAxeClean();
  });
});
