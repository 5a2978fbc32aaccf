import { ColorType, createChart, type IChartApi } from 'lightweight-charts';
import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../theme/index.ts';
import { chartTimeOptions } from './chart-time.ts';
import { chartColors, type ChartColors } from './index.ts';

/** The chart options that follow the theme (background, text, grid, scale borders), and a time scale to the minute. */
function themeOptions(c: ChartColors) {
  return {
    layout: { background: { type: ColorType.Solid, color: c.surface }, textColor: c.muted },
    grid: { vertLines: { color: c.border }, horzLines: { color: c.border } },
    rightPriceScale: { borderColor: c.border },
    timeScale: { borderColor: c.border, timeVisible: true, secondsVisible: false },
  } as const;
}

/** A candlestick series' colours: rising bars and wicks in the theme's up colour, falling ones in its down colour. */
export function candleColors(c: ChartColors) {
  return { upColor: c.up, downColor: c.down, wickUpColor: c.up, wickDownColor: c.down };
}

export interface ThemedChart {
  chart: IChartApi;
  colors: ChartColors;
}

/**
 * A lightweight-charts chart (v5) in `hostRef`'s element, sized with it, in the theme's colours. It is made again
 * when `identity` changes (the pair, its precision, the period), and removed when the component goes; `setup` adds
 * its series. On a theme change the chart takes the new colours and `recolour` repaints what the series hold. Its
 * times are labelled in the user's zone and its locale is the app's language (chart-time.ts), following a change.
 */
export function useThemedChart<C extends ThemedChart>(
  hostRef: RefObject<HTMLDivElement | null>,
  identity: string,
  setup: (chart: IChartApi, colors: ChartColors, host: HTMLDivElement) => C,
  recolour: (c: C) => void,
): RefObject<C | null> {
  const chartRef = useRef<C | null>(null);
  const theme = useTheme();
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const make = useEffectEvent(setup);
  const repaint = useEffectEvent(recolour);
  const timeOptions = useEffectEvent(() => chartTimeOptions(locale));

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const colors = chartColors(host);
    const themed = themeOptions(colors);
    const time = timeOptions();
    const chart = createChart(host, { autoSize: true, ...themed, localization: time.localization, timeScale: { ...themed.timeScale, ...time.timeScale } });
    chartRef.current = make(chart, colors, host);
    return () => {
      chartRef.current = null;
      chart.remove();
    };
  }, [hostRef, identity]);

  useEffect(() => {
    chartRef.current?.chart.applyOptions({ localization: chartTimeOptions(locale).localization });
  }, [locale, identity]);

  useEffect(() => {
    const c = chartRef.current;
    const host = hostRef.current;
    if (!c || !host) return;
    c.colors = chartColors(host);
    c.chart.applyOptions(themeOptions(c.colors));
    repaint(c);
  }, [hostRef, theme, identity]);

  return chartRef;
}
