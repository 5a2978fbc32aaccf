import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoToken } from './support/account.ts';
import { openPage } from './support/browser.ts';
import { saveScreenshot } from './support/market.ts';
import { fileBrowser, fileSandbox } from './support/suite.ts';

/**
 * The signed-in pages a phone user reaches most (wallet, records, broker portal) at 390 px, zh-HK: no word broken
 * per character (an item of one line is one line high), no text cut off by its box, tables that do not fit scroll
 * sideways inside their own box (the page itself never does), and in the menu drawer the navigation comes before
 * the tools, 登出 last. Screenshots go to tests/artifacts/phone-*.png.
 */
const baseURL = await fileSandbox();
let browser: Browser;
let token: string;

fileBrowser(async (launched) => {
  browser = launched;
  token = await demoToken(baseURL);
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function open(path: string, ready: (page: Page) => Promise<unknown>): Promise<Page> {
  const { page, context } = await openPage(browser, PHONE);
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
  await page.goto(`${baseURL}/zh-HK/${path}`);
  await ready(page);
  return page;
}

/** What is wrong with the page's layout at this width, as readable lines (empty when nothing is). */
function layoutProblems(page: Page, lineItems: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) problems.push(`the page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
    // Items meant to be one line (navigation items, table headers): as high as one line of their text.
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = getComputedStyle(el);
      const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
      const text = el.getBoundingClientRect().height - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
      if (el.textContent?.trim() && text > line * 1.5) problems.push(`"${el.textContent.trim()}" wraps: ${text.toFixed(0)} px high for a ${line.toFixed(0)} px line`);
    }
    // Text cut off by its own box (a cell or value with overflow hidden narrower than its text).
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main th, main td, main dd, main .td-wallet-head *'))) {
      const overflow = getComputedStyle(el).overflowX;
      if ((overflow === 'hidden' || overflow === 'clip') && el.scrollWidth > el.clientWidth + 1) problems.push(`"${el.textContent?.trim()}" is cut off`);
    }
    // A table wider than the screen must sit in a box that scrolls sideways.
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      if (table.getBoundingClientRect().width <= doc.clientWidth) continue;
      let el = table.parentElement;
      let scrolls = false;
      while (el && el !== document.body) {
        const overflow = getComputedStyle(el).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth) {
          scrolls = el.getBoundingClientRect().right <= doc.clientWidth;
          break;
        }
        el = el.parentElement;
      }
      if (!scrolls) problems.push(`a table of ${table.getBoundingClientRect().width.toFixed(0)} px is clipped, not scrollable`);
    }
    return problems;
  }, lineItems);
}

const heading = (page: Page) => page.locator('main h1').first().waitFor();
const ONE_LINE = '.td-account-nav a, main th';

describe('phone layout at 390 px (zh-HK)', () => {
  it.each([
    ['wallet/overview', heading],
    ['wallet/assetAccount', heading],
    ['record/coin', heading],
    ['otcinfo/record', heading],
    ['loan', heading],
    ['brokerManager/account', heading],
    ['brokerManager/total', heading],
  ] as const)('/zh-HK/%s: words stay whole, nothing is cut off, wide tables scroll in their box', async (path, ready) => {
    const page = await open(path, ready);
    // The page's lists are in (a row, or the empty state), so the tables have their final width.
    await page.locator('main table tbody tr').first().waitFor().catch(() => undefined);
    expect(await layoutProblems(page, ONE_LINE)).toEqual([]);
    await saveScreenshot(page, `phone-${path.replace(/\//g, '-')}`);
    await page.context().close();
  });

  it('the wallet sub-navigation is one row of whole words that scrolls sideways', async () => {
    const page = await open('wallet/overview', heading);
    const tops = await page.locator('.td-account-nav a').evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await page.context().close();
  });

  it('the menu drawer lists the navigation first and the tools below it, 登出 last', async () => {
    const page = await open('wallet/overview', heading);
    await page.getByTestId('menu-button').click();
    const drawer = page.getByTestId('menu-drawer');
    await drawer.waitFor();
    const lastLink = await drawer.locator('.td-nav a').last().boundingBox();
    const signOut = await drawer.getByTestId('drawer-sign-out').boundingBox();
    const firstLink = await drawer.locator('.td-nav a').first().boundingBox();
    const theme = await drawer.getByTestId('drawer-theme-toggle').boundingBox();
    expect(signOut!.y).toBeGreaterThan(lastLink!.y);
    expect(theme!.y).toBeGreaterThan(firstLink!.y);
    await saveScreenshot(page, 'phone-menu-drawer');
    await page.context().close();
  });
});
