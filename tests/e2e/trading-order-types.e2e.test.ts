import path from 'node:path';
import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import enComponents from '../../locales/en-US/components.json' with { type: 'json' };
import enOrders from '../../locales/en-US/orders.json' with { type: 'json' };
import zhComponents from '../../locales/zh-HK/components.json' with { type: 'json' };
import zhOrders from '../../locales/zh-HK/orders.json' with { type: 'json' };
import { demoToken } from './support/account.ts';
import { artifactsDir, saveScreenshot, simControl } from './support/market.ts';
import { openPage } from './support/browser.ts';
import { expectAccessible, ownSandboxSuite, signedApi } from './support/suite.ts';

// Issue 18 "Done means" (order entry and positions) in real Chromium, both locales, on the file's own sandbox:
// a stop-market order fires when the simulator's mark crosses its trigger; a stop-loss set on the position
// closes it at the trigger; a post-only order that would cross is refused with its message; a partial limit
// close. The simulator is paused and stepped one event at a time, so "crosses" is checked event by event (and moved by
// a jump of 0.1 % when the random walk keeps away).

type Lang = 'zh-HK' | 'en-US';
const texts = { 'zh-HK': { orders: zhOrders, confirm: zhComponents.modal.confirm }, 'en-US': { orders: enOrders, confirm: enComponents.modal.confirm } };

const suite = ownSandboxSuite();
let token: string;

beforeAll(async () => {
  token = await demoToken(suite.baseURL);
});

interface Order {
  orderId: string;
  status: string;
  priceType: string;
  triggeredAt: string | null;
  tpsl: string | null;
}
interface Position {
  instrumentId: string;
  positionAmt: string;
  markPrice: string;
}

const api = signedApi(() => suite.baseURL, () => token);

const btcPosition = async () => (await api<Position[]>('/broker/futures/position/query', { instrumentId: 'BTCUSDT' }))[0];

/** The simulator's mark from its control plane: /fapi/v1/premiumIndex, read after every stepped event, would use
 *  up the minute's REST weight (2,400) that it shares with the app, and its 429 carries no mark. */
async function mark(): Promise<Decimal> {
  const response = await fetch(`${suite.baseURL}/sim/_control/mark?symbol=BTCUSDT`);
  if (!response.ok) throw new Error(`mark: ${response.status} ${await response.text()}`);
  return new Decimal(((await response.json()) as { markPrice: string }).markPrice);
}

/**
 * Steps the paused simulator one event at a time until `done` (each check runs on the state after an event). The
 * random walk may keep away for thousands of events (BTC moves about a dollar an event, either way): when it has not
 * got there in `steps` events, the price jumps by `factor` in one event (/sim/_control/jump), and that must do it.
 */
async function stepUntil(done: () => Promise<boolean>, factor: number, steps = 30): Promise<void> {
  const sim = simControl(suite.baseURL);
  for (let i = 0; i < steps; i++) {
    if (await done()) return;
    await sim.post('step', { market: 'usdm', symbol: 'BTCUSDT', count: 1 });
  }
  if (await done()) return;
  await sim.post('jump', { market: 'usdm', symbol: 'BTCUSDT', factor });
  if (!(await done())) throw new Error(`not reached in ${steps} events and a jump by ${factor}`);
}

/** The highest bid at which the bids down to it hold `qty`: a sell limit there fills whole (the simulator is paused). */
function fillingBid(bids: Array<[string, string]>, qty: string): string {
  let held = new Decimal(0);
  for (const [price, size] of bids) {
    held = held.plus(size);
    if (held.gte(qty)) return price;
  }
  throw new Error(`the book's ${bids.length} bids hold less than ${qty}`);
}

async function confirmDialog(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: texts[lang].confirm, exact: true }).click();
}

