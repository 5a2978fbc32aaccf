import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useMemo, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useTradesTicks, type Trade } from '../../market/index.ts';
import type { Pair } from '../market/index.ts';
import { ROW_PADDING } from './book-constants.ts';
import { usePaintedRows } from './painted-rows.ts';
import { useContentBox } from './row-painter.ts';
import { RowsTable, writeRows } from './RowsTable.tsx';
import { TextColumn, writeLines } from './TextColumn.tsx';
import { useTickData, useTickHandle, type TickHandle } from './tick-list.ts';

/** spec §9 "Trade history: 150". */
export const TRADES_SHOWN = 150;
/** How many trades the list shows: a change renders it (and the panel); any other tick is written (`update`). */
const shownCount = (trades: readonly Trade[]) => Math.min(trades.length, TRADES_SHOWN);
const ROW_HEIGHT = 20;

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
function clock(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

interface TradeLines {
  buys: string[];
  sells: string[];
  qtys: string[];
  times: string[];
}

function linesOf(trades: readonly Trade[], first: number, rows: number, pair: Pair): TradeLines {
  const out: TradeLines = { buys: [], sells: [], qtys: [], times: [] };
  for (let index = first; index < first + rows; index++) {
    const trade = trades[index];
    if (!trade) continue;
    const price = trade.price.toFixed(pair.pricePrecision);
    // Binance: isBuyerMaker means the taker sold (a sell, shown in the down colour).
    out.buys.push(trade.isBuyerMaker ? '' : price);
    out.sells.push(trade.isBuyerMaker ? price : '');
    out.qtys.push(trade.qty.toFixed(pair.amountPrecision));
    out.times.push(clock(trade.time));
  }
  return out;
}

/** The rows of the table read by assistive technology (RowsTable): time, price, amount, side. */
const tableRows = (lines: TradeLines, labels: Labels) =>
  lines.qtys.map((qty, i) => {
    const buy = lines.buys[i] ?? '';
    return [lines.times[i] ?? '', buy || (lines.sells[i] ?? ''), qty, buy ? labels.buy : labels.sell];
  });

interface Labels {
  title: string;
  side: string;
  buy: string;
  sell: string;
  price: string;
  amount: string;
  time: string;
  buys: string;
  sells: string;
}

/** Given as `live`: the panel hands each tick's trades to `update` from the store's subscription. */
type TradeListHandle = TickHandle<readonly Trade[]>;

interface TradeListProps {
  trades: readonly Trade[];
  pair: Pair;
  labels: Labels;
  live: Ref<TradeListHandle>;
}

/**
 * The virtualised lines. A tick that keeps the number of trades shown (always, once 150 have come) does not render
 * it: `update` hands the lines of the rows the last render laid out to the painter, and schedules the copy (the
 * viewed tab's main-thread budget). It renders when the count, the pair or the language changes, and on scroll.
 */
const TradeList = memo(
  function TradeList({ trades: given, pair, labels, live }: TradeListProps) {
    // The latest tick's trades: the props' when the panel rendered this list, or what `update` was given since.
    const latest = useTickData(given);
    const count = Math.min(latest.current.length, TRADES_SHOWN);
    const scrollRef = useRef<HTMLDivElement>(null);
    const buyCol = useRef<HTMLDivElement>(null);
    const sellCol = useRef<HTMLDivElement>(null);
    const qtyCol = useRef<HTMLDivElement>(null);
    const timeCol = useRef<HTMLDivElement>(null);
    const table = useRef<HTMLDivElement>(null);
    // The app does not use the React Compiler; the virtualizer re-renders this component on scroll itself.
    // eslint-disable-next-line react-hooks/incompatible-library
    const virtualizer = useVirtualizer({
      count,
      getScrollElement: () => scrollRef.current,
      estimateSize: () => ROW_HEIGHT,
      overscan: 2,
      // Scroll renders are batched by React 19 instead of flushed synchronously on every scroll event.
      useFlushSync: false,
    });
    const items = virtualizer.getVirtualItems();
    const first = items[0]?.index ?? 0;
    const lines = linesOf(latest.current, first, items.length, pair);
    // The rows this render lays out: a tick fills the same ones until the next render.
    const range = useRef({ first, rows: items.length });
    range.current = { first, rows: items.length };

    // The canvas draws the lines (row-painter.ts); its width comes from a ResizeObserver, so drawing reads no layout.
    const width = useRef(0);
    const painted = usePaintedRows(
      {
        name: 'recent-trades',
        palette: (colors, _style, font) => ({ up: colors.up, down: colors.down, text: colors.text, muted: colors.muted, font }),
        frame: (now, paint, canvasText) => {
          const w = width.current;
          if (w === 0) return null;
          // As trading.css lays the columns out: the prices on the first column's left edge, the amount and the time on
          // their columns' right edges.
          const column = (w - 2 * ROW_PADDING) / 3;
          return {
            width: w,
            rows: now.qtys.length,
            rowHeight: ROW_HEIGHT,
            font: paint.font,
            columns: canvasText
              ? [
                  { lines: now.buys, color: paint.up, align: 'left', x: ROW_PADDING },
                  { lines: now.sells, color: paint.down, align: 'left', x: ROW_PADDING },
                  { lines: now.qtys, color: paint.text, align: 'right', x: ROW_PADDING + 2 * column },
                  { lines: now.times, color: paint.muted, align: 'right', x: ROW_PADDING + 3 * column },
                ]
              : [],
          };
        },
        // The text columns: a transparent copy of what the canvas draws, written at most once a second between
        // renders; where the canvas does not draw text, the lines shown, written on every tick.
        copy: (now) => {
          writeLines(buyCol.current, now.buys);
          writeLines(sellCol.current, now.sells);
          writeLines(qtyCol.current, now.qtys);
          writeLines(timeCol.current, now.times);
          writeRows(table.current, tableRows(now, labels));
        },
      },
      lines,
    );
    const { canvasText, draw } = painted;
    useContentBox(scrollRef, (box) => {
      if (box.width === width.current) return;
      width.current = box.width;
      draw();
    });
    useLayoutEffect(() => {
      painted.show(lines);
    });
    useTickHandle(live, (trades) => {
      latest.current = trades;
      painted.tick(linesOf(trades, range.current.first, range.current.rows, pair));
    });
    return (
      <div ref={scrollRef} className="td-book-scroll" role="group" aria-label={labels.title} tabIndex={0} data-testid="recent-trades" data-count={count}>
        <div className="td-rows" style={{ height: virtualizer.getTotalSize(), paddingTop: first * ROW_HEIGHT }}>
          {items.length > 0 && (
            <div className={canvasText ? 'td-rows-window td-rows-window--drawn' : 'td-rows-window'} style={{ height: items.length * ROW_HEIGHT }} data-first={first}>
              <canvas ref={painted.canvasRef} className="td-rows-canvas" aria-hidden="true" />
              {/* Buys and sells in two overlaid columns (a blank line where the other side's trade is), so
                  each keeps its colour with one text node per column. */}
              <div className="td-col td-trade-prices">
                <TextColumn ref={buyCol} className="td-up" col="buy" lines={lines.buys} />
                <TextColumn ref={sellCol} className="td-down" col="sell" lines={lines.sells} />
              </div>
              <TextColumn ref={qtyCol} className="td-col td-book-num" col="qty" lines={lines.qtys} />
              <TextColumn ref={timeCol} className="td-col td-book-num td-muted" col="time" lines={lines.times} />
              <RowsTable ref={table} label={labels.title} headers={[labels.time, labels.price, labels.amount, labels.side]} rows={tableRows(lines, labels)} testId="recent-trades-table" />
            </div>
          )}
        </div>
      </div>
    );
  },
  (a, b) => a.pair === b.pair && a.labels === b.labels && a.live === b.live && shownCount(a.trades) === shownCount(b.trades),
);

/**
 * Recent trades, newest first, buy/sell colours (spec §3 trade list entry: time, price, qty, isBuyerMaker).
 * As the book's sides (BookSideList): a canvas drawn by the tab's painter worker shows the visible trades, and four
 * text columns with a line per trade (one text node each) are their transparent copy in the document.
 */
export function RecentTrades({ pair }: { pair: Pair }) {
  const { t } = useTranslation('trading');
  // Each tick goes to the list's handle: the panel renders only while the number shown grows (main-thread budget).
  const live = useRef<TradeListHandle>(null);
  const trades = useTradesTicks(pair.symbol, pair.market, shownCount, (next) => live.current?.update(next));
  // The labels are translated once per language and pair.
  const labels = useMemo(
    () => ({
      title: t('trades.title'),
      price: t('book.price', { asset: pair.quoteAsset }),
      amount: t('book.amount', { asset: pair.baseAsset }),
      time: t('trades.time'),
      buys: t('trades.buys'),
      sells: t('trades.sells'),
      side: t('trades.side'),
      buy: t('trades.buy'),
      sell: t('trades.sell'),
    }),
    [t, pair.quoteAsset, pair.baseAsset],
  );
  return (
    <section className="td-panel td-trades" aria-label={labels.title}>
      <div className="td-panel-frame">
        <header className="td-panel-head">
          <h2>{labels.title}</h2>
        </header>
        <div className="td-book-cols" aria-hidden="true">
          <span>{labels.price}</span>
          <span>{labels.amount}</span>
          <span>{labels.time}</span>
        </div>
        <TradeList trades={trades} pair={pair} labels={labels} live={live} />
      </div>
    </section>
  );
}
