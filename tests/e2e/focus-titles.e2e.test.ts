import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enCommon from '../../locales/en-US/common.json' with { type: 'json' };
import enTrading from '../../locales/en-US/trading.json' with { type: 'json' };
import zhCommon from '../../locales/zh-HK/common.json' with { type: 'json' };
import { demoUser } from '../../server/identity/seed.ts';
import { openPage } from './support/browser.ts';
import { ownSandboxSuite } from './support/suite.ts';

// Where focus goes when the page changes under it (WCAG 2.4.3), and the document title following in-app navigation
// (WCAG 2.4.2): after sign-in and after following a link in the app, focus is on the new page's h1, not on the page
// body, and the title is the new page's own. (The withdrawal verify step and the broker transfer form are checked in
// wallet.e2e.test.ts and broker-money.e2e.test.ts, where their flows run.)

const suite = ownSandboxSuite();
const COMMON = { 'zh-HK': zhCommon, 'en-US': enCommon } as const;
const slow = { timeout: 20_000 } as const;

/** What has focus: its tag, whether it is the main region's h1, its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    const h1 = document.querySelector('main h1');
    return { tag: el?.tagName ?? null, isMainH1: el !== null && el === h1, text: el?.textContent?.trim() ?? '' };
  });

describe.each(['zh-HK', 'en-US'] as const)('%s: focus and title after a page change', (lang) => {
  const common = COMMON[lang];
  const titled = (page: string) => `${(common.pages as Record<string, string>)[page]} · ${common.app.title}`;

  it('sign-in lands focus on the account page’s h1; each in-app navigation retitles the page and focuses its h1', async () => {
    const { page, context, errors } = await openPage(suite.browser);
    try {
      await page.goto(`${suite.baseURL}/${lang}/login`);
      await page.getByTestId('input-username').fill(demoUser.email);
      await page.getByTestId('input-password').fill(demoUser.password);
      expect(await page.title()).toBe(titled('login'));
      await page.getByTestId('login-submit').click();
      await page.waitForURL(`${suite.baseURL}/${lang}/account/information`, slow);
      await expect.poll(() => focused(page), slow).toMatchObject({ tag: 'H1', isMainH1: true });
      expect(await page.title()).toBe(titled('accountInformation'));

      // The header's links: each page its own title, focus on its h1 (not left on the link, not on the body).
      for (const [path, key] of [
        ['market', 'market'],
        ['wallet', 'walletOverview'],
        ['trading', 'trading'],
      ] as const) {
        await page.locator(`header a[href^="/${lang}/${path}"]`).first().click();
        await expect.poll(() => page.title(), slow).toBe(titled(key));
        await expect.poll(() => focused(page), slow).toMatchObject({ tag: 'H1', isMainH1: true });
      }
      // The trading page: its (visually hidden) h1 names the pair, and the chart has a text alternative.
      await expect.poll(() => focused(page), slow).toMatchObject({ text: expect.stringContaining('BTC/USDT') });
      const chart = page.getByTestId('kline-chart');
      // A figure (not an img: the chart library's host holds focusable parts, axe nested-interactive) named by its text alternative.
      expect(await chart.getAttribute('role')).toBe('figure');
      if (lang === 'en-US') expect(await chart.getAttribute('aria-label')).toContain(enTrading.chart.candlesAlt.split('{{pair}}')[1]!.split(',')[0]!);
      expect(await chart.getAttribute('aria-label')).toContain('BTC/USDT');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