describe('futures order types and positions (issue 18)', () => {
  it.each(['zh-HK', 'en-US'] as const)(
    '%s: post-only refused when crossing → stop-market fired by the mark → stop-loss on the position closes it → partial limit close',
    async (lang: Lang) => {
      const t = texts[lang].orders;
      const sim = simControl(suite.baseURL);
      const { page, context, errors } = await openPage(suite.browser, { viewport: { width: 1280, height: 720 } });
      await context.addCookies([{ name: 'token', value: token, url: suite.baseURL }]);
      await page.goto(`${suite.baseURL}/${lang}/trading/BTCUSDT?market=usdm`);
      await page.getByTestId('order-form').waitFor({ timeout: 30_000 });
      await page.getByTestId('futures-toolbar').waitFor({ timeout: 20_000 });
      await expect.poll(() => page.getByTestId('order-submit').count(), { timeout: 20_000 }).toBe(1);

      // Futures sides are 開多/開空 (Open long / Open short); reduce-only turns them into 平空/平多.
      expect(await page.getByTestId('order-direction-buy').textContent()).toBe(t.form.openLong);
      expect(await page.getByTestId('order-direction-sell').textContent()).toBe(t.form.openShort);
      await page.getByTestId('order-reduceOnly').check();
      expect(await page.getByTestId('order-direction-buy').textContent()).toBe(t.form.closeShort);
      expect(await page.getByTestId('order-direction-sell').textContent()).toBe(t.form.closeLong);
      await page.getByTestId('order-reduceOnly').uncheck();
      await saveScreenshot(page, `trading-order-types-${lang}-1280`);

      // A clean account for each language: nothing open from an earlier run of the journey.
      await api('/broker/lightning/futures/order/cancelAllOrder', {});
      if (await btcPosition()) await api('/broker/lightning/futures/order/closePosition', { instrumentId: 'BTCUSDT' });
      await sim.post('pause');
      try {
        // 1. Post-only at the best ask would take liquidity: refused with its message, nothing placed.
        const book = await sim.book('usdm', 'BTCUSDT', 3);
        await page.getByTestId('order-direction-buy').click();
        await page.getByTestId('order-type-limit').click();
        await page.getByTestId('order-price').fill(book.asks[0]![0]);
        await page.getByTestId('order-volume').fill('0.01');
        await page.getByTestId('order-postOnly').check();
        await page.getByTestId('order-submit').click();
        await page.getByTestId('order-confirm').waitFor();
        await confirmDialog(page, lang);
        await expect.poll(() => page.getByTestId('order-refused').textContent(), { timeout: 10_000 }).toBe(t.form.refused.postOnly);
        await expect.poll(() => page.locator('.td-modal__button--primary').count(), { timeout: 5_000 }).toBe(0);
        expect(await api<Order[]>('/lightning/futures/order/queryOpenOrder', {})).toEqual([]);

        // 2. A stop-market sell half a dollar under the mark: untriggered while the mark stays above it, then fires.
        const stopPrice = (await mark()).sub('0.5').toDecimalPlaces(1, Decimal.ROUND_DOWN);
        await page.getByTestId('order-direction-sell').click();
        await page.getByTestId('order-type-stop_market').click();
        await page.getByTestId('order-stop-price').fill(stopPrice.toFixed(1));
        await page.getByTestId('order-volume').fill('0.01');
        await expect.poll(() => page.getByTestId('order-liquidation').textContent()).not.toBe('--');
        await page.getByTestId('order-form').screenshot({ path: path.join(artifactsDir, `trading-order-types-${lang}-form-1280.png`) });
        await expectAccessible(page, `${lang} futures form with a stop order`);
        await page.getByTestId('order-submit').click();
        await page.getByTestId('order-confirm').waitFor();
        await confirmDialog(page, lang);
        await page.getByTestId('order-confirm').waitFor({ state: 'detached' });
        const placed = (await api<Order[]>('/lightning/futures/order/queryOpenOrder', {})).find((o) => o.priceType === 'stop_market')!;
        expect(placed).toMatchObject({ status: 'running', triggeredAt: null });
        await stepUntil(async () => {
          const now = await mark();
          const open = (await api<Order[]>('/lightning/futures/order/queryOpenOrder', {})).some((o) => o.orderId === placed.orderId);
          if (now.gt(stopPrice)) {
            expect(open, `mark ${now.toFixed()} above the stop ${stopPrice.toFixed()}`).toBe(true);
            return false;
          }
          expect(open).toBe(false);
          return true;
        }, 0.999);
        expect((await btcPosition())?.positionAmt).toBe('-0.01');
        const row = page.locator('[data-testid="position-row"][data-symbol="BTCUSDT"]');
        await row.waitFor({ timeout: 15_000 });

        // 3. A stop-loss on the short, just above the mark; the mark rises to it and the position closes.
        const stopLoss = (await mark()).add('0.5').toDecimalPlaces(1, Decimal.ROUND_UP);
        await row.getByTestId('position-tpsl').click();
        await page.getByTestId('tpsl-stopLoss').fill(stopLoss.toFixed(1));
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        await expectAccessible(page, `${lang} TP/SL dialog`);
        await confirmDialog(page, lang);
        await expect
          .poll(() => row.getByTestId('position-tpsl-prices').getAttribute('data-sl', { timeout: 1_000 }).catch(() => null), { timeout: 15_000 })
          .toBe(stopLoss.toFixed(1).replace(/\.0$/, ''))
          .catch(async (error: Error) => {
            await saveScreenshot(page, `trading-order-types-${lang}-tpsl-failed`);
            throw new Error(`${error.message}; alerts: ${(await page.locator('[role="alert"]').allTextContents()).join(' | ')}`);
          });
        await stepUntil(async () => (await mark()).gte(stopLoss), 1.001);
        await expect.poll(async () => (await btcPosition()) === undefined, { timeout: 10_000 }).toBe(true);
        await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);

        // 4. A partial limit close: open 0.04 long, close half with a reduce-only limit at the bid where the book holds
        // the 0.02 (the best bid alone may hold less, and what it does not fill would rest on the book).
        await page.getByTestId('order-direction-buy').click();
        await page.getByTestId('order-type-market').click();
        await page.getByTestId('order-volume').fill('0.04');
        await page.getByTestId('order-submit').click();
        await page.getByTestId('order-confirm').waitFor();
        await confirmDialog(page, lang);
        await expect.poll(async () => (await btcPosition())?.positionAmt, { timeout: 10_000 }).toBe('0.04');
        await row.waitFor({ timeout: 15_000 });
        await row.getByTestId('position-close-dialog').click();
        await page.getByTestId('close-type-limit').click();
        await page.getByTestId('close-price').fill(fillingBid((await sim.book('usdm', 'BTCUSDT', 20)).bids, '0.02'));
        await page.getByTestId('close-share-50').click();
        expect(await page.getByTestId('close-volume').inputValue()).toBe('0.020');
        await confirmDialog(page, lang);
        await expect.poll(async () => (await btcPosition())?.positionAmt, { timeout: 10_000 }).toBe('0.02');
        await expect.poll(() => row.getByTestId('position-size').textContent(), { timeout: 15_000 }).toBe('0.02');

        await page.setViewportSize({ width: 1440, height: 900 });
        await saveScreenshot(page, `trading-order-types-${lang}-1440`);
        await api('/broker/lightning/futures/order/closePosition', { instrumentId: 'BTCUSDT' });
      } finally {
        await sim.post('resume');
      }
      expect(errors).toEqual([]);
      await context.close();
    },
    240_000,
  );
});
