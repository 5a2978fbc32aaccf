import Decimal from 'decimal.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { actAsync } from '../../../components/testing/act-environment.ts';
import { markStore, subscriptionId } from '../../../market/index.ts';
import { session } from '../../../lib/session/index.ts';
import type { OrderGuardSettings } from '../../../lib/session/order-guard.ts';
import { OrderForm, type OrderRequest } from './OrderForm.tsx';
import type { BalanceContext } from './validate.ts';
import { BTCUSDT_USDM_RULES, ETHUSDT_SPOT_RULES } from './test-rules.ts';
import { mountTicket, typeInto, unmountTicket, type TicketLang } from './ticket-testing.tsx';

// The fat-finger guard (contract/rules.ts DEFAULT_ORDER_GUARD): an order far from the mark or above the notional
// limit asks again with the figures, whether or not the order confirmation is on; its cancel sends nothing.

const spot = ETHUSDT_SPOT_RULES;
const futures = BTCUSDT_USDM_RULES;
const spotCtx: BalanceContext = { available: new Decimal('100000'), referencePrice: new Decimal('2000') };
// The last trade is 60000, the mark 61000: the futures band is measured from the mark.
const futuresCtx: BalanceContext = { available: new Decimal('100000'), referencePrice: new Decimal('60000'), leverage: 20, takerFeeRate: new Decimal('0.0005') };

async function mount(onSubmit: (o: OrderRequest) => Promise<void>, options: { language?: TicketLang; futures?: boolean } = {}) {
  await mountTicket(<OrderForm rules={options.futures ? futures : spot} balance={() => (options.futures ? futuresCtx : spotCtx)} onSubmit={onSubmit} />, options.language ?? 'en-US');
}

async function account(orderConfirmStatus: boolean, orderGuard?: OrderGuardSettings) {
  await actAsync(async () => session.actions.setUser({ userName: 'a', orderConfirmStatus, ...(orderGuard ? { orderGuard } : {}) }, []));
}

afterEach(async () => {
  await unmountTicket();
  markStore.setState({ marks: {} });
  session.actions.signOut();
});


async function order(price: string | null, volume: string) {
  if (price === null) await userEvent.click(page.getByTestId('order-type-market'));
  else await typeInto('order-price', price);
  await typeInto('order-volume', volume);
  await userEvent.click(page.getByTestId('order-submit'));
}

