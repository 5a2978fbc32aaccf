import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { navPerUnit, unitsFor } from '../../contract/broker-nav.ts';
import { addDays, hkDay, hkMidnight } from '../../contract/broker-projects-rules.ts';
import zhExport from '../../locales/zh-HK/broker-export.json' with { type: 'json' };
import zhInterest from '../../locales/zh-HK/broker-interest.json' with { type: 'json' };
import { openPage } from './support/browser.ts';
import {
  type Broker,
  chartDrawn,
  decideBill,
  drawnSeries,
  enterEmailCode,
  enterGaCode,
  fillProjectForm,
  formatNav,
  formatUnits,
  joinMember,
  makeChecker,
  openBrokerPage,
  registerBroker,
  sandboxNow,
  screenAmount,
  shown,
  usdt,
  xlsxRows,
} from './support/broker.ts';
import { saveScreenshot } from './support/market.ts';
import { ownSandboxSuite } from './support/suite.ts';

// Issue 15 "Done means", the whole broker flow end to end in real Chromium, one sandbox (its clock runs the days of
// simulated trading), each step on its page as the area tests drive it: a project is created on the project page;
// two investors put capital in on the investment page; the sandbox clock runs 30 days (more, ten at a time, only
// until a performance fee has accrued, so there is profit to withdraw); a capital decrease is previewed and made on
// the redeem page; interest is previewed and applied on the interest page; its bill passes the initial review (a
// second member, joined through the API), the re-review (the owner) and is paid on the bill page; a profit withdrawal
// is applied for and approved on the profit page; the clock runs two more days so every flow has a zero-hour record
// after it. Then: the NAV series (the API's zero-hour records and the chart's screen-reader table) has no jump at
// any capital flow, each record's change being that day's trading P&L less the accruals; the figures on screen equal
// the exports and the ledger; the public dataChart page shows the same series without a session and nothing private.

const suite = ownSandboxSuite();
/** Waits that include a call to the sandbox: generous for a loaded 2-core CI machine. */
const slow = { timeout: 15_000 } as const;
const PASSWORD = 'Passw0rd!x';
const DAY_MS = 86_400_000;
/** NAV per unit has 8 decimals: a flow may move it by the rounding of its units, never by more. */
const NAV_STEP = new Decimal('1e-8');

interface ProjectInfo {
  project: { projectNo: string; brokerAccountId: string; nav: string; units: string; netAsset: string; grossAsset: string; interestPayable: string; profitPayable: string; shareCode: string };
  available: string;
}
interface Holding {
  investorId: string;
  name: string;
  units: string;
  principal: string;
  value: string;
}
interface ZeroRecord {
  day: string;
  netAsset: string;
  units: string;
  nav: string;
  pnl: string;
  flowsIn: string;
  flowsOut: string;
  interestAccrued: string;
  performanceFee: string;
}
interface Fund {
  available: string;
  profitPayable: string;
  withdrawn: string;
  nav: string;
}
interface CapitalRecord {
  recordId: string;
  kind: string;
  brokerAccountId: string;
  amount: string;
}

let owner: Broker;
let member: Broker;
let projectNo = '';
let destination = '';
const stamp = Date.now().toString(36);
// Distinctive amounts: the public page's HTML is searched for them.
const investors = [
  { name: 'Chan Tai Man', email: `tm.chan-${stamp}@client.test`, amount: '31415.27' },
  { name: 'Lee Siu Ling', email: `sl.lee-${stamp}@client.test`, amount: '27182.81' },
];
/** Everything private the public page must not show: names, e-mails, amounts, units. */
const secrets: string[] = [];
/** Figures of the steps, read again by the final checks. */
const seen = { redeemed: '', billTotal: '', withdrawn: '' };

const openAs = (broker: Broker, width: number, path: string) => openBrokerPage(suite, broker, width, path);

