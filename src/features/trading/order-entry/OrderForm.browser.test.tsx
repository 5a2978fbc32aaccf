import Decimal from 'decimal.js';
import i18next from 'i18next';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { actAsync } from '../../../components/testing/act-environment.ts';
import enComponents from '../../../../locales/en-US/components.json';
import enOrders from '../../../../locales/en-US/orders.json';
import enRisk from '../../../../locales/en-US/risk.json';
import zhComponents from '../../../../locales/zh-HK/components.json';
import zhOrders from '../../../../locales/zh-HK/orders.json';
import zhRisk from '../../../../locales/zh-HK/risk.json';
import { session } from '../../../lib/session/index.ts';
import { clearPickedPrice, pickPrice } from '../picked-price.ts';
import { OrderForm, type OrderRequest } from './OrderForm.tsx';
import type { Direction } from './form-state.ts';
import type { BalanceContext } from './validate.ts';
import { BTCUSDT_USDM_RULES, ETHUSDT_SPOT_RULES } from './test-rules.ts';

const rules = ETHUSDT_SPOT_RULES;

const buyCtx: BalanceContext = { available: new Decimal('1000'), referencePrice: new Decimal('2000') };
const sellCtx: BalanceContext = { available: new Decimal('2'), referencePrice: new Decimal('2000') };

let root: Root | undefined;
let container: HTMLElement | undefined;

const futuresRules = BTCUSDT_USDM_RULES;
const futuresCtx: BalanceContext = { available: new Decimal('10000'), referencePrice: new Decimal('60000'), leverage: 20, takerFeeRate: new Decimal('0.0005') };

let renderForm: ((balance?: (d: Direction) => BalanceContext) => Promise<void>) | undefined;

async function mount(onSubmit: (o: OrderRequest) => Promise<void>, language: 'en-US' | 'zh-HK' = 'en-US', futures = false, balance?: (d: Direction) => BalanceContext) {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { 'en-US': { orders: enOrders, components: enComponents, risk: enRisk }, 'zh-HK': { orders: zhOrders, components: zhComponents, risk: zhRisk } },
    lng: language,
    defaultNS: 'orders',
    interpolation: { escapeValue: false },
  });
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  // The parent's render with the balance it has now (a new reference price comes as a new render).
  renderForm = (next = balance) =>
    actAsync(async () =>
      root!.render(
        <I18nextProvider i18n={i18n}>
          {futures ? (
            <OrderForm rules={futuresRules} balance={next ?? (() => futuresCtx)} onSubmit={onSubmit} />
          ) : (
            <OrderForm rules={rules} balance={next ?? ((d) => (d === 'buy' ? buyCtx : sellCtx))} onSubmit={onSubmit} />
          )}
        </I18nextProvider>,
      ),
    );
  await renderForm();
}

afterEach(async () => {
  await actAsync(async () => root?.unmount());
  container?.remove();
  renderForm = undefined;
  clearPickedPrice();
  session.actions.signOut();
});

const price = () => page.getByTestId('order-price');
const volume = () => page.getByTestId('order-volume');

async function typeInto(field: ReturnType<typeof price>, text: string) {
  await userEvent.clear(field);
  if (text) await userEvent.type(field, text);
}

