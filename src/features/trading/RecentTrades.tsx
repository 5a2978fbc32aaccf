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

const TradeRow = memo(function TradeRow({ top, trade, priceDigits, amountDigits }: { top: number; trade: Trade; priceDigits: number; amountDigits: number }) {
  // Binance: isBuyerMaker means the taker sold (a sell, shown in the down colour).
  const side = trade.isBuyerMaker ? 'sell' : 'buy';
  return (
    <div className={`td-trade-row td-trade-row--${side}`} role="row" style={{ transform: `translateY(${top}px)` }} data-side={side}>
      <span role="cell" className={side === 'buy' ? 'td-up' : 'td-down'}>
        {trade.price.toFixed(priceDigits)}
      </span>
      <span role="cell" className="td-book-num">
        {trade.qty.toFixed(amountDigits)}
      </span>
      <span role="cell" className="td-book-num td-muted">
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
    overscan: 6,
    // Scroll renders are batched by React 19 instead of flushed synchronously on every scroll event.
    useFlushSync: false,
    // Keyed by trade: a new trade moves the others down (a transform) instead of rewriting their text.
    // REST trade ids and aggTrade ids are separate sequences (workers/topics/entries.ts), so the id alone
    // may repeat within the list; with time, price and qty it does not.
    getItemKey: (index) => {
      const t = trades[index];
      return t ? `${t.id}:${t.time}:${t.price}:${t.qty}` : index;
    },
  });
  return (
    <section className="td-panel td-trades" aria-label={t('trades.title')}>
      <header className="td-panel-head">
        <h2>{t('trades.title')}</h2>
      </header>
      <div className="td-book-cols" aria-hidden="true">
        <span>{t('book.price', { asset: pair.quoteAsset })}</span>
        <span>{t('book.amount', { asset: pair.baseAsset })}</span>
        <span>{t('trades.time')}</span>
      </div>
      <div ref={scrollRef} className="td-book-scroll" role="table" aria-label={t('trades.title')} data-testid="recent-trades" data-count={count}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="rowgroup">
          {virtualizer.getVirtualItems().map((item) => (
            <TradeRow
              key={item.key}
              top={item.start}
              trade={trades[item.index] as Trade}
              priceDigits={pair.pricePrecision}
              amountDigits={pair.amountPrecision}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
