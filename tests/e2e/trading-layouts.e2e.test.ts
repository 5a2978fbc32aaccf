import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import enComponents from '../../locales/en-US/components.json' with { type: 'json' };
import zhComponents from '../../locales/zh-HK/components.json' with { type: 'json' };
import { demoToken } from './support/account.ts';
import { openPage } from './support/browser.ts';
import { clickBookLine, saveScreenshot } from './support/market.ts';
import { expectAccessible, ownSandboxSuite } from './support/suite.ts';

// Issue 18 "Layouts", in real Chromium on the file's own sandbox, signed in as the demo user:
// - laptop 1280×720: the futures order form's submit button is on screen without scrolling anything;
// - 1024 px: the trading, markets and lightning pages do not scroll sideways;
// - phone 390×844: the header's menu is a drawer worked by keyboard (focus moves in, stays in, Escape closes and
//   focus returns), the trading page is tabs, and a futures order is placed and its position closed from them.

type Lang = 'zh-HK' | 'en-US';
const confirmText: Record<Lang, string> = { 'zh-HK': zhComponents.modal.confirm, 'en-US': enComponents.modal.confirm };

const suite = ownSandboxSuite();
let token: string;

beforeAll(async () => {
  token = await demoToken(suite.baseURL);
});

async function signedIn(width: number, height: number): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { page, context, errors } = await openPage(suite.browser, { viewport: { width, height } });
  await context.addCookies([{ name: 'token', value: token, url: suite.baseURL }]);
  return { page, errors, close: () => context.close() };
}

async function openFutures(page: Page, lang: Lang = 'en-US'): Promise<void> {
  await page.goto(`${suite.baseURL}/${lang}/trading/BTCUSDT?market=usdm`);
  await page.getByTestId('order-form').waitFor({ state: 'attached', timeout: 30_000 });
  await expect.poll(() => page.getByTestId('order-submit').count(), { timeout: 20_000 }).toBe(1);
  // The margin mode and leverage sit beside the form (issue 18).
  await page.getByTestId('form-modes').getByTestId('leverage-button').waitFor({ state: 'attached', timeout: 20_000 });
}

/** The page's own scroll box is no wider than the window; the widest offenders are named when it is. */
async function sideways(page: Page): Promise<{ scrollWidth: number; clientWidth: number; wide: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide };
  });
}

