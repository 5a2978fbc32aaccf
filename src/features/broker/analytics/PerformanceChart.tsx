import {
  BaselineSeries,
  ColorType,
  createChart,
  createTextWatermark,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type ITextWatermarkPluginApi,
  type MouseEventParams,
  type Time,
} from 'lightweight-charts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedButtons } from '../../../components/index.ts';
import { chartColors, withAlpha } from '../../../lib/chart/index.ts';
import { NAV_DECIMALS } from '../../../../contract/broker-nav.ts';
import { formatAmount, formatFractionPercent, PLACEHOLDER } from '../../../lib/format/index.ts';
import { useTheme } from '../../../lib/theme/index.ts';
import { CHART_RANGES, customRangeError, type ChartRange, type PerformancePoint } from './chart-window.ts';
import './analytics.css';

/** Panes, top to bottom: NAV per unit, cumulative return, drawdown (one time axis, lightweight-charts 5 panes). */
const PANES = ['nav', 'ret', 'drawdown'] as const;
/** The NAV pane takes half the height, return and drawdown a quarter each. */
const STRETCH = [2, 1, 1] as const;
/** NAV per unit is kept to 8 dp (contract/broker-nav.ts NAV_DECIMALS); the axis shows 4, the legend and table all 8. */
const NAV_AXIS_DECIMALS = 4;

interface Drawn {
  chart: IChartApi;
  nav: ISeriesApi<'Line'>;
  ret: ISeriesApi<'Baseline'>;
  drawdown: ISeriesApi<'Baseline'>;
  titles: ITextWatermarkPluginApi<Time>[];
}

const percentAxis = (value: number) => `${value.toFixed(2)}%`;
/** Glossary "Numbers": NAV per unit with thousands separators, on the axis (4 dp) and in the legend (all 8). */
const navAxis = (value: number) => formatAmount(value, NAV_AXIS_DECIMALS);
const navText = (nav: string) => formatAmount(nav, NAV_DECIMALS);

/** The drawn values of a record: NAV as it is, return and drawdown in percent (drawdown below zero). */
const drawnValues = (p: PerformancePoint) => ({ nav: Number(p.nav), ret: Number(p.ret) * 100, drawdown: -Number(p.drawdown) * 100 });

/**
 * The performance chart of one project (spec §7 financingUnit/*; spec §9 time ranges): NAV per unit, cumulative return and
 * drawdown (retreat rate) in three panes over one time axis, the window chosen with the quick ranges 7–365 days
 * or a custom range. Controlled: the page computes the window's records (contract/broker-performance.ts) and
 * passes them in. Keyboard: the range buttons, the custom form, and the chart itself (arrow keys, Home, End read
 * a day; its values are announced). Screen readers also get a summary and a hidden table of every drawn day. Its
 * texts are the datachart namespace (./chart-locale.ts, which the pages using it load).
 */
