import { CandlestickSeries, ColorType, createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { drawnAfter, planKlines, useKlines, type DrawnRange, type Kline } from '../../market/index.ts';
import { useTheme } from '../../lib/theme/index.ts';
import type { Pair } from '../market/index.ts';

/** The theme's colours, read from the page's custom properties (src/styles/theme.css). */
function palette(element: Element) {
  const css = getComputedStyle(element);
  const read = (name: string) => css.getPropertyValue(name).trim();
  return { surface: read('--td-surface'), text: read('--td-text-muted'), border: read('--td-border'), up: read('--td-up'), down: read('--td-down') };
}

/**
 * The full-page chart's candles (lightweight-charts 5): the whole series set when the pair or the period changes,
 * otherwise the bars from the last one drawn updated in place (planKlines, as the trading page's chart).
 */
export function CandleChart({ pair, interval }: { pair: Pair; interval: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{ chart: IChartApi; series: ISeriesApi<'Candlestick'>; drawn: DrawnRange | null } | null>(null);
  const theme = useTheme();
  const klines = useKlines(pair.symbol, interval, pair.market);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const chart = createChart(host, { autoSize: true, timeScale: { timeVisible: true, secondsVisible: false } });
    const series = chart.addSeries(CandlestickSeries, { borderVisible: false, priceFormat: { type: 'price', precision: pair.pricePrecision, minMove: Number(pair.tickSize) } });
    chartRef.current = { chart, series, drawn: null };
    return () => {
      chartRef.current = null;
      chart.remove();
    };
  }, [pair.symbol, pair.market, pair.pricePrecision, pair.tickSize, interval]);

  useEffect(() => {
    const c = chartRef.current;
    const host = hostRef.current;
    if (!c || !host) return;
    const p = palette(host);
    c.chart.applyOptions({
      layout: { background: { type: ColorType.Solid, color: p.surface }, textColor: p.text },
      grid: { vertLines: { color: p.border }, horzLines: { color: p.border } },
      rightPriceScale: { borderColor: p.border },
      timeScale: { borderColor: p.border },
    });
    c.series.applyOptions({ upColor: p.up, downColor: p.down, wickUpColor: p.up, wickDownColor: p.down });
  }, [theme, pair.symbol, interval]);

  useEffect(() => {
    const c = chartRef.current;
    if (!c) return;
    const bar = (k: Kline) => ({ time: (k.openTime / 1000) as UTCTimestamp, open: k.open, high: k.high, low: k.low, close: k.close });
    const plan = planKlines(c.drawn, klines);
    if (plan.kind === 'set') c.series.setData(klines.map(bar));
    else if (plan.kind === 'update') for (let i = plan.from; i < klines.length; i++) c.series.update(bar(klines[i] as Kline));
    c.drawn = drawnAfter(c.drawn, plan, klines);
  }, [klines]);

  return <div ref={hostRef} className="td-charts-canvas" data-testid="charts-chart" data-bars={klines.length} />;
}
