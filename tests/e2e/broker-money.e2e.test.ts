import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../../locales/zh-HK/broker-money.json' with { type: 'json' };
import { type Broker, enterGaCode, expectNotWider, makeChecker, openBrokerPage, registerBroker } from './support/broker.ts';
import { saveScreenshot } from './support/market.ts';
import { expectAccessible, ownSandboxSuite } from './support/suite.ts';
import { enterMailedCode } from './support/account.ts';

// Issue 14 "Done means", the broker manager's money pages in real Chromium, own sandbox (its clock is moved past the
// 1 s repeat guard of the e-mail codes): a new institution user opens broker rights on the gate screen, opens two
// okx sub-accounts through the API and sees their deposit addresses (recharge); a second broker user joins the
// organisation through the account-manager e-mail confirmation; the first applies for a transfer between the two
// sub-accounts (bad input refused beside its field; their own approval refused with its reason), the second
// approves it with the e-mail code, the balances move, the operation log and the asset flow list it, and the
// operation log's export downloads with the rows the screen shows. Broker pages are always Hong Kong Chinese
// (spec §1), whatever the URL's prefix says.

const suite = ownSandboxSuite();
/** Waits that include a call to the sandbox: generous for a loaded 2-core CI machine. */
const slow = { timeout: 15_000 } as const;
const PASSWORD = 'Passw0rd!x';
const WIDTHS = [390, 1280, 1440] as const;

interface SubAccount {
  brokerAccountId: string;
  subAccountName: string;
}

let owner: Broker;
let member: Broker;
const accounts: SubAccount[] = [];

const registerUser = (tag: string) => registerBroker(suite, `money-${tag}`, PASSWORD);
const openAs = (broker: Broker, width: number, path: string) => openBrokerPage(suite, broker, width, path);
const expectNarrow = (page: Page, width: number, name: string) => expectNotWider(page, width, '.td-broker-money', name);

beforeAll(async () => {
  owner = await registerUser('owner');
  // The owner opens broker rights on the gate screen (spec §6 menu), then has two okx sub-accounts.
  const { page, context, errors } = await openAs(owner, 1280, 'recharge');
  await page.getByTestId('broker-read-agreement').click();
  await page.getByTestId('broker-agreement-accept').check();
  await page.getByTestId('broker-open-rights').click();
  await page.getByTestId('broker-recharge').waitFor(slow);
  expect(errors).toEqual([]);
  await context.close();
  for (const name of ['okxMoneyA', 'okxMoneyB']) {
    const made = await suite.client.call<SubAccount>('POST', '/broker/account/insertBrokerAccount', {
      token: owner.token,
      body: { exchangeCode: 'okx', accountType: 'regular', subAccountName: name, remark: name.slice(-1), requestId: `e2e-money-${name}` },
    });
    expect(made.code).toBe(200);
    accounts.push(made.data);
  }
  // A second broker user joins the owner's organisation (account/submitAccountManager, invoke, confirm).
  member = await registerUser('member');
  expect((await suite.client.call('POST', '/institution/agree/broker/open', { token: member.token })).code).toBe(200);
  expect((await suite.client.call('POST', '/broker/account/submitAccountManager', { token: owner.token, body: { email: member.email } })).code).toBe(200);
  await suite.client.advance(1_100);
  const sent = await suite.client.call<{ uuid: string }>('POST', '/broker/account/invokeAccountManager', { token: owner.token, body: { email: member.email } });
  expect(sent.code).toBe(200);
  const mail = await suite.client.readCode(member.email, 'brokerManager');
  const joined = await suite.client.call<{ role: string }>('POST', '/broker/account/confirmAccountManager', {
    token: owner.token,
    body: { email: member.email, emailUuid: sent.data.uuid, emailCode: mail.code },
  });
  expect(joined.data).toMatchObject({ role: 'member' });
  // The member decides: a checker (advanced KYC, a Google authenticator; server/broker/checker.ts).
  await makeChecker(suite, member, PASSWORD);
}, 90_000);

