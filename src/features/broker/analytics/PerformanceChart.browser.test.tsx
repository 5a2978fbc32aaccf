import { useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { actAsync } from '../../../components/testing/act-environment.ts';
import enChart from '../../../../locales/en-US/datachart.json';
import zhChart from '../../../../locales/zh-HK/datachart.json';
import { addDays, pointsIn, type ChartRange, type PerformancePoint } from './chart-window.ts';
import { PerformanceChart } from './PerformanceChart.tsx';

// The performance chart in Chromium: three panes on one time axis, the spec §9 ranges, keyboard reading, the
// screen-reader table, and its fit at 390, 1280 and 1440 px.

let unmount: (() => Promise<void>) | null = null;
afterEach(async () => {
  await unmount?.();
  unmount = null;
});

async function render(ui: ReactNode, width: number, language = 'en-US'): Promise<HTMLElement> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, defaultNS: 'datachart', resources: { 'zh-HK': { datachart: zhChart }, 'en-US': { datachart: enChart } }, interpolation: { escapeValue: false } });
  const container = document.createElement('div');
  container.style.width = `${width}px`;
  document.body.appendChild(container);
  const root = createRoot(container);
  await actAsync(() => root.render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>));
  unmount = async () => {
    await actAsync(() => root.unmount());
    container.remove();
  };
  return container;
}

const q = <T extends HTMLElement = HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`);

/** 400 days of records from 2025-10-01: NAV rises, falls 10 % and recovers (return and drawdown from the NAV). */
const SERIES: PerformancePoint[] = (() => {
  const out: PerformancePoint[] = [];
  let max = 1;
  for (let i = 0; i < 400; i++) {
    const nav = 1 + 0.001 * i - (i > 300 && i < 340 ? 0.05 : 0);
    max = Math.max(max, nav);
    out.push({ day: addDays('2025-10-01', i), nav: nav.toFixed(8), ret: (nav - 1).toFixed(8), drawdown: (1 - nav / max).toFixed(8) });
  }
  return out;
})();
const LAST = SERIES[SERIES.length - 1]!.day;

/** A page as the screens compose it: the whole series kept, the window passed to the chart. */
function Page({ initial = { days: 30 } }: { initial?: ChartRange }) {
  const [range, setRange] = useState<ChartRange>(initial);
  return <PerformanceChart points={pointsIn(SERIES, range)} range={range} onRangeChange={setRange} bounds={{ first: SERIES[0]!.day, last: LAST }} caption="Demo fund" />;
}

describe('PerformanceChart', () => {
  it('draws NAV per unit, return and drawdown in three panes over one time axis', async () => {
    await render(<Page />, 1280);
    const chart = q('performance-chart')!;
    await expect.poll(() => chart.dataset['panes']).toBe('3');
    // lightweight-charts draws each pane in its own table row, each with its canvases.
    const host = q('performance-canvas')!;
    await expect.poll(() => host.querySelectorAll('canvas').length).toBeGreaterThan(6);
    expect(chart.dataset['points']).toBe('31');
    // With no crosshair (the pointer off the chart, wherever an earlier file left it) the legend shows the last day.
    await userEvent.hover(q('legend-nav')!);
    await expect.poll(() => q('legend-nav')!.textContent).toBe(SERIES[SERIES.length - 1]!.nav);
    // The panes share the height 2:1:1.
    const rows = [...host.querySelectorAll('tr')].map((tr) => tr.getBoundingClientRect().height).filter((h) => h > 40);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows[0]!).toBeGreaterThan(rows[1]! * 1.6);
  });

  it('switches between the spec §9 ranges and a custom range', async () => {
    await render(<Page />, 1280);
    const chart = q('performance-chart')!;
    expect(q('range-30')!.getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(q('range-7')!);
    await expect.poll(() => chart.dataset['points']).toBe('8');
    expect(q('range-7')!.getAttribute('aria-pressed')).toBe('true');
    expect(q('range-30')!.getAttribute('aria-pressed')).toBe('false');
    expect(q('chart-table')!.querySelectorAll('tbody tr')).toHaveLength(8);

    await userEvent.click(q('range-365')!);
    await expect.poll(() => chart.dataset['points']).toBe('366');

    await userEvent.click(q('range-custom')!);
    await userEvent.fill(q('range-from')!, '2026-01-10');
    await userEvent.fill(q('range-to')!, '2026-01-01');
    await userEvent.click(q('range-apply')!);
    await expect.element(q('range-error')!).toBeVisible();
    expect(chart.dataset['points']).toBe('366');

    await userEvent.fill(q('range-to')!, '2026-01-19');
    await userEvent.click(q('range-apply')!);
    await expect.poll(() => chart.dataset['points']).toBe('10');
    expect(q('range-error')).toBeNull();
    expect(q('chart-table')!.querySelector('tbody th')!.textContent).toBe('2026-01-10');
  });

  it('is read by keyboard: the ranges are buttons and the arrow keys move along the days', async () => {
    await render(<Page initial={{ days: 7 }} />, 1280);
    q('range-7')!.focus();
    await userEvent.keyboard('{Tab}');
    expect(document.activeElement).toBe(q('range-30'));
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => q('performance-chart')!.dataset['points']).toBe('31');

    q<HTMLDivElement>('performance-canvas')!.focus();
    await userEvent.keyboard('{ArrowLeft}');
    const before = SERIES[SERIES.length - 2]!;
    await expect.poll(() => q('legend-nav')!.textContent).toBe(before.nav);
    expect(q('chart-announce')!.textContent).toContain(before.day);
    await userEvent.keyboard('{Home}');
    await expect.poll(() => q('legend-nav')!.textContent).toBe(SERIES[SERIES.length - 31]!.nav);
  });

  it('summarises the window for screen readers and formats percentages with 2 decimals', async () => {
    await render(<Page initial={{ days: 90 }} />, 1280, 'zh-HK');
    const caption = document.querySelector('figcaption')!.textContent!;
    // Days 310–399: the dip at 301–339 leaves a drawdown; the window's maximum is listed.
    expect(caption).toContain('Demo fund');
    expect(caption).toContain(LAST);
    expect(caption).toMatch(/最大回撤率 \d+\.\d{2}%/);
    const cells = [...q('chart-table')!.querySelectorAll('tbody tr:first-child td')].map((td) => td.textContent);
    expect(cells[1]).toMatch(/^[+-]?\d+\.\d{2}%$/);
  });

  it('fits 390, 1280 and 1440 px without horizontal overflow', async () => {
    for (const width of [390, 1280, 1440]) {
      const container = await render(<Page />, width);
      const host = q('performance-canvas')!;
      await expect.poll(() => host.querySelector('canvas')?.getBoundingClientRect().width ?? 0).toBeGreaterThan(0);
      expect(container.scrollWidth).toBeLessThanOrEqual(width);
      expect(host.getBoundingClientRect().width).toBeLessThanOrEqual(width);
      await unmount!();
      unmount = null;
      expect(document.querySelector('[data-testid="performance-canvas"]')).toBeNull();
    }
  });

  it('shows an empty state when the window has no records', async () => {
    await render(<PerformanceChart points={[]} range={{ days: 7 }} onRangeChange={() => {}} caption="Demo fund" />, 1280);
    expect(q('chart-empty')!.textContent).toBe('No records');
    expect(document.querySelector('figcaption')!.textContent).toContain('no NAV records');
  });
});
