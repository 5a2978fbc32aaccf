import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { SegmentedButtons } from '../../components/index.ts';
import type { Pair } from '../market/index.ts';
import { DepthChart } from './DepthChart.tsx';
import { KlineChart } from './KlineChart.tsx';
import { CHART_PERIODS_MAX, KLINE_INTERVALS, togglePeriod, tradingPrefs } from './trading-prefs.ts';

const CHART_KINDS = ['candles', 'depth'] as const;

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
            <SegmentedButtons
              kind="tabs"
              options={CHART_KINDS}
              selected={chart}
              onSelect={(kind) => tradingPrefs.setLayout({ chart: kind })}
              className="td-chip"
              selectedClassName="td-chip--on"
              label={(kind) => t(`chart.${kind}`)}
            />
          </div>
          {chart === 'candles' && (
            <div className="td-periods" role="group" aria-label={t('chart.periods')} data-testid="chart-periods">
              <SegmentedButtons
                kind="toggles"
                options={periods.saved}
                selected={periods.active}
                onSelect={(p) => tradingPrefs.setPeriods({ ...periods, active: p })}
                className="td-chip"
                selectedClassName="td-chip--on"
                label={(p) => t(`chart.intervals.${p}`)}
              />
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
