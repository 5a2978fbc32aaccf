import Decimal from 'decimal.js';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import zhAnalytics from '../../locales/zh-HK/broker-analytics.json' with { type: 'json' };
import zhChart from '../../locales/zh-HK/datachart.json' with { type: 'json' };
import enChart from '../../locales/en-US/datachart.json' with { type: 'json' };
import { demoUser } from '../../server/identity/seed.ts';
import { openPage } from './support/browser.ts';
import { chartDrawn, drawnSeries } from './support/broker.ts';
import { artifactsDir, saveScreenshot } from './support/market.ts';
import { expectAccessible, ownSandboxSuite } from './support/suite.ts';

// Issue 15 "Screens", the performance pages in real Chromium, own sandbox: the demo organisation's seeded project
// (a year of zero-hour records from the daily job) on investmentChart shows the NAV series, returns and drawdown the
// API answers, time-weighted beside money-weighted return, the real-time net asset with its 10-minute stamp and the
// spec §9 refresh times; its data-analysis tab lists the overview; the public dataChart of the same project (share
// code from the API) shows the same NAV series without a session and nothing private, at 390 px (h5/dataChart) and
// 1280 px (dataChart); an unknown code is "not found". Screenshots at 390, 1280 and 1440 px.

const suite = ownSandboxSuite({ demoProject: true });
/** Waits that include a call to the sandbox: generous for a loaded 2-core CI machine. */
const slow = { timeout: 15_000 } as const;
const WIDTHS = [390, 1280, 1440] as const;

interface Point {
  day: string;
  nav: string;
  cumulativeReturn: string;
}
interface Rates {
  list: Point[];
  summary: { timeWeighted: string | null; moneyWeighted: string | null };
}
interface Unit {
  projectNo: string;
  name: string;
  status: string;
}

let token: string;
let project: Unit;
let shareCode: string;
let rates30: Rates;
/** Everything private of the project the public page must not show: investors' names and e-mails, amounts, units. */
const secrets: string[] = [];

/** A rate as the pages show it (glossary: 2 decimals and a %, signed): '0.0123' → '+1.23%'. */
function percent(rate: string | null): string {
  if (rate === null) return '--';
  const text = new Decimal(rate).mul(100).toFixed(2, Decimal.ROUND_HALF_UP);
  return `${new Decimal(rate).gt(0) && !/^0\.00$/.test(text) ? '+' : ''}${text}%`;
}

async function api<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const reply = await suite.client.call<T>(method, url, { token, ...(body === undefined ? {} : { body }) });
  expect(reply.code, `${url}: ${reply.msg}`).toBe(200);
  return reply.data;
}

beforeAll(async () => {
  token = await suite.client.login(demoUser.email, demoUser.password);
  expect((await suite.client.call('POST', '/institution/agree/broker/open', { token })).code).toBe(200);
  const units = await api<{ list: Unit[] }>('POST', '/broker/financingUnit/list', {});
  project = units.list.find((p) => p.status === 'in_progress') as Unit;
  expect(project).toBeDefined();
  const info = await api<{ project: { shareCode: string; units: string; netAsset: string; grossAsset: string } }>('POST', '/broker/project/queryBrokerProjectInfo', { projectNo: project.projectNo });
  shareCode = info.project.shareCode;
  rates30 = await api<Rates>('POST', '/broker/financingUnit/queryBrokerUnitIncomeRateList', { projectNo: project.projectNo, days: 30 });
  expect(rates30.list.length).toBe(31);
  const investors = await api<Array<{ name: string; email: string }>>('POST', '/broker/investor/list', {});
  expect(investors.length).toBeGreaterThan(0);
  for (const i of investors) secrets.push(i.name, i.email);
  // Amounts of the fund: the net and gross asset and the units out (plain, as a page would print them).
  secrets.push(info.project.units, info.project.netAsset, info.project.grossAsset);
}, 90_000);

