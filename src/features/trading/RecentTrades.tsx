import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrades } from '../../market/index.ts';
import type { Pair } from '../market/index.ts';
import { TextColumn } from './TextColumn.tsx';

/** spec §9 "Trade history: 150". */
export const TRADES_SHOWN = 150;
const ROW_HEIGHT = 20;

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
function clock(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * Recent trades, newest first, buy/sell colours (spec §3 trade list entry: time, price, qty, isBuyerMaker).
 * The visible trades are text columns with a line per trade, one text node each (as the book's sides,
 * BookSideList): a new trade changes four text nodes, not a row of boxes per visible trade.
 */
export function RecentTrades({ pair }: { pair: Pair }) {
  const { t } = useTranslation('trading');
  const trades = useTrades(pair.symbol, pair.market);
  const count = Math.min(trades.length, TRADES_SHOWN);
  const scrollRef = useRef<HTMLDivElement>(null);
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
  // The panel renders on every tick: its labels are translated once per language and pair.
  const labels = useMemo(
    () => ({
      title: t('trades.title'),
      price: t('book.price', { asset: pair.quoteAsset }),
      amount: t('book.amount', { asset: pair.baseAsset }),
      time: t('trades.time'),
      buys: t('trades.buys'),
      sells: t('trades.sells'),
    }),
    [t, pair.quoteAsset, pair.baseAsset],
  );
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const buys: string[] = [];
  const sells: string[] = [];
  const qtys: string[] = [];
  const times: string[] = [];
  for (const item of items) {
    const trade = trades[item.index];
    if (!trade) continue;
    const price = trade.price.toFixed(pair.pricePrecision);
    // Binance: isBuyerMaker means the taker sold (a sell, shown in the down colour).
    buys.push(trade.isBuyerMaker ? '' : price);
    sells.push(trade.isBuyerMaker ? price : '');
    qtys.push(trade.qty.toFixed(pair.amountPrecision));
    times.push(clock(trade.time));
  }
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
        <div ref={scrollRef} className="td-book-scroll" role="group" aria-label={labels.title} tabIndex={0} data-testid="recent-trades" data-count={count}>
          <div className="td-rows" style={{ height: virtualizer.getTotalSize(), paddingTop: first * ROW_HEIGHT }}>
            {items.length > 0 && (
              <div className="td-rows-window" style={{ height: items.length * ROW_HEIGHT }} data-first={first}>
                {/* Buys and sells in two overlaid columns (a blank line where the other side's trade is), so
                    each keeps its colour with one text node per column. */}
                <div className="td-col td-trade-prices">
                  <TextColumn className="td-up" col="buy" label={labels.buys} lines={buys} />
                  <TextColumn className="td-down" col="sell" label={labels.sells} lines={sells} />
                </div>
                <TextColumn className="td-col td-book-num" col="qty" label={labels.amount} lines={qtys} />
                <TextColumn className="td-col td-book-num td-muted" col="time" label={labels.time} lines={times} />
              </div>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
