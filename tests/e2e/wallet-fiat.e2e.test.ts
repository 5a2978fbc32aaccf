import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import enAccount from '../../locales/en-US/account.json' with { type: 'json' };
import enRecord from '../../locales/en-US/record.json' with { type: 'json' };
import enWallet from '../../locales/en-US/wallet.json' with { type: 'json' };
import zhAccount from '../../locales/zh-HK/account.json' with { type: 'json' };
import zhRecord from '../../locales/zh-HK/record.json' with { type: 'json' };
import zhWallet from '../../locales/zh-HK/wallet.json' with { type: 'json' };
import { demoUser } from '../../server/identity/seed.ts';
import { enterMailedCode, type Authenticator } from './support/account.ts';
import { axeViolations, openPage } from './support/browser.ts';
import { saveScreenshot } from './support/market.ts';
import { demoWalletSuite } from './support/suite.ts';
import type { SandboxClient } from './support/wallet.ts';

// Issue 11 "Done means", fiat side, in real Chromium and both locales: a bank deposit declared with its
// reference is pending approval and credited when the provider approves it; a bank account is saved (its
// bank code looked up, 'Bank Code Not Found' for an unknown one) and locked for 24 hours; a fiat withdrawal
// takes the e-mail code (resent once) and the Google code, waits for approval and is paid; another is
// cancelled by the user and its hold returns; the fiat records list them; a banned account is refused with
// the reason and the time the ban lifts, nothing held. Own sandbox: it moves the clock.

const texts = { 'zh-HK': zhWallet, 'en-US': enWallet } as const;
const records = { 'zh-HK': zhRecord, 'en-US': enRecord } as const;
const accountTexts = { 'zh-HK': zhAccount, 'en-US': enAccount } as const;
type Lang = keyof typeof texts;
const DAY_MS = 86_400_000;
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const head = (template: string) => template.split('{{')[0]!;

// The file's own sandbox and browser, the ledger checked after every test (support/suite.ts); the demo user with
// an authenticator bound, since withdrawals need its codes.
const { suite, authenticator, signIn: signInDemo } = demoWalletSuite();
let client: SandboxClient;
let browser: Browser;
let ga: Authenticator;

beforeAll(() => {
  ({ client, browser } = suite);
  ga = authenticator();
});

/** A Google code of a time step of its own: the sandbox clock moves past the last one used. */
async function gaCode(): Promise<string> {
  await client.advance(31_000);
  return ga.nextCode();
}

async function signIn(context: BrowserContext): Promise<string> {
  await client.advance(31_000);
  return signInDemo(context);
}

async function expectAccessible(page: Page, name: string): Promise<void> {
  const found = await axeViolations(page);
  expect(found, `${name}: ${JSON.stringify(found)}`).toEqual([]);
}

