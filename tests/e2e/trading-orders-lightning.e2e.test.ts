import Decimal from 'decimal.js';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fileBrowser, fileSandbox, signedApi } from './support/suite.ts';
import { demoToken } from './support/account.ts';
import { openPage } from './support/browser.ts';
import { saveScreenshot, simControl } from './support/market.ts';

// Issue 7 lightning terminal in real Chromium against the sandbox: saved configurations, a configured
// hotkey placing an order, size presets, a limit order placed from the ladder, marked there and cancelled,
// the hotkeys' feedback, the phone width.

const baseURL = await fileSandbox();
let browser: Browser;
let token: string;

fileBrowser(async (launched) => {
  browser = launched;
  token = await demoToken(baseURL);
});

const api = signedApi(() => baseURL, () => token);

const positionSize = async (symbol: string) => {
  const rows = await api<{ positionAmt: string }[]>('/broker/futures/position/query', { instrumentId: symbol });
  return new Decimal(rows[0]?.positionAmt ?? '0');
};

describe('lightning terminal', () => {
  it('saves a configuration, rebinds buy, places by hotkey, sizes by preset, trades and cancels from the ladder, with feedback', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await openPage(browser);
    page.setDefaultTimeout(10_000);
    await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
    await page.goto(`${baseURL}/en-US/lightning?symbol=ETHUSDT`);
    await expect.poll(() => page.getByTestId('lightning-page').getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');

    // A saved configuration becomes the active one (memoryLightning) and sets the size.
    await page.getByTestId('config-name').fill('Quick');
    await page.getByTestId('config-volume').fill('0.05');
    await page.getByTestId('config-size1').fill('0.01');
    await page.getByTestId('config-size2').fill('0.02');
    await page.getByTestId('config-size3').fill('-3');
    await page.getByTestId('config-save').click();
    await expect.poll(() => page.getByTestId('config-error').textContent()).toContain('Every preset');
    await page.getByTestId('config-size3').fill('0.03');
    await page.getByTestId('config-save').click();
    const saved = page.getByTestId('lightning-config').filter({ hasText: 'Quick' });
    await expect.poll(() => saved.getAttribute('data-active'), { timeout: 10_000 }).toBe('true');
    await expect.poll(() => page.getByTestId('lightning-volume').inputValue()).toBe('0.05');
    const list = await api<{ dataList: { id: string; config: { name: string } }[]; activeId: string }>('/broker/lightning/queryLightningList');
    expect(list.dataList.find((c) => c.id === list.activeId)?.config.name).toBe('Quick');

    // Rebind market buy to Q; the server keeps it (updateKeyBoardConfig).
    await page.getByTestId('hotkey-buy').click();
    await page.keyboard.press('q');
    await expect.poll(() => page.getByTestId('hotkey-buy').textContent()).toBe('Q');
    const keyboard = await api<{ configData: string }>('/user/feConfig/getKeyBoardConfig', undefined, 'GET');
    expect(JSON.parse(keyboard.configData).keys.buy).toBe('q');

    // The hotkey places a market buy of the active size.
    await expect.poll(() => page.getByTestId('lightning-last').textContent(), { timeout: 20_000 }).not.toBe('--');
    const before = await positionSize('ETHUSDT');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('b'); // no longer bound: nothing happens
    await page.keyboard.press('q');
    await expect.poll(async () => (await positionSize('ETHUSDT')).sub(before).toFixed(), { timeout: 10_000 }).toBe('0.05');

    // Size preset 2, then buy again.
    await page.keyboard.press('2');
    await expect.poll(() => page.getByTestId('lightning-volume').inputValue()).toBe('0.02');
    await page.keyboard.press('q');
    await expect.poll(async () => (await positionSize('ETHUSDT')).sub(before).toFixed(), { timeout: 10_000 }).toBe('0.07');

    // A limit buy placed from the ladder rests, is marked on its row and cancels from there. The ladder's rows
    // stay at their price while the book moves (issue 18); the simulator holds still so the order rests.
    const sim = simControl(baseURL);
    await sim.post('pause');
    try {
      const ladder = page.getByTestId('lightning-ladder');
      // The sizes and their bars are drawn by the tab's painter worker (issue 19).
      await expect.poll(() => ladder.locator('.td-ld-canvas').getAttribute('data-painter')).toBe('worker');
      const top = await ladder.getAttribute('data-top');
      const price = await ladder.locator('[data-zone="bid"]').nth(5).getAttribute('data-price');
      const level = ladder.locator(`[data-price="${price}"]`);
      await level.getByTestId('ladder-buy').click();
      const mark = level.getByTestId('lightning-my-order');
      await mark.waitFor({ timeout: 10_000 });
      expect(await ladder.getAttribute('data-top')).toBe(top);
      const orderId = await mark.getAttribute('data-order-ids');
      const open = await api<{ orderId: string; price: string }[]>('/lightning/futures/order/queryOpenOrder', { instrumentId: 'ETHUSDT' });
      expect(open.find((o) => o.orderId === orderId)?.price).toBe(new Decimal(price!).toFixed());
      // The position's entry price is marked on the ladder or beside it.
      await expect.poll(() => page.getByTestId('lightning-entry').textContent(), { timeout: 10_000 }).not.toBe('--');
      await saveScreenshot(page, 'lightning-terminal');
      await mark.click();
      await mark.waitFor({ state: 'detached', timeout: 10_000 });
      expect((await api<{ orderId: string }[]>('/lightning/futures/order/queryOpenOrder', { instrumentId: 'ETHUSDT' })).some((o) => o.orderId === orderId)).toBe(false);
      // Cancel all with nothing left to cancel says so.
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('x');
      await expect.poll(() => page.locator('.toaster').textContent()).toContain('No open orders to cancel');
    } finally {
      await sim.post('resume');
    }

    // Close by hotkey, with its toast; a second close has nothing left to close.
    await page.keyboard.press('c');
    await expect.poll(async () => (await positionSize('ETHUSDT')).toFixed(), { timeout: 10_000 }).toBe('0');
    await expect.poll(() => page.locator('.toaster').textContent()).toContain('Position closed at market');
    await page.keyboard.press('c');
    await expect.poll(() => page.locator('.toaster').textContent()).toContain('No position to close');

    // Phone width: the ladder comes first and fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await page.getByTestId('lightning-ladder').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await saveScreenshot(page, 'lightning-terminal-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Panels toggle; the choice survives a reload.
    await page.getByTestId('panel-mini').click();
    await expect.poll(() => page.getByTestId('lightning-configs').count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByTestId('panel-mini').getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });
});
