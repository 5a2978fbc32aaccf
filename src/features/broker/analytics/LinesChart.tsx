import { ColorType, createChart, LineSeries, type IChartApi, type ISeriesApi, type Time } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatAssetAmount, PLACEHOLDER } from '../../../lib/format/index.ts';
import { useTheme } from '../../../lib/theme/index.ts';

/** The USDT axis and crosshair in cents with thousands separators (glossary "Numbers"). */
const usdtAxis = (value: number) => formatAmount(value, 2);

export interface Line {
  id: string;
  label: string;
  points: readonly { day: string; value: string }[];
}

/** Line colours, told apart on both themes (the first is the theme's accent). */
const COLOURS = ['--td-accent', '#3b82f6', '#10b981', '#ef4444', '#a855f7', '#f97316', '#14b8a6', '#ec4899'] as const;

/**
 * Several USDT lines over one time axis (income per sub-account or per investor; lightweight-charts 5), a legend
 * naming each line with its last value, and each line's first and last value as a hidden table for screen readers. Disposed on
 * unmount.
 */
export function LinesChart({ lines, caption, testId }: { lines: readonly Line[]; caption: string; testId: string }) {
  const { t, i18n } = useTranslation('broker-analytics');
  const theme = useTheme();
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Line'>[]>([]);
  const [colours, setColours] = useState<string[]>([]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const chart = createChart(host, { autoSize: true, layout: { attributionLogo: false }, timeScale: { fixLeftEdge: true, fixRightEdge: true }, handleScroll: { vertTouchDrag: false } });
    chartRef.current = chart;
    return () => {
      chartRef.current = null;
      seriesRef.current = [];
      chart.remove();
    };
  }, []);

  useEffect(() => {
    const chart = chartRef.current;
    const host = hostRef.current;
    if (!chart || !host) return;
    const css = getComputedStyle(host);
    const read = (name: string) => (name.startsWith('--') ? css.getPropertyValue(name).trim() : name);
    chart.applyOptions({
      layout: { background: { type: ColorType.Solid, color: read('--td-surface') }, textColor: read('--td-text-muted') },
      grid: { vertLines: { color: read('--td-border') }, horzLines: { color: read('--td-border') } },
      rightPriceScale: { borderColor: read('--td-border') },
      timeScale: { borderColor: read('--td-border') },
      localization: { locale: i18n.language, dateFormat: 'yyyy-MM-dd' },
    });
    for (const s of seriesRef.current) chart.removeSeries(s);
    const used = lines.map((_, i) => read(COLOURS[i % COLOURS.length] as string));
    seriesRef.current = lines.map((line, i) => {
      const series = chart.addSeries(LineSeries, { color: used[i] as string, lineWidth: 2, priceFormat: { type: 'custom', formatter: usdtAxis, minMove: 0.01 }, title: '' });
      series.setData(line.points.map((p) => ({ time: p.day as Time, value: Number(p.value) })));
      return series;
    });
    chart.timeScale().fitContent();
    setColours(used);
  }, [lines, theme, i18n.language]);

  return (
    <figure className="td-lines-chart" data-testid={testId} data-lines={lines.length}>
      <figcaption className="td-visually-hidden">{caption}</figcaption>
      <ul className="td-lines-chart__legend">
        {lines.map((line, i) => (
          <li key={line.id}>
            <span className="td-lines-chart__swatch" style={{ background: colours[i] }} aria-hidden="true" />
            {t('lines.legend', { label: line.label, value: formatAssetAmount(line.points[line.points.length - 1]?.value ?? '0', 'USDT') })}
          </li>
        ))}
      </ul>
      <div ref={hostRef} className="td-lines-chart__canvas" aria-hidden="true" />
      {lines.length === 0 ? <p className="td-perf-chart__empty">{t('empty')}</p> : null}
      {/* A table does not clip its own overflow: the visually hidden box is a div around it. */}
      <div className="td-visually-hidden">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('lines.line')}</th>
              <th scope="col">{t('lines.first')}</th>
              <th scope="col">{t('lines.last')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const first = line.points[0];
              const last = line.points[line.points.length - 1];
              return (
                <tr key={line.id}>
                  <th scope="row">{line.label}</th>
                  <td>{first ? `${first.day}: ${formatAssetAmount(first.value, 'USDT')}` : PLACEHOLDER}</td>
                  <td>{last ? `${last.day}: ${formatAssetAmount(last.value, 'USDT')}` : PLACEHOLDER}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
