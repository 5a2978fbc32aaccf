import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { act, actAsync } from '../../components/testing/act-environment.ts';
import { mountHost, root } from '../../components/testing/host.ts';
import enComponents from '../../../locales/en-US/components.json';
import enLightning from '../../../locales/en-US/lightning.json';
import enOrders from '../../../locales/en-US/orders.json';
import enRisk from '../../../locales/en-US/risk.json';
import { session } from '../../lib/session/index.ts';
import { toastStore } from '../../lib/toast/index.ts';
import { markStore, subscriptionId, tickersStore } from '../../market/index.ts';
import { withMarketBridge } from '../../market/testing.ts';
import type { Pair } from '../market/index.ts';
import { futuresData, tradeApi } from '../trading/shared.ts';
import { DEFAULT_KEYBOARD } from './hotkeys.ts';
import { openOrdersStore, positionsStore } from './lightning-actions.ts';
import { LightningControls } from './LightningControls.tsx';
import { LightningGuard, lightningGuardStore, placeGuarded } from './lightning-guard.tsx';
import { lightningStore } from './lightning-store.ts';

// The fat-finger guard on the one-click terminal (contract/rules.ts DEFAULT_ORDER_GUARD): one-click orders beyond the
// account's limits still ask, with the figures; cancel places nothing.

const pair: Pair = {
  symbol: 'BTCUSDT',
  market: 'usdm',
  baseAsset: 'BTC',
  quoteAsset: 'USDT',
  tickSize: '0.1',
  stepSize: '0.001',
  pricePrecision: 1,
  amountPrecision: 3,
  listInstrumentId: 'BTC/USDT',
};

withMarketBridge();
beforeEach(() => {
  openOrdersStore.setState({ symbol: null, orders: [] });
  positionsStore.setState({ symbol: null, positions: [] });
  lightningStore.setState({ keyboard: DEFAULT_KEYBOARD, volume: '', list: [], activeIndex: -1 });
  lightningGuardStore.setState({ breach: null, send: null });
  toastStore.setState({ toasts: [] });
  act(() => {
    tickersStore.setState({ tickers: { spot: {}, usdm: { BTCUSDT: { s: 'BTCUSDT', c: 60000, o: 60000, h: 60000, l: 60000, v: 0, q: 0, E: 0 } } } });
    markStore.setState({ marks: { [subscriptionId({ topic: 'mark', symbol: 'BTCUSDT' })]: { symbol: 'BTCUSDT', markPrice: 61000, indexPrice: 61000, fundingRate: 0, nextFundingTime: 0, time: 0 } } });
    session.actions.setUser({ userName: 'a', orderGuard: { priceBandOn: true, priceBandPct: 5, notionalOn: true, maxNotional: 1000 } }, []);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  markStore.setState({ marks: {} });
  session.actions.signOut();
});

async function mount() {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { 'en-US': { lightning: enLightning, orders: enOrders, risk: enRisk, components: enComponents } },
    lng: 'en-US',
    defaultNS: 'lightning',
    interpolation: { escapeValue: false },
  });
  mountHost('width: 420px');
  await actAsync(async () =>
    root?.render(
      <I18nextProvider i18n={i18n}>
        <LightningControls pair={pair} keyId="k1" isLogin />
        <LightningGuard pair={pair} />
      </I18nextProvider>,
    ),
  );
}

function mockTrade() {
  vi.spyOn(futuresData, 'refresh').mockImplementation(() => undefined);
  vi.spyOn(tradeApi, 'openOrders').mockResolvedValue([]);
  vi.spyOn(tradeApi, 'positions').mockResolvedValue([]);
  return vi.spyOn(tradeApi, 'sendOrder').mockResolvedValue({} as Awaited<ReturnType<typeof tradeApi.sendOrder>>);
}

describe('the fat-finger guard on the lightning terminal', () => {
  it('a one-click market order above the value limit asks with the figures; cancel places nothing; within the limit it goes at once', async () => {
    const sendOrder = mockTrade();
    await mount();
    act(() => lightningStore.setState({ volume: '0.1' }));
    await userEvent.keyboard('b');
    // 0.1 BTC at the mark 61000 = 6100 USDT, above the 1000 USDT limit; a market order has no band check.
    await expect.element(page.getByTestId('fat-finger-notional-value')).toHaveTextContent('6,100.0000 USDT');
    await expect.element(page.getByTestId('fat-finger-mark')).toHaveTextContent('61,000.0 USDT');
    await expect.element(page.getByTestId('fat-finger-limit')).toHaveTextContent('1,000 USDT');
    await expect.element(page.getByTestId('fat-finger-price')).toHaveTextContent('Market');
    expect(document.querySelector('[data-testid="fat-finger-band"]')).toBeNull();
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }).last());
    await expect.element(page.getByTestId('fat-finger')).not.toBeInTheDocument();
    expect(sendOrder).not.toHaveBeenCalled();

    act(() => lightningStore.setState({ volume: '0.01' }));
    await userEvent.keyboard('b');
    await vi.waitFor(() => expect(sendOrder).toHaveBeenCalledTimes(1));
    expect(document.querySelector('[data-testid="fat-finger"]')).toBeNull();
  });

  it('a ladder limit order 10 % from the mark asks even with one-click on, and its confirm places it', async () => {
    const sendOrder = mockTrade();
    await mount();
    const done = vi.fn();
    act(() => placeGuarded(pair, 'k1', { side: 'buy', priceType: 'limit', price: '67100', volume: '0.001', referencePrice: null }, done));
    await expect.element(page.getByTestId('fat-finger-deviation')).toHaveTextContent('10.00%');
    await expect.element(page.getByTestId('fat-finger-band')).toHaveTextContent('The price is 10.00% from the mark price, more than your limit of 5.00%.');
    expect(sendOrder).not.toHaveBeenCalled();
    await userEvent.click(page.getByRole('button', { name: 'Place the order anyway' }));
    await vi.waitFor(() => expect(done).toHaveBeenCalledWith({ ok: true }));
    expect(sendOrder).toHaveBeenCalledWith('usdm', expect.objectContaining({ instrumentId: 'BTCUSDT', direction: 'buy', priceType: 'limit', price: '67100', volume: '0.001' }));
  });
});
