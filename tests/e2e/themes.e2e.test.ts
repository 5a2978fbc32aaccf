import { describe, expect, it } from 'vitest';
import { fileBrowser, fileSandbox } from './support/suite.ts';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, openPage } from './support/browser.ts';
import { demoToken } from './support/account.ts';
import { waitForBook } from './support/market.ts';

/**
 * Both themes pass axe-core's WCAG 2.1 AA rules (colour contrast included) on the main kinds of page: public
 * pages, the sign-in page (white layout, always light), the market list, the trading page with its live book,
 * and signed-in wallet and security pages. The other journeys check the default dark theme as they go; this
 * file is where the light theme's tokens are held to the same bar.
 */
const baseURL = await fileSandbox();
let browser: Browser;
let token: string;

fileBrowser(async (launched) => {
  browser = launched;
  token = await demoToken(baseURL);
});

interface Visit {
  path: string;
  signedIn?: boolean;
  /** The page's own content is in. */
  ready: (page: Page) => Promise<void>;
}

const heading = (page: Page) => page.locator('main h1').first().waitFor();

const VISITS: Visit[] = [
  { path: 'home', ready: heading },
  { path: 'login', ready: (page) => page.locator('input[type="password"]').waitFor() },
  { path: 'about/otc', ready: heading },
  { path: 'help', ready: heading },
  { path: 'nologin/convert/coin', ready: heading },
  { path: 'market', ready: (page) => page.locator('main [role="row"]').nth(3).waitFor() },
  { path: 'trading/BTCUSDT', ready: (page) => waitForBook(page) },
  { path: 'wallet/overview', signedIn: true, ready: heading },
  { path: 'account/safe', signedIn: true, ready: heading },
];

describe.each(['light', 'dark'] as const)('%s theme in Chromium', (theme) => {
  it.each(VISITS.map((v) => [v.path, v] as const))('/zh-HK/%s: axe (WCAG 2.1 AA, contrast included) finds nothing serious', async (_path, visit) => {
    const { page, context } = await openPage(browser);
    await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
    if (visit.signedIn) await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
    await page.goto(`${baseURL}/zh-HK/${visit.path}`);
    await visit.ready(page);
    if (visit.path !== 'login') expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
    const found = await axeViolations(page);
    expect(found, JSON.stringify(found)).toEqual([]);
    await context.close();
  });
});
