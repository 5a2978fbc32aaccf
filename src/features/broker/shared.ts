// What other features' lazily loaded pages share of the broker manager: the performance chart (lightweight-charts 5,
// three panes) with its datachart texts, for the public dataChart pages (src/features/datachart).
import './analytics/chart-locale.ts';

export { PerformanceChart } from './analytics/PerformanceChart.tsx';
export { DEFAULT_CHART_RANGE, rangeQuery, type ChartRange, type PerformancePoint } from './analytics/chart-window.ts';
export { joinPoints, rateText, RefreshTimes } from './analytics/parts.tsx';