export function PerformanceChart({
  points,
  range,
  onRangeChange,
  bounds,
  caption,
}: {
  points: readonly PerformancePoint[];
  range: ChartRange;
  onRangeChange: (range: ChartRange) => void;
  /** The first and last day with a record: the custom range's limits. */
  bounds?: { first: string; last: string };
  /** What the chart is of (the project's name), for its accessible name. */
  caption: string;
}) {
  const { t, i18n } = useTranslation('datachart');
  const theme = useTheme();
  const hostRef = useRef<HTMLDivElement>(null);
  const drawnRef = useRef<Drawn | null>(null);
  const pointsRef = useRef(points);
  const [panes, setPanes] = useState(0);
  const [active, setActive] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const id = useId();

  // The chart lives as long as the component (removed on unmount); theme and locale are applied in place.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const chart = createChart(host, {
      autoSize: true,
      layout: { attributionLogo: false, panes: { enableResize: false } },
      timeScale: { fixLeftEdge: true, fixRightEdge: true },
      handleScroll: { vertTouchDrag: false },
    });
    const nav = chart.addSeries(LineSeries, { lineWidth: 2, priceFormat: { type: 'custom', formatter: navAxis, minMove: 10 ** -NAV_AXIS_DECIMALS } }, 0);
    const ret = chart.addSeries(BaselineSeries, { baseValue: { type: 'price', price: 0 }, lineWidth: 2, priceFormat: { type: 'custom', formatter: percentAxis } }, 1);
    // Drawdown is drawn below zero and filled up to zero (a baseline at 0, not an area down to the pane's foot).
    const drawdown = chart.addSeries(BaselineSeries, { baseValue: { type: 'price', price: 0 }, lineWidth: 1, priceFormat: { type: 'custom', formatter: percentAxis } }, 2);
    chart.panes().forEach((pane, i) => pane.setStretchFactor(STRETCH[i] ?? 1));
    const onMove = (param: MouseEventParams<Time>) => {
      if (param.time === undefined) return setActive(null);
      const index = pointsRef.current.findIndex((p) => p.day === param.time);
      setActive(index < 0 ? null : index);
    };
    chart.subscribeCrosshairMove(onMove);
    drawnRef.current = { chart, nav, ret, drawdown, titles: [] };
    setPanes(chart.panes().length);
    return () => {
      chart.unsubscribeCrosshairMove(onMove);
      drawnRef.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    const d = drawnRef.current;
    const host = hostRef.current;
    if (!d || !host) return;
    const p = chartColors(host);
    d.chart.applyOptions({
      layout: { background: { type: ColorType.Solid, color: p.surface }, textColor: p.muted, panes: { separatorColor: p.border } },
      grid: { vertLines: { color: p.border }, horzLines: { color: p.border } },
      rightPriceScale: { borderColor: p.border },
      timeScale: { borderColor: p.border },
      localization: { locale: i18n.language, dateFormat: 'yyyy-MM-dd' },
    });
    d.nav.applyOptions({ color: p.accent });
    d.ret.applyOptions({ topLineColor: p.up, bottomLineColor: p.down, topFillColor1: 'transparent', topFillColor2: 'transparent', bottomFillColor1: 'transparent', bottomFillColor2: 'transparent' });
    d.drawdown.applyOptions({ topLineColor: p.down, bottomLineColor: p.down, topFillColor1: 'transparent', topFillColor2: 'transparent', bottomFillColor1: withAlpha(p.down, 0.15), bottomFillColor2: withAlpha(p.down, 0.45) });
    for (const title of d.titles) title.detach();
    d.titles = d.chart
      .panes()
      .map((pane, i) => createTextWatermark(pane, { horzAlign: 'left', vertAlign: 'top', lines: [{ text: t(`chart.panes.${PANES[i] ?? 'nav'}`), color: p.muted, fontSize: 12 }] }));
  }, [theme, t, i18n.language]);

  useEffect(() => {
    pointsRef.current = points;
    const d = drawnRef.current;
    if (!d) return;
    const values = points.map((p) => ({ time: p.day as Time, ...drawnValues(p) }));
    d.nav.setData(values.map((v) => ({ time: v.time, value: v.nav })));
    d.ret.setData(values.map((v) => ({ time: v.time, value: v.ret })));
    d.drawdown.setData(values.map((v) => ({ time: v.time, value: v.drawdown })));
    d.chart.timeScale().fitContent();
    setActive(null);
  }, [points]);

  /** Keyboard reading of the chart: the crosshair moves day by day and the day's values are announced. */
  function onKey(event: KeyboardEvent<HTMLDivElement>) {
    const d = drawnRef.current;
    if (!d || points.length === 0) return;
    const last = points.length - 1;
    const current = active ?? last;
    const next = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = Math.max(0, Math.min(last, next));
    const point = points[index] as PerformancePoint;
    d.chart.setCrosshairPosition(Number(point.nav), point.day as Time, d.nav);
    setActive(index);
    setAnnounce(describe(point));
  }

  const describe = (p: PerformancePoint) =>
    t('chart.daySummary', { day: p.day, nav: navText(p.nav), ret: formatFractionPercent(p.ret, { signed: true }), drawdown: formatFractionPercent(p.drawdown) });

  const shown = points[active ?? points.length - 1];
  const first = points[0];
  const end = points[points.length - 1];
  const maxDrawdown = points.reduce((max, p) => (Number(p.drawdown) > Number(max) ? p.drawdown : max), '0');

  return (
    <figure className="td-perf-chart" data-testid="performance-chart" data-panes={panes} data-points={points.length} aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="td-visually-hidden">
        {first && end
          ? t('chart.summary', { name: caption, from: first.day, to: end.day, first: navText(first.nav), last: navText(end.nav), ret: formatFractionPercent(end.ret, { signed: true }), maxDrawdown: formatFractionPercent(maxDrawdown) })
          : t('chart.emptySummary', { name: caption })}
      </figcaption>
      <RangeBar range={range} onRangeChange={onRangeChange} bounds={bounds} />
      <dl className="td-perf-chart__legend" data-testid="chart-legend">
        <div>
          <dt>{t('chart.day')}</dt>
          <dd>{shown?.day ?? PLACEHOLDER}</dd>
        </div>
        <div>
          <dt>{t('chart.panes.nav')}</dt>
          <dd data-testid="legend-nav">{shown ? navText(shown.nav) : PLACEHOLDER}</dd>
        </div>
        <div>
          <dt>{t('chart.panes.ret')}</dt>
          <dd data-testid="legend-ret">{shown ? formatFractionPercent(shown.ret, { signed: true }) : PLACEHOLDER}</dd>
        </div>
        <div>
          <dt>{t('chart.panes.drawdown')}</dt>
          <dd data-testid="legend-drawdown">{shown ? formatFractionPercent(shown.drawdown) : PLACEHOLDER}</dd>
        </div>
      </dl>
      <div
        ref={hostRef}
        className="td-perf-chart__canvas"
        data-testid="performance-canvas"
        role="application"
        aria-roledescription={t('chart.roleDescription')}
        aria-label={t('chart.keyboardHint', { name: caption })}
        tabIndex={0}
        onKeyDown={onKey}
      />
      {points.length === 0 ? (
        <p className="td-perf-chart__empty" data-testid="chart-empty">
          {t('chart.empty')}
        </p>
      ) : null}
      <p className="td-visually-hidden" aria-live="polite" data-testid="chart-announce">
        {announce}
      </p>
      {/* A table does not clip its own overflow: the visually hidden box is a div around it. */}
      <div className="td-visually-hidden">
        <table data-testid="chart-table">
          <caption>{t('chart.tableCaption', { name: caption })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.day')}</th>
              <th scope="col">{t('chart.panes.nav')}</th>
              <th scope="col">{t('chart.panes.ret')}</th>
              <th scope="col">{t('chart.panes.drawdown')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.day}>
                <th scope="row">{p.day}</th>
                <td>{p.nav}</td>
                <td>{formatFractionPercent(p.ret, { signed: true })}</td>
                <td>{formatFractionPercent(p.drawdown)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** spec §9 time ranges: quick ranges as toggle buttons, and a custom range of two days (native date inputs). */
export function RangeBar({ range, onRangeChange, bounds }: { range: ChartRange; onRangeChange: (range: ChartRange) => void; bounds?: { first: string; last: string } | undefined }) {
  const { t } = useTranslation('datachart');
  const id = useId();
  const custom = !('days' in range);
  const [open, setOpen] = useState(custom);
  const [from, setFrom] = useState(custom ? range.from : (bounds?.first ?? ''));
  const [to, setTo] = useState(custom ? range.to : (bounds?.last ?? ''));
  const [error, setError] = useState<'missing' | 'order' | null>(null);

  return (
    <div className="td-perf-range">
      <div className="td-perf-range__buttons" role="group" aria-label={t('chart.range')}>
        <SegmentedButtons
          kind="toggles"
          options={CHART_RANGES}
          selected={!open && 'days' in range ? range.days : null}
          onSelect={(days) => {
            setOpen(false);
            setError(null);
            onRangeChange({ days });
          }}
          className="td-perf-range__button"
          testId={(days) => `range-${days}`}
          label={(days) => t('chart.lastDays', { n: days })}
        />
        <button type="button" className="td-perf-range__button" aria-pressed={open} aria-expanded={open} aria-controls={`${id}-custom`} data-testid="range-custom" onClick={() => setOpen(true)}>
          {t('chart.custom')}
        </button>
      </div>
      {open ? (
        <form
          id={`${id}-custom`}
          className="td-perf-range__custom"
          data-testid="range-custom-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const problem = customRangeError(from, to);
            setError(problem);
            if (!problem) onRangeChange({ from, to });
          }}
        >
          <label>
            {t('chart.from')}
            <input type="date" value={from} min={bounds?.first} max={bounds?.last} onChange={(e) => setFrom(e.target.value)} data-testid="range-from" aria-describedby={error ? `${id}-error` : undefined} />
          </label>
          <label>
            {t('chart.to')}
            <input type="date" value={to} min={bounds?.first} max={bounds?.last} onChange={(e) => setTo(e.target.value)} data-testid="range-to" aria-describedby={error ? `${id}-error` : undefined} />
          </label>
          <button type="submit" className="td-perf-range__button td-perf-range__apply" data-testid="range-apply">
            {t('chart.apply')}
          </button>
          {error ? (
            <span className="td-field-error" id={`${id}-error`} role="alert" data-testid="range-error">
              {t(`chart.rangeErrors.${error}`)}
            </span>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
