import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { SearchableDropdown, type DropdownOption } from '../../components/index.ts';
import { useMarkPrice, useTicker } from '../../market/index.ts';
import { changePercent, compact, fixedGrouped, pairsStore, useFavouriteSymbols, type Pair } from '../market/index.ts';
import { exchangeNow, fundingCountdown } from './funding-countdown.ts';

function tradingPath(lang: string, pair: { symbol: string; market: string }): string {
  return `/${lang}/trading/${pair.symbol}${pair.market === 'usdm' ? '?market=usdm' : ''}`;
}

function FuturesFigures({ pair }: { pair: Pair }) {
  const { t } = useTranslation('trading');
  const mark = useMarkPrice(pair.symbol);
  const funding = mark ? `${(mark.fundingRate * 100).toFixed(4)}%` : null;
  return (
    <>
      <div className="td-stat">
        <span className="td-stat-label">{t('header.markPrice')}</span>
        <span className="td-stat-value" data-testid="mark-price">
          {fixedGrouped(mark?.markPrice, pair.pricePrecision)}
        </span>
      </div>
      <div className="td-stat">
        <span className="td-stat-label">{t('header.fundingCountdown')}</span>
        <span className="td-stat-value">
          <span data-testid="funding-rate">{funding ?? '--'}</span>
          {' / '}
          <FundingCountdown time={mark?.time} nextFundingTime={mark?.nextFundingTime} />
        </span>
      </div>
    </>
  );
}

/** The time to the next funding, ticking once a second in its own component (the figures around it do not re-render). */
function FundingCountdown({ time, nextFundingTime }: { time: number | undefined; nextFundingTime: number | undefined }) {
  const [serverNow, setServerNow] = useState<number | null>(null);
  useEffect(() => {
    if (time === undefined) return;
    const receivedAt = Date.now();
    const tick = () => setServerNow(exchangeNow(time, receivedAt, Date.now()));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [time]);
  if (time === undefined || nextFundingTime === undefined || serverNow === null) return <span data-testid="funding-countdown">--</span>;
  return (
    <time data-testid="funding-countdown" dateTime={new Date(nextFundingTime).toISOString()}>
      {fundingCountdown(nextFundingTime, serverNow)}
    </time>
  );
}

/** The pair selector (searchable, favourites first) and the market switch: no ticker, so no render per ticker. */
const PairSelect = memo(function PairSelect({ pair, lang }: { pair: Pair; lang: string }) {
  const { t } = useTranslation('trading');
  const navigate = useNavigate();
  const pairs = useStore(pairsStore, (s) => s[pair.market]);
  const favourites = useFavouriteSymbols();
  const options = useMemo<DropdownOption<string>[]>(() => {
    const favourite = pairs.filter((p) => favourites.includes(p.symbol));
    const rest = pairs.filter((p) => !favourites.includes(p.symbol));
    return [...favourite, ...rest].map((p) => ({
      value: p.symbol,
      label: p.listInstrumentId,
      ...(favourites.includes(p.symbol) ? { description: t('header.favourite') } : {}),
    }));
  }, [pairs, favourites, t]);
  return (
    <div className="td-pair-select">
      <SearchableDropdown
        options={options}
        value={pair.symbol}
        ariaLabel={t('header.pair')}
        onChange={(symbol) => navigate(tradingPath(lang, { symbol, market: pair.market }))}
      />
      <div className="td-market-switch" role="group" aria-label={t('header.market')}>
        {(['spot', 'usdm'] as const).map((m) => (
          <button
            key={m}
            type="button"
            className={pair.market === m ? 'td-chip td-chip--on' : 'td-chip'}
            aria-pressed={pair.market === m}
            onClick={() => navigate(tradingPath(lang, { symbol: pair.symbol, market: m }))}
          >
            {t(`header.markets.${m}`)}
          </button>
        ))}
      </div>
    </div>
  );
});

/**
 * Pair selector and the pair's 24 h figures (spec §3 ticker fields). The figures sit in a frame of their own
 * size (trading.css, .td-pair-stats-frame), so a ticker changes the layout of the frame, not of the whole page.
 */
export function PairHeader({ pair, lang }: { pair: Pair; lang: string }) {
  const { t, i18n } = useTranslation('trading');
  const ticker = useTicker(pair.symbol, pair.market);
  const change = changePercent(ticker);
  const tone = change.sign > 0 ? 'td-up' : change.sign < 0 ? 'td-down' : '';

  return (
    <div className="td-pair-header">
      <PairSelect pair={pair} lang={lang} />
      <div className="td-pair-stats">
        <div className="td-pair-stats-frame">
          <div className="td-stat">
            <span className={`td-stat-last ${tone}`} data-testid="last-price">
              {fixedGrouped(ticker?.c, pair.pricePrecision)}
            </span>
          </div>
          <div className="td-stat">
            <span className="td-stat-label">{t('header.change')}</span>
            <span className={`td-stat-value ${tone}`}>{change.text}</span>
          </div>
          <div className="td-stat">
            <span className="td-stat-label">{t('header.high')}</span>
            <span className="td-stat-value">{fixedGrouped(ticker?.h, pair.pricePrecision)}</span>
          </div>
          <div className="td-stat">
            <span className="td-stat-label">{t('header.low')}</span>
            <span className="td-stat-value">{fixedGrouped(ticker?.l, pair.pricePrecision)}</span>
          </div>
          <div className="td-stat">
            <span className="td-stat-label">{t('header.volume', { asset: pair.baseAsset })}</span>
            <span className="td-stat-value">{compact(ticker?.v, i18n.language)}</span>
          </div>
          {pair.market === 'usdm' && <FuturesFigures pair={pair} />}
        </div>
      </div>
    </div>
  );
}