describe('trading layouts (issue 18)', () => {
  it.each(['zh-HK', 'en-US'] as const)('%s 1280×720: the futures submit button is on screen without scrolling; axe finds nothing serious', async (lang) => {
    const { page, errors, close } = await signedIn(1280, 720);
    await openFutures(page, lang);
    const submit = page.getByTestId('order-submit');
    await submit.waitFor();
    const box = await submit.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(720);
    // Nothing was scrolled to get there: neither the page nor the form's panel.
    expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
    expect(await page.getByTestId('order-form').evaluate((el) => el.scrollTop)).toBe(0);
    // The pair's figures (futures: the most of them) sit in a contained frame of their own size, so that a
    // ticker lays out that frame and not the page (issue 19); the frame clips, so every figure must fit in it.
    await expect.poll(() => page.getByTestId('mark-price').textContent(), { timeout: 15_000 }).toMatch(/^\d/);
    const header = await page.locator('.td-pair-stats-frame').evaluate((frame) => {
      const box = frame.getBoundingClientRect();
      const style = getComputedStyle(frame);
      return {
        contain: style.contain,
        position: style.position,
        figures: frame.querySelectorAll('.td-stat').length,
        outside: Array.from(frame.querySelectorAll('.td-stat'))
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.left < box.left || r.right > box.right + 0.5 || r.top < box.top || r.bottom > box.bottom + 0.5;
          })
          .map((el) => el.textContent),
      };
    });
    expect(header).toEqual({ contain: 'strict', position: 'absolute', figures: 7, outside: [] });
    await saveScreenshot(page, `trading-layouts-futures-${lang}-1280x720`);
    await expectAccessible(page, `${lang} futures trading page at 1280×720`);
    expect(errors).toEqual([]);
    await close();
  });

  it('1024×768: the trading, markets and lightning pages do not scroll sideways', async () => {
    const { page, close } = await signedIn(1024, 768);
    await openFutures(page);
    const pages: Array<[string, string]> = [
      ['trading (futures)', ''],
      ['trading (spot)', '/en-US/trading/BTCUSDT'],
      ['markets', '/en-US/market'],
      ['lightning', '/en-US/lightning'],
    ];
    for (const [name, path] of pages) {
      if (path) await page.goto(`${suite.baseURL}${path}`);
      if (name === 'markets') await page.getByRole('link', { name: 'BTC/USDT' }).first().waitFor({ timeout: 20_000 });
      if (name === 'lightning') await page.getByTestId('lightning-page').waitFor({ timeout: 20_000 });
      if (name === 'trading (spot)') await page.getByTestId('order-form').waitFor({ timeout: 20_000 });
      const width = await sideways(page);
      expect(width.scrollWidth, `${name}: ${width.wide.join(', ')}`).toBeLessThanOrEqual(width.clientWidth);
      await saveScreenshot(page, `trading-layouts-${name.replace(/\W+/g, '-').replace(/-$/, '')}-1024x768`);
    }
    // At this width the links sit in the drawer rather than being cut off; sign-out stays in the header.
    expect(await page.getByTestId('menu-button').isVisible()).toBe(true);
    expect(await page.getByTestId('sign-out').isVisible()).toBe(true);
    await close();
  });

  it('1280×720 and 1440×900: every lightning panel holds its inputs and its table; nothing sticks out', async () => {
    const { page, close } = await signedIn(1280, 720);
    for (const [width, height] of [
      [1280, 720],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${suite.baseURL}/zh-HK/lightning`);
      await page.getByTestId('lightning-configs').waitFor({ timeout: 20_000 });
      await page.getByTestId('lightning-fees').locator('tbody tr').first().waitFor({ timeout: 20_000 });
      // Each panel's inputs, labels and table cells end inside the panel (a fieldset's min-content width pushed
      // the configuration inputs out at 1280; the fee table's pair names ran into the next column).
      const outside = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.td-lt-panel')).flatMap((panel) => {
          const edge = panel.getBoundingClientRect().right;
          return Array.from(panel.querySelectorAll('input, label, legend, td, th, button'))
            .filter((el) => el.getBoundingClientRect().right > edge + 0.5 || (el instanceof HTMLElement && el.scrollWidth > el.clientWidth + 1 && el.tagName === 'TD'))
            .map((el) => `${panel.getAttribute('data-testid')}: ${el.tagName.toLowerCase()} ${el.textContent?.trim() || el.getAttribute('data-testid') || ''}`);
        }),
      );
      expect(outside, `${width}px`).toEqual([]);
      const wide = await sideways(page);
      expect(wide.scrollWidth, `${width}px: ${wide.wide.join(', ')}`).toBeLessThanOrEqual(wide.clientWidth);
      await saveScreenshot(page, `trading-layouts-lightning-${width}x${height}`);
    }
    await close();
  });

  it('390×844: the header drawer opens, keeps focus and closes by keyboard', async () => {
    const { page, close } = await signedIn(390, 844);
    await page.goto(`${suite.baseURL}/en-US/market`);
    const menu = page.getByTestId('menu-button');
    await menu.waitFor();
    // The desktop navigation and sign-out are not shown; the drawer holds them.
    expect(await page.getByTestId('sign-out').isVisible()).toBe(false);
    await menu.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('menu-drawer');
    await drawer.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="menu-drawer"]') !== null)).toBe(true);
    expect(await drawer.getByTestId('drawer-sign-out').isVisible()).toBe(true);
    expect(await drawer.getByRole('link', { name: 'Trade' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'trading-layouts-drawer-390x844');
    await expectAccessible(page, 'open drawer at 390');
    // Tab and Shift+Tab past either end stay inside the drawer.
    const count = await drawer.locator('a[href], button, select').count();
    for (let i = 0; i < count + 2; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="menu-drawer"]') !== null)).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="menu-drawer"]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('menu-button');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    // The markets page fits the phone.
    const width = await sideways(page);
    expect(width.scrollWidth, `markets: ${width.wide.join(', ')}`).toBeLessThanOrEqual(390);
    // A link in the drawer leads on and closes it.
    await page.keyboard.press('Enter');
    await drawer.getByRole('link', { name: 'Lightning' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.getByTestId('lightning-page').waitFor({ timeout: 20_000 });
    const lightning = await sideways(page);
    expect(lightning.scrollWidth, `lightning: ${lightning.wide.join(', ')}`).toBeLessThanOrEqual(390);
    await close();
  });

  it.each(['zh-HK', 'en-US'] as const)('%s 390×844: the trading page as tabs places a futures order and closes the position', async (lang) => {
    const { page, errors, close } = await signedIn(390, 844);
    await openFutures(page, lang);
    // The ticker bar counts down to the next funding (hh:mm:ss), under the locale's label.
    await expect.poll(() => page.getByTestId('funding-countdown').textContent(), { timeout: 15_000 }).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(await page.locator('.td-stat', { has: page.getByTestId('funding-countdown') }).textContent()).toContain(lang === 'zh-HK' ? '資金費率 / 倒計時' : 'Funding / countdown');
    // The chart shows first; the form is one tap away.
    expect(await page.getByTestId('phone-tab-chart').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('order-submit').isVisible()).toBe(false);
    await page.getByTestId('phone-tab-form').click();
    await page.getByTestId('order-submit').waitFor();
    const sizes = await sideways(page);
    expect(sizes.scrollWidth, sizes.wide.join(', ')).toBeLessThanOrEqual(390);
    // Arrow keys move between the tabs.
    await page.getByTestId('phone-tab-form').focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByTestId('phone-tab-trades').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('phone-tab-form').getAttribute('aria-selected')).toBe('true');
    await saveScreenshot(page, `trading-layouts-form-${lang}-390x844`);
    await expectAccessible(page, `${lang} futures form at 390`);

    // A price picked from the book opens the form with that price.
    await page.getByTestId('phone-tab-book').click();
    await page.getByTestId('book-bids').locator('[data-col="price"]').waitFor();
    await clickBookLine(page, 'bids', 1);
    await expect.poll(() => page.getByTestId('phone-tab-form').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('order-type-limit').click();
    await expect.poll(() => page.getByTestId('order-price').inputValue()).toMatch(/^\d+\.\d$/);

    // A market order is checked at the last price (the form says "no market price, try again" until the ticker
    // has come), so the trader, like this test, places it once the header shows that price.
    await expect.poll(() => page.getByTestId('last-price').textContent(), { timeout: 15_000 }).toMatch(/\d/);
    await page.getByTestId('order-direction-buy').click();
    await page.getByTestId('order-type-market').click();
    await page.getByTestId('order-volume').fill('0.01');
    await page.getByTestId('order-submit').click();
    await page.getByTestId('order-confirm').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: confirmText[lang], exact: true }).click();
    await page.getByTestId('order-confirm').waitFor({ state: 'detached' });

    await page.getByTestId('phone-tab-positions').click();
    await page.getByTestId('tab-positionOrder').click();
    const row = page.getByTestId('position-row').filter({ has: page.getByText('BTCUSDT') });
    await row.first().waitFor({ timeout: 15_000 });
    expect(await row.first().getByTestId('position-size').textContent()).toBe('0.01');
    // The phone shows the position as a card: nothing in the positions area scrolls sideways.
    const positions = page.getByTestId('positions-table');
    expect(await positions.evaluate((el) => el.tagName)).toBe('UL');
    expect(await positions.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= 390)).toBe(true);
    await expect.poll(() => page.locator('.td-modal__button--primary').count(), { timeout: 5_000 }).toBe(0);
    // The card names the position's place in the auto-deleveraging queue (one to five lights).
    expect(await row.first().getByTestId('position-adl').getAttribute('data-lit')).toMatch(/^[1-5]$/);
    await saveScreenshot(page, `trading-layouts-positions-${lang}-390x844`);
    await row.first().getByTestId('position-close').click();
    await page.getByTestId('order-confirm').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: confirmText[lang], exact: true }).click();
    await page.getByTestId('order-confirm').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('position-row').filter({ has: page.getByText('BTCUSDT') }).count(), { timeout: 15_000 }).toBe(0);
    // The closed position is in the position history, under the locale's name for the tab.
    await page.getByTestId('tab-positionHistory').click();
    expect(await page.getByTestId('tab-positionHistory').textContent()).toBe(lang === 'zh-HK' ? '倉位歷史' : 'Position history');
    await page.locator('[data-testid="position-history-row"][data-pair="BTCUSDT"][data-status="closed"]').first().waitFor({ timeout: 10_000 });
    await saveScreenshot(page, `trading-layouts-position-history-${lang}-390x844`);
    expect(errors).toEqual([]);
    await close();
  });
});