describe('OrderForm', () => {
  it.each([
    ['-1', 'errors.notPositive', 'Enter a value above zero'],
    ['0.00001', 'errors.tooManyDecimals', 'At most 4 decimal places'],
    ['0.0001', 'errors.belowMinNotional', 'The order value must be at least 5 USDT'],
    ['1', 'errors.aboveBalance', 'Above your available balance (1,000.0000 USDT)'],
    ['abc', 'errors.notNumeric', 'Enter a number'],
  ])('volume %j shows %s beside the field and sends nothing', async (text, key, message) => {
    const onSubmit = vi.fn(async () => {});
    await mount(onSubmit);
    await typeInto(price(), '2000');
    await typeInto(volume(), text);
    await userEvent.click(page.getByTestId('order-submit'));
    const error = page.getByTestId('order-volume-error');
    await expect.element(error).toHaveTextContent(message);
    expect(error.element().getAttribute('data-key')).toBe(key);
    expect(volume().element().getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('[data-testid="order-confirm"]')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the error in Traditional Chinese under zh-HK', async () => {
    await mount(vi.fn(async () => {}), 'zh-HK');
    await typeInto(price(), '2000.001');
    await typeInto(volume(), '0.1');
    await userEvent.click(page.getByTestId('order-submit'));
    await expect.element(page.getByTestId('order-price-error')).toHaveTextContent('最多 2 位小數');
  });

  it('refuses a market order until there is a market price, and offers it again once the price has come', async () => {
    const onSubmit = vi.fn(async () => {});
    await mount(onSubmit, 'en-US', true, () => ({ ...futuresCtx, referencePrice: null }));
    await userEvent.click(page.getByTestId('order-type-market'));
    await typeInto(volume(), '0.01');
    await userEvent.click(page.getByTestId('order-submit'));
    const error = page.getByTestId('order-volume-error');
    await expect.element(error).toHaveTextContent(enOrders.errors.noReferencePrice);
    expect(volume().element().getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('[data-testid="order-confirm"]')).toBeNull();
    // The ticker comes: the error goes without the trader touching the form, and the same order goes to confirmation.
    await renderForm!(() => futuresCtx);
    await expect.element(error).not.toBeInTheDocument();
    expect(volume().element().getAttribute('aria-invalid')).toBeNull();
    await userEvent.click(page.getByTestId('order-submit'));
    await expect.element(page.getByTestId('order-confirm')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('confirms, then sends the exact decimal strings', async () => {
    const onSubmit = vi.fn(async () => {});
    await mount(onSubmit);
    await typeInto(price(), '1999.99');
    await typeInto(volume(), '0.3');
    await userEvent.click(page.getByTestId('order-submit'));
    await expect.element(page.getByTestId('order-confirm')).toHaveTextContent('599.997');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(page.getByRole('button', { name: 'Confirm' }));
    await expect.poll(() => onSubmit.mock.calls.length).toBe(1);
    expect(onSubmit).toHaveBeenCalledWith({ direction: 'buy', priceType: 'limit', price: '1999.99', volume: '0.3' });
    await expect.element(volume()).toHaveValue('');
  });

  it('offers "do not ask again" in the confirmation; an account that turned confirmations off sends at once', async () => {
    const onSubmit = vi.fn(async () => {});
    await mount(onSubmit);
    await typeInto(price(), '2000');
    await typeInto(volume(), '0.1');
    await userEvent.click(page.getByTestId('order-submit'));
    await expect.element(page.getByTestId('order-confirm-dont-ask')).not.toBeChecked();
    await userEvent.click(page.getByRole('button', { name: 'Close' }).first());
    expect(onSubmit).not.toHaveBeenCalled();

    // spec §3 userInfo.orderConfirmStatus false (set through updateOrderConfirmStatus): no confirmation step.
    await actAsync(async () => session.actions.setUser({ userName: 'a', orderConfirmStatus: false }, []));
    await typeInto(volume(), '0.2');
    await userEvent.click(page.getByTestId('order-submit'));
    await expect.poll(() => onSubmit.mock.calls.length).toBe(1);
    expect(onSubmit).toHaveBeenCalledWith({ direction: 'buy', priceType: 'limit', price: '2000', volume: '0.2' });
    expect(document.querySelector('[data-testid="order-confirm"]')).toBeNull();
  });

  it('changing direction resets price, volume and type; changing type clears price and volume', async () => {
    await mount(vi.fn(async () => {}));
    await typeInto(price(), '2000');
    await typeInto(volume(), '0.1');
    await userEvent.click(page.getByTestId('order-type-market'));
    await expect.element(volume()).toHaveValue('');
    expect(page.getByTestId('order-form').element().getAttribute('data-price-type')).toBe('market');
    await typeInto(volume(), '0.2');
    await userEvent.click(page.getByTestId('order-direction-sell'));
    const form = page.getByTestId('order-form').element();
    expect(form.getAttribute('data-direction')).toBe('sell');
    expect(form.getAttribute('data-price-type')).toBe('limit');
    await expect.element(price()).toHaveValue('');
    await expect.element(volume()).toHaveValue('');
    await expect.element(page.getByTestId('order-available')).toHaveTextContent('2.00000000 ETH');
  });

  it('a price picked from the book fills the price; the slider sizes from the available balance', async () => {
    await mount(vi.fn(async () => {}));
    await actAsync(async () => pickPrice({ market: 'spot', symbol: 'ETHUSDT', price: '2500.00', side: 'ask' }));
    await expect.element(price()).toHaveValue('2500.00');
    // A pick of another pair is ignored.
    await actAsync(async () => pickPrice({ market: 'usdm', symbol: 'ETHUSDT', price: '1.00', side: 'ask' }));
    await expect.element(price()).toHaveValue('2500.00');
    await userEvent.click(page.getByRole('button', { name: 'Set to 50%' }));
    // 50 % of 1000 USDT at 2500 = 0.2 ETH
    await expect.element(volume()).toHaveValue('0.2000');
  });
});

describe('futures OrderForm (issue 18)', () => {
  it('labels the futures sides 開多/開空, and 平空/平多 when reduce-only', async () => {
    await mount(vi.fn(async () => {}), 'zh-HK', true);
    await expect.element(page.getByTestId('order-direction-buy')).toHaveTextContent('開多');
    await expect.element(page.getByTestId('order-direction-sell')).toHaveTextContent('開空');
    await userEvent.click(page.getByTestId('order-reduceOnly'));
    await expect.element(page.getByTestId('order-direction-buy')).toHaveTextContent('平空');
    await expect.element(page.getByTestId('order-submit')).toHaveTextContent('平空');
  });

  it('a stop-market sell on the last price with a take-profit sends the trigger, its price type and the TP; cost, maximum and liquidation are shown first', async () => {
    const onSubmit = vi.fn(async () => {});
    await mount(onSubmit, 'en-US', true);
    await userEvent.click(page.getByTestId('order-direction-sell'));
    await userEvent.click(page.getByTestId('order-type-stop_market'));
    await typeInto(page.getByTestId('order-stop-price'), '59000');
    await userEvent.selectOptions(page.getByTestId('order-working-type'), 'CONTRACT_PRICE');
    await typeInto(volume(), '0.01');
    // 0.01 × 59000 / 20 + 0.01 × 59000 × 0.0005 = 29.795 → 29.80; short liquidation 59000 × 1.05 / 1.004 = 61703.18…, down to the tick as the position row rounds a short's
    await expect.element(page.getByTestId('order-cost')).toHaveTextContent('29.80 USDT');
    await expect.element(page.getByTestId('order-liquidation')).toHaveTextContent('61703.1 USDT');
    await expect.element(page.getByTestId('order-max')).not.toHaveTextContent('--');
    await userEvent.click(page.getByTestId('order-tpsl'));
    await typeInto(page.getByTestId('order-takeProfit'), '60000');
    await userEvent.click(page.getByTestId('order-submit'));
    // A short's take-profit must be below the trigger it opens at.
    await expect.element(page.getByTestId('order-takeProfit-msg-error')).toHaveTextContent('Must be below 59000');
    await typeInto(page.getByTestId('order-takeProfit'), '55000');
    await userEvent.click(page.getByTestId('order-submit'));
    await userEvent.click(page.getByRole('button', { name: 'Confirm' }));
    await expect.poll(() => onSubmit.mock.calls.length).toBe(1);
    expect(onSubmit).toHaveBeenCalledWith({
      direction: 'sell',
      priceType: 'stop_market',
      price: null,
      volume: '0.01',
      stopPrice: '59000',
      workingType: 'CONTRACT_PRICE',
      timeInForce: 'GTC',
      postOnly: false,
      reduceOnly: false,
      takeProfit: '55000',
      stopLoss: null,
    });
  });

  it('size in USDT becomes the base volume at the limit price; post-only and IOC exclude each other', async () => {
    const onSubmit = vi.fn(async () => {});
    await mount(onSubmit, 'en-US', true);
    await typeInto(price(), '60000');
    await userEvent.selectOptions(page.getByTestId('order-size-unit'), 'quote');
    await typeInto(volume(), '1000');
    await userEvent.selectOptions(page.getByTestId('order-tif'), 'IOC');
    await userEvent.click(page.getByTestId('order-postOnly'));
    await expect.element(page.getByTestId('order-tif')).toHaveValue('GTC');
    await userEvent.click(page.getByTestId('order-submit'));
    await userEvent.click(page.getByRole('button', { name: 'Confirm' }));
    await expect.poll(() => onSubmit.mock.calls.length).toBe(1);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ priceType: 'limit', price: '60000', volume: '0.016', postOnly: true, timeInForce: 'GTC' }));
  });
});

describe('OrderForm: spot OCO', () => {
  it('sends a limit leg above the last price and a stop-limit leg below it as one OCO sell, after the confirmation', async () => {
    const onSubmit = vi.fn(async () => {});
    await mount(onSubmit);
    await userEvent.click(page.getByTestId('order-direction-sell'));
    await userEvent.click(page.getByTestId('order-type-oco'));
    await typeInto(price(), '2050');
    await typeInto(page.getByTestId('order-stop-price'), '1950');
    await typeInto(page.getByTestId('order-stop-limit-price'), '1940');
    await typeInto(volume(), '0.5');
    await userEvent.click(page.getByTestId('order-submit'));
    await expect.element(page.getByTestId('order-confirm')).toBeInTheDocument();
    // The confirmation names both legs: the trigger on the last price and the stop-limit leg's price.
    await expect.element(page.getByTestId('order-confirm')).toHaveTextContent('1950 (Last)');
    await expect.element(page.getByTestId('confirm-stop-limit-price')).toHaveTextContent('1940');
    await userEvent.click(page.getByRole('button', { name: 'Confirm' }));
    await expect.poll(() => onSubmit.mock.calls.length).toBe(1);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ direction: 'sell', priceType: 'oco', price: '2050', stopPrice: '1950', stopLimitPrice: '1940', volume: '0.5' }));
  });

  it('refuses legs on the wrong side of the last price, naming it, and sends nothing', async () => {
    const onSubmit = vi.fn(async () => {});
    await mount(onSubmit, 'zh-HK');
    await userEvent.click(page.getByTestId('order-direction-sell'));
    await userEvent.click(page.getByTestId('order-type-oco'));
    // A sell's limit leg must be above the last price (2000) and its stop below it.
    await typeInto(price(), '1990');
    await typeInto(page.getByTestId('order-stop-price'), '2010');
    await typeInto(page.getByTestId('order-stop-limit-price'), '2000');
    await typeInto(volume(), '0.5');
    await userEvent.click(page.getByTestId('order-submit'));
    await expect.element(page.getByText('須高於 2000')).toBeInTheDocument();
    await expect.element(page.getByText('須低於 2000')).toBeInTheDocument();
    expect(document.querySelector('[data-testid="order-confirm"]')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('an OCO buy needs the dearer leg’s quote: 0.5 × 2100 is above 1000 USDT', async () => {
    const onSubmit = vi.fn(async () => {});
    await mount(onSubmit);
    await userEvent.click(page.getByTestId('order-type-oco'));
    await typeInto(price(), '1900');
    await typeInto(page.getByTestId('order-stop-price'), '2050');
    await typeInto(page.getByTestId('order-stop-limit-price'), '2100');
    await typeInto(volume(), '0.5');
    await userEvent.click(page.getByTestId('order-submit'));
    await expect.element(page.getByText(/Above your available balance/)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
