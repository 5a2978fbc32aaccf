import { useTranslation } from 'react-i18next';
import { CandlestickSeries, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { drawnAfter, planKlines, useKlines, type DrawnRange, type Kline } from '../../market/index.ts';
import { candleColors, useThemedChart, type ThemedChart } from '../../lib/chart/themed-chart.ts';
import { formatAmount } from '../../lib/format/index.ts';
import type { Pair } from '../market/index.ts';

interface Chart extends ThemedChart {
  series: ISeriesApi<'Candlestick'>;
  drawn: DrawnRange | null;
}

/**
 * The full-page chart's candles (lightweight-charts 5): the whole series set when the pair or the period changes,
 * otherwise the bars from the last one drawn updated in place (planKlines, as the trading page's chart).
 */
export function CandleChart({ pair, interval }: { pair: Pair; interval: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const klines = useKlines(pair.symbol, interval, pair.market);
  const chartRef = useThemedChart<Chart>(
    hostRef,
    `${pair.market}:${pair.symbol}:${pair.pricePrecision}:${pair.tickSize}:${interval}`,
    (chart, colors) => {
      // Glossary "Numbers": the price axis and crosshair at the pair's tick with thousands separators, as the tables.
      const formatter = (price: number) => formatAmount(price, pair.pricePrecision);
      const series = chart.addSeries(CandlestickSeries, { ...candleColors(colors), borderVisible: false, priceFormat: { type: 'custom', formatter, minMove: Number(pair.tickSize) } });
      return { chart, series, colors, drawn: null };
    },
    (c) => c.series.applyOptions(candleColors(c.colors)),
  );

  useEffect(() => {
    const c = chartRef.current;
    if (!c) return;
    const bar = (k: Kline) => ({ time: (k.openTime / 1000) as UTCTimestamp, open: k.open, high: k.high, low: k.low, close: k.close });
    const plan = planKlines(c.drawn, klines);
    if (plan.kind === 'set') c.series.setData(klines.map(bar));
    else if (plan.kind === 'update') for (let i = plan.from; i < klines.length; i++) c.series.update(bar(klines[i] as Kline));
    c.drawn = drawnAfter(c.drawn, plan, klines);
  }, [chartRef, klines]);

  // The chart's text alternative (WCAG 1.1.1).
  const { t } = useTranslation('charts');
  return <div ref={hostRef} className="td-charts-canvas" role="figure" aria-label={t('chartAlt', { pair: pair.listInstrumentId, interval })} data-testid="charts-chart" data-bars={klines.length} />;
}
