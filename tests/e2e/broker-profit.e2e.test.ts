import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hkDay } from '../../contract/broker-projects-rules.ts';
import { projectTerms } from '../broker/brokers.ts';
import zh from '../../locales/zh-HK/broker-profit.json' with { type: 'json' };
import { type Broker, enterEmailCode, enterGaCode, joinMember, makeChecker, openBrokerPage, registerBroker, sandboxNow, screenAmount, xlsxRows } from './support/broker.ts';
import path from 'node:path';
import { artifactsDir, saveScreenshot } from './support/market.ts';
import { expectAccessible, ownSandboxSuite } from './support/suite.ts';

// Issue 15 "Done means", the profit page in real Chromium, own sandbox: a broker with a project funded by an
// investor runs the sandbox clock until a performance fee has accrued; a second broker user joins the organisation
// through the account-manager e-mail flow (the API, like part 1's e2e); the first applies for a profit withdrawal on
// the page (bad input refused beside its field, the preview shows the NAV per unit that does not move, the e-mail
// code), their own approval is refused, the second member approves it with the e-mail code; the figures on screen
// equal the sandbox's, the NAV per unit is unchanged, and the applications' export has the screen's rows. Axe at
// each step; 390, 1280 and 1440 px without sideways scrolling.

const suite = ownSandboxSuite();
const slow = { timeout: 15_000 } as const;
const PASSWORD = 'Passw0rd!x';
const DAY = 86_400_000;

interface Fund {
  projectNo: string;
  accrued: string;
  withdrawn: string;
  applying: string;
  available: string;
  profitPayable: string;
  nav: string;
}

let owner: Broker;
let member: Broker;
let projectNo = '';
let destination = '';

const registerUser = (tag: string) => registerBroker(suite, `profit-${tag}`, PASSWORD);

async function openAs(broker: Broker, width: number) {
  const opened = await openBrokerPage(suite, broker, width, 'profit');
  await opened.page.getByTestId('broker-profit').waitFor(slow);
  return opened;
}

async function fund(): Promise<Fund> {
  const reply = await suite.client.call<Fund>('POST', '/broker/project/queryWithdrawAvailable', { token: owner.token, body: { projectNo } });
  expect(reply.code).toBe(200);
  return reply.data;
}

/** The page does not scroll sideways; a table's own scrolling region may. */
async function expectNarrow(page: Page, width: number, name: string): Promise<void> {
  const wide = await page.evaluate(
    (max) => ({
      page: document.documentElement.scrollWidth,
      wide: Array.from(document.querySelectorAll('.td-profit *'))
        .filter((el) => el.getBoundingClientRect().right > max + 1 && !el.closest('.p-datatable-wrapper, .td-table-scroll, .td-profit-table-wrap'))
        .slice(0, 5)
        .map((el) => `${el.tagName}.${el.className}`),
    }),
    width,
  );
  expect(wide.page, `${name}: ${wide.wide.join(', ')}`).toBeLessThanOrEqual(width);
  expect(wide.wide, name).toEqual([]);
}


beforeAll(async () => {
  owner = await registerUser('owner');
  expect((await suite.client.call('POST', '/institution/agree/broker/open', { token: owner.token })).code).toBe(200);
  const call = <T>(who: Broker, path: string, body: unknown) => suite.client.call<T>('POST', path, { token: who.token, body });
  const made = await call<{ brokerAccountId: string }>(owner, '/broker/account/insertBrokerAccount', { exchangeCode: 'okx', accountType: 'regular', subAccountName: 'okxProfitE2e', requestId: 'e2e-profit-account' });
  expect(made.code).toBe(200);
  destination = made.data.brokerAccountId;
  // A project started today, 50 % performance fee, one investor's capital.
  const today = hkDay(await sandboxNow(suite));
  const project = await call<{ projectNo: string }>(owner, '/broker/applyRecord/add', projectTerms(today, 'Profit e2e fund', 'e2e-profit-project'));
  expect(project.code, JSON.stringify(project)).toBe(200);
  projectNo = project.data.projectNo;
  expect((await call(owner, '/broker/financing/increaseCapital', { projectNo, investor: { name: 'E2e investor', email: 'e2e-investor@firm.test' }, amount: '100000', requestId: 'e2e-profit-increase' })).code).toBe(200);
  // The sandbox clock runs 30 days at a time (the zero-hour job catches up day by day) until a fee has accrued; the
  // session is signed in again after each move (sessions expire on the sandbox clock).
  for (let month = 0; month < 8; month++) {
    await suite.client.advance(30 * DAY);
    owner.token = await suite.client.login(owner.email, PASSWORD);
    if (new Decimal((await fund()).available).gte(50)) break;
  }
  expect(new Decimal((await fund()).available).gte(50)).toBe(true);
  // A second broker user joins the owner's organisation.
  member = await registerUser('member');
  expect((await suite.client.call('POST', '/institution/agree/broker/open', { token: member.token })).code).toBe(200);
  await joinMember(suite, owner, member);
  // The member decides: a checker (advanced KYC, a Google authenticator; server/broker/checker.ts).
  await makeChecker(suite, member, PASSWORD);
}, 240_000);

