import Decimal from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../../locales/zh-HK/broker-interest.json' with { type: 'json' };
import { type Broker, decideBill, enterEmailCode, expectNotWider, joinMember, openBrokerPage, registerBroker, xlsxRows } from './support/broker.ts';
import { saveScreenshot } from './support/market.ts';
import { expectAccessible, ownSandboxSuite } from './support/suite.ts';

// Issue 15, interest settlement and settle bills in real Chromium, own sandbox (its clock is moved on by days, so the
// daily zero-hour job accrues interest): an owner and a second member of one broker organisation (the member joins
// through the account-manager e-mail confirmation, as in part 1's tests); a project with two investors' capital made
// through the API; the owner previews the settlement and applies (the bill pending its initial review); the owner's
// own review is refused with its reason; the member passes the initial review, the owner the re-review, and the
// owner pays with the e-mail code: the bill is paid, the interest payable falls by its total and the NAV per unit
// does not move. Broker pages are Hong Kong Chinese (spec §1), whatever the URL's prefix says.

const suite = ownSandboxSuite();
const slow = { timeout: 15_000 } as const;
const PASSWORD = 'Passw0rd!x';
const DAY_MS = 86_400_000;

interface ProjectInfo {
  project: { nav: string; interestPayable: string };
  available: string;
}

let owner: Broker;
let member: Broker;
let projectNo = '';

const registerUser = (tag: string) => registerBroker(suite, `interest-${tag}`, PASSWORD);
const openAs = (broker: Broker, width: number, path: string) => openBrokerPage(suite, broker, width, path);

const info = async () => (await suite.client.call<ProjectInfo>('POST', '/broker/project/queryBrokerProjectInfo', { token: owner.token, body: { projectNo } })).data;