/** The page does not scroll sideways (a table's own scrolling region may); names the first elements that stick out. */
async function expectNarrow(page: Page, width: number): Promise<void> {
  const found = await page.evaluate(
    (max) => ({
      page: document.documentElement.scrollWidth,
      wide: Array.from(document.querySelectorAll('body *'))
        .filter((el) => el.getBoundingClientRect().right > max + 1 && !el.closest('.td-broker-scroll, .p-datatable-wrapper, .td-visually-hidden'))
        .slice(0, 6)
        .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
    }),
    width,
  );
  expect(found.page, found.wide.join(', ')).toBeLessThanOrEqual(width);
}

describe('investmentChart (issue 15)', () => {
  it.each(WIDTHS)('%i px: the demo project\'s NAV, return and drawdown as the API answers them, TWR beside MWR, live net asset, refresh times', async (width) => {
    const { page, context, errors } = await openPage(suite.browser, { viewport: { width, height: 900 } });
    await context.addCookies([{ name: 'token', value: token, url: suite.baseURL }]);
    await page.goto(`${suite.baseURL}/zh-HK/brokerManager/investmentChart?projectNo=${project.projectNo}`);
    const chart = page.getByTestId('performance-chart');
    await chartDrawn(page, rates30.list.length);
    expect(await chart.getAttribute('data-panes')).toBe('3');
    expect(await drawnSeries(page)).toEqual(rates30.list.map((p) => ({ day: p.day, nav: p.nav })));
    expect(await page.getByTestId('twr').textContent()).toBe(percent(rates30.summary.timeWeighted));
    expect(await page.getByTestId('mwr').textContent()).toBe(percent(rates30.summary.moneyWeighted));
    expect(await page.getByTestId('return-explanation').textContent()).toContain(zhAnalytics.returns.explainDiff);
    // Real-time net asset: stamped on a 10-minute boundary (spec §9).
    await page.getByTestId('live-as-of').waitFor(slow);
    expect(await page.getByTestId('live-as-of').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:[0-5]0:00 /);
    const refresh = await page.getByTestId('refresh-times').textContent();
    expect(refresh).toContain(zhChart.refresh.realtime);
    expect(refresh).toContain(zhChart.refresh.daily);
    await expectNarrow(page, width);
    await expectAccessible(page, `investmentChart ${width}`);
    await saveScreenshot(page, `broker-investment-chart-${width}`);
    // The whole page too: the return comparison, the zero-hour records and the refresh times sit below the fold.
    if (width === 1280) await page.screenshot({ path: path.join(artifactsDir, 'broker-investment-chart-1280-full.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches to 7 days and to a custom range, by keyboard too, and draws what the API answers for them', async () => {
    const { page, context, errors } = await openPage(suite.browser, { viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'token', value: token, url: suite.baseURL }]);
    await page.goto(`${suite.baseURL}/zh-HK/brokerManager/investmentChart?projectNo=${project.projectNo}`);
    await chartDrawn(page, rates30.list.length);
    const week = await api<Rates>('POST', '/broker/financingUnit/queryBrokerUnitIncomeRateList', { projectNo: project.projectNo, days: 7 });
    await page.getByTestId('range-7').focus();
    await page.keyboard.press('Enter');
    await chartDrawn(page, week.list.length);
    expect(await drawnSeries(page)).toEqual(week.list.map((p) => ({ day: p.day, nav: p.nav })));
    // A custom range of the 10 days before the last week.
    const from = rates30.list[10]!.day;
    const to = rates30.list[19]!.day;
    const custom = await api<Rates>('POST', '/broker/financingUnit/queryBrokerUnitIncomeRateList', { projectNo: project.projectNo, startDay: from, endDay: to });
    await page.getByTestId('range-custom').click();
    await page.getByTestId('range-from').fill(from);
    await page.getByTestId('range-to').fill(to);
    await page.getByTestId('range-apply').click();
    await chartDrawn(page, custom.list.length);
    expect(await drawnSeries(page)).toEqual(custom.list.map((p) => ({ day: p.day, nav: p.nav })));
    expect(custom.list[0]!.cumulativeReturn).toBe('0');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([390, 1440] as const)('%i px: the data-analysis tab lists the capital report, income lines and trade statistics', async (width) => {
    const { page, context, errors } = await openPage(suite.browser, { viewport: { width, height: 900 } });
    await context.addCookies([{ name: 'token', value: token, url: suite.baseURL }]);
    await page.goto(`${suite.baseURL}/zh-HK/brokerManager/investmentChart?tab=analysis`);
    await page.getByTestId('analytics-overview').waitFor(slow);
    const report = await api<{ list: Array<{ projectNo: string }> }>('POST', '/broker/account/overview/capitalReport', { days: 30 });
    await page.getByTestId('capital-report').locator('tbody tr').first().waitFor(slow);
    // One row per project and the total.
    expect(await page.getByTestId('capital-report').locator('tbody tr').count()).toBe(report.list.length + 1);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="user-lines"]')?.getAttribute('data-lines') ?? 0) > 0, null, slow);
    await page.getByTestId('trade-total').locator('tbody tr').first().waitFor(slow);
    // The trade bills: the first page of the range's trades, newest first, with the sums of every page.
    const bills = await api<{ total: number; list: Array<{ tradeId: string }> }>('POST', '/broker/order/tradeBill/page', { pageCondition: { pageNum: 1, pageSize: 10 }, queryCondition: { days: 30 } });
    expect(bills.total).toBeGreaterThan(10);
    await page.getByTestId('trade-bill-sums').waitFor(slow);
    expect(await page.getByTestId('trade-bill-sums').textContent()).toContain(String(bills.total));
    expect(await page.getByTestId('trade-bills').locator('.p-datatable-tbody > tr').count()).toBe(10);
    expect(await page.getByTestId('refresh-times').textContent()).toContain(zhChart.refresh.volume);
    await expectNarrow(page, width);
    await expectAccessible(page, `data analysis ${width}`);
    await saveScreenshot(page, `broker-data-analysis-${width}`);
    if (width === 1440) await page.screenshot({ path: path.join(artifactsDir, 'broker-data-analysis-1440-full.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('public dataChart (issue 15)', () => {
  it.each([
    ['dataChart', 1280],
    ['dataChart', 1440],
    ['h5/dataChart', 390],
  ] as const)('%s at %i px, without a session: the same NAV series, nothing private', async (path, width) => {
    const { page, context, errors } = await openPage(suite.browser, { viewport: { width, height: 900 } });
    const sentTokens: string[] = [];
    page.on('request', (request) => {
      const auth = request.headers()['authorization'];
      if (auth) sentTokens.push(`${request.url()} ${auth}`);
    });
    await page.goto(`${suite.baseURL}/en-US/${path}?code=${shareCode}`);
    await page.getByTestId('datachart').waitFor(slow);
    await chartDrawn(page, rates30.list.length);
    expect(await page.getByTestId('datachart-name').textContent()).toBe(project.name);
    expect(await page.getByTestId('datachart-status').getAttribute('data-status')).toBe(project.status);
    expect(await drawnSeries(page)).toEqual(rates30.list.map((p) => ({ day: p.day, nav: p.nav })));
    expect(await page.getByTestId('datachart-twr').textContent()).toBe(percent(rates30.summary.timeWeighted));
    const html = await page.content();
    for (const secret of secrets) expect(html, `the page shows ${secret}`).not.toContain(secret);
    expect(sentTokens).toEqual([]);
    await expectNarrow(page, width);
    await expectAccessible(page, `${path} ${width}`);
    await saveScreenshot(page, `datachart-${path.replace('/', '-')}-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unknown share code is "not found"', async () => {
    const { page, context } = await openPage(suite.browser, { viewport: { width: 390, height: 900 } });
    await page.goto(`${suite.baseURL}/en-US/h5/dataChart?code=AAAAAAAAAAAAAAAA`);
    await page.getByTestId('datachart-not-found').waitFor(slow);
    expect(await page.locator('h1').textContent()).toBe(enChart.page.notFoundTitle);
    await expectAccessible(page, 'dataChart not found');
    await page.goto(`${suite.baseURL}/en-US/dataChart`);
    await page.getByTestId('datachart-not-found').waitFor(slow);
    await context.close();
  });
});
