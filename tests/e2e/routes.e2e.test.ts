import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_ARTICLES } from '../../contract/help-rules.ts';
import { pageRoutes, type PageRoute } from '../../src/app/route-table.ts';
import { demoUser } from '../../server/identity/seed.ts';
import { axeViolations, openPage } from './support/browser.ts';
import { saveScreenshot } from './support/market.ts';
import { ownSandboxSuite } from './support/suite.ts';

// Issue 16 "Done means": a walk over every route of spec §2 (src/app/route-table.ts, which a unit test holds to the
// spec) in both languages, signed in as the demo user, in real Chromium. A route fails when it shows the coming-soon
// page, when the console reports an error (a missing translation key is one: src/lib/i18n reports each), when the
// page throws, or when a request fails or is answered 4xx/5xx. The pages still owned by other issues are listed
// below and must still show coming soon: when one is built, this test fails until it leaves the list.

/** The broker manager's pages built so far (issue 14: sub-accounts, keys, address book, money; issue 15: projects, capital, interest, bills, profit, analytics). */
const BROKER_BUILT = new Set(['brokerAddressList', 'brokerMessageSetting', 'brokerAccount', 'brokerAccountDetail', 'brokerTotal', 'brokerApiManagement', 'brokerApi', 'brokerRecharge', 'brokerWithdraw', 'brokerTransfer', 'brokerAssetRecord', 'brokerOperateRecord', 'brokerAssetFlow', 'brokerInterest', 'brokerBill', 'brokerProfit', 'brokerProject', 'brokerProjectDetail', 'brokerInvestment', 'brokerRedeem', 'brokerInvestmentChart']);
/** Pages other issues build (spec §2): none left of issue 15 once every broker page is built. */
const EXPECTED_COMING_SOON: Record<string, string> = {
  ...Object.fromEntries(pageRoutes.filter((r) => r.layout === 'broker' && !BROKER_BUILT.has(r.page)).map((r) => [r.page, 'issue 15'])),
};

const suite = ownSandboxSuite();
const LANGS = ['zh-HK', 'en-US'] as const;
const slow = { timeout: 20_000 } as const;

/** A concrete path for a route's parameters: a listed pair, a coin or a fiat currency, a help article, an id. */
function concrete(route: PageRoute): string {
  const fiat = /\/fiat\//.test(route.path);
  const [category, slugs] = Object.entries(HELP_ARTICLES).find(([c]) => c === 'withdraw')!;
  return route.path
    .replace(':instrumentId', 'BTCUSDT')
    .replace(':asset', fiat ? 'USD' : 'USDT')
    .replace(':category', category)
    .replace(':article', slugs[0]!)
    .replace(':brokerAccountId', '1')
    .replace(':projectNo', '1');
}

/**
 * Requests of the page in flight (fetches and chunk loads; the market core's sockets are not requests). The shared
 * worker's own script is left out: Chromium never reports that request finished while the worker runs.
 */
function trackRequests(page: Page): { inFlight: () => number; names: () => string[] } {
  const open = new Set<Request>();
  page.on('request', (request) => {
    if (!/\/assets\/[\w-]*worker[\w-]*\.js$/.test(request.url())) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return { inFlight: () => open.size, names: () => [...open].map((r) => `${r.resourceType()} ${r.url()}`) };
}

/** Waits for the route's page to have replaced the chunk's loading state and for its requests to have been answered. */
async function settle(page: Page, requests: ReturnType<typeof trackRequests>): Promise<void> {
  await page.locator('main').waitFor(slow);
  await page.waitForFunction(() => document.querySelector('main .td-page-loading') === null && (document.querySelector('main')?.textContent ?? '').trim() !== '', null, slow);
  await expect.poll(() => requests.names(), slow).toEqual([]);
}

describe('every route of spec §2 (issue 16)', () => {
  it('keeps the expected coming-soon list to pages that exist', () => {
    const pages = new Set(pageRoutes.map((r) => r.page));
    expect(Object.keys(EXPECTED_COMING_SOON).filter((page) => !pages.has(page))).toEqual([]);
  });

  describe.each(LANGS)('%s', (lang) => {
    let watch: Awaited<ReturnType<typeof openPage>>;
    let requests: ReturnType<typeof trackRequests>;
    const failed: string[] = [];
    beforeAll(async () => {
      const token = await suite.client.login(demoUser.email, demoUser.password);
      // The broker manager checks for broker rights itself (spec §2): with them, its pages rather than its gate.
      expect((await suite.client.call('POST', '/institution/agree/broker/open', { token })).code).toBe(200);
      watch = await openPage(suite.browser);
      await watch.context.addCookies([{ name: 'token', value: token, url: suite.baseURL }]);
      requests = trackRequests(watch.page);
      watch.page.on('requestfailed', (request) => {
        // A navigation away cancels what the previous page still had in flight; that is not a failure of either.
        if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`);
      });
      watch.page.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${response.request().method()} ${response.url()} ${response.status()}`);
      });
    });
    afterAll(async () => watch?.context.close());

    it.each(pageRoutes.map((route) => [concrete(route), route] as const))('/%s', async (path, route) => {
      const { page, errors } = watch;
      errors.length = 0;
      failed.length = 0;
      await page.goto(`${suite.baseURL}/${lang}/${path}`);
      await settle(page, requests);
      const problems: string[] = [];
      // A page behind its own check (the broker manager's gate) renders after its check's reply: wait for the
      // coming-soon page where it is expected rather than read the page before it is drawn.
      if (route.page in EXPECTED_COMING_SOON) await page.getByTestId('coming-soon').waitFor(slow).catch(() => undefined);
      const comingSoon = (await page.getByTestId('coming-soon').count()) > 0;
      const expected = route.page in EXPECTED_COMING_SOON;
      if (comingSoon && !expected) problems.push('shows the coming-soon page');
      if (!comingSoon && expected) problems.push(`no longer coming soon: take ${route.page} off the expected list (${EXPECTED_COMING_SOON[route.page]})`);
      for (const error of errors) problems.push(`console: ${error}`);
      for (const request of failed) problems.push(`request: ${request}`);
      if (route.page === 'charts') {
        // The full-page chart draws the market core's candles.
        await page.waitForFunction(() => Number(document.querySelector('[data-testid="charts-chart"]')?.getAttribute('data-bars') ?? 0) > 0, null, slow);
      }
      if (['message', 'reminder', 'charts', 'userCenter'].includes(route.page)) {
        // This issue's own pages: axe too.
        const found = await axeViolations(page);
        for (const v of found) problems.push(`axe: ${JSON.stringify(v)}`);
        await saveScreenshot(page, `route-${route.page}-${lang}-1440`);
        // And at a phone's width the page does not scroll sideways.
        await page.setViewportSize({ width: 390, height: 844 });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) problems.push(`390 px: the page is ${width} px wide`);
        await saveScreenshot(page, `route-${route.page}-${lang}-390`);
        await page.setViewportSize({ width: 1440, height: 900 });
      }
      expect(problems).toEqual([]);
    });
  });
});
