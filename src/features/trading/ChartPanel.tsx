import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { Pair } from '../market/index.ts';
import { DepthChart } from './DepthChart.tsx';
import { KlineChart } from './KlineChart.tsx';
import { CHART_PERIODS_MAX, KLINE_INTERVALS, togglePeriod, tradingPrefs } from './trading-prefs.ts';

/** Candles or depth (a saved layout choice) and the chart periods (at most 8 saved, spec §9). */
export function ChartPanel({ pair }: { pair: Pair }) {
  const { t } = useTranslation('trading');
  const chart = useStore(tradingPrefs.store, (s) => s.layout.chart);
  const periods = useStore(tradingPrefs.store, (s) => s.periods);
  const [editing, setEditing] = useState(false);
  const [refused, setRefused] = useState(false);

  return (
    <section className="td-panel td-chart" aria-label={t('chart.title')}>
      <div className="td-panel-frame">
        <header className="td-panel-head">
          <div className="td-chart-tabs" role="tablist">
            {(['candles', 'depth'] as const).map((kind) => (
              <button
                key={kind}
                type="button"
                role="tab"
                aria-selected={chart === kind}
                className={chart === kind ? 'td-chip td-chip--on' : 'td-chip'}
                onClick={() => tradingPrefs.setLayout({ chart: kind })}
              >
                {t(`chart.${kind}`)}
              </button>
            ))}
          </div>
          {chart === 'candles' && (
            <div className="td-periods" role="group" aria-label={t('chart.periods')} data-testid="chart-periods">
              {periods.saved.map((p) => (
                <button
                  key={p}
                  type="button"
                  className={periods.active === p ? 'td-chip td-chip--on' : 'td-chip'}
                  aria-pressed={periods.active === p}
                  onClick={() => tradingPrefs.setPeriods({ ...periods, active: p })}
                >
                  {t(`chart.intervals.${p}`)}
                </button>
              ))}
              <button type="button" className="td-chip" aria-expanded={editing} onClick={() => setEditing(!editing)}>
                {t('chart.editPeriods')}
              </button>
            </div>
          )}
        </header>
        {editing && chart === 'candles' && (
          <div className="td-period-editor" role="group" aria-label={t('chart.editPeriods')}>
            {KLINE_INTERVALS.map((p) => (
              <label key={p} className="td-period-option">
                <input
                  type="checkbox"
                  checked={periods.saved.includes(p)}
                  onChange={() => {
                    const next = togglePeriod(periods, p);
                    setRefused(next === null);
                    if (next) tradingPrefs.setPeriods(next);
                  }}
                />
                {t(`chart.intervals.${p}`)}
              </label>
            ))}
            {refused && (
              <span className="td-period-error" role="alert">
                {t('chart.periodsLimit', { max: CHART_PERIODS_MAX })}
              </span>
            )}
          </div>
        )}
        <div className="td-chart-body">
          {chart === 'candles' ? <KlineChart pair={pair} interval={periods.active} /> : <DepthChart pair={pair} />}
        </div>
      </div>
    </section>
  );
}
