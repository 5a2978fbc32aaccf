import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, actAsync } from '../../components/testing/act-environment.ts';
import { host, mountHost } from '../../components/testing/host.ts';
import enTrading from '../../../locales/en-US/trading.json';
import zhTrading from '../../../locales/zh-HK/trading.json';
import { markStore, subscriptionId } from '../../market/index.ts';
import { withMarketBridge } from '../../market/testing.ts';
import { PairHeader } from './PairHeader.tsx';
import { BTCUSDT_SPOT } from './test-pair.ts';

withMarketBridge();
afterEach(() => vi.useRealTimers());

const pair = { ...BTCUSDT_SPOT, market: 'usdm' as const };
const MARK_ID = subscriptionId({ topic: 'mark', symbol: 'BTCUSDT' });

async function mount(lng: 'en-US' | 'zh-HK') {
  const i18n = i18next.createInstance();
  await i18n.init({ resources: { 'en-US': { trading: enTrading }, 'zh-HK': { trading: zhTrading } }, lng, interpolation: { escapeValue: false } });
  const root = mountHost();
  await actAsync(async () =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <PairHeader pair={pair} lang={lng} />
        </MemoryRouter>
      </I18nextProvider>,
    ),
  );
}

const countdown = () => host.querySelector('[data-testid="funding-countdown"]')?.textContent;

describe('PairHeader funding countdown', () => {
  it('counts down to the next funding on the exchange clock, a second at a time', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // The browser's clock is 2 minutes ahead of the exchange's: the countdown must not lose those 2 minutes.
    const exchangeTime = Date.UTC(2026, 11, 3, 12, 34, 57);
    vi.setSystemTime(exchangeTime + 120_000);
    const nextFundingTime = Date.UTC(2026, 11, 3, 16, 0, 0);
    await mount('en-US');
    expect(countdown()).toBe('--');
    act(() =>
      markStore.setState({
        marks: { [MARK_ID]: { symbol: 'BTCUSDT', markPrice: 64000, indexPrice: 63990, fundingRate: 0.0001, nextFundingTime, time: exchangeTime } },
      }),
    );
    // 16:00:00 − 12:34:57 = 03:25:03
    expect(countdown()).toBe('03:25:03');
    expect(host.querySelector('[data-testid="funding-rate"]')?.textContent).toBe('0.0100%');
    await actAsync(async () => vi.advanceTimersByTime(1000));
    expect(countdown()).toBe('03:25:02');
    await actAsync(async () => vi.advanceTimersByTime(60_000));
    expect(countdown()).toBe('03:24:02');
    expect(host.textContent).toContain('Funding / countdown');
  });

  it('labels the figure in zh-HK', async () => {
    await mount('zh-HK');
    expect(host.textContent).toContain('資金費率 / 倒計時');
  });
});