describe('broker profit page in Chromium (issue 15)', () => {
  it('a profit withdrawal: applied for with its preview and e-mail code, refused to its applicant, approved by a second member; the NAV per unit does not move; the export equals the screen', async () => {
    const before = await fund();
    const mine = await openAs(owner, 1280);
    const { page } = mine;
    expect(await page.locator('h1').textContent()).toBe(zh.title);
    // The figures on screen are the sandbox's.
    await expect.poll(() => page.getByTestId(`profit-available-${projectNo}`).textContent(), slow).toContain('USDT');
    expect(screenAmount(await page.getByTestId(`profit-accrued-${projectNo}`).textContent()).toFixed(4)).toBe(new Decimal(before.accrued).toFixed(4, Decimal.ROUND_DOWN));
    expect(screenAmount(await page.getByTestId('profit-figure-available').textContent()).toFixed(4)).toBe(new Decimal(before.available).toFixed(4, Decimal.ROUND_DOWN));
    const form = page.getByTestId('profit-withdraw-form');
    await expect.poll(() => form.locator(`[data-testid="input-toAccountId"] option[value="${destination}"]`).count(), slow).toBe(1);
    await form.getByTestId('input-toAccountId').selectOption(destination);
    // Bad input is refused beside its field, by keyboard (Enter submits).
    await form.getByTestId('input-amount').fill(new Decimal(before.available).plus(1).toFixed());
    await form.getByTestId('input-amount').press('Enter');
    expect(await form.getByTestId('error-amount').textContent()).toBe(zh.errors.unavailable.replace('{{available}}', before.available));
    await form.getByTestId('input-amount').fill('12.5');
    await form.getByTestId('profit-withdraw-preview-button').click();
    await expect.poll(() => form.getByTestId('profit-withdraw-preview').textContent(), slow).toContain(before.nav);
    await enterEmailCode(suite, form, owner.email, 'brokerWithdraw', 'withdrawEmailCode');
    await expectAccessible(page, 'profit withdrawal form');
    await saveScreenshot(page, 'broker-profit-withdraw-1280');
    await form.getByTestId('profit-withdraw-submit').click();
    await expect.poll(() => page.getByTestId('form-success').textContent(), slow).toMatch(/#\d+/);
    const applicationId = /#(\d+)/.exec((await page.getByTestId('form-success').textContent())!)![1]!;
    await expect.poll(() => page.getByTestId(`profit-status-${applicationId}`).getAttribute('data-status'), slow).toBe('applying');
    expect(new Decimal((await fund()).applying).minus(before.applying).toFixed()).toBe('12.5');
    // Their own decision is refused with its reason.
    await page.getByTestId(`profit-decide-${applicationId}`).click();
    await expect.poll(() => page.getByTestId('form-error').textContent(), slow).toBe(zh.errors.selfApproval);
    expect(await page.getByTestId('decision-form').count()).toBe(0);
    expect(mine.errors).toEqual([]);
    await mine.context.close();

    // The second member approves it with the e-mail code.
    const theirs = await openAs(member, 1280);
    await theirs.page.getByTestId(`profit-decide-${applicationId}`).click();
    const decision = theirs.page.getByTestId('decision-form');
    await decision.waitFor(slow);
    expect(await decision.getByTestId('decision-subject').textContent()).toContain(owner.email);
    await enterEmailCode(suite, decision, member.email, 'brokerApprove');
    await enterGaCode(decision, member);
    await expectAccessible(theirs.page, 'profit approval');
    await saveScreenshot(theirs.page, 'broker-profit-approve-1280');
    await decision.getByTestId('decision-approve').click();
    await expect.poll(() => theirs.page.getByTestId(`profit-status-${applicationId}`).getAttribute('data-status'), slow).toBe('done');
    const after = await fund();
    expect(new Decimal(before.profitPayable).minus(after.profitPayable).toFixed()).toBe('12.5');
    expect(after.nav).toBe(before.nav);
    await expect.poll(async () => screenAmount(await theirs.page.getByTestId(`profit-withdrawn-${projectNo}`).textContent()).toFixed(4), slow).toBe(new Decimal(after.withdrawn).toFixed(4, Decimal.ROUND_DOWN));

    // The applications' export has the rows the screen shows.
    const apps = theirs.page.getByTestId('profit-applications');
    const shown = await apps.locator('.p-datatable-tbody > tr').evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())));
    const [download] = await Promise.all([theirs.page.waitForEvent('download'), apps.getByTestId('broker-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^利潤提取申請-\d{8}\.xlsx$/);
    const values = (await xlsxRows(download)).map((r) => r.map((v) => String(v ?? '')));
    const header = values.findIndex((r) => r[0] === zh.export.application.columns.id);
    const exported = values.slice(header + 1);
    expect(exported.map((r) => [r[3], new Decimal(r[5]!).toFixed(), r[7]])).toEqual(shown.map((r) => [r[2], screenAmount(r[4]!).toFixed(), r[5]]));
    expect(theirs.errors).toEqual([]);
    await theirs.context.close();
  }, 180_000);

  it.each([390, 1280, 1440] as const)('%i px: the profit page in zh-HK, accessible, not wider than the screen', async (width) => {
    const { page, context, errors } = await openAs(owner, width);
    await expect.poll(() => page.locator('[data-profit-accrual]').count(), slow).toBeGreaterThan(0);
    expect(await page.locator('h1').textContent()).toBe(zh.title);
    await expectAccessible(page, `profit ${width}`);
    await expectNarrow(page, width, `profit ${width}`);
    await saveScreenshot(page, `broker-profit-${width}`);
    await page.screenshot({ path: path.join(artifactsDir, `broker-profit-${width}-full.png`), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
