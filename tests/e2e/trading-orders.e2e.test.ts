import Decimal from 'decimal.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSandbox, signedApi } from './support/suite.ts';
import zhOrders from '../../locales/zh-HK/orders.json' with { type: 'json' };
import { demoToken } from './support/account.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { bookLines, placeOrder, renderedSide, saveScreenshot, simControl, waitForBook } from './support/market.ts';

// Issue 7 "Done means" against the sandbox in real Chromium: the futures round trip, a resting limit order
// filled when the simulator crosses it, a spot limit order placed and cancelled, and bad input refused.

const baseURL = await fileSandbox();
const sim = simControl(baseURL);
let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await demoToken(baseURL);
});
afterAll(async () => {
  await sim.post('resume').catch(() => {});
  await browser?.close();
});

/** A signed call of the sandbox API, for checks the screen cannot make (what the server holds). */
const api = signedApi(() => baseURL, () => token);

async function signedInPage(path: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { page, context, errors } = await openPage(browser);
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
  await page.goto(`${baseURL}${path}`);
  await page.getByTestId('order-form').waitFor({ timeout: 30_000 });
  return { page, errors, close: () => context.close() };
}

describe('futures: transfer, leverage, market buy, PnL, close, history', () => {
  it('runs the round trip of issue 7 on ETHUSDT USD-M', async () => {
    const { page, errors, close } = await signedInPage('/en-US/trading/ETHUSDT?market=usdm');
    await page.getByTestId('futures-toolbar').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('capital-availableBalance').textContent(), { timeout: 10_000 }).not.toBe('--');
    const before = new Decimal((await page.getByTestId('capital-balance').getAttribute('data-value')) ?? '0');

    // Transfer capital → swap (spec §4 FUNDING_UMFUTURE); the default is capital → trade.
    await page.getByTestId('transfer-button').click();
    const modal = page.getByTestId('transfer-modal');
    expect(await modal.getAttribute('data-code')).toBe('FUNDING_MAIN');
    await page.getByTestId('transfer-to').selectOption('swap');
    expect(await modal.getAttribute('data-code')).toBe('FUNDING_UMFUTURE');
    await expect.poll(() => page.getByTestId('transfer-available').textContent()).not.toContain('--');
    for (const [bad, message] of [
      ['abc', 'at most 8 decimal places'],
      ['0.000000001', 'at most 8 decimal places'],
      ['99999999999', 'Above the transferable'],
    ]) {
      await page.getByTestId('transfer-amount').fill(bad!);
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => page.getByTestId('transfer-error').textContent()).toContain(message);
    }
    expect(new Decimal((await page.getByTestId('capital-balance').getAttribute('data-value')) ?? '0').eq(before)).toBe(true);
    await page.getByTestId('transfer-amount').fill('1000');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await modal.waitFor({ state: 'detached' });
    await expect
      .poll(async () => new Decimal((await page.getByTestId('capital-balance').getAttribute('data-value')) ?? '0').sub(before).toFixed(), { timeout: 10_000 })
      .toBe('1000');

    // Leverage 20 (spec §7 changeLeverage); the server holds it.
    await page.getByTestId('leverage-button').click();
    await page.getByTestId('leverage-input').fill('500');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByTestId('leverage-error').textContent()).toContain('1 to 100');
    await page.getByTestId('leverage-input').fill('20');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByTestId('leverage-button').textContent()).toBe('20x');
    expect((await api<{ leverage: number }>('/broker/lightning/futures/leverage/queryLeverage', { instrumentId: 'ETHUSDT' })).leverage).toBe(20);

    // Market buy: a position appears, its PnL follows the mark price.
    await placeOrder(page, { side: 'buy', type: 'market', volume: '0.5' });
    const row = page.getByTestId('position-row').filter({ has: page.getByText('ETHUSDT') });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('position-size').textContent()).toBe('0.5');
    const pnls = new Set<string>();
    const marks = new Set<string>();
    await expect
      .poll(
        async () => {
          marks.add((await row.getByTestId('position-mark').textContent()) ?? '');
          pnls.add((await row.getByTestId('position-pnl').textContent()) ?? '');
          return Math.min(pnls.size, marks.size);
        },
        { timeout: 40_000, interval: 1000 },
      )
      .toBeGreaterThan(1);
    // The PnL shown is (mark − entry) × size for the figures on the same row.
    const positions = await api<{ entryPrice: string; markPrice: string; unrealizedProfitLoss: string; positionAmt: string }[]>('/broker/futures/position/query', {
      instrumentId: 'ETHUSDT',
    });
    const p = positions[0]!;
    expect(new Decimal(p.markPrice).sub(p.entryPrice).mul(p.positionAmt).toFixed()).toBe(new Decimal(p.unrealizedProfitLoss).toFixed());
    await saveScreenshot(page, 'trading-orders-position');

    // Close the position; the deals show the open and the close.
    await row.getByTestId('position-close').click();
    // The close follows the order confirmation, which is on by default.
    await page.getByTestId('order-confirm').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('order-confirm').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('position-row').filter({ has: page.getByText('ETHUSDT') }).count(), { timeout: 15_000 }).toBe(0);
    await page.getByTestId('tab-historyDeal').click();
    await expect.poll(() => page.getByTestId('deal-row').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const sides = await page.getByTestId('deal-row').locator('td:nth-child(3)').allTextContents();
    expect(sides).toContain('Buy');
    expect(sides).toContain('Sell');

    // The position history shows the closed position: realised PnL and fees are its deals'.
    await page.getByTestId('tab-positionHistory').click();
    const historyRow = page.locator('[data-testid="position-history-row"][data-pair="ETHUSDT"][data-status="closed"]').first();
    await historyRow.waitFor({ timeout: 10_000 });
    const deals = await api<{ dataList: { realizedProfitLoss: string; fee: string; instrumentId: string }[] }>('/lightning/futures/trade/queryTrade', {
      cursorCondition: { pageSize: 100 },
      queryCondition: { instrumentId: 'ETHUSDT' },
    });
    const sumOf = (pick: (d: { realizedProfitLoss: string; fee: string }) => string) => deals.dataList.reduce((a, d) => a.add(pick(d)), new Decimal(0));
    // Each deal is written at 8 decimals, the history's sum once: they agree to a unit of the 8th decimal per deal.
    const realizedGap = new Decimal((await historyRow.getByTestId('history-realized').getAttribute('data-value')) ?? 'NaN').sub(sumOf((d) => d.realizedProfitLoss)).abs();
    expect(realizedGap.lte(new Decimal('0.00000001').mul(deals.dataList.length))).toBe(true);
    expect(new Decimal((await historyRow.getByTestId('history-fees').getAttribute('data-value')) ?? 'NaN').eq(sumOf((d) => d.fee))).toBe(true);

    // The asset manager lists the swap account and the transfer, filtered by flow type.
    await page.getByTestId('tab-assetManager').click();
    await page.locator('[data-testid="asset-row"][data-asset="USDT"]').waitFor({ timeout: 10_000 });
    await expect.poll(() => page.locator('[data-testid="flow-row"][data-type="FUNDING_UMFUTURE"]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByTestId('filter-flow').selectOption('UMFUTURE_MAIN');
    await expect.poll(() => page.locator('[data-testid="flow-row"][data-type="FUNDING_UMFUTURE"]').count(), { timeout: 10_000 }).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('limit orders', () => {
  it('a futures limit buy rests at a book price and fills when the simulator crosses it', async () => {
    const { page, close } = await signedInPage('/en-US/trading/BTCUSDT?market=usdm');
    await waitForBook(page);
    await sim.post('pause');
    try {
      const truth = await sim.book('usdm', 'BTCUSDT', 5);
      const bestBid = truth.bids[0]![0];
      const price = new Decimal(bestBid).toFixed(new Decimal(bestBid).decimalPlaces());
      await placeOrder(page, { side: 'buy', type: 'limit', price, volume: '0.01' });
      await page.getByTestId('tab-currentOrder').click();
      const order = page.getByTestId('order-row').first();
      await order.waitFor({ timeout: 10_000 });
      expect(await order.getAttribute('data-status')).toMatch(/running|partial_filled/);
      // It rests at a price level the book shows.
      const bids = await renderedSide(page, 'bids');
      expect(bids.some(([p]) => new Decimal(p).eq(price))).toBe(true);
      // The book marks that level, and only that one, as holding the trader's order.
      await expect
        .poll(async () => (await bookLines(page, 'bids')).filter((l) => l.own).map((l) => new Decimal(l.price).toString()), { timeout: 10_000 })
        .toEqual([new Decimal(price).toString()]);
      const orderId = await order.getAttribute('data-order-id');
      // The market falls 1 % through the order's price: the asks laid under it cross it, and it fills as a maker.
      // (Stepping the random walk until it crosses left the result to the walk's direction.)
      await sim.post('jump', { market: 'usdm', symbol: 'BTCUSDT', factor: 0.99 });
      await expect
        .poll(
          async () => {
            const open = await api<{ orderId: string }[]>('/lightning/futures/order/queryOpenOrder', { instrumentId: 'BTCUSDT' });
            return open.some((o) => o.orderId === orderId);
          },
          { timeout: 10_000 },
        )
        .toBe(false);
      await page.getByTestId('tab-historyOrder').click();
      const done = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
      await expect.poll(() => done.getAttribute('data-status'), { timeout: 10_000 }).toBe('filled');
      // Filled, so no longer open: the mark goes (at the latest with the next 5 s poll).
      await expect.poll(async () => (await bookLines(page, 'bids')).some((l) => l.own), { timeout: 15_000 }).toBe(false);
      // Tidy up: close what the fill opened.
      await api('/broker/lightning/futures/order/closePosition', { instrumentId: 'BTCUSDT' });
    } finally {
      await sim.post('resume');
    }
    await close();
  });

  it('a spot limit order is placed and cancelled', async () => {
    const { page, close } = await signedInPage('/en-US/trading/ETHUSDT');
    await expect.poll(() => page.getByTestId('order-available').textContent(), { timeout: 10_000 }).toContain('USDT');
    // Well under the best bid, so it rests.
    const bestBid = new Decimal((await sim.book('spot', 'ETHUSDT', 1)).bids[0]![0]);
    const price = bestBid.mul('0.8').toDecimalPlaces(2).toFixed(2);
    await placeOrder(page, { side: 'buy', type: 'limit', price, volume: '0.01' });
    // 20 % under the market: the fat-finger guard (default band 5 %) asks again before it is placed.
    await page.getByTestId('fat-finger').waitFor();
    await page.getByRole('dialog').locator('.td-modal__button', { hasText: 'Place the order anyway' }).click();
    await page.getByTestId('tab-currentOrder').click();
    // shown at the tick with thousands separators (glossary "Numbers")
    const shownPrice = price.replace(/\B(?=(\d{3})+(?!\d))(?=\d*\.)/g, ',');
    const order = page.getByTestId('order-row').filter({ has: page.getByText(shownPrice, { exact: true }) }).first();
    // The list polls; on a busy machine give it two polls more, and say what the page showed if it never comes.
    await order.waitFor({ timeout: 20_000 }).catch(async (error: Error) => {
      const shown = await page.locator('[role="status"], [role="alert"]').allTextContents();
      throw new Error(`${error.message}\nmessages on the page: ${JSON.stringify(shown)}`);
    });
    const orderId = await order.getAttribute('data-order-id');
    await order.getByTestId('order-cancel').click();
    await expect.poll(() => page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`).count(), { timeout: 10_000 }).toBe(0);
    await page.getByTestId('tab-historyOrder').click();
    await expect.poll(() => page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`).getAttribute('data-status'), { timeout: 10_000 }).toBe('cancelled');
    await close();
  });
});

describe('bad input', () => {
  it('shows the translated error beside the field and creates no order (zh-HK)', async () => {
    const { page, close } = await signedInPage('/zh-HK/trading/ETHUSDT');
    await expect.poll(() => page.getByTestId('order-available').textContent(), { timeout: 10_000 }).toContain('USDT');
    const count = async () => (await api<unknown[]>('/broker/spot/order/queryOpenOrder')).length + (await api<{ dataList: unknown[] }>('/broker/spot/order/pageOrder', { cursorCondition: { pageSize: 100 } })).dataList.length;
    const before = await count();
    const cases: [string, string, string][] = [
      ['3000', '-1', zhOrders.errors.notPositive],
      ['3000', '0.00001', zhOrders.errors.tooManyDecimals.replace('{{max}}', '4')],
      ['3000', '0.0001', zhOrders.errors.belowMinNotional.replace('{{min}}', '5').replace('{{asset}}', 'USDT')],
      ['3000', '1000', '超出可用餘額'],
      ['3000', 'abc', zhOrders.errors.notNumeric],
    ];
    for (const [price, volume, message] of cases) {
      await page.getByTestId('order-price').fill(price);
      await page.getByTestId('order-volume').fill(volume);
      await page.getByTestId('order-submit').click();
      await expect.poll(() => page.getByTestId('order-volume-error').textContent()).toContain(message);
      expect(await page.getByTestId('order-confirm').count()).toBe(0);
    }
    await page.getByTestId('order-price').fill('3000.001');
    await page.getByTestId('order-volume').fill('0.01');
    await page.getByTestId('order-submit').click();
    await expect.poll(() => page.getByTestId('order-price-error').textContent()).toContain('最多 2 位小數');
    expect(await count()).toBe(before);
    await close();
  });
});

describe('spot trade permission (spec §3)', () => {
  it('a forbidden account sees the reason instead of the submit button', async () => {
    const flag = (spotTradingForbidden: boolean) =>
      fetch(`${baseURL}/api/_dev/trade/spotForbidden`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', source: 'web' },
        body: JSON.stringify({ email: 'demo@tradingdesk.test', spotTradingForbidden }),
      });
    await flag(true);
    try {
      const { page, close } = await signedInPage('/en-US/trading/ETHUSDT');
      await expect.poll(() => page.getByTestId('order-blocked').textContent(), { timeout: 10_000 }).toBe('Spot trading is switched off for this account');
      expect(await page.getByTestId('order-submit').count()).toBe(0);
      await close();
    } finally {
      await flag(false);
    }
  });
});

describe('trade records', () => {
  it('record/spotTrade pages with cursors, and a filter goes back to page 1', async () => {
    // Eleven cancelled spot buys: more than one page of history.
    const bestBid = new Decimal((await sim.book('spot', 'BNBUSDT', 1)).bids[0]![0]);
    const price = bestBid.mul('0.7').toDecimalPlaces(2).toFixed(2);
    for (let i = 0; i < 11; i++) {
      const order = await api<{ orderId: string }>('/broker/spot/order/sendOrder', { instrumentId: 'BNBUSDT', direction: 'buy', priceType: 'limit', price, volume: '0.1' });
      await api('/broker/spot/order/cancelOrder', { orderId: order.orderId });
    }
    const { page, context } = await openPage(browser);
    await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
    await page.goto(`${baseURL}/en-US/record/spotTrade`);
    await page.getByTestId('record-spot').waitFor({ timeout: 30_000 });
    await page.getByTestId('filter-symbol').selectOption('BNBUSDT');
    const rows = page.getByTestId('order-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(10);
    const first = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-order-id')));
    await page.getByTestId('page-next').click();
    await expect.poll(() => page.getByTestId('page-num').textContent()).toBe('Page 2');
    await expect.poll(async () => (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-order-id'))))[0] ?? first[0], { timeout: 10_000 }).not.toBe(first[0]);
    const second = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-order-id')));
    expect(second.length).toBeGreaterThanOrEqual(1);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    // Newest first across pages.
    expect(Math.max(...second.map(Number))).toBeLessThan(Math.min(...first.map(Number)));
    await page.getByTestId('filter-direction').selectOption('sell');
    await expect.poll(() => page.getByTestId('page-num').textContent()).toBe('Page 1');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(0);
    await context.close();
  });
});

describe('sign-out', () => {
  it('stops polling and clears the lists (spec §4)', async () => {
    // Its own session: signing out revokes the token.
    const own = await demoToken(baseURL);
    const { page, context } = await openPage(browser);
    await context.addCookies([{ name: 'token', value: own, url: baseURL }]);
    await page.goto(`${baseURL}/en-US/trading/ETHUSDT?market=usdm`);
    await page.getByTestId('tab-historyDeal').click();
    await expect.poll(() => page.getByTestId('deal-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/lightning/') || r.url().includes('/api/broker/futures/')) calls.push(r.url());
    });
    await page.getByTestId('sign-out').click();
    await expect.poll(() => page.getByTestId('deal-row').count(), { timeout: 10_000 }).toBe(0);
    const after = calls.length;
    await page.waitForTimeout(6_500); // longer than both polling periods (5000 ms, 3 s)
    expect(calls.length).toBe(after);
    await context.close();
  });
});
