import Decimal from 'decimal.js';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import enComponents from '../../../../locales/en-US/components.json';
import enOrders from '../../../../locales/en-US/orders.json';
import zhComponents from '../../../../locales/zh-HK/components.json';
import zhOrders from '../../../../locales/zh-HK/orders.json';
import { clearPickedPrice, pickPrice } from '../picked-price.ts';
import { OrderForm, type OrderRequest } from './OrderForm.tsx';
import type { BalanceContext, PairRules } from './validate.ts';

const rules: PairRules & { symbol: string; listInstrumentId: string } = {
  symbol: 'ETHUSDT',
  listInstrumentId: 'ETH/USDT',
  market: 'spot',
  baseAsset: 'ETH',
  quoteAsset: 'USDT',
  tickSize: '0.01',
  stepSize: '0.0001',
  minNotional: '5',
};

const buyCtx: BalanceContext = { available: new Decimal('1000'), referencePrice: new Decimal('2000') };
const sellCtx: BalanceContext = { available: new Decimal('2'), referencePrice: new Decimal('2000') };

let root: Root | undefined;
let container: HTMLElement | undefined;

async function mount(onSubmit: (o: OrderRequest) => Promise<void>, language: 'en-US' | 'zh-HK' = 'en-US') {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { 'en-US': { orders: enOrders, components: enComponents }, 'zh-HK': { orders: zhOrders, components: zhComponents } },
    lng: language,
    defaultNS: 'orders',
    interpolation: { escapeValue: false },
  });
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  await act(async () =>
    root!.render(
      <I18nextProvider i18n={i18n}>
        <OrderForm rules={rules} balance={(d) => (d === 'buy' ? buyCtx : sellCtx)} onSubmit={onSubmit} />
      </I18nextProvider>,
    ),
  );
  globalThis.IS_REACT_ACT_ENVIRONMENT = false;
}

afterEach(async () => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  await act(async () => root?.unmount());
  globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  container?.remove();
  clearPickedPrice();
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
    ['1', 'errors.aboveBalance', 'Above your available balance (1000 USDT)'],
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
    await expect.element(page.getByTestId('order-available')).toHaveTextContent('2 ETH');
  });

  it('a price picked from the book fills the price; the slider sizes from the available balance', async () => {
    await mount(vi.fn(async () => {}));
    await act(async () => pickPrice({ market: 'spot', symbol: 'ETHUSDT', price: '2500.00', side: 'ask' }));
    await expect.element(price()).toHaveValue('2500.00');
    // A pick of another pair is ignored.
    await act(async () => pickPrice({ market: 'usdm', symbol: 'ETHUSDT', price: '1.00', side: 'ask' }));
    await expect.element(price()).toHaveValue('2500.00');
    await userEvent.click(page.getByRole('button', { name: 'Set to 50%' }));
    // 50 % of 1000 USDT at 2500 = 0.2 ETH
    await expect.element(volume()).toHaveValue('0.2000');
  });
});
