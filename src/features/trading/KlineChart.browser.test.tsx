import i18next from 'i18next';
import { createChart, TickMarkType, type IChartApi, type Time, type TimeScaleOptions } from 'lightweight-charts';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';
import { act, actAsync } from '../../components/testing/act-environment.ts';
import { host, mountHost, root } from '../../components/testing/host.ts';
import enTrading from '../../../locales/en-US/trading.json';
import zhTrading from '../../../locales/zh-HK/trading.json';
import { klinesStore, subscriptionId } from '../../market/index.ts';
import { withMarketBridge } from '../../market/testing.ts';
import '../../styles/theme.css';
import { KlineChart } from './KlineChart.tsx';
import { BTCUSDT_SPOT } from './test-pair.ts';
import './trading.css';
import './trading-panels.css';

// The chart instance the component made, to read the options it was given.
vi.mock('lightweight-charts', { spy: true });

const pair = BTCUSDT_SPOT;
// 2026-11-23 07:59:00 UTC = 2026-11-23 15:59:00 HKT (UTC+8)
const OPEN = Date.UTC(2026, 10, 23, 7, 59, 0);
const bars = Array.from({ length: 60 }, (_, i) => {
  const openTime = OPEN - (59 - i) * 60_000;
  const price = 100 + Math.sin(i / 5) * 3;
  return { openTime, closeTime: openTime + 59_999, open: price, high: price + 1, low: price - 1, close: price + 0.5, volume: 10 + i, closed: true };
});

withMarketBridge();

// The user's zone is Hong Kong's, whatever the machine's (the bug showed UTC beside HKT trades).
beforeAll(async () => {
  await cdp().send('Emulation.setTimezoneOverride', { timezoneId: 'Asia/Hong_Kong' });
});
afterAll(async () => {
  await cdp().send('Emulation.setTimezoneOverride', { timezoneId: '' });
});

async function mount(lng: 'en-US' | 'zh-HK'): Promise<{ chart: IChartApi; i18n: typeof i18next }> {
  const i18n = i18next.createInstance();
  await i18n.init({ resources: { 'en-US': { trading: enTrading }, 'zh-HK': { trading: zhTrading } }, lng, defaultNS: 'trading', interpolation: { escapeValue: false } });
  const id = subscriptionId({ topic: 'klines', market: 'spot', symbol: pair.symbol, interval: '1m' });
  act(() => klinesStore.setState({ klines: { [id]: bars } }));
  vi.mocked(createChart).mockClear();
  mountHost('position: relative; width: min(720px, 100vw); height: 360px;');
  act(() =>
    root?.render(
      <I18nextProvider i18n={i18n}>
        <KlineChart pair={pair} interval="1m" />
      </I18nextProvider>,
    ),
  );
  await expect.poll(() => host.querySelector('[data-testid="kline-chart"]')?.getAttribute('data-bars')).toBe('60');
  return { chart: vi.mocked(createChart).mock.results.at(-1)?.value as IChartApi, i18n };
}

/** A look at the chart with the crosshair on it (its time label in the user's zone), saved under tests/artifacts/. */
async function shoot(name: string) {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  await userEvent.hover(host.querySelector('[data-testid="kline-chart"]') as HTMLElement);
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  await page.screenshot({ path: `../../../tests/artifacts/${name}.png`, element: host });
  // The pointer leaves the chart: the next file's charts start with no crosshair under it.
  await userEvent.unhover(host.querySelector('[data-testid="kline-chart"]') as HTMLElement);
}

describe('KlineChart times', () => {
  it("labels the crosshair and the time axis in the user's zone, in the glossary's format, and takes the app's locale", async () => {
    expect(new Date(OPEN).getHours()).toBe(15); // the zone override holds
    const { chart } = await mount('zh-HK');
    const options = chart.options();
    expect(options.localization.locale).toBe('zh-HK');
    const time = (OPEN / 1000) as Time;
    // Crosshair: YYYY-MM-DD HH:mm:ss in HKT, not 07:59 UTC.
    expect(options.localization.timeFormatter?.(time)).toBe('2026-11-23 15:59:00');
    // Axis: the same instant's local time, and local dates.
    const tick = (options.timeScale as TimeScaleOptions).tickMarkFormatter;
    expect(tick?.(time, TickMarkType.Time, 'zh-HK')).toBe('15:59');
    expect(tick?.((Date.UTC(2026, 10, 22, 16, 0) / 1000) as Time, TickMarkType.Time, 'zh-HK')).toBe('11-23'); // 00:00 HKT starts the day
    expect(tick?.((Date.UTC(2026, 10, 23, 0, 0) / 1000) as Time, TickMarkType.DayOfMonth, 'zh-HK')).toBe('11-23');
    expect(tick?.((Date.UTC(2026, 11, 1, 0, 0) / 1000) as Time, TickMarkType.Month, 'zh-HK')).toBe('2026-12');
    await page.viewport(1440, 900);
    await shoot('kline-chart-hkt-1440');
  });

  it('follows a language change (en-US) and keeps the times local', async () => {
    const { chart, i18n } = await mount('zh-HK');
    await actAsync(() => i18n.changeLanguage('en-US'));
    expect(chart.options().localization.locale).toBe('en-US');
    expect(chart.options().localization.timeFormatter?.((OPEN / 1000) as Time)).toBe('2026-11-23 15:59:00');
    await page.viewport(390, 844);
    await shoot('kline-chart-hkt-390');
  });
});