async function api<T>(path: string, body: unknown, who: Broker = owner): Promise<T> {
  const reply = await suite.client.call<T>('POST', path, { token: who.token, body });
  expect(reply.code, `${path}: ${reply.msg}`).toBe(200);
  return reply.data;
}
const info = () => api<ProjectInfo>('/broker/project/queryBrokerProjectInfo', { projectNo });
const holdings = async () => (await api<{ list: Holding[] }>('/broker/project/listCapital', { projectNo })).list;
const fund = () => api<Fund>('/broker/project/queryWithdrawAvailable', { projectNo });
/** The asset flow of the organisation's sub-accounts (the ledger's broker postings), one kind. */
const ledger = async (kind: string) =>
  (await api<{ list: CapitalRecord[] }>('/broker/pageBrokerCapitalRecord', { pageCondition: { pageNum: 1, pageSize: 100 }, queryCondition: { kind } })).list;

/** Moves the sandbox clock; sessions idle past 30 minutes end with it, so both users sign in again. */
async function runDays(days: number): Promise<void> {
  await suite.client.advance(days * DAY_MS);
  owner.token = await suite.client.login(owner.email, PASSWORD);
  member.token = await suite.client.login(member.email, PASSWORD, member.ga);
}

/** Every zero-hour record of the project, oldest first. */
async function records(): Promise<ZeroRecord[]> {
  return (await api<{ list: ZeroRecord[] }>('/broker/financingUnit/queryEveryDayZeroRecordList', { projectNo, days: 90 })).list;
}

/** Shows the chart's 90-day range (the whole life of the project) and returns what it drew. */
async function drawnOver90Days(page: Page, points: number) {
  await chartDrawn(page, Math.min(points, 31));
  await page.getByTestId('range-90').click();
  await chartDrawn(page, points);
  return drawnSeries(page);
}

beforeAll(async () => {
  // Start at 01:00 UTC+8 of the next day: every step of a day then happens on that day, whatever the real time.
  const now = await sandboxNow(suite);
  await suite.client.advance(hkMidnight(addDays(hkDay(now), 1)).getTime() + 3_600_000 - now.getTime());
  owner = await registerBroker(suite, 'flow-owner', PASSWORD);
  member = await registerBroker(suite, 'flow-member', PASSWORD);
  for (const who of [owner, member]) expect((await suite.client.call('POST', '/institution/agree/broker/open', { token: who.token })).code).toBe(200);
  await joinMember(suite, owner, member);
  // The member approves the profit withdrawal: a checker (advanced KYC, a Google authenticator; server/broker/checker.ts).
  await makeChecker(suite, member, PASSWORD);
  // The sub-account the profit will be withdrawn to.
  destination = (await api<{ brokerAccountId: string }>('/broker/account/insertBrokerAccount', { exchangeCode: 'okx', accountType: 'regular', subAccountName: 'okxFlowProfit', requestId: `e2e-flow-account-${stamp}` })).brokerAccountId;
}, 90_000);

