import axe from 'axe-core';
import i18next from 'i18next';
import { Profiler } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { act } from '../../components/testing/act-environment.ts';
import { host, mountHost, root } from '../../components/testing/host.ts';
import enRisk from '../../../locales/en-US/risk.json';
import enTrading from '../../../locales/en-US/trading.json';
import { bookStore, subscriptionId, tickersStore, tradesStore, type BookView, type Trade } from '../../market/index.ts';
import { withMarketBridge } from '../../market/testing.ts';
import '../../styles/theme.css';
import { BOOK_DEPTH } from './book-constants.ts';
import { OrderBook } from './OrderBook.tsx';
import { RecentTrades } from './RecentTrades.tsx';
import { COPY_MS } from './row-painter.ts';
import { BTCUSDT_SPOT } from './test-pair.ts';
import './trading.css';
import './trading-panels.css';

// The order book and recent trades are painted on canvases over text columns, which a screen reader reads column by
// column. Each list also holds a visually hidden table (RowsTable) read row by row: header row, then a row per level
// or trade, the cells written with the list's document copy (at most once every COPY_MS), never through a render.

const pair = BTCUSDT_SPOT;
const BOOK_ID = subscriptionId({ topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: BOOK_DEPTH });
const TRADES_ID = subscriptionId({ topic: 'trades', market: 'spot', symbol: 'BTCUSDT' });

withMarketBridge();
beforeEach(() => {
  bookStore.setState({ books: {} });
  tickersStore.setState({ tickers: { spot: {}, usdm: {} } });
  tradesStore.setState({ trades: {} });
});

const flat = (levels: Array<[number, number]>) => Float64Array.from(levels.flat());
function setBook(bids: Array<[number, number]>, asks: Array<[number, number]>) {
  const view: BookView = { synced: true, lastUpdateId: 1, time: 0, tickSize: '0.01', depth: BOOK_DEPTH, group: 1, bids: flat(bids), asks: flat(asks) };
  act(() => bookStore.setState({ books: { [BOOK_ID]: view } }));
}

/** A table as assistive technology reads it: its name, then each row's cells (header row first). */
function readTable(testId: string): { name: string | null; rows: string[][] } {
  const table = host?.querySelector(`[data-testid="${testId}"]`);
  if (!table) return { name: null, rows: [] };
  expect(table.getAttribute('role')).toBe('table');
  const rows = [...table.querySelectorAll('[role="row"]')].map((row) => [...row.querySelectorAll('[role="columnheader"], [role="cell"]')].map((cell) => cell.textContent ?? ''));
  return { name: table.getAttribute('aria-label'), rows };
}

async function axeClean(): Promise<unknown[]> {
  const result = await axe.run(host as HTMLElement, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target) }));
}

async function i18n() {
  const instance = i18next.createInstance();
  await instance.init({ resources: { 'en-US': { trading: enTrading, risk: enRisk } }, lng: 'en-US', defaultNS: 'trading', interpolation: { escapeValue: false } });
  return instance;
}

describe('book and trades as tables for assistive technology', () => {
  it('reads each book side row by row (price, amount, total), a tick written into the rows without a render', async () => {
    setBook([[100, 1], [99.5, 2]], [[101, 3], [101.5, 4]]);
    mountHost('width: 360px; height: 600px; display: flex; flex-direction: column;');
    let commits = 0;
    const instance = await i18n();
    act(() =>
      root?.render(
        <I18nextProvider i18n={instance}>
          <Profiler id="book" onRender={() => void commits++}>
            <OrderBook pair={pair} layout="both" />
          </Profiler>
        </I18nextProvider>,
      ),
    );
    const header = [enTrading.book.price.replace('{{asset}}', 'USDT'), enTrading.book.amount.replace('{{asset}}', 'BTC'), enTrading.book.total.replace('{{asset}}', 'BTC')];
    const bids = readTable('book-bids-table');
    expect(bids.rows).toEqual([header, ['100.00', '1.000', '1.000'], ['99.50', '2.000', '3.000']]);
    expect(bids.name).toBeTruthy();
    // The asks run best last (nearest the spread), as drawn.
    await expect.poll(() => readTable('book-asks-table').rows.filter((r) => r.some(Boolean)).slice(1)).toEqual([['101.50', '4.000', '7.000'], ['101.00', '3.000', '3.000']]);
    // The text columns are hidden from assistive technology: the table is what it reads, once.
    for (const column of host.querySelectorAll('[data-col]')) expect(column.getAttribute('aria-hidden')).toBe('true');

    // (The lists' own renders after mounting — their sizes observed, the asks pinned — are done before the tick.)
    await new Promise((resolve) => setTimeout(resolve, 300));
    const settled = commits;
    setBook([[100.2, 1.5], [99.5, 2]], [[100.9, 3], [101.5, 4]]);
    expect(commits).toBe(settled);
    await expect.poll(() => readTable('book-bids-table').rows.slice(1), { timeout: COPY_MS * 3 }).toEqual([['100.20', '1.500', '1.500'], ['99.50', '2.000', '3.500']]);
    expect(await axeClean()).toEqual([]);
  });

  it('reads recent trades row by row (time, price, amount, side)', async () => {
    const list: Trade[] = [
      { id: 2, time: new Date(2026, 0, 1, 10, 0, 2).getTime(), price: 1000, qty: 1.5, isBuyerMaker: false },
      { id: 1, time: new Date(2026, 0, 1, 10, 0, 1).getTime(), price: 999, qty: 2, isBuyerMaker: true },
    ];
    act(() => tradesStore.setState({ trades: { [TRADES_ID]: list } }));
    mountHost('width: 360px; height: 400px; display: flex; flex-direction: column;');
    const instance = await i18n();
    act(() =>
      root?.render(
        <I18nextProvider i18n={instance}>
          <RecentTrades pair={pair} />
        </I18nextProvider>,
      ),
    );
    const { trades } = enTrading;
    await expect.poll(() => readTable('recent-trades-table').rows).toEqual([
      [trades.time, enTrading.book.price.replace('{{asset}}', 'USDT'), enTrading.book.amount.replace('{{asset}}', 'BTC'), trades.side],
      ['10:00:02', '1000.00', '1.500', trades.buy],
      ['10:00:01', '999.00', '2.000', trades.sell],
    ]);
    expect(readTable('recent-trades-table').name).toBe(trades.title);
    expect(await axeClean()).toEqual([]);
  });
});
