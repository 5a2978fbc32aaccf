import i18next from 'i18next';
import { Profiler } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { act } from '../../components/testing/act-environment.ts';
import { host, mountHost, root } from '../../components/testing/host.ts';
import enRisk from '../../../locales/en-US/risk.json';
import enTrading from '../../../locales/en-US/trading.json';
import { bookStore, subscriptionId, tickersStore, type BookView } from '../../market/index.ts';
import { withMarketBridge } from '../../market/testing.ts';
import '../../styles/theme.css';
import { BOOK_DEPTH } from './book-constants.ts';
import { OrderBook } from './OrderBook.tsx';
import { COPY_MS } from './row-painter.ts';
import { BTCUSDT_SPOT } from './test-pair.ts';
import './trading.css';
import './trading-panels.css';

const pair = BTCUSDT_SPOT;
const BOOK_ID = subscriptionId({ topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: BOOK_DEPTH });

withMarketBridge();
beforeEach(() => {
  bookStore.setState({ books: {} });
  tickersStore.setState({ tickers: { spot: {}, usdm: {} } });
});

const flat = (levels: Array<[number, number]>) => Float64Array.from(levels.flat());
function setBook(bids: Array<[number, number]>, asks: Array<[number, number]>) {
  const view: BookView = { synced: true, lastUpdateId: 1, time: 0, tickSize: '0.01', depth: BOOK_DEPTH, group: 1, bids: flat(bids), asks: flat(asks) };
  act(() => bookStore.setState({ books: { [BOOK_ID]: view } }));
}
function setLast(c: number) {
  act(() => tickersStore.setState({ tickers: { spot: { BTCUSDT: { s: 'BTCUSDT', c, o: 100, h: c, l: c, v: 0, q: 0, E: 0 } }, usdm: {} } }));
}

const spread = () => host?.querySelector('.td-book-spread')?.textContent;
const lines = (side: 'bids' | 'asks', col: string) => (host?.querySelector(`[data-testid="book-${side}"] [data-col="${col}"]`)?.textContent ?? '').split('\n');

describe('OrderBook', () => {
  it('takes a tick of the same shape without rendering (lists and spread written), and renders a new shape or ticker', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources: { 'en-US': { trading: enTrading, risk: enRisk } }, lng: 'en-US', defaultNS: 'trading', interpolation: { escapeValue: false } });
    setLast(100.5);
    setBook([[100, 1], [99.5, 2]], [[101, 3], [101.5, 4]]);
    mountHost('width: 360px; height: 600px; display: flex; flex-direction: column;');
    let commits = 0;
    act(() =>
      root?.render(
        <I18nextProvider i18n={i18n}>
          <Profiler id="book" onRender={() => void commits++}>
            <OrderBook pair={pair} layout="both" />
          </Profiler>
        </I18nextProvider>,
      ),
    );
    expect(spread()).toBe(enTrading.book.spread.replace('{{spread}}', '1.00'));
    expect(lines('bids', 'price')).toEqual(['100.00', '99.50']);
    // The asks list pins itself to its best level (at the bottom) once it knows its height.
    await expect.poll(() => lines('asks', 'price').filter(Boolean)).toEqual(['101.50', '101.00']);
    const settled = commits;

    // The same number of levels a side: no commit, and every part that shows the book has the tick.
    setBook([[100.2, 1.5], [99.5, 2]], [[100.9, 3], [101.5, 4]]);
    expect(commits).toBe(settled);
    expect(spread()).toBe(enTrading.book.spread.replace('{{spread}}', '0.70'));
    // (The lists draw the tick on their canvases at once, and copy it into the document within COPY_MS.)
    await expect.poll(() => lines('bids', 'price'), { timeout: COPY_MS * 3 }).toEqual(['100.20', '99.50']);
    expect(lines('bids', 'qty')).toEqual(['1.500', '2.000']);
    expect(lines('asks', 'price').filter(Boolean)).toEqual(['101.50', '100.90']);

    // One side gains a level: the panel renders; the side that kept its count has the tick too.
    const rendered = commits;
    setBook([[100.2, 1.5], [99.5, 2], [99, 1]], [[100.8, 3], [101.5, 4]]);
    expect(commits).toBeGreaterThan(rendered);
    expect(lines('bids', 'price')).toEqual(['100.20', '99.50', '99.00']);
    await expect.poll(() => lines('asks', 'price').filter(Boolean), { timeout: COPY_MS * 3 }).toEqual(['101.50', '100.80']);
    expect(spread()).toBe(enTrading.book.spread.replace('{{spread}}', '0.60'));

    // The last price renders the panel (a ticker change), and the spread stays the book's.
    const before = commits;
    setLast(100.6);
    expect(commits).toBeGreaterThan(before);
    expect(host.querySelector('.td-book-last')?.textContent).toBe('100.60');
    expect(spread()).toBe(enTrading.book.spread.replace('{{spread}}', '0.60'));
  });
});
