import { CandlestickSeries, HistogramSeries, LineStyle, type CandlestickData, type IPriceLine, type HistogramData, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { drawnAfter, planKlines, useKlines, type DrawnRange, type Kline } from '../../market/index.ts';
import { withAlpha, type ChartColors } from '../../lib/chart/index.ts';
import { candleColors, useThemedChart, type ThemedChart } from '../../lib/chart/themed-chart.ts';
import { useTheme } from '../../lib/theme/index.ts';
import type { Pair } from '../market/index.ts';
import { chartLines, type ChartLine } from './chart-lines.ts';
import { ownOrdersStore } from './own-orders.ts';
import { desynchronizeInSoftware } from './live-canvas.ts';

interface Chart extends ThemedChart {
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  drawn: DrawnRange | null;
  lines: IPriceLine[];
}

const NO_ORDERS: readonly never[] = [];

const LINE_TITLES: Record<ChartLine['kind'], string> = {
  buy: 'chart.orderLines.buy',
  sell: 'chart.orderLines.sell',
  takeProfit: 'chart.orderLines.takeProfit',
  stopLoss: 'chart.orderLines.stopLoss',
  stop: 'chart.orderLines.stop',
};

function lineColor(kind: ChartLine['kind'], c: ChartColors): string {
  if (kind === 'buy' || kind === 'takeProfit') return c.up;
  if (kind === 'sell' || kind === 'stopLoss') return c.down;
  return c.muted;
}

const time = (bar: Kline) => (bar.openTime / 1000) as UTCTimestamp;
const candle = (bar: Kline): CandlestickData => ({ time: time(bar), open: bar.open, high: bar.high, low: bar.low, close: bar.close });
const volumeBar = (bar: Kline, c: ChartColors): HistogramData => ({
  time: time(bar),
  value: bar.volume,
  color: withAlpha(bar.close >= bar.open ? c.up : c.down, 0.5),
});

/**
 * Candles with volume (lightweight-charts 5). The series is set once per pair/period (or when the
 * core replaces it); every tick after that goes through `update()`, never `setData`.
 */
export function KlineChart({ pair, interval }: { pair: Pair; interval: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const klines = useKlines(pair.symbol, interval, pair.market);
  const { t } = useTranslation('trading');
  // The trader's open orders on this pair (own-orders.ts, polled while the book watches them), drawn as price lines.
  const key = `${pair.market}:${pair.symbol}`;
  const orders = useStore(ownOrdersStore, (s) => (s.key === key ? s.orders : NO_ORDERS));

  const chartRef = useThemedChart<Chart>(
    hostRef,
    `${pair.market}:${pair.symbol}:${pair.pricePrecision}:${pair.tickSize}:${interval}`,
    (chart, colors, host) => {
      const candles = chart.addSeries(CandlestickSeries, {
        ...candleColors(colors),
        borderVisible: false,
        priceFormat: { type: 'price', precision: pair.pricePrecision, minMove: Number(pair.tickSize) },
      });
      const volume = chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceScaleId: '' });
      volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
      candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.25 } });
      // Before the chart first draws: its canvases then submit frames only when they change (live-canvas.ts).
      desynchronizeInSoftware(host);
      return { chart, candles, volume, colors, drawn: null, lines: [] };
    },
    (c) => {
      c.candles.applyOptions(candleColors(c.colors));
      c.drawn = null; // volume colours are per bar: redraw once with the new theme
    },
  );

  useEffect(() => {
    const c = chartRef.current;
    if (!c) return;
    const plan = planKlines(c.drawn, klines);
    if (plan.kind === 'none') return;
    if (plan.kind === 'set') {
      c.candles.setData(klines.map(candle));
      c.volume.setData(klines.map((bar) => volumeBar(bar, c.colors)));
    } else {
      for (let i = plan.from; i < klines.length; i++) {
        const bar = klines[i] as Kline;
        c.candles.update(candle(bar));
        c.volume.update(volumeBar(bar, c.colors));
      }
    }
    c.drawn = drawnAfter(c.drawn, plan, klines);
  }, [chartRef, klines, theme]);

  useEffect(() => {
    const c = chartRef.current;
    if (!c) return;
    for (const line of c.lines) c.candles.removePriceLine(line);
    c.lines = chartLines(orders).map((l) =>
      c.candles.createPriceLine({ price: l.price, color: lineColor(l.kind, c.colors), lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: true, title: t(LINE_TITLES[l.kind]) }),
    );
  }, [chartRef, orders, theme, t, pair.symbol, pair.market, interval]);

  // The chart as a named figure, its text alternative (WCAG 1.1.1): what it charts; its figures are read in the page's tables and header.
  const alt = t('chart.candlesAlt', { pair: pair.listInstrumentId, interval: t(`chart.intervals.${interval}`, { defaultValue: interval }) });
  return <div ref={hostRef} className="td-kline-chart" role="figure" aria-label={alt} data-testid="kline-chart" data-bars={klines.length} data-order-lines={chartLines(orders).length} />;
}
