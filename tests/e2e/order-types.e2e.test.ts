import Decimal from 'decimal.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSandbox, signedApi } from './support/suite.ts';
import enOrders from '../../locales/en-US/orders.json' with { type: 'json' };
import zhOrders from '../../locales/zh-HK/orders.json' with { type: 'json' };
import { demoToken } from './support/account.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { simControl } from './support/market.ts';

// The order types of server/trade/README.md "Order types" end to end in real Chromium, in both locales: a spot
// stop-limit order and a USD-M trailing stop placed through the trade form and shown in the current orders
// with their trigger / callback rate.

const baseURL = await fileSandbox();
const sim = simControl(baseURL);
let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await demoToken(baseURL);
  // USDT in the USD-M account for the trailing stop's size check (capital → swap, spec §4 FUNDING_UMFUTURE).
  await api('/broker/lightning/transfer/submit', { asset: 'USDT', type: 'FUNDING_UMFUTURE', amount: '2000' });
});
afterAll(async () => {
  await browser?.close();
});

const api = signedApi(() => baseURL, () => token);

async function signedInPage(path: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await openPage(browser);
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
  await page.goto(`${baseURL}${path}`);
  await page.getByTestId('order-form').waitFor({ timeout: 30_000 });
  return { page, close: () => context.close() };
}

async function confirm(page: Page): Promise<void> {
  await page.getByTestId('order-submit').click();
  await page.getByTestId('order-confirm').waitFor();
  await page.getByRole('dialog').locator('.td-modal__button--primary').click();
  await page.getByTestId('order-confirm').waitFor({ state: 'detached' });
}

async function currentOrderRow(page: Page, has: string) {
  await page.getByTestId('tab-currentOrder').click();
  const row = page.getByTestId('order-row').filter({ has: page.getByTestId(has) }).first();
  await row.waitFor({ timeout: 20_000 });
  return row;
}

for (const [locale, strings] of [
  ['en-US', enOrders],
  ['zh-HK', zhOrders],
] as const) {
  describe(`order types (${locale})`, () => {
    it('a spot stop-limit buy is placed from the form and shows its trigger in the current orders', async () => {
      const { page, close } = await signedInPage(`/${locale}/trading/ETHUSDT`);
      await expect.poll(() => page.getByTestId('order-available').textContent(), { timeout: 10_000 }).toContain('USDT');
      const ask = new Decimal((await sim.book('spot', 'ETHUSDT', 1)).asks[0]![0]);
      // Above the market (within the fat-finger band of 5 %): it waits for its trigger.
      const stopPrice = ask.mul('1.04').toDecimalPlaces(2).toFixed(2);
      await page.getByTestId('order-direction-buy').click();
      await page.getByTestId('order-type-stop_limit').click();
      expect(await page.getByTestId('order-type-stop_limit').textContent()).toBe(strings.form.type.stop_limit);
      await page.getByTestId('order-stop-price').fill(stopPrice);
      await page.getByTestId('order-price').fill(stopPrice);
      await page.getByTestId('order-volume').fill('0.01');
      await confirm(page);
      const row = await currentOrderRow(page, 'order-trigger');
      expect(await row.getByTestId('order-trigger').getAttribute('data-triggered')).toBe('false');
      expect(await row.getByTestId('order-trigger').textContent()).toContain(strings.form.lastPrice);
      expect(await row.getByTestId('order-type').textContent()).toContain(strings.form.type.stop_limit);
      const orderId = await row.getAttribute('data-order-id');
      await api('/broker/spot/order/cancelOrder', { orderId });
      await close();
    });

    it('a spot OCO buy is placed from the form: both legs show in the current orders, linked, and cancelling one ends both', async () => {
      // Only this test's pair on the list.
      await api('/broker/spot/order/cancelAllOrder', {});
      const { page, close } = await signedInPage(`/${locale}/trading/ETHUSDT`);
      await expect.poll(() => page.getByTestId('order-available').textContent(), { timeout: 10_000 }).toContain('USDT');
      const top = await sim.book('spot', 'ETHUSDT', 1);
      const bid = new Decimal(top.bids[0]![0]);
      const ask = new Decimal(top.asks[0]![0]);
      // A buy OCO: the limit leg below the market, the stop above it (within the fat-finger band of 5 %).
      await page.getByTestId('order-direction-buy').click();
      await page.getByTestId('order-type-oco').click();
      await page.getByTestId('order-price').fill(bid.mul('0.97').toDecimalPlaces(2).toFixed(2));
      await page.getByTestId('order-stop-price').fill(ask.mul('1.03').toDecimalPlaces(2).toFixed(2));
      await page.getByTestId('order-stop-limit-price').fill(ask.mul('1.04').toDecimalPlaces(2).toFixed(2));
      await page.getByTestId('order-volume').fill('0.01');
      await confirm(page);
      await page.getByTestId('tab-currentOrder').click();
      const legs = page.getByTestId('order-row').filter({ has: page.getByTestId('order-oco') });
      await expect.poll(() => legs.count(), { timeout: 20_000 }).toBe(2);
      const groups = await legs.getByTestId('order-oco').evaluateAll((els) => els.map((e) => e.getAttribute('data-oco-group')));
      expect(new Set(groups).size).toBe(1);
      expect((await legs.first().getByTestId('order-oco').textContent())?.trim()).toBe(strings.records.oco.replace('{{id}}', groups[0]!));
      // Cancelling one leg cancels the pair.
      await api('/broker/spot/order/cancelOrder', { orderId: await legs.first().getAttribute('data-order-id') });
      const open = (await api<Array<{ ocoGroupId?: string | null }>>('/broker/spot/order/queryOpenOrder', {})).filter((o) => o.ocoGroupId === groups[0]);
      expect(open).toEqual([]);
      await close();
    });

    it('a USD-M trailing stop is placed from the form and shows its callback rate in the current orders', async () => {
      const { page, close } = await signedInPage(`/${locale}/trading/ETHUSDT?market=usdm`);
      await expect.poll(() => page.getByTestId('order-available').textContent(), { timeout: 20_000 }).not.toContain('--');
      await page.getByTestId('order-direction-sell').click();
      await page.getByTestId('order-type-trailing_stop_market').click();
      expect(await page.getByTestId('order-type-trailing_stop_market').textContent()).toBe(strings.form.type.trailing_stop_market);
      // Outside 0.1–10 %: the form says so and sends nothing.
      await page.getByTestId('order-callback-rate').fill('12');
      await page.getByTestId('order-volume').fill('0.1');
      await page.getByTestId('order-submit').click();
      await expect.poll(() => page.locator('#order-callback-rate-msg').textContent()).toBe(strings.errors.callbackRange.replace('{{min}}', '0.1').replace('{{max}}', '10'));
      await page.getByTestId('order-callback-rate').fill('1.5');
      await confirm(page);
      const row = await currentOrderRow(page, 'order-callback');
      expect(await row.getByTestId('order-callback').textContent()).toContain(strings.records.callbackRate.replace('{{rate}}', '1.5'));
      expect(await row.getByTestId('order-type').textContent()).toContain(strings.form.type.trailing_stop_market);
      await api('/broker/lightning/futures/order/cancelAllOrder', {});
      await close();
    });
  });
}