beforeAll(async () => {
  owner = await registerUser('owner');
  expect((await suite.client.call('POST', '/institution/agree/broker/open', { token: owner.token })).code).toBe(200);
  member = await registerUser('member');
  expect((await suite.client.call('POST', '/institution/agree/broker/open', { token: member.token })).code).toBe(200);
  await joinMember(suite, owner, member);

  // A project starting today (UTC+8) with two investors.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date(Date.now() + suite.client.offsetMs));
  const made = await suite.client.call<{ projectNo: string }>('POST', '/broker/applyRecord/add', {
    token: owner.token,
    body: { type: 'project', name: 'Harbour Income Fund', exchangeCode: 'okx', startDay: today, endDay: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`, interestRate: '0.08', performanceFeeRate: '0.2', minSubscription: '100', requestId: `e2e-interest-project-${Date.now()}` },
  });
  expect(made.code, JSON.stringify(made)).toBe(200);
  projectNo = made.data.projectNo;
  for (const [name, amount] of [
    ['Alice Chan', '20000'],
    ['Bob Wong', '8000'],
  ] as const) {
    const flow = await suite.client.call('POST', '/broker/financing/increaseCapital', {
      token: owner.token,
      body: { projectNo, investor: { name, email: `${name.split(' ')[0]!.toLowerCase()}-${Date.now().toString(36)}@investor.test` }, amount, requestId: `e2e-interest-${name.split(' ')[0]}-${Date.now()}` },
    });
    expect(flow.code, JSON.stringify(flow)).toBe(200);
  }
  // Thirty days of the sandbox clock: the daily job accrues the interest; the sessions are signed in again.
  await suite.client.advance(30 * DAY_MS);
  owner.token = await suite.client.login(owner.email, PASSWORD);
  member.token = await suite.client.login(member.email, PASSWORD);
}, 120_000);

describe('interest settlement and settle bills in Chromium (issue 15)', () => {
  let billNo = '';

  it('interest: the project\'s interest per investor, a preview and the application; the bill pending its initial review', async () => {
    const { page, context, errors } = await openAs(owner, 1280, 'interest');
    await page.getByTestId('broker-interest').waitFor(slow);
    expect(await page.locator('h1').textContent()).toBe(zh.interest.title);
    await page.getByTestId('input-projectNo').selectOption(projectNo);
    await expect.poll(() => page.locator('[data-testid="interest-investors"] tbody tr').count(), slow).toBe(2);
    const form = page.getByTestId('settle-form');
    await expect.poll(() => form.getByTestId('input-untilDay').inputValue(), slow).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const untilDay = await form.getByTestId('input-untilDay').inputValue();
    // A day after the last accrual is refused beside the field.
    await form.getByTestId('input-untilDay').fill('2999-01-01');
    await form.getByTestId('settle-preview').click();
    expect(await form.getByTestId('error-untilDay').textContent()).toBe(zh.errors.untilDay);
    await form.getByTestId('input-untilDay').fill(untilDay);
    // By keyboard: Enter in the remark submits the preview.
    await form.getByTestId('input-remark').fill('November interest');
    await form.getByTestId('input-remark').press('Enter');
    await page.getByTestId('settle-preview-panel').waitFor(slow);
    const expected = await suite.client.call<{ total: string; lines: unknown[] }>('POST', '/broker/interestSettle/previewSettleData', { token: owner.token, body: { projectNo, untilDay } });
    expect(await page.locator('[data-testid="settle-preview-lines"] tbody tr').count()).toBe(expected.data.lines.length);
    // The screen shows the total the sandbox previews, to the last decimal.
    expect(new Decimal((await page.getByTestId('settle-preview-total').textContent())!.replace(/[^\d.]/g, '')).toFixed()).toBe(new Decimal(expected.data.total).toFixed());
    await expectAccessible(page, 'interest preview');
    await saveScreenshot(page, 'broker-interest-preview-1280');
    await page.getByTestId('settle-apply').click();
    await expect.poll(() => page.getByTestId('form-success').textContent(), slow).toMatch(/S\d{14}/);
    billNo = /S\d{14,20}/.exec((await page.getByTestId('form-success').textContent())!)![0];
    await expect.poll(() => page.getByTestId(`interest-bill-${billNo}`).count(), slow).toBe(1);
    expect(await page.locator(`[data-testid="interest-bills"] [data-bill-status="pending_initial_review"]`).count()).toBe(1);
    const bill = await suite.client.call<{ total: string; status: string }>('POST', '/broker/settleBillDetailQuery', { token: owner.token, body: { billNo } });
    expect(bill.data).toMatchObject({ bill: { status: 'pending_initial_review', total: expected.data.total } });
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('bill: the applicant may not review; the member reviews, the owner re-reviews and pays with the e-mail code; the NAV does not move', async () => {
    expect(billNo).not.toBe('');
    // The applicant sees why not.
    const mine = await openAs(owner, 1280, `bill?billNo=${billNo}`);
    const detail = mine.page.getByTestId('bill-detail');
    await detail.waitFor(slow);
    await expect.poll(() => detail.getByTestId('bill-refusal').textContent(), slow).toBe(zh.bill.refusal.applicant);
    expect(await detail.getByTestId('bill-decision').count()).toBe(0);
    expect(await detail.locator('[data-testid="bill-lines"] tbody tr').count()).toBe(2);
    await mine.context.close();

    // The member passes the initial review (with a remark).
    const theirs = await openAs(member, 1280, `bill?billNo=${billNo}`);
    const review = theirs.page.getByTestId('bill-decision');
    await review.waitFor(slow);
    await review.getByTestId('input-remark').fill('lines checked');
    await expectAccessible(theirs.page, 'initial review');
    await saveScreenshot(theirs.page, 'broker-bill-review-1280');
    await decideBill(theirs.page, 'initial_review', 'pending_re_review');
    // The initial reviewer cannot re-review.
    await expect.poll(() => theirs.page.getByTestId('bill-refusal').textContent(), slow).toBe(zh.bill.refusal.initialReviewer);
    await theirs.context.close();

    // The owner re-reviews, then pays with the e-mail code of type brokerInterest.
    const pay = await openAs(owner, 1280, `bill?billNo=${billNo}`);
    await decideBill(pay.page, 're_review', 'pending_payment');
    const decision = pay.page.getByTestId('bill-decision');
    await decision.getByTestId('input-emailCode').waitFor(slow);
    // Without the code, refused beside the field.
    await decision.getByTestId('bill-action-pay').click();
    await decision.getByTestId('error-emailCode').waitFor(slow);
    await enterEmailCode(suite, decision, owner.email, 'brokerInterest');
    await expectAccessible(pay.page, 'payment');
    await saveScreenshot(pay.page, 'broker-bill-pay-1280');
    const before = await info();
    await decideBill(pay.page, 'pay', 'paid');
    expect(await pay.page.getByTestId('bill-status').textContent()).toBe(zh.billStates.paid);
    expect(new Decimal((await pay.page.getByTestId('bill-total').textContent())!.replace(/[^\d.]/g, '')).gt(0)).toBe(true);
    await expect.poll(() => pay.page.locator('[data-testid="bill-history"] tbody tr').count(), slow).toBe(4);
    const after = await info();
    const total = (await suite.client.call<{ bill: { total: string } }>('POST', '/broker/settleBillDetailQuery', { token: owner.token, body: { billNo } })).data.bill.total;
    expect(new Decimal(before.available).minus(after.available).toFixed()).toBe(new Decimal(total).toFixed());
    expect(new Decimal(before.project.interestPayable).minus(after.project.interestPayable).toFixed()).toBe(new Decimal(total).toFixed());
    expect(after.project.nav).toBe(before.project.nav);
    // The bill's export holds its lines as the screen shows them, the total row, and the history.
    const lines = await pay.page.locator('[data-testid="bill-lines"] tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())));
    const [billFile] = await Promise.all([pay.page.waitForEvent('download'), pay.page.getByTestId('bill-detail').getByTestId('broker-export').click()]);
    expect(billFile.suggestedFilename()).toBe(`結算帳單-${billNo}.xlsx`);
    const billRows = await xlsxRows(billFile);
    const first = billRows.findIndex((r) => r[0] === zh.export.lineColumns.investorId) + 1;
    const exportedLines = billRows.slice(first, first + lines.length);
    expect(exportedLines.map((r) => [r[1], r[3], new Decimal(r[6] as number).toFixed()])).toEqual(lines.map((r) => [r[0], Number(r[2]), new Decimal(r[4]!.replace(/[^\d.]/g, '')).toFixed()]));
    expect(new Decimal(billRows[first + lines.length]![6] as number).toFixed()).toBe(new Decimal(total).toFixed());
    // The paid tab lists it.
    await pay.page.getByTestId('bill-tab-paid').click();
    await expect.poll(() => pay.page.getByTestId(`bill-status-${billNo}`).getAttribute('data-status'), slow).toBe('paid');
    await saveScreenshot(pay.page, 'broker-bill-paid-1280');
    // The list's export is the list: the same bills, totals as numbers equal to the screen's.
    const shown = await pay.page.locator('.p-datatable-tbody > tr').evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())));
    const [download] = await Promise.all([pay.page.waitForEvent('download'), pay.page.getByTestId('broker-filters').getByTestId('broker-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^結算帳單-\d{8}\.xlsx$/);
    const values = await xlsxRows(download);
    expect(String(values[0]![0])).toBe(zh.export.title);
    const header = values.findIndex((r) => r[0] === zh.export.columns.billNo);
    const exported = values.slice(header + 1);
    expect(exported.map((r) => [r[0], new Decimal(r[6] as number).toFixed()])).toEqual(shown.map((r) => [r[0], new Decimal(r[4]!.replace(/[^\d.]/g, '')).toFixed()]));
    expect(exported.map((r) => r[0])).toContain(billNo);
    expect(pay.errors).toEqual([]);
    await pay.context.close();
  }, 120_000);

  it.each([390, 1280, 1440] as const)('%i px: interest and bill pages are accessible and not wider than the screen', async (width) => {
    for (const [path, testId] of [
      ['interest', 'broker-interest'],
      [`bill?billNo=${billNo}`, 'broker-bill'],
    ] as const) {
      const { page, context, errors } = await openAs(owner, width, path);
      await page.getByTestId(testId).waitFor(slow);
      if (testId === 'broker-interest') await expect.poll(() => page.locator('[data-testid="interest-investors"] tbody tr').count(), slow).toBe(2);
      else await page.getByTestId('bill-detail').waitFor(slow);
      await expectAccessible(page, `${path} ${width}`);
      await expectNotWider(page, width, '.td-broker-interest', `${path} ${width}`);
      await saveScreenshot(page, `broker-${testId === 'broker-interest' ? 'interest' : 'bill'}-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 90_000);
});
