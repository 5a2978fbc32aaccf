import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { EmptyState } from '../../components/index.ts';
import { usePageMeta } from '../../lib/page-meta/index.ts';
import { findPair, loadPairs, pairsStore } from '../market/index.ts';
import { CHART_PERIODS_MAX, KLINE_INTERVALS, tradingPrefs } from '../trading/index.ts';
import { CandleChart } from './CandleChart.tsx';
import { withPeriod } from './periods.ts';
import './charts.css';

/** spec §2 `/charts` (public): a full-page chart of one pair (`?symbol=`, `&market=usdm`), with the saved periods. */
export default function ChartsPage() {
  const { t } = useTranslation('charts');
  const { lang } = useParams();
  const [search, setSearch] = useSearchParams();
  const stored = useStore(tradingPrefs.store, (s) => s.pair);
  const market = (search.get('market') ?? stored?.market) === 'usdm' ? 'usdm' : 'spot';
  const symbol = (search.get('symbol') ?? stored?.symbol ?? 'BTCUSDT').toUpperCase();
  const status = useStore(pairsStore, (s) => s.status);
  const pair = useStore(pairsStore, (s) => findPair(s, market, symbol));
  const choices = useStore(pairsStore, (s) => s[market]);
  const periods = useStore(tradingPrefs.store, (s) => s.periods);
  const [editing, setEditing] = useState(false);
  const [refused, setRefused] = useState(false);
  usePageMeta(t('meta.title', { pair: pair?.listInstrumentId ?? symbol }), t('meta.description'));

  useEffect(() => {
    void loadPairs();
  }, []);

  return (
    <div className="td-charts" data-testid="charts-page">
      <header className="td-charts-head">
        <h1>{t('title', { pair: pair?.listInstrumentId ?? symbol })}</h1>
        <label className="td-charts-field">
          <span>{t('pair')}</span>
          <select value={symbol} onChange={(e) => setSearch({ symbol: e.target.value, ...(market === 'usdm' ? { market } : {}) })} data-testid="charts-pair">
            {choices.length === 0 ? <option value={symbol}>{symbol}</option> : null}
            {choices.map((p) => (
              <option key={p.symbol} value={p.symbol}>
                {p.listInstrumentId}
              </option>
            ))}
          </select>
        </label>
        <Link to={`/${lang}/trading/${symbol}${market === 'usdm' ? '?market=usdm' : ''}`}>{t('toTrading')}</Link>
      </header>
      <div className="td-charts-periods" role="group" aria-label={t('periods')} data-testid="charts-periods">
        {periods.saved.map((p) => (
          <button
            key={p}
            type="button"
            className={periods.active === p ? 'td-charts-chip td-charts-chip--on' : 'td-charts-chip'}
            aria-pressed={periods.active === p}
            onClick={() => tradingPrefs.setPeriods({ ...periods, active: p })}
          >
            {t(`trading:chart.intervals.${p}`)}
          </button>
        ))}
        <button type="button" className="td-charts-chip" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          {t('editPeriods', { max: CHART_PERIODS_MAX })}
        </button>
      </div>
      {editing ? (
        <fieldset className="td-charts-editor">
          <legend>{t('editPeriods', { max: CHART_PERIODS_MAX })}</legend>
          {KLINE_INTERVALS.map((p) => (
            <label key={p}>
              <input
                type="checkbox"
                checked={periods.saved.includes(p)}
                onChange={(e) => {
                  const next = withPeriod(periods, p, e.target.checked);
                  setRefused(next === null);
                  if (next) tradingPrefs.setPeriods(next);
                }}
              />
              {t(`trading:chart.intervals.${p}`)}
            </label>
          ))}
          <p role="status" className="td-charts-limit">
            {refused ? t('periodsLimit', { max: CHART_PERIODS_MAX }) : ''}
          </p>
        </fieldset>
      ) : null}
      {pair ? (
        <CandleChart key={`${pair.market}:${pair.symbol}:${periods.active}`} pair={pair} interval={periods.active} />
      ) : status === 'ready' || status === 'error' ? (
        <EmptyState text={t(status === 'error' ? 'loadFailed' : 'unknownPair', { symbol })} />
      ) : (
        <p className="td-charts-loading">{t('loading')}</p>
      )}
    </div>
  );
}
