import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_ARTICLES } from '../../contract/help-rules.ts';
import enCommon from '../../locales/en-US/common.json' with { type: 'json' };
import zhCommon from '../../locales/zh-HK/common.json' with { type: 'json' };
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

/**
 * Pages that set a title of their own (usePageMeta: the article, the category, the pair, the marketing page's meta
 * title) rather than their `common:pages.*` name; the walk checks theirs is neither the product's alone nor empty.
 */
const SELF_TITLED = new Set(['freezeByLink', 'aboutOtc', 'aboutLiquidity', 'aboutElectricity', 'aboutQuant', 'brokers', 'message', 'reminder', 'help', 'helpCategory', 'helpArticle', 'userCenter', 'charts']);
const COMMON = { 'zh-HK': zhCommon, 'en-US': enCommon } as const;

/**
 * The document title a route's page must have (issue "spec completeness and polish", accessibility: 142 of 166 page
 * loads showed only the product's name): its own `page · product`, in the page's language (the broker manager's
 * pages are always zh-HK, spec §1). Null when it is right, else what is wrong.
 */
function titleProblem(title: string, route: PageRoute, lang: (typeof LANGS)[number]): string | null {
  const common = COMMON[route.layout === 'broker' ? 'zh-HK' : lang];
  const product = common.app.title;
  if (!title.endsWith(` · ${product}`)) return `title "${title}" is not "… · ${product}"`;
  const own = title.slice(0, -` · ${product}`.length).trim();
  if (own === '') return `title "${title}" names only the product`;
  const expected = (common.pages as Record<string, string>)[route.page];
  if (!SELF_TITLED.has(route.page) && own !== expected) return `title "${title}": expected "${expected} · ${product}"`;
  return null;
}

/** The route whose path matches a path under the language (parameters as one segment each). */
function routeAt(path: string): PageRoute | undefined {
  return pageRoutes.find((r) => new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`).test(path));
}

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
      // The broker manager's pages draw after their gate's check (and, the first time, their chunk): wait for a heading.
      await page.locator('h1').first().waitFor(slow).catch(() => undefined);
      const comingSoon = (await page.getByTestId('coming-soon').count()) > 0;
      const expected = route.page in EXPECTED_COMING_SOON;
      if (comingSoon && !expected) problems.push('shows the coming-soon page');
      if (!comingSoon && expected) problems.push(`no longer coming soon: take ${route.page} off the expected list (${EXPECTED_COMING_SOON[route.page]})`);
      for (const error of errors) problems.push(`console: ${error}`);
      // Each page has its own title and exactly one h1 (WCAG 2.4.2, 1.3.1), the coming-soon page too.
      // (A page that sends a signed-in person on, such as the public convert and OTC forms, is titled as where it went.)
      const shown = routeAt(new URL(page.url()).pathname.slice(`/${lang}/`.length)) ?? route;
      const title = await page.title();
      const wrongTitle = titleProblem(title, shown, lang);
      if (wrongTitle) problems.push(wrongTitle);
      const h1s = await page.locator('h1').count();
      if (h1s !== 1) problems.push(`${h1s} h1 elements`);
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
