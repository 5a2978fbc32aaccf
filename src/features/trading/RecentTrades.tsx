import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrades, type Trade } from '../../market/index.ts';
import type { Pair } from '../market/index.ts';

/** spec §9 "Trade history: 150". */
export const TRADES_SHOWN = 150;
const ROW_HEIGHT = 20;

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
function clock(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

const TradeRow = memo(function TradeRow({ trade, priceDigits, amountDigits }: { trade: Trade; priceDigits: number; amountDigits: number }) {
  // Binance: isBuyerMaker means the taker sold (a sell, shown in the down colour).
  const side = trade.isBuyerMaker ? 'sell' : 'buy';
  return (
    <div className={`td-trade-row td-trade-row--${side}`} role="row" data-side={side}>
      <span role="cell" className={side === 'buy' ? 'td-cell td-up' : 'td-cell td-down'}>
        {trade.price.toFixed(priceDigits)}
      </span>
      <span role="cell" className="td-cell td-book-num">
        {trade.qty.toFixed(amountDigits)}
      </span>
      <span role="cell" className="td-cell td-book-num td-muted">
        {clock(trade.time)}
      </span>
    </div>
  );
});

/** Recent trades, newest first, buy/sell colours (spec §3 trade list entry: time, price, qty, isBuyerMaker). */
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
    // Keyed by position (the default): a new trade rewrites the visible rows' text instead of inserting a
    // row and removing another (each insert costs a style recalc and a layout; bench/browser/profile.ts).
  });
  return (
    <section className="td-panel td-trades" aria-label={t('trades.title')}>
      <div className="td-panel-frame">
        <header className="td-panel-head">
          <h2>{t('trades.title')}</h2>
        </header>
        <div className="td-book-cols" aria-hidden="true">
          <span>{t('book.price', { asset: pair.quoteAsset })}</span>
          <span>{t('book.amount', { asset: pair.baseAsset })}</span>
          <span>{t('trades.time')}</span>
        </div>
        <div ref={scrollRef} className="td-book-scroll" role="table" aria-label={t('trades.title')} data-testid="recent-trades" data-count={count}>
          <div className="td-rows" style={{ height: virtualizer.getTotalSize(), paddingTop: virtualizer.getVirtualItems()[0]?.start ?? 0 }} role="rowgroup">
            {virtualizer.getVirtualItems().map((item) => (
              <TradeRow
                key={item.key}
                  trade={trades[item.index] as Trade}
                priceDigits={pair.pricePrecision}
                amountDigits={pair.amountPrecision}
              />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
