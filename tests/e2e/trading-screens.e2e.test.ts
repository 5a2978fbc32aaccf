import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSandbox } from './support/suite.ts';
import { demoToken } from './support/account.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { saveScreenshot, useTheme } from './support/market.ts';

// The trading screens against the sandbox in real Chromium, dark theme, Hong Kong time, at a laptop's width and a
// phone's: the spot ticket's total and fee (the account's rate), the transfer and leverage modals in the page's
// theme with their asset picker and presets, the depth chart's Y axis. Screenshots in tests/artifacts/.

const baseURL = await fileSandbox();
let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await demoToken(baseURL);
});
afterAll(async () => {
  await browser?.close();
});

async function signedInPage(path: string, width: number): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await openPage(browser, { viewport: { width, height: width > 600 ? 900 : 844 }, timezoneId: 'Asia/Hong_Kong' });
  await useTheme(context, 'dark');
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
  await page.goto(`${baseURL}${path}`);
  await page.getByTestId('order-form').waitFor({ state: 'attached', timeout: 30_000 });
  return { page, close: () => context.close() };
}

/** On a phone the trading page is tabs: the one that holds `part`. */
async function show(page: Page, width: number, part: 'form' | 'chart' | 'positions'): Promise<void> {
  if (width < 600) await page.getByTestId(`phone-tab-${part}`).click();
}

/** The modal's entrance animation (spec §9: 1000 ms after 100 ms) has run: the picture shows it in place. */
const settled = (page: Page) => page.locator('.td-modal__dialog').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)).then(() => undefined));

const background = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => getComputedStyle(el).backgroundColor);

describe.each([1440, 390])('trading screens at %i px', (width) => {
  it('spot: the ticket shows the total and the fee at the account rate; the depth chart has a Y axis', async () => {
    const { page, close } = await signedInPage('/en-US/trading/BTCUSDT', width);
    await show(page, width, 'form');
    await expect.poll(() => page.getByTestId('order-available').textContent(), { timeout: 10_000 }).toMatch(/Available [\d,]+\.\d{4} USDT/);
    await page.getByTestId('order-price').fill('60000');
    await page.getByTestId('order-volume').fill('0.01');
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe('600.0000 USDT');
    // The sandbox's spot taker rate (0.1 %): a buy pays in BTC.
    await expect.poll(() => page.getByTestId('order-fee').textContent()).toBe('0.00001000 BTC');
    await page.getByTestId('order-form').scrollIntoViewIfNeeded();
    await saveScreenshot(page, `trading-spot-ticket-${width}`);
    await show(page, width, 'chart');
    await page.getByRole('tab', { name: 'Depth' }).click();
    await expect.poll(() => page.getByTestId('depth-chart').getAttribute('data-y-axis'), { timeout: 15_000 }).toMatch(/\d/);
    await page.getByTestId('depth-chart').scrollIntoViewIfNeeded();
    await saveScreenshot(page, `trading-depth-chart-${width}`);
    await close();
  });

  it('futures: the transfer and leverage modals are dark with the asset picker, Max and presets', async () => {
    const { page, close } = await signedInPage('/en-US/trading/ETHUSDT?market=usdm', width);
    await show(page, width, 'positions');
    await page.getByTestId('futures-toolbar').waitFor({ timeout: 20_000 });
    const surface = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.color = 'var(--td-surface)';
      document.body.append(probe);
      const c = getComputedStyle(probe).color;
      probe.remove();
      return c;
    });
    await page.getByTestId('transfer-button').click();
    await page.getByTestId('transfer-modal').waitFor();
    await expect.poll(() => page.getByTestId('transfer-asset').locator('option').allTextContents()).toContain('USDT');
    await expect.poll(() => page.getByTestId('transfer-available').textContent()).not.toContain('--');
    await page.getByTestId('transfer-max').click();
    await expect.poll(() => page.getByTestId('transfer-amount').inputValue()).toMatch(/^\d+(\.\d+)?$/);
    await settled(page);
    expect(await background(page, '.td-modal__dialog')).toBe(surface);
    await saveScreenshot(page, `trading-transfer-modal-${width}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    await page.getByTestId('transfer-modal').waitFor({ state: 'detached' });

    await show(page, width, 'form');
    await page.getByTestId('form-modes').getByTestId('leverage-button').click();
    await page.getByTestId('leverage-presets').waitFor();
    await page.getByTestId('leverage-preset-5').click();
    expect(await page.getByTestId('leverage-input').inputValue()).toBe('5');
    await settled(page);
    expect(await background(page, '.td-modal__dialog')).toBe(surface);
    await saveScreenshot(page, `trading-leverage-modal-${width}`);
    await close();
  });
});
