import { CandlestickSeries, ColorType, createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useKlines, type Kline } from '../../market/index.ts';
import { useTheme } from '../../lib/theme/index.ts';
import type { Pair } from '../market/index.ts';

/** The theme's colours, read from the page's custom properties (src/styles/theme.css). */
function palette(element: Element) {
  const css = getComputedStyle(element);
  const read = (name: string) => css.getPropertyValue(name).trim();
  return { surface: read('--td-surface'), text: read('--td-text-muted'), border: read('--td-border'), up: read('--td-up'), down: read('--td-down') };
}

/**
 * The full-page chart's candles (lightweight-charts 5): the whole series set when the pair, the period or the
 * number of bars changes, otherwise the last bar updated in place.
 */
export function CandleChart({ pair, interval }: { pair: Pair; interval: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{ chart: IChartApi; series: ISeriesApi<'Candlestick'>; bars: number } | null>(null);
  const theme = useTheme();
  const klines = useKlines(pair.symbol, interval, pair.market);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const chart = createChart(host, { autoSize: true, timeScale: { timeVisible: true, secondsVisible: false } });
    const series = chart.addSeries(CandlestickSeries, { borderVisible: false, priceFormat: { type: 'price', precision: pair.pricePrecision, minMove: Number(pair.tickSize) } });
    chartRef.current = { chart, series, bars: 0 };
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
    if (!c || klines.length === 0) return;
    const bar = (k: Kline) => ({ time: (k.openTime / 1000) as UTCTimestamp, open: k.open, high: k.high, low: k.low, close: k.close });
    if (klines.length !== c.bars) c.series.setData(klines.map(bar));
    else c.series.update(bar(klines[klines.length - 1] as Kline));
    c.bars = klines.length;
  }, [klines]);

  return <div ref={hostRef} className="td-charts-canvas" data-testid="charts-chart" data-bars={klines.length} />;
}
