import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useTradesTicks, type Trade } from '../../market/index.ts';
import type { Pair } from '../market/index.ts';
import { alignedLine } from './aligned-line.ts';
import { TextColumn, writeLines } from './TextColumn.tsx';
import { useTickData, useTickHandle, type TickHandle } from './tick-list.ts';
import { useLineFormat, type LineFormat } from './use-line-format.ts';

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

/** A line per trade in each of two overlaid text nodes: the buys' (a blank line for a sell) and the sells'. */
interface TradeLines {
  buys: string[];
  sells: string[];
}

/** Each trade's price, amount and time in one line (aligned-line.ts), in the buys' or the sells' lines. */
function linesOf(trades: readonly Trade[], first: number, rows: number, pair: Pair, format: LineFormat): TradeLines {
  const out: TradeLines = { buys: [], sells: [] };
  const fields = ['', '', ''];
  for (let index = first; index < first + rows; index++) {
    const trade = trades[index];
    if (!trade) continue;
    fields[0] = trade.price.toFixed(pair.pricePrecision);
    fields[1] = trade.qty.toFixed(pair.amountPrecision);
    fields[2] = clock(trade.time);
    const line = alignedLine(fields, format.column, format.glyphs);
    // Binance: isBuyerMaker means the taker sold (a sell, shown in the down colour).
    out.buys.push(trade.isBuyerMaker ? '' : line);
    out.sells.push(trade.isBuyerMaker ? line : '');
  }
  return out;
}

interface Labels {
  title: string;
  price: string;
  amount: string;
  time: string;
  /** the buys' and the sells' lines, with their columns' names */
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
 * it: `update` writes the two text nodes of the rows the last render laid out (issue 19, the viewed tab's main
 * thread). It renders when the count, the pair or the language changes, and on scroll.
 */
const TradeList = memo(
  function TradeList({ trades: given, pair, labels, live }: TradeListProps) {
    // The latest tick's trades: the props' when the panel rendered this list, or what `update` was given since.
    const latest = useTickData(given);
    const count = Math.min(latest.current.length, TRADES_SHOWN);
    const scrollRef = useRef<HTMLDivElement>(null);
    const buyCol = useRef<HTMLDivElement>(null);
    const sellCol = useRef<HTMLDivElement>(null);
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
    // Price, amount and time in three columns across the lines; a new width or font writes them again.
    const format = useLineFormat(scrollRef, buyCol, 3, () => write(latest.current));
    const items = virtualizer.getVirtualItems();
    const first = items[0]?.index ?? 0;
    const lines = linesOf(latest.current, first, items.length, pair, format.current);
    // The rows this render lays out: a tick fills the same ones until the next render.
    const range = useRef({ first, rows: items.length });
    range.current = { first, rows: items.length };
    const write = (trades: readonly Trade[]) => {
      latest.current = trades;
      const now = linesOf(trades, range.current.first, range.current.rows, pair, format.current);
      writeLines(buyCol.current, now.buys);
      writeLines(sellCol.current, now.sells);
    };
    useTickHandle(live, write);
    return (
      <div ref={scrollRef} className="td-book-scroll" role="group" aria-label={labels.title} tabIndex={0} data-testid="recent-trades" data-count={count}>
        <div className="td-rows" style={{ height: virtualizer.getTotalSize(), paddingTop: first * ROW_HEIGHT }}>
          {items.length > 0 && (
            <div className="td-rows-window" style={{ height: items.length * ROW_HEIGHT }} data-first={first}>
              {/* Buys and sells in two overlaid text nodes (a blank line where the other side's trade is), each
                  line's price in its side's colour (trading.css). */}
              <div className="td-col td-trade-prices">
                <TextColumn ref={buyCol} className="td-trade-lines td-trade-lines--buy" col="buy" label={labels.buys} lines={lines.buys} />
                <TextColumn ref={sellCol} className="td-trade-lines td-trade-lines--sell" col="sell" label={labels.sells} lines={lines.sells} />
              </div>
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
 * The visible trades are two text nodes with a line per trade (as the book's sides, BookSideList): new trades
 * change two text nodes, not a row of boxes per visible trade.
 */
export function RecentTrades({ pair }: { pair: Pair }) {
  const { t } = useTranslation('trading');
  // Each tick goes to the list's handle: the panel renders only while the number shown grows (issue 19).
  const live = useRef<TradeListHandle>(null);
  const trades = useTradesTicks(pair.symbol, pair.market, shownCount, (next) => live.current?.update(next));
  // The labels are translated once per language and pair.
  const labels = useMemo(() => {
    const price = t('book.price', { asset: pair.quoteAsset });
    const amount = t('book.amount', { asset: pair.baseAsset });
    const time = t('trades.time');
    return {
      title: t('trades.title'),
      price,
      amount,
      time,
      // Each side's lines hold the three columns.
      buys: t('trades.lines', { side: t('trades.buys'), price, amount, time }),
      sells: t('trades.lines', { side: t('trades.sells'), price, amount, time }),
    };
  }, [t, pair.quoteAsset, pair.baseAsset]);
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