describe('fiat wallet journey in Chromium (issue 11, fiat side)', () => {
  it.each(['zh-HK', 'en-US'] as const)(
    '%s: declare a bank deposit → approved → save a bank account → 24-hour lock → withdraw with codes → approved and paid; a cancelled one returns its hold',
    async (lang: Lang) => {
      const t = texts[lang];
      const base = `${suite.baseURL}/${lang}`;
      const { page, context, errors } = await openPage(browser);
      let token = await signIn(context);
      const start = await client.balance(token, 'USD');

      // Deposit: the provider's bank account and the user's reference, then the declaration.
      await page.goto(`${base}/wallet/recharge/fiat/USD`);
      const reference = page.getByTestId('value-reference');
      await reference.waitFor();
      expect(await reference.textContent()).toMatch(/^TD[A-Z2-9]{8}$/);
      expect(await page.getByTestId('value-swift').textContent()).toBe('HSBCHKHHHKH');
      expect(await page.getByTestId('fiat-deposit-notice').textContent()).toContain(t.fiat.settlement);
      const declare = page.getByTestId('fiat-declare');
      await declare.getByTestId('input-amount').fill('50');
      await declare.getByTestId('input-bankReference').fill('no spaces');
      await declare.getByTestId('fiat-declare-submit').click();
      expect(await declare.getByTestId('error-amount').textContent()).toBe(fill(t.errors.depositMin, { min: '100' }));
      expect(await declare.getByTestId('error-bankReference').textContent()).toBe(t.errors.bankReference);
      await declare.getByTestId('input-amount').fill('12,500.50');
      await declare.getByTestId('input-bankReference').fill(`FT${lang === 'zh-HK' ? 'ZH' : 'EN'}20261125`);
      await expectAccessible(page, 'fiat deposit');
      await declare.getByTestId('fiat-declare-submit').click();
      await expect.poll(() => declare.getByTestId('form-success').textContent()).toBe(fill(t.fiat.declared, { amount: '12,500.5', asset: 'USD' }));
      const pendingRow = page.locator('[data-testid="recent-records"] tbody tr').first();
      await expect.poll(() => pendingRow.textContent()).toContain(t.fiat.status.approvalPending);
      const depositId = ((await pendingRow.getAttribute('data-record')) ?? '').slice(2);
      await saveScreenshot(page, `wallet-fiat-deposit-${lang}-1440`);
      // Nothing is credited before the approval.
      expect(await client.balance(token, 'USD')).toEqual(start);
      expect((await client.call('POST', '/_dev/bank/deposit/decide', { body: { depositId, approve: true } })).code).toBe(200);
      await page.reload();
      await expect.poll(() => page.locator(`[data-record="FD${depositId}"]`).textContent()).toContain(t.fiat.status.complete);
      expect(Number((await client.balance(token, 'USD')).free)).toBe(Number(start.free) + 12500.5);

      // The fiat deposit records with a custom range on the calendar: the deposit's own day, first and last.
      await page.goto(`${base}/record/fiat/recharge`);
      const depositRecords = page.getByTestId('record-fiat-deposit');
      const depositCell = depositRecords.locator(`[data-record="FD${depositId}"]`);
      await expect.poll(() => depositCell.count()).toBe(1);
      const [year, month, day] = ((await depositCell.textContent()) ?? '').slice(0, 10).split('-').map(Number) as [number, number, number];
      await depositRecords.getByTestId('filter-days').selectOption('custom');
      await depositRecords.locator('.td-record-range input').click();
      const cellOf = (date: Date) =>
        page.locator(
          `.p-datepicker td[data-p-year="${date.getFullYear()}"][data-p-month="${date.getMonth()}"][data-p-day="${date.getDate()}"]:not([data-p-other-month="true"]) > span`,
        );
      /** Picks one calendar day as the whole range, paging the panel to its month (either way) first. */
      const pickDay = async (date: Date) => {
        await depositRecords.locator('.td-record-range input').click();
        const cell = cellOf(date);
        for (let i = 0; i < 3 && (await cell.count()) === 0; i++) await page.locator('.p-datepicker-next').click();
        for (let i = 0; i < 6 && (await cell.count()) === 0; i++) await page.locator('.p-datepicker-prev').click();
        await cell.click();
        await cell.click();
        await page.locator('.p-datepicker').waitFor({ state: 'detached' });
      };
      // The day before the deposit: it is not listed.
      await pickDay(new Date(year, month - 1, day - 1));
      await expect.poll(() => depositCell.count()).toBe(0);
      await pickDay(new Date(year, month - 1, day));
      await expect.poll(() => depositRecords.locator('.td-record-range input').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2} - \d{4}-\d{2}-\d{2}$/);
      await expect.poll(() => depositRecords.locator(`[data-record="FD${depositId}"]`).count()).toBe(1);
      await expectAccessible(page, 'fiat deposit records, custom range');
      await saveScreenshot(page, `record-fiat-range-${lang}-1440`);

      // record/transfer lists a transfer between the user's own accounts.
      const moved = await client.call<{ transferId: string }>('POST', '/broker/lightning/transfer/submit', {
        token,
        body: { requestId: `e2e-transfer-${lang}`, asset: 'USDT', type: 'FUNDING_MAIN', amount: '12' },
      });
      expect(moved.code).toBe(200);
      await page.getByTestId('record-tab-transfer').click();
      const transferRow = page.locator('tbody tr', { has: page.locator(`[data-record="T${moved.data.transferId}"]`) });
      await expect.poll(() => transferRow.textContent()).toContain(t.accounts.capital);
      expect(await transferRow.textContent()).toContain(t.accounts.trade);
      // Sorted by the server from the table's header, by keyboard: amount ascending, then descending.
      const small = await client.call<{ transferId: string }>('POST', '/broker/lightning/transfer/submit', {
        token,
        body: { requestId: `e2e-transfer-small-${lang}`, asset: 'USDT', type: 'FUNDING_MAIN', amount: '3' },
      });
      expect(small.code).toBe(200);
      const order = () =>
        page.locator('[data-record^="T"]').evaluateAll((cells, ids) => ids.map((id) => cells.findIndex((c) => c.getAttribute('data-record') === id)), [
          `T${small.data.transferId}`,
          `T${moved.data.transferId}`,
        ]);
      await page.getByTestId('record-transfer').getByTestId('page-size').selectOption('100');
      await expect.poll(async () => (await order())[0]).toBeGreaterThanOrEqual(0);
      const amountHeader = page.getByRole('columnheader', { name: records[lang].columns.amount });
      await amountHeader.focus();
      await page.keyboard.press('Enter');
      /** -1 when the small transfer is listed first, 1 when the larger one is, 0 while either is missing. */
      const which = async () => {
        const [a = -1, b = -1] = await order();
        return a < 0 || b < 0 ? 0 : Math.sign(b - a);
      };
      await expect.poll(which).toBe(1);
      await page.keyboard.press('Enter');
      await expect.poll(which).toBe(-1);
      expect(await amountHeader.getAttribute('aria-sort')).toBe('descending');
      await page.getByTestId('record-transfer').getByTestId('filter-type').selectOption('MAIN_FUNDING');
      await expect.poll(() => transferRow.count()).toBe(0);
      await expectAccessible(page, 'transfer records');
      await saveScreenshot(page, `record-transfer-${lang}-1440`);

      // A bank account: an unknown bank code is named as such, a known one shows its bank; then the step-up.
      const accountNumber = lang === 'zh-HK' ? '004500111222' : '004500333444';
      const accountName = lang === 'zh-HK' ? '公司美元戶口' : 'Treasury USD';
      await page.goto(`${base}/wallet/address/fiatAddress`);
      await page.getByTestId('book-add-toggle').click();
      const form = page.getByTestId('book-add-form');
      await form.getByTestId('input-name').fill(accountName);
      await form.getByTestId('input-asset').selectOption('USD');
      await form.getByTestId('input-beneficiary').fill('Example Holdings Limited');
      await form.getByTestId('input-bankCode').fill('ZZZZHKHH');
      await form.getByTestId('input-accountNumber').focus();
      await expect.poll(() => form.getByTestId('error-bankCode').textContent()).toBe(t.errors.bankCodeNotFound);
      await form.getByTestId('input-bankCode').fill('hsbc hk hh hkh');
      await form.getByTestId('input-accountNumber').focus();
      await expect.poll(() => form.getByTestId('bank-name').textContent()).toBe('The Hongkong and Shanghai Banking Corporation Limited');
      await form.getByTestId('input-accountNumber').fill(accountNumber.replace(/^(\d{3})/, '$1-'));
      await form.getByTestId('input-password').fill(demoUser.password);
      await client.advance(1_100); // spec §5: one code per second per address (the sandbox clock)
      await enterMailedCode(form, () => client.readCode(demoUser.email, 'addAddress'));
      await form.getByTestId('input-gaCode').fill(await gaCode());
      await expectAccessible(page, 'bank account form');
      await form.getByTestId('book-add-submit').click();
      await page.getByTestId('form-success').waitFor();
      const bookRow = page.locator(`[data-account="${accountNumber}"]`);
      expect(await bookRow.getByTestId('book-usable').getAttribute('data-locked')).toBe('true');
      await saveScreenshot(page, `wallet-fiat-address-${lang}-1440`);

      // Locked: the account says until when, and the sandbox refuses it; an amount under the fee is refused
      // before anything is sent. Nothing is held.
      const held = await client.balance(token, 'USD');
      await page.goto(`${base}/wallet/withdraw/fiat/USD`);
      const withdraw = page.getByTestId('fiat-withdraw-form');
      await withdraw.getByTestId('input-amount').waitFor();
      const option = withdraw.locator('[data-testid="input-account"] option', { hasText: accountNumber.slice(-4) });
      const plainLabel = fill(t.fiat.accountOption, { name: accountName, bank: 'The Hongkong and Shanghai Banking Corporation Limited', account: `•••• ${accountNumber.slice(-4)}` });
      const lockedLabel = (await option.textContent()) ?? '';
      // The locked label is the plain one with the time it becomes usable.
      expect(lockedLabel.startsWith(plainLabel)).toBe(true);
      expect(lockedLabel.length).toBeGreaterThan(plainLabel.length + 10);
      await withdraw.getByTestId('input-account').selectOption({ label: (await option.textContent()) ?? '' });
      await withdraw.getByTestId('input-amount').fill('20');
      await withdraw.getByTestId('withdraw-submit').click();
      expect(await withdraw.getByTestId('error-amount').textContent()).toBe(fill(t.errors.belowFee, { fee: '25' }));
      await withdraw.getByTestId('input-amount').fill('1000');
      await withdraw.getByTestId('withdraw-submit').click();
      await expect.poll(() => withdraw.getByTestId('error-account').textContent()).toContain(head(t.errors.addressLocked));
      expect(await client.balance(token, 'USD')).toEqual(held);

      // A day later: withdraw 1,000 USD; 975 arrives; the e-mail code is resent once, then the codes.
      await client.advance(DAY_MS + 60_000);
      token = await signIn(context);
      await page.goto(`${base}/wallet/withdraw/fiat/USD`);
      await withdraw.getByTestId('input-amount').waitFor();
      await withdraw.getByTestId('input-account').selectOption({ label: (await option.textContent()) ?? '' });
      await withdraw.getByTestId('input-amount').fill('1000');
      expect(await withdraw.getByTestId('withdraw-receive').textContent()).toBe(fill(t.units.amount, { value: '975', asset: 'USD' }));
      await expect.poll(() => withdraw.getByTestId('withdraw-remaining').textContent()).toContain('2,000,000');
      await expectAccessible(page, 'fiat withdraw form');
      await saveScreenshot(page, `wallet-fiat-withdraw-${lang}-1440`);
      await withdraw.getByTestId('withdraw-submit').click();
      const verify = page.getByTestId('withdraw-verify');
      await verify.waitFor();
      expect(await verify.getByTestId('facts-receive').textContent()).toBe(fill(t.units.amount, { value: '975', asset: 'USD' }));
      await client.advance(1_100);
      await verify.getByTestId('withdraw-resend').click();
      await expect.poll(() => verify.getByTestId('form-success').textContent()).toBe(t.withdraw.codeResent);
      await verify.getByTestId('input-emailCode').fill((await client.readCode(demoUser.email, 'withdraw')).code);
      await verify.getByTestId('input-gaCode').fill(await gaCode());
      await verify.getByTestId('withdraw-confirm').click();
      const sent = page.getByTestId('withdraw-sent');
      await sent.waitFor();
      await expect.poll(() => sent.getAttribute('data-status')).toBe('approvalPending');
      expect(await sent.getByTestId('withdraw-status').textContent()).toBe(t.fiat.status.approvalPending);
      expect((await client.balance(token, 'USD')).locked).toBe(String(Number(start.locked) + 1000));
      const paidId = ((await page.locator('[data-testid="recent-records"] tbody tr').first().getAttribute('data-record')) ?? '').slice(2);
      expect((await client.call('POST', '/_dev/bank/withdrawal/decide', { body: { withdrawId: paidId, approve: true } })).code).toBe(200);
      await expect.poll(() => sent.getAttribute('data-status'), { timeout: 20_000 }).toBe('complete');
      expect(await sent.getByTestId('withdraw-status').textContent()).toBe(t.fiat.status.complete);
      await saveScreenshot(page, `wallet-fiat-withdraw-paid-${lang}-1440`);

      // A second one is cancelled while it waits for approval: the hold comes back.
      const beforeCancel = await client.balance(token, 'USD');
      await page.goto(`${base}/wallet/withdraw/fiat/USD`);
      await withdraw.getByTestId('input-amount').waitFor();
      await withdraw.getByTestId('input-account').selectOption({ label: (await option.textContent()) ?? '' });
      await withdraw.getByTestId('input-amount').fill('500');
      await withdraw.getByTestId('withdraw-submit').click();
      await verify.waitFor();
      await client.advance(1_100);
      await verify.getByTestId('input-emailCode').fill((await client.readCode(demoUser.email, 'withdraw')).code);
      await verify.getByTestId('input-gaCode').fill(await gaCode());
      await verify.getByTestId('withdraw-confirm').click();
      await expect.poll(() => sent.getAttribute('data-status')).toBe('approvalPending');
      await sent.getByTestId('withdraw-cancel').click();
      await expect.poll(() => sent.getAttribute('data-status')).toBe('cancelled');
      expect(await client.balance(token, 'USD')).toEqual(beforeCancel);

      // The records: the paid withdrawal with its bank account, the approved deposit.
      await page.goto(`${base}/record/fiat/withdraw`);
      const table = page.getByTestId('record-fiat-withdraw');
      const paidRow = table.locator('tbody tr', { has: page.locator(`[data-record="FW${paidId}"]`) });
      await expect.poll(() => paidRow.textContent(), { timeout: 20_000 }).toContain(t.fiat.status.complete);
      expect(await paidRow.textContent()).toContain(accountNumber);
      // Its export (spec §7 download): the fiat withdrawal file, in the page's language, with the paid row.
      const [file] = await Promise.all([page.waitForEvent('download'), table.getByTestId('record-export').click()]);
      expect(file.suggestedFilename()).toMatch(/^法幣提款記錄-\d{8}\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(await file.path());
      const sheet = workbook.worksheets[0]!;
      expect(sheet.getRow(1).getCell(1).value).toBe(records[lang].export.kinds.fiatWithdraw.title);
      const exported = Array.from({ length: sheet.rowCount }, (_, i) => sheet.getRow(i + 1)).find((row) => row.getCell(1).value === `FW${paidId}`);
      expect(exported?.getCell(4).value).toBe(1000);
      expect(exported?.getCell(5).value).toBe(25);
      expect(exported?.getCell(8).value).toBe(accountNumber);
      expect(exported?.getCell(9).value).toBe(t.fiat.status.complete);
      await table.getByTestId('filter-status').selectOption('cancelled');
      await expect.poll(() => table.locator(`[data-record="FW${paidId}"]`).count()).toBe(0);
      const states = await table.locator('tbody tr [data-status]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-status')));
      expect(states.length).toBeGreaterThan(0);
      expect(new Set(states)).toEqual(new Set(['cancelled']));
      await expectAccessible(page, 'fiat withdraw records');
      await saveScreenshot(page, `record-fiat-withdraw-${lang}-1440`);
      await page.getByRole('link', { name: records[lang].fiat.recharge }).click();
      const deposits = page.getByTestId('record-fiat-deposit');
      await expect.poll(() => deposits.locator(`[data-record="FD${depositId}"]`).count()).toBe(1);
      expect(await deposits.locator('tbody tr', { has: page.locator(`[data-record="FD${depositId}"]`) }).textContent()).toContain(t.fiat.status.complete);
      await expectAccessible(page, 'fiat deposit records');

      // Refusals name their reason: an amount above today's limit is refused by the form itself.
      await page.goto(`${base}/wallet/withdraw/fiat/USD`);
      await withdraw.getByTestId('input-amount').waitFor();
      await withdraw.getByTestId('input-account').selectOption({ label: (await option.textContent()) ?? '' });
      await withdraw.getByTestId('input-amount').fill('1000000.01');
      await withdraw.getByTestId('withdraw-submit').click();
      expect(await withdraw.getByTestId('error-amount').textContent()).toContain(head(t.errors.outOfRange));

      // A banned account: five wrong Google codes at the confirm step ban withdrawals (spec §4 reason 3). The
      // form then says why and until when, and holds nothing.
      const mine = (await client.call<Array<{ id: string; accountNumber: string }>>('POST', '/account/wallet/fiatAddress/list', { token, body: { asset: 'USD' } })).data.find(
        (a) => a.accountNumber === accountNumber,
      )!;
      const probe = await client.call<{ withdrawId: string; emailUuid: string }>('POST', '/account/block/submitBlockFiatWithdraw', {
        token,
        body: { requestId: `e2e-ban-${lang}-0001`, asset: 'USD', addressId: mine.id, amount: '300' },
      });
      const probeCode = (await client.readCode(demoUser.email, 'withdraw')).code;
      for (let i = 0; i < 5; i++) {
        await client.advance(31_000);
        await client.call('POST', '/account/block/confirmBlockFiatWithdraw', {
          token,
          body: { withdrawId: probe.data.withdrawId, emailUuid: probe.data.emailUuid, emailCode: probeCode, gaCode: '000000' },
        });
      }
      expect((await client.call('POST', '/account/block/fiat/cancelWithdraw', { token, body: { withdrawId: probe.data.withdrawId } })).code).toBe(200);
      const beforeBan = await client.balance(token, 'USD');
      await page.goto(`${base}/wallet/withdraw/fiat/USD`);
      await withdraw.getByTestId('input-amount').waitFor();
      await withdraw.getByTestId('input-account').selectOption({ label: (await option.textContent()) ?? '' });
      await withdraw.getByTestId('input-amount').fill('1000');
      await withdraw.getByTestId('withdraw-submit').click();
      await expect.poll(() => withdraw.getByTestId('form-error').textContent()).toContain(accountTexts[lang].withdrawBan.reasons['3']);
      expect(await withdraw.getByTestId('form-error').textContent()).toContain(head(accountTexts[lang].withdrawBan.message));
      expect(await client.balance(token, 'USD')).toEqual(beforeBan);
      await expectAccessible(page, 'banned withdrawal');
      await saveScreenshot(page, `wallet-fiat-banned-${lang}-1440`);
      // The ban lifts after 24 hours: the next journey starts after it (signed in again).
      await client.advance(DAY_MS + 60_000);
      token = await signIn(context);

      // The phone width: the fiat pages reflow without sideways scrolling of the page itself.
      await page.setViewportSize({ width: 390, height: 844 });
      const landmarks: Record<string, string> = {
        'wallet/recharge/fiat/USD': 'recharge-fiat',
        'wallet/withdraw/fiat/USD': 'withdraw-fiat',
        'wallet/address/fiatAddress': 'whitelist',
        'record/fiat/withdraw': 'record-fiat-withdraw',
      };
      for (const [path, testId] of Object.entries(landmarks)) {
        await page.goto(`${base}/${path}`);
        await page.getByTestId(testId).waitFor();
        const width = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          wide: Array.from(document.querySelectorAll('body *'))
            .filter((el) => el.getBoundingClientRect().right > 391 && !el.closest('.td-nav, .td-table-scroll, .td-account-nav, .td-record-table'))
            .slice(0, 5)
            .map((el) => `${el.tagName}.${el.className}`),
        }));
        expect(width.page, `${path}: ${width.wide.join(', ')}`).toBeLessThanOrEqual(390);
      }
      await saveScreenshot(page, `record-fiat-withdraw-${lang}-390`);

      expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
      await context.close();
    },
    240_000,
  );
});