describe('the broker flow end to end in Chromium (issue 15 "Done means")', () => {
  it('a project is created on the project page and two investors put capital in on the investment page', async () => {
    const today = hkDay(await sandboxNow(suite));
    const { page, context, errors } = await openAs(owner, 1280, 'project');
    await page.getByTestId('broker-project-page').waitFor(slow);
    await page.getByTestId('project-create').click();
    const form = page.getByTestId('project-form');
    await fillProjectForm(form, { name: 'Harbour Flow Fund', description: 'USDT futures, end to end', exchangeCode: 'okx', startDay: today, endDay: addDays(today, 365), interestRate: '5', performanceFeeRate: '20', minSubscription: '100' });
    await form.getByTestId('project-submit').click();
    await expect.poll(() => page.getByTestId('project-notice').textContent(), slow).toMatch(/P\d{12}/);
    projectNo = /P\d{12}/.exec((await page.getByTestId('project-notice').textContent())!)![0];
    expect((await info()).project).toMatchObject({ projectNo, nav: expect.stringMatching(/^1(\.0+)?$/) });

    await page.goto(`${suite.baseURL}/en-US/brokerManager/investment?projectNo=${projectNo}`);
    const increase = page.getByTestId('increase-form');
    await increase.waitFor(slow);
    await expect.poll(() => increase.getByTestId('increase-project-facts').count(), slow).toBe(1);
    for (const investor of investors) {
      const nav = (await info()).project.nav;
      await increase.getByTestId('investor-mode-new').check();
      await increase.getByTestId('input-investorName').fill(investor.name);
      await increase.getByTestId('input-investorEmail').fill(investor.email);
      await increase.getByTestId('input-amount').fill(investor.amount);
      const units = unitsFor(investor.amount, nav).toFixed(8);
      expect(await increase.getByTestId('increase-preview').getAttribute('data-units')).toBe(units);
      await increase.getByTestId('increase-submit').click();
      await expect.poll(() => page.getByTestId('form-success').textContent(), slow).toContain(investor.name);
      expect(await page.getByTestId('form-success').textContent()).toContain(formatUnits(units));
      const held = (await holdings()).find((h) => h.name === investor.name)!;
      expect(new Decimal(held.units).toFixed(8)).toBe(units);
      secrets.push(investor.name, investor.email, investor.amount, held.units);
    }
    // Both increases are on the ledger: the primary sub-account got exactly the amounts.
    const primary = (await info()).project.brokerAccountId;
    const ins = (await ledger('broker_capital_increase')).filter((r) => r.brokerAccountId === primary);
    expect(ins.map((r) => new Decimal(r.amount).toFixed()).sort()).toEqual(investors.map((i) => new Decimal(i.amount).toFixed()).sort());
    await saveScreenshot(page, 'broker-flow-investment-1280');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('the sandbox clock runs 30 days of simulated trading (more, ten days at a time, until a performance fee has accrued)', async () => {
    const before = await info();
    await runDays(30);
    const after = await info();
    expect(after.project.units).toBe(before.project.units);
    expect(after.project.nav).not.toBe(before.project.nav);
    expect(new Decimal(after.project.interestPayable).gt(0)).toBe(true);
    expect((await records()).length).toBe(30);
    // A performance fee accrues only on a day the NAV closes above its high-water mark: after 30 days that is likely,
    // not certain (the simulated returns depend on the project number). Run on until there is profit to withdraw.
    for (let more = 0; more < 12 && new Decimal((await fund()).available).lt('0.02'); more++) await runDays(10);
    expect(new Decimal((await fund()).available).gte('0.02')).toBe(true);
  }, 180_000);

  it('a capital decrease is previewed and made on the redeem page; it pays the preview\'s amount, on the ledger', async () => {
    const first = (await holdings()).find((h) => h.name === investors[0]!.name)!;
    const { page, context, errors } = await openAs(owner, 1280, `redeem?projectNo=${projectNo}`);
    const form = page.getByTestId('redeem-form');
    await form.waitFor(slow);
    await expect.poll(() => form.locator(`[data-testid="input-investorId"] option[value="${first.investorId}"]`).count(), slow).toBe(1);
    await form.getByTestId('input-investorId').selectOption(first.investorId);
    await expect.poll(() => form.getByTestId('redeem-holding').textContent(), slow).toContain(formatUnits(first.units));
    await form.getByTestId('input-quantity').fill('5000');
    await form.getByTestId('redeem-preview').click();
    const facts = form.getByTestId('redeem-preview-facts');
    await facts.waitFor(slow);
    const preview = await api<{ units: string; nav: string; amount: string; unitsLeft: string }>('/broker/financing/preDecreaseCapital', { projectNo, investorId: first.investorId, units: '5000' });
    expect(await facts.getByTestId('preview-nav').textContent()).toBe(formatNav(preview.nav));
    expect(await facts.getByTestId('preview-amount').textContent()).toBe(usdt(preview.amount));
    expect(await facts.getByTestId('preview-units-left').textContent()).toBe(formatUnits(preview.unitsLeft));
    // The preview's NAV is the project's: the decrease redeems at the NAV, it does not move it.
    expect(preview.nav).toBe((await info()).project.nav);
    await form.getByTestId('redeem-submit').waitFor(slow);
    await enterEmailCode(suite, form, owner.email, 'brokerRedeem');
    await saveScreenshot(page, 'broker-flow-redeem-1280');
    await form.getByTestId('redeem-submit').click();
    await expect.poll(() => page.getByTestId('form-success').textContent(), slow).toContain(usdt(preview.amount));
    seen.redeemed = preview.amount;
    secrets.push(preview.amount);
    const out = await ledger('broker_capital_decrease');
    expect(out.map((r) => new Decimal(r.amount).toFixed())).toEqual([new Decimal(preview.amount).neg().toFixed()]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('interest: previewed and applied on the interest page; the bill passes both reviews by different members and is paid; screen = export = ledger', async () => {
    const { page, context, errors } = await openAs(owner, 1280, 'interest');
    await page.getByTestId('broker-interest').waitFor(slow);
    await page.getByTestId('input-projectNo').selectOption(projectNo);
    await expect.poll(() => page.locator('[data-testid="interest-investors"] tbody tr').count(), slow).toBe(2);
    const form = page.getByTestId('settle-form');
    await expect.poll(() => form.getByTestId('input-untilDay').inputValue(), slow).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const untilDay = await form.getByTestId('input-untilDay').inputValue();
    await form.getByTestId('settle-preview').click();
    await page.getByTestId('settle-preview-panel').waitFor(slow);
    const expected = await api<{ total: string; lines: unknown[] }>('/broker/interestSettle/previewSettleData', { projectNo, untilDay });
    expect(await page.locator('[data-testid="settle-preview-lines"] tbody tr').count()).toBe(expected.lines.length);
    expect(screenAmount(await page.getByTestId('settle-preview-total').textContent()).toFixed()).toBe(new Decimal(expected.total).toFixed());
    await page.getByTestId('settle-apply').click();
    await expect.poll(() => page.getByTestId('form-success').textContent(), slow).toMatch(/S\d{14}/);
    const billNo = /S\d{14,20}/.exec((await page.getByTestId('form-success').textContent())!)![0];
    expect(errors).toEqual([]);
    await context.close();

    // Initial review by the member (not the applicant).
    const theirs = await openAs(member, 1280, `bill?billNo=${billNo}`);
    await theirs.page.getByTestId('bill-decision').waitFor(slow);
    await decideBill(theirs.page, 'initial_review', 'pending_re_review');
    expect(theirs.errors).toEqual([]);
    await theirs.context.close();

    // Re-review by the owner (not the initial reviewer), then paid with the e-mail code.
    const pay = await openAs(owner, 1280, `bill?billNo=${billNo}`);
    await decideBill(pay.page, 're_review', 'pending_payment');
    const decision = pay.page.getByTestId('bill-decision');
    await decision.getByTestId('input-emailCode').waitFor(slow);
    await enterEmailCode(suite, decision, owner.email, 'brokerInterest');
    const before = await info();
    await decideBill(pay.page, 'pay', 'paid');
    await saveScreenshot(pay.page, 'broker-flow-bill-paid-1280');
    const onScreen = screenAmount(await pay.page.getByTestId('bill-total').textContent());
    expect(onScreen.toFixed()).toBe(new Decimal(expected.total).toFixed());
    // The bill's export: its total row holds the same number.
    const lines = await pay.page.locator('[data-testid="bill-lines"] tbody tr').count();
    const [file] = await Promise.all([pay.page.waitForEvent('download'), pay.page.getByTestId('bill-detail').getByTestId('broker-export').click()]);
    const rows = await xlsxRows(file);
    const first = rows.findIndex((r) => r[0] === zhInterest.export.lineColumns.investorId) + 1;
    expect(first).toBeGreaterThan(0);
    expect(typeof rows[first + lines]![6]).toBe('number');
    expect(new Decimal(rows[first + lines]![6] as number).toFixed()).toBe(onScreen.toFixed());
    // The ledger: one broker_interest_payment, the primary sub-account paying the total, the investors getting it.
    const paid = await ledger('broker_interest_payment');
    expect(paid.length).toBe(1);
    expect(paid[0]!.brokerAccountId).toBe(before.project.brokerAccountId);
    expect(new Decimal(paid[0]!.amount).neg().toFixed()).toBe(onScreen.toFixed());
    const detail = await api<{ counterparties: Array<{ account: string; amount: string }> }>('/broker/queryBrokerCapitalRecordDetail', { recordId: paid[0]!.recordId });
    const toInvestors = detail.counterparties.filter((c) => c.account.startsWith('investor:'));
    expect(toInvestors.length).toBe(2);
    expect(toInvestors.reduce((sum, c) => sum.add(c.amount), new Decimal(0)).toFixed()).toBe(onScreen.toFixed());
    // Paying interest settles a liability: the NAV per unit does not move.
    const after = await info();
    expect(after.project.nav).toBe(before.project.nav);
    expect(new Decimal(before.project.interestPayable).minus(after.project.interestPayable).toFixed()).toBe(onScreen.toFixed());
    seen.billTotal = expected.total;
    secrets.push(expected.total);
    expect(pay.errors).toEqual([]);
    await pay.context.close();
  }, 150_000);

  it('a profit withdrawal is applied for on the profit page and approved by the other member; the NAV does not move', async () => {
    const before = await fund();
    // Half of what is available, cut to 2 decimals.
    const amount = new Decimal(before.available).div(2).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed();
    const mine = await openAs(owner, 1280, 'profit');
    const { page } = mine;
    await page.getByTestId('broker-profit').waitFor(slow);
    await expect.poll(() => page.getByTestId(`profit-available-${projectNo}`).textContent(), slow).toContain('USDT');
    expect(screenAmount(await page.getByTestId(`profit-available-${projectNo}`).textContent()).toFixed(4)).toBe(new Decimal(before.available).toFixed(4, Decimal.ROUND_DOWN));
    const form = page.getByTestId('profit-withdraw-form');
    await expect.poll(() => form.locator(`[data-testid="input-toAccountId"] option[value="${destination}"]`).count(), slow).toBe(1);
    await form.getByTestId('input-toAccountId').selectOption(destination);
    await form.getByTestId('input-amount').fill(amount);
    await form.getByTestId('profit-withdraw-preview-button').click();
    await expect.poll(() => form.getByTestId('profit-withdraw-preview').textContent(), slow).toContain(before.nav);
    await enterEmailCode(suite, form, owner.email, 'brokerWithdraw', 'withdrawEmailCode');
    await form.getByTestId('profit-withdraw-submit').click();
    await expect.poll(() => page.getByTestId('form-success').textContent(), slow).toMatch(/#\d+/);
    const applicationId = /#(\d+)/.exec((await page.getByTestId('form-success').textContent())!)![1]!;
    await expect.poll(() => page.getByTestId(`profit-status-${applicationId}`).getAttribute('data-status'), slow).toBe('applying');
    expect(mine.errors).toEqual([]);
    await mine.context.close();

    const theirs = await openAs(member, 1280, 'profit');
    await theirs.page.getByTestId('broker-profit').waitFor(slow);
    await theirs.page.getByTestId(`profit-decide-${applicationId}`).click();
    const decision = theirs.page.getByTestId('decision-form');
    await decision.waitFor(slow);
    await enterEmailCode(suite, decision, member.email, 'brokerApprove');
    await enterGaCode(decision, member);
    await decision.getByTestId('decision-approve').click();
    await expect.poll(() => theirs.page.getByTestId(`profit-status-${applicationId}`).getAttribute('data-status'), slow).toBe('done');
    await saveScreenshot(theirs.page, 'broker-flow-profit-1280');
    const after = await fund();
    expect(new Decimal(before.profitPayable).minus(after.profitPayable).toFixed()).toBe(new Decimal(amount).toFixed());
    expect(after.nav).toBe(before.nav);
    await expect.poll(async () => screenAmount(await theirs.page.getByTestId(`profit-withdrawn-${projectNo}`).textContent()).toFixed(4), slow).toBe(new Decimal(after.withdrawn).toFixed(4));
    // The ledger: the primary sub-account paid the amount out, the chosen sub-account got it.
    const payout = await ledger('broker_profit_payout');
    expect(payout.map((r) => [r.brokerAccountId === destination ? 'to' : 'from', new Decimal(r.amount).toFixed()]).sort()).toEqual([
      ['from', new Decimal(amount).neg().toFixed()],
      ['to', new Decimal(amount).toFixed()],
    ]);
    seen.withdrawn = amount;
    expect(theirs.errors).toEqual([]);
    await theirs.context.close();
  }, 120_000);

  it('the NAV series has no jump at the capital flows: the records, the chart and the detail page agree', async () => {
    // Two more days: the decrease's day gets its zero-hour record.
    await runDays(2);
    const list = await records();
    const flowDays = list.filter((r) => new Decimal(r.flowsIn).gt(0) || new Decimal(r.flowsOut).gt(0));
    expect(flowDays.map((r) => [new Decimal(r.flowsIn).toFixed(), new Decimal(r.flowsOut).toFixed()])).toEqual([
      [investors.reduce((s, i) => s.add(i.amount), new Decimal(0)).toFixed(), '0'],
      ['0', new Decimal(seen.redeemed).toFixed()],
    ]);
    // Before the first record the fund was empty at NAV 1.
    let previous = { netAsset: '0', units: '0', nav: '1' };
    for (const r of list) {
      // The flow itself, at the previous zero hour's NAV: the net asset and the units it leaves give the same NAV,
      // to the rounding of the units bought or redeemed.
      const afterFlow = new Decimal(previous.netAsset).add(r.flowsIn).sub(r.flowsOut);
      const navAfterFlow = new Decimal(navPerUnit(afterFlow.toFixed(), r.units));
      expect(navAfterFlow.sub(previous.nav).abs().lte(NAV_STEP), `${r.day}: the flow moved the NAV from ${previous.nav} to ${navAfterFlow.toFixed()}`).toBe(true);
      // The rest of the day's change is the trading P&L less the interest and performance fee accrued.
      expect(new Decimal(r.netAsset).toFixed(), r.day).toBe(afterFlow.add(r.pnl).sub(r.interestAccrued).sub(r.performanceFee).toFixed());
      expect(new Decimal(r.nav).toFixed(8), r.day).toBe(new Decimal(navPerUnit(r.netAsset, r.units)).toFixed(8));
      previous = r;
    }
    const last = list[list.length - 1]!;

    // The chart on investmentChart draws exactly these NAVs.
    const { page, context, errors } = await openAs(owner, 1280, `investmentChart?projectNo=${projectNo}`);
    await page.getByTestId('performance-chart').waitFor(slow);
    const signedIn = await drawnOver90Days(page, list.length);
    expect(signedIn).toEqual(list.map((r) => ({ day: r.day, nav: r.nav })));
    await saveScreenshot(page, 'broker-flow-chart-1280');
    // The zero-hour records table below it (newest first) shows the records' figures, the flows on their days.
    const table = page.getByTestId('zero-records');
    await expect.poll(() => table.locator('tbody tr').count(), slow).toBe(list.length);
    const cells = await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((c) => (c.textContent ?? '').trim())));
    const amount4 = (v: string) => shown(v, 4);
    expect(cells.map((c) => [c[0], c[1], c[2], c[3], c[5], c[6]])).toEqual(
      [...list].reverse().map((r) => [r.day, r.nav, amount4(r.netAsset), formatUnits(r.units), amount4(r.flowsIn), amount4(r.flowsOut)]),
    );
    // Its export holds the same records, oldest first, the figures as numbers.
    const [file] = await Promise.all([page.waitForEvent('download'), table.getByTestId('broker-export').click()]);
    const rows = await xlsxRows(file);
    const header = rows.findIndex((r) => r[0] === zhExport.analytics.zeroRecords.columns.day);
    expect(header).toBeGreaterThan(0);
    const exported = rows.slice(header + 1);
    for (const r of exported) for (const i of [4, 5, 6, 8, 9]) expect(typeof r[i]).toBe('number');
    expect(exported.map((r) => [r[0], new Decimal(r[4] as number).toFixed(), new Decimal(r[5] as number).toFixed(), new Decimal(r[6] as number).toFixed(), new Decimal(r[8] as number).toFixed(), new Decimal(r[9] as number).toFixed()])).toEqual(
      list.map((r) => [r.day, new Decimal(r.netAsset).toFixed(), new Decimal(r.units).toFixed(), new Decimal(r.nav).toFixed(), new Decimal(r.flowsIn).toFixed(), new Decimal(r.flowsOut).toFixed()]),
    );

    // The detail page's net asset and NAV are the last zero-hour record's (nothing has moved since).
    await page.goto(`${suite.baseURL}/en-US/brokerManager/project-detail/${projectNo}`);
    const detail = page.getByTestId('broker-project-detail');
    await expect.poll(() => detail.getByTestId('detail-project-no').textContent(), slow).toBe(projectNo);
    expect(await detail.getByTestId('detail-net-asset').textContent()).toBe(usdt(last.netAsset));
    expect(await detail.getByTestId('detail-nav').textContent()).toBe(formatNav(last.nav));
    expect(await detail.getByTestId('detail-units').textContent()).toBe(formatUnits(last.units));
    const project = (await info()).project;
    secrets.push(project.units, project.netAsset, project.grossAsset, last.netAsset, seen.withdrawn);
    for (const h of await holdings()) secrets.push(h.units, h.principal, h.value);
    expect(errors).toEqual([]);
    await context.close();

    // The public dataChart page, without a session: the same series, nothing private.
    const shareCode = project.shareCode;
    const pub = await openPage(suite.browser, { viewport: { width: 1280, height: 900 } });
    const sentTokens: string[] = [];
    pub.page.on('request', (request) => {
      const auth = request.headers()['authorization'];
      if (auth) sentTokens.push(`${request.url()} ${auth}`);
    });
    await pub.page.goto(`${suite.baseURL}/en-US/dataChart?code=${shareCode}`);
    await pub.page.getByTestId('datachart').waitFor(slow);
    expect(await pub.page.getByTestId('datachart-name').textContent()).toBe('Harbour Flow Fund');
    expect(await drawnOver90Days(pub.page, list.length)).toEqual(signedIn);
    const html = await pub.page.content();
    // As the API answers them and as a screen would print them; short figures (a "0.5") would match anything.
    const hidden = [...secrets, ...secrets.filter((s) => /^\d+(\.\d+)?$/.test(s)).map((s) => shown(s, 4))].filter((s) => s.length >= 6);
    for (const secret of hidden) expect(html, `the public page shows ${secret}`).not.toContain(secret);
    expect(sentTokens).toEqual([]);
    expect(await pub.context.cookies()).toEqual([]);
    await saveScreenshot(pub.page, 'broker-flow-datachart-1280');
    expect(pub.errors).toEqual([]);
    await pub.context.close();
  }, 120_000);
});
