import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStore } from 'zustand';
import { tickersStore } from '../../market/index.ts';
import type { Pair } from './pairs.ts';
import { changePercent, compact, fixedGrouped } from './ticker-format.ts';

export interface MarketRowProps {
  pair: Pair;
  lang: string;
  top: number;
  favourite: boolean;
  onToggleFavourite: (symbol: string) => void;
}

/** One virtualised row; it selects only its own ticker, so a tick re-renders only the rows that changed. */
export const MarketRow = memo(function MarketRow({ pair, lang, top, favourite, onToggleFavourite }: MarketRowProps) {
  const { t, i18n } = useTranslation('market');
  const ticker = useStore(tickersStore, (s) => s.tickers[pair.market][pair.symbol]);
  const change = changePercent(ticker);
  const tone = change.sign > 0 ? 'td-up' : change.sign < 0 ? 'td-down' : '';
  const href = `/${lang}/trading/${pair.symbol}${pair.market === 'usdm' ? '?market=usdm' : ''}`;
  const p = pair.pricePrecision;
  return (
    <div className="td-mkt-row" role="row" style={{ transform: `translateY(${top}px)` }} data-symbol={pair.symbol} data-market={pair.market}>
      <div role="cell" className="td-mkt-cell td-mkt-cell--symbol">
        <button
          type="button"
          className={favourite ? 'td-mkt-star td-mkt-star--on' : 'td-mkt-star'}
          aria-pressed={favourite}
          aria-label={t(favourite ? 'buttons.removeFavourite' : 'buttons.addFavourite', { symbol: pair.listInstrumentId })}
          onClick={() => onToggleFavourite(pair.symbol)}
        >
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <path d="M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5-6.5 4.5 2-7.5L2 9h7z" />
          </svg>
        </button>
        <Link to={href} className="td-mkt-link">
          {pair.listInstrumentId}
        </Link>
        {pair.market === 'usdm' && <span className="td-mkt-tag">{t('labels.perpetual')}</span>}
      </div>
      <div role="cell" className={`td-mkt-cell td-num ${tone}`} data-col="last">
        {fixedGrouped(ticker?.c, p)}
      </div>
      <div role="cell" className={`td-mkt-cell td-num ${tone}`} data-col="change">
        {change.text}
      </div>
      <div role="cell" className="td-mkt-cell td-num">
        {fixedGrouped(ticker?.h, p)}
      </div>
      <div role="cell" className="td-mkt-cell td-num">
        {fixedGrouped(ticker?.l, p)}
      </div>
      <div role="cell" className="td-mkt-cell td-num" title={fixedGrouped(ticker?.v, pair.amountPrecision)}>
        {compact(ticker?.v, i18n.language)}
      </div>
      <div role="cell" className="td-mkt-cell td-num" title={fixedGrouped(ticker?.q, 2)}>
        {compact(ticker?.q, i18n.language)}
      </div>
    </div>
  );
});