async function available(brokerAccountId: string): Promise<Decimal> {
  const reply = await suite.client.call<{ available: string }>('GET', `/broker/fundTransfer/queryTransferAvailable?brokerAccountId=${brokerAccountId}&wallet=spot&asset=USDT`, { token: owner.token });
  expect(reply.code).toBe(200);
  return new Decimal(reply.data.available);
}

/** The text of every cell of every body row of the page's table. */
async function tableRows(page: Page): Promise<string[][]> {
  return page.locator('.p-datatable-tbody > tr').evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())));
}

/** An amount as the screen shows it ("1,234.5000 USDT") as a number. */
const screenAmount = (text: string) => new Decimal(text.replace(/[^\d.-]/g, ''));

describe('broker money pages in Chromium (issue 14)', () => {
  it.each(WIDTHS)('%i px: recharge shows a sub-account\'s deposit addresses per asset and network, filtered by asset', async (width) => {
    const { page, context, errors } = await openAs(owner, width, 'recharge');
    const view = page.getByTestId('broker-recharge');
    await view.waitFor(slow);
    expect(await page.getByTestId('coming-soon').count()).toBe(0);
    expect(await view.locator('h1').textContent()).toBe(zh.recharge.title);
    await page.getByTestId('input-account').selectOption(accounts[1]!.brokerAccountId);
    const expected = await suite.client.call<Array<{ asset: string; network: string; address: string }>>('POST', '/broker/depositAddress/list', {
      token: owner.token,
      body: { brokerAccountId: accounts[1]!.brokerAccountId },
    });
    expect(expected.data.length).toBeGreaterThan(0);
    const first = expected.data[0]!;
    const card = page.getByTestId(`recharge-address-${first.asset}-${first.network}`);
    await expect.poll(() => card.textContent(), slow).toBe(first.address);
    await expect.poll(() => page.locator('[data-testid="recharge-addresses"] > li').count(), slow).toBe(expected.data.length);
    await page.getByTestId('filter-asset').selectOption(first.asset);
    await expect.poll(() => page.locator('[data-testid="recharge-addresses"] > li').count(), slow).toBe(expected.data.filter((a) => a.asset === first.asset).length);
    await expectAccessible(page, `recharge ${width}`);
    await expectNarrow(page, width, `recharge ${width}`);
    await saveScreenshot(page, `broker-recharge-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('a transfer between two sub-accounts: applied for, refused to its applicant, approved by a second member; balances move; the operation log and the asset flow list it; the export equals the screen', async () => {
    const [a, b] = accounts as [SubAccount, SubAccount];
    const beforeA = await available(a.brokerAccountId);
    const beforeB = await available(b.brokerAccountId);
    expect(beforeA.gt(20)).toBe(true);

    // The owner applies; a bad amount is refused beside its field first.
    const mine = await openAs(owner, 1280, 'broker-transfer');
    const form = mine.page.getByTestId('transfer-form');
    await form.waitFor(slow);
    expect(await mine.page.locator('h1').textContent()).toBe(zh.transfer.title);
    await form.getByTestId('input-fromAccountId').selectOption(a.brokerAccountId);
    await expect.poll(() => form.locator(`[data-testid="input-toAccountId"] option[value="${b.brokerAccountId}"]`).count(), slow).toBe(1);
    await form.getByTestId('input-toAccountId').selectOption(b.brokerAccountId);
    // By keyboard: Enter in the amount field submits the form.
    await form.getByTestId('input-amount').fill('-3');
    await form.getByTestId('input-amount').press('Enter');
    expect(await form.getByTestId('error-amount').textContent()).toBe(zh.errors.amount);
    expect(await form.getByTestId('input-amount').getAttribute('aria-invalid')).toBe('true');
    await form.getByTestId('input-amount').fill(beforeA.plus(1).toFixed());
    await form.getByTestId('transfer-submit').click();
    expect(await form.getByTestId('error-amount').textContent()).toBe(zh.errors.insufficient);
    await expectAccessible(mine.page, 'transfer form errors');
    await saveScreenshot(mine.page, 'broker-transfer-errors-1280');
    await form.getByTestId('input-amount').fill('12.5');
    await form.getByTestId('input-remark').fill('rebalance');
    await form.getByTestId('transfer-submit').click();
    // The submit button is disabled while the application is sent: focus returns to the form's heading, not the body.
    await expect.poll(() => mine.page.evaluate(() => document.activeElement?.getAttribute('data-testid')), slow).toBe('transfer-form-title');
    await expect.poll(() => mine.page.getByTestId('form-success').textContent(), slow).toMatch(/#\d+/);
    const applicationId = /#(\d+)/.exec((await mine.page.getByTestId('form-success').textContent())!)![1]!;
    const status = mine.page.getByTestId(`application-status-${applicationId}`);
    await expect.poll(() => status.getAttribute('data-status'), slow).toBe('applying');
    expect((await available(a.brokerAccountId)).toFixed()).toBe(beforeA.minus('12.5').toFixed());
    // The applicant's own approval is refused, with its reason.
    // By keyboard: Tab from the last filter reaches the row's decide button; Enter presses it.
    await mine.page.getByTestId('page-size').focus();
    await expect.poll(async () => {
      await mine.page.keyboard.press('Tab');
      return mine.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    }, slow).toBe(`application-decide-${applicationId}`);
    await mine.page.keyboard.press('Enter');
    await expect.poll(() => mine.page.getByTestId('form-error').textContent(), slow).toBe(zh.errors.selfApproval);
    expect(await mine.page.getByTestId('decision-form').count()).toBe(0);
    await expectAccessible(mine.page, 'transfer applied');
    await saveScreenshot(mine.page, 'broker-transfer-applied-1280');
    expect(mine.errors).toEqual([]);
    await mine.context.close();

    // The second member approves it with the e-mail code and their Google code.
    const theirs = await openAs(member, 1280, 'broker-transfer');
    await theirs.page.getByTestId(`application-decide-${applicationId}`).click();
    const decision = theirs.page.getByTestId('decision-form');
    await decision.waitFor(slow);
    expect(await decision.getByTestId('decision-subject').textContent()).toContain(owner.email);
    await suite.client.advance(1_100);
    await enterMailedCode(decision, () => suite.client.readCode(member.email, 'brokerApprove'));
    await enterGaCode(decision, member);
    await expectAccessible(theirs.page, 'approval');
    await saveScreenshot(theirs.page, 'broker-transfer-approve-1280');
    await decision.getByTestId('decision-approve').click();
    const approved = theirs.page.getByTestId(`application-status-${applicationId}`);
    await expect.poll(() => approved.getAttribute('data-status'), slow).toBe('done');
    expect(await approved.textContent()).toContain(zh.states.done);
    expect(theirs.errors).toEqual([]);
    await theirs.context.close();

    // The balances moved, exactly.
    expect((await available(a.brokerAccountId)).toFixed()).toBe(beforeA.minus('12.5').toFixed());
    expect((await available(b.brokerAccountId)).toFixed()).toBe(beforeB.plus('12.5').toFixed());

    // The operation log lists the application and its approval; its export has the rows the screen shows.
    const log = await openAs(owner, 1280, 'operateRecord');
    await log.page.getByTestId('broker-operate-record').waitFor(slow);
    await expect.poll(() => log.page.locator('[data-operation-type="inferior_transfer_approved"]').count(), slow).toBe(1);
    expect(await log.page.locator('[data-operation-type="inferior_transfer_apply"]').count()).toBe(1);
    const shown = await tableRows(log.page);
    const approvedRow = shown.find((r) => r[1] === zh.operationTypes.inferior_transfer_approved)!;
    expect(approvedRow[2]).toBe(member.email);
    expect(approvedRow[6]).toBe(`#${applicationId}`);
    await expectAccessible(log.page, 'operation log');
    await saveScreenshot(log.page, 'broker-operate-record-1280');
    const [download] = await Promise.all([log.page.waitForEvent('download'), log.page.getByTestId('broker-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^操作記錄-\d{8}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values: string[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    const header = values.findIndex((r) => r[0] === '編號');
    expect(header).toBeGreaterThanOrEqual(0);
    const exported = values.slice(header + 1);
    // Same rows, same order: type, operator, sub-account, counterparty, amount and remark.
    expect(exported.map((r) => [r[2], r[3], r[4], r[6], new Decimal(r[8]!).toFixed(), r[10]])).toEqual(
      shown.map((r) => [r[1], r[2], r[3]!.split(' · ')[0], r[4], screenAmount(r[5]!).toFixed(), r[7]]),
    );
    expect(log.errors).toEqual([]);
    await log.context.close();

    // The asset flow lists the transfer on both sub-accounts, and its detail names the application.
    const flow = await openAs(owner, 1280, 'assetFlow');
    await flow.page.getByTestId('broker-asset-flow').waitFor(slow);
    await flow.page.getByTestId('filter-kind').selectOption('broker_transfer');
    // Until the filtered page has come, the table still shows every kind (an unfiltered row of the same application
    // would be read with it).
    await expect
      .poll(async () => {
        const kinds = await flow.page.locator('[data-flow-kind]').evaluateAll((els) => els.map((el) => el.getAttribute('data-flow-kind')));
        return kinds.length >= 2 && kinds.every((kind) => kind === 'broker_transfer');
      }, slow)
      .toBe(true);
    const flowRows = (await tableRows(flow.page)).filter((r) => r[5] === `#${applicationId}`);
    expect(flowRows.map((r) => screenAmount(r[4]!).toFixed()).sort()).toEqual(['-12.5', '12.5']);
    await flow.page.locator('.p-datatable-tbody > tr', { hasText: `#${applicationId}` }).first().getByRole('button').click();
    await expect.poll(() => flow.page.getByTestId('flow-detail-application').textContent(), slow).toContain(`#${applicationId}`);
    await expectAccessible(flow.page, 'asset flow detail');
    await saveScreenshot(flow.page, 'broker-asset-flow-1280');
    expect(flow.errors).toEqual([]);
    await flow.context.close();
  }, 180_000);

  const PAGES = [
    ['brokers-withdraw', 'broker-withdraw', zh.withdraw.title],
    ['broker-transfer', 'broker-transfer', zh.transfer.title],
    ['assetRecord', 'broker-asset-record', zh.bill.title],
    ['operateRecord', 'broker-operate-record', zh.operations.title],
    ['assetFlow', 'broker-asset-flow', zh.flow.title],
  ] as const;
  it.each([390, 1440] as const)('%i px: every money page in zh-HK, accessible, not wider than the screen; the deposit/withdrawal export downloads', async (width) => {
    const { page, context, errors } = await openAs(owner, width, 'brokers-withdraw');
    for (const [path, testId, title] of PAGES) {
      await page.goto(`${suite.baseURL}/en-US/brokerManager/${path}`);
      const view = page.getByTestId(testId);
      await view.waitFor(slow);
      expect(await view.locator('h1').textContent()).toBe(title);
      await page.waitForFunction(() => !document.querySelector('.p-datatable-loading-overlay'));
      await expectAccessible(page, `${path} ${width}`);
      await expectNarrow(page, width, `${path} ${width}`);
      await saveScreenshot(page, `broker-${path}-${width}`);
    }
    // Withdraw: a missing address and a bad amount are refused beside their fields, before any call.
    await page.goto(`${suite.baseURL}/zh-HK/brokerManager/brokers-withdraw`);
    const form = page.getByTestId('withdraw-form');
    await form.waitFor(slow);
    await form.getByTestId('input-fromAccountId').selectOption(accounts[0]!.brokerAccountId);
    await form.getByTestId('input-amount').fill('abc');
    await form.getByTestId('withdraw-submit').click();
    expect(await form.getByTestId('error-amount').textContent()).toBe(zh.errors.amount);
    expect(await form.getByTestId('error-addressId').textContent()).toBe(zh.errors.addressRequired);
    await expectAccessible(page, `withdraw errors ${width}`);
    await saveScreenshot(page, `broker-withdraw-errors-${width}`);
    // The deposit/withdrawal records' export: the Chinese file name (spec §7).
    await page.goto(`${suite.baseURL}/zh-HK/brokerManager/assetRecord`);
    await page.getByTestId('broker-asset-record').waitFor(slow);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('broker-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^充提幣記錄-\d{8}\.xlsx$/);
    expect(await page.getByTestId('broker-export-error').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
