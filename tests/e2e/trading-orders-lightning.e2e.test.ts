import Decimal from 'decimal.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoToken } from './support/account.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { saveScreenshot, simControl } from './support/market.ts';

// Issue 7 lightning terminal in real Chromium against the sandbox: saved configurations, a configured
// hotkey placing an order, size presets, a limit order placed from the book, marked there and cancelled.

const baseURL = inject('baseURL');
let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await demoToken(baseURL);
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(path: string, body: unknown = {}, method = 'POST'): Promise<T> {
  const response = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: { source: 'web', 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
  const reply = (await response.json()) as { code: number; msg: string; data: T };
  if (reply.code !== 200) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

const positionSize = async (symbol: string) => {
  const rows = await api<{ positionAmt: string }[]>('/broker/futures/position/query', { instrumentId: symbol });
  return new Decimal(rows[0]?.positionAmt ?? '0');
};

describe('lightning terminal', () => {
  it('saves a configuration, rebinds buy, places by hotkey, sizes by preset, trades and cancels from the book', { timeout: 120_000 }, async () => {
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

    // A limit buy placed from the book rests, is marked on its level and cancels from there. The simulator
    // holds still meanwhile, so the clicked level stays in the visible rows.
    const sim = simControl(baseURL);
    await sim.post('pause');
    try {
      await page.waitForTimeout(1_000); // a book batch already in flight lands before the level is chosen
      const price = await page.getByTestId('lightning-bids').locator('[data-price]').last().getAttribute('data-price');
      // Click that price's own row (not "the last row", which could be another level by then).
      const level = page.locator(`[data-testid="lightning-bids"] [data-price="${price}"]`);
      await level.locator('button').first().click();
      const mark = page.locator(`[data-testid="lightning-bids"] [data-price="${price}"] [data-testid="lightning-my-order"]`);
      await mark.waitFor({ timeout: 10_000 });
      const orderId = await mark.getAttribute('data-order-id');
      const open = await api<{ orderId: string; price: string }[]>('/lightning/futures/order/queryOpenOrder', { instrumentId: 'ETHUSDT' });
      expect(open.find((o) => o.orderId === orderId)?.price).toBe(new Decimal(price!).toFixed());
      await saveScreenshot(page, 'lightning-terminal');
      await mark.click();
      await mark.waitFor({ state: 'detached', timeout: 10_000 });
      expect((await api<{ orderId: string }[]>('/lightning/futures/order/queryOpenOrder', { instrumentId: 'ETHUSDT' })).some((o) => o.orderId === orderId)).toBe(false);
    } finally {
      await sim.post('resume');
    }

    // Close by hotkey.
    await page.keyboard.press('c');
    await expect.poll(async () => (await positionSize('ETHUSDT')).toFixed(), { timeout: 10_000 }).toBe('0');

    // Panels toggle; the choice survives a reload.
    await page.getByTestId('panel-mini').click();
    await expect.poll(() => page.getByTestId('lightning-configs').count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByTestId('panel-mini').getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });
});