describe('the fat-finger guard in the order form', () => {
  it('a spot limit order 10 % above the last price asks again with the figures even with the confirmation off; cancel sends nothing', async () => {
    const onSubmit = vi.fn(async () => {});
    await mount(onSubmit);
    await account(false);
    await order('2200', '0.5');
    await expect.element(page.getByTestId('fat-finger')).toBeInTheDocument();
    await expect.element(page.getByTestId('fat-finger-price')).toHaveTextContent('2,200.00 USDT');
    await expect.element(page.getByTestId('fat-finger-mark')).toHaveTextContent('2,000.00 USDT');
    await expect.element(page.getByTestId('fat-finger-deviation')).toHaveTextContent('10.00%');
    await expect.element(page.getByTestId('fat-finger-notional-value')).toHaveTextContent('1,100.0000 USDT');
    await expect.element(page.getByTestId('fat-finger-limit')).toHaveTextContent('1,000,000 USDT');
    await expect.element(page.getByTestId('fat-finger-band')).toHaveTextContent('The price is 10.00% from the last price, more than your limit of 5.00%.');
    expect(document.querySelector('[data-testid="fat-finger-notional"]')).toBeNull();
    expect(document.querySelector('[data-testid="order-confirm"]')).toBeNull();

    await userEvent.click(page.getByRole('button', { name: 'Cancel' }).last());
    await expect.element(page.getByTestId('fat-finger')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('its confirm button sends the order as it was', async () => {
    const onSubmit = vi.fn(async () => {});
    await mount(onSubmit);
    await account(false);
    await order('1800', '0.5');
    await expect.element(page.getByTestId('fat-finger-deviation')).toHaveTextContent('10.00%');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(page.getByRole('button', { name: 'Place the order anyway' }));
    await expect.poll(() => onSubmit.mock.calls.length).toBe(1);
    expect(onSubmit).toHaveBeenCalledWith({ direction: 'buy', priceType: 'limit', price: '1800', volume: '0.5' });
  });

  it('an order within the band and the limit goes without the guard (confirmation off: at once)', async () => {
    const onSubmit = vi.fn(async () => {});
    await mount(onSubmit);
    await account(false);
    await order('2099.99', '0.5');
    await expect.poll(() => onSubmit.mock.calls.length).toBe(1);
    expect(document.querySelector('[data-testid="fat-finger"]')).toBeNull();
  });

  it('with the confirmation on, the guard asks after it; cancelling the guard sends nothing', async () => {
    const onSubmit = vi.fn(async () => {});
    await mount(onSubmit);
    await account(true);
    await order('2500', '0.1');
    await expect.element(page.getByTestId('order-confirm')).toBeInTheDocument();
    await userEvent.click(page.getByRole('button', { name: 'Confirm' }));
    await expect.element(page.getByTestId('fat-finger-deviation')).toHaveTextContent('25.00%');
    await expect.element(page.getByTestId('order-confirm')).not.toBeInTheDocument();
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }).last());
    await expect.element(page.getByTestId('fat-finger')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("a market order skips the band and is valued at the last price against the account's own limit", async () => {
    const onSubmit = vi.fn(async () => {});
    await mount(onSubmit);
    await account(false, { priceBandOn: true, priceBandPct: 1, notionalOn: true, maxNotional: 500 });
    await order(null, '0.3');
    await expect.element(page.getByTestId('fat-finger-notional')).toHaveTextContent("The order's value is above your limit of 500 USDT.");
    await expect.element(page.getByTestId('fat-finger-price')).toHaveTextContent('Market');
    await expect.element(page.getByTestId('fat-finger-notional-value')).toHaveTextContent('600.0000 USDT');
    await expect.element(page.getByTestId('fat-finger-limit')).toHaveTextContent('500 USDT');
    expect(document.querySelector('[data-testid="fat-finger-band"]')).toBeNull();
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }).last());
    expect(onSubmit).not.toHaveBeenCalled();
    // Within the limit: the market order goes at once.
    await typeInto('order-volume', '0.2');
    await userEvent.click(page.getByTestId('order-submit'));
    await expect.poll(() => onSubmit.mock.calls.length).toBe(1);
  });

  it('limits switched off do not ask', async () => {
    const onSubmit = vi.fn(async () => {});
    await mount(onSubmit);
    await account(false, { priceBandOn: false, priceBandPct: 5, notionalOn: false, maxNotional: 1 });
    await order('3000', '1');
    await expect.poll(() => onSubmit.mock.calls.length).toBe(1);
    expect(document.querySelector('[data-testid="fat-finger"]')).toBeNull();
  });

  it('futures: the band is measured from the mark price, in Traditional Chinese under zh-HK', async () => {
    const onSubmit = vi.fn(async () => {});
    markStore.setState({ marks: { [subscriptionId({ topic: 'mark', symbol: 'BTCUSDT' })]: { symbol: 'BTCUSDT', markPrice: 61000, indexPrice: 61000, fundingRate: 0, nextFundingTime: 0, time: 0 } } });
    await mount(onSubmit, { language: 'zh-HK', futures: true });
    await account(false);
    // 63000 is 5 % above the last price (60000) but 3.28 % above the mark: no guard.
    await order('63000', '0.01');
    await expect.poll(() => onSubmit.mock.calls.length).toBe(1);
    // 54900 is 10 % below the mark.
    await typeInto('order-price', '54900');
    await typeInto('order-volume', '0.01');
    await userEvent.click(page.getByTestId('order-submit'));
    await expect.element(page.getByTestId('fat-finger-band')).toHaveTextContent('價格偏離標記價格 10.00%，超過您設定的 5.00%。');
    await expect.element(page.getByTestId('fat-finger-mark')).toHaveTextContent('61,000.0 USDT');
    await expect.element(page.getByTestId('fat-finger-price')).toHaveTextContent('54,900.0 USDT');
    await expect.element(page.getByText('標記價格', { exact: true })).toBeInTheDocument();
    await userEvent.click(page.getByRole('button', { name: '取消' }).last());
    await expect.element(page.getByTestId('fat-finger')).not.toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
