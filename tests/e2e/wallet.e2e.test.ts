import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressFromBytes } from '../../contract/chains.ts';
import ExcelJS from 'exceljs';
import enRecord from '../../locales/en-US/record.json' with { type: 'json' };
import enWallet from '../../locales/en-US/wallet.json' with { type: 'json' };
import zhRecord from '../../locales/zh-HK/record.json' with { type: 'json' };
import zhWallet from '../../locales/zh-HK/wallet.json' with { type: 'json' };
import { demoUser } from '../../server/identity/seed.ts';
import { enterMailedCode, type Authenticator } from './support/account.ts';
import { axeViolations, openPage } from './support/browser.ts';
import { saveScreenshot } from './support/market.ts';
import { demoWalletSuite } from './support/suite.ts';
import type { SandboxClient } from './support/wallet.ts';

// Issue 11 "Done means", coin side, in real Chromium and both locales: a dev-chain BTC deposit shows pending
// with its confirmations, then credited, and the overview total changes; a withdrawal address is saved and
// locked for 24 hours (clock advanced); the withdrawal takes the e-mail and Google codes, is pending, then
// paid with a transaction id; a non-whitelisted address, an amount under the fee and a locked address are
// each refused with their message and nothing held. The file runs its own sandbox, since it moves the clock.

const texts = { 'zh-HK': zhWallet, 'en-US': enWallet } as const;
const records = { 'zh-HK': zhRecord, 'en-US': enRecord } as const;
type Lang = keyof typeof texts;
const BTC_BLOCK_MS = 600_000;
const DAY_MS = 86_400_000;
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
/** The text of a template before its first placeholder: what a message with a time in it starts with. */
const head = (template: string) => template.split('{{')[0]!;
const number = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

// The file's own sandbox and browser, the ledger checked after every test (support/suite.ts); the demo user with
// an authenticator bound, since withdrawals need its codes.
const { suite, authenticator, signIn } = demoWalletSuite();
let client: SandboxClient;
let browser: Browser;
let ga: Authenticator;

beforeAll(() => {
  ({ client, browser } = suite);
  ga = authenticator();
});

async function expectAccessible(page: Page, name: string): Promise<void> {
  const found = await axeViolations(page);
  expect(found, `${name}: ${JSON.stringify(found)}`).toEqual([]);
}

describe('wallet journey in Chromium (issue 11, coin side)', () => {
  it.each(['zh-HK', 'en-US'] as const)(
    '%s: deposit → credited → save an address → 24-hour lock → withdraw with e-mail and Google codes → paid; refusals hold nothing',
    async (lang: Lang) => {
      const t = texts[lang];
      const base = `${suite.baseURL}/${lang}`;
      const { page, context, errors } = await openPage(browser);
      let token = await signIn(context);

      // The overview's total before the deposit (live prices from the market core).
      await page.goto(`${base}/wallet/overview`);
      await expect.poll(() => page.getByTestId('wallet-total-btc').textContent(), { timeout: 20_000 }).toMatch(/\d/);
      const totalBefore = number(await page.getByTestId('wallet-total-usd').textContent());
      expect(totalBefore).toBeGreaterThan(0);
      await expectAccessible(page, 'overview');
      await saveScreenshot(page, `wallet-overview-${lang}-1440`);

      // Deposit: one network (Bitcoin), its warning, minimum and confirmations, the address with its QR code.
      await page.goto(`${base}/wallet/recharge/coin/BTC`);
      await page.getByTestId('value-address').waitFor();
      expect(await page.getByTestId('deposit-warning').textContent()).toContain(fill(t.deposit.warning, { asset: 'BTC', network: 'Bitcoin' }));
      expect(await page.getByTestId('deposit-confirmations').textContent()).toBe(fill(t.deposit.confirmationsValue, { n: 2 }));
      expect(await page.getByTestId('qr-address').count()).toBe(1);
      const address = (await page.getByTestId('value-address').textContent()) ?? '';
      await expectAccessible(page, 'deposit');

      const deposit = await client.deposit(address, 'BTC', '0.5');
      const depositRow = page.locator(`[data-record="${deposit.recordId}"]`);
      await expect.poll(() => depositRow.textContent(), { timeout: 20_000 }).toContain(t.status.deposit_pending);
      expect(await depositRow.textContent()).toContain(fill(t.status.confirmations, { done: 0, required: 2 }));
      await client.advance(BTC_BLOCK_MS);
      await expect.poll(() => depositRow.textContent(), { timeout: 20_000 }).toContain(fill(t.status.confirmations, { done: 1, required: 2 }));
      await client.advance(BTC_BLOCK_MS);
      await expect.poll(() => depositRow.textContent(), { timeout: 20_000 }).toContain(t.status.deposit_complete);
      await saveScreenshot(page, `wallet-deposit-${lang}-1440`);

      await page.goto(`${base}/wallet/overview`);
      await expect.poll(async () => number(await page.getByTestId('wallet-total-usd').textContent()), { timeout: 20_000 }).toBeGreaterThan(totalBefore);

      // Save a withdrawal address: password, e-mail code and Google code; it is locked for 24 hours.
      const external = addressFromBytes('BTC', randomBytes(32));
      const name = `Cold ${lang === 'zh-HK' ? '冷錢包' : 'store'}`;
      await page.goto(`${base}/wallet/address/coinAddress`);
      await expect.poll(() => page.getByTestId('whitelist-state').textContent()).toBe(t.book.whitelistOn);
      await page.getByTestId('book-add-toggle').click();
      const form = page.getByTestId('book-add-form');
      await form.getByTestId('input-name').fill(name);
      await form.getByTestId('input-asset').selectOption('BTC');
      await form.getByTestId('input-address').fill(external);
      await form.getByTestId('input-password').fill(demoUser.password);
      await client.advance(1_100); // spec §5: one code per second per address (the sandbox clock)
      await enterMailedCode(form, () => client.readCode(demoUser.email, 'addAddress'));
      await form.getByTestId('input-gaCode').fill(await ga.nextCode());
      await expectAccessible(page, 'address book form');
      await form.getByTestId('book-add-submit').click();
      await expect.poll(() => page.getByTestId('form-success').textContent()).toContain(name);
      const bookRow = page.locator(`[data-address="${external}"]`);
      expect(await bookRow.getByTestId('book-usable').getAttribute('data-locked')).toBe('true');
      await saveScreenshot(page, `wallet-address-${lang}-1440`);

      // Withdraw refusals: each with its message, and nothing held.
      const held = await client.balance(token, 'BTC');
      await page.goto(`${base}/wallet/withdraw/coin/BTC`);
      const withdraw = page.getByTestId('withdraw-form');
      await withdraw.getByTestId('input-amount').waitFor();
      // The page says a new address waits 24 hours, and shows the 24 hours' limit with what is left.
      expect(await withdraw.getByTestId('withdraw-new-address').textContent()).toBe(t.withdraw.newAddress);
      await expect.poll(() => withdraw.getByTestId('withdraw-day-limit-value').textContent()).toBe(fill(t.withdraw.dayLimitValue, { value: '200', asset: 'BTC' }));
      // What is left (the other locale's run may have withdrawn already): the amount, and when more frees up if some is used.
      expect(await withdraw.getByTestId('withdraw-day-left').textContent()).toMatch(/^\d[\d,.]* BTC/);
      await withdraw.getByTestId('book-picker').selectOption({ label: fill(t.withdraw.bookOption, { name, head: external.slice(0, 6), tail: external.slice(-6) }) });
      expect(await withdraw.getByTestId('input-address').inputValue()).toBe(external);
      await withdraw.getByTestId('input-amount').fill('0.0002');
      await withdraw.getByTestId('withdraw-submit').click();
      expect(await withdraw.getByTestId('error-amount').textContent()).toBe(fill(t.errors.belowFee, { fee: '0.0002' }));
      await withdraw.getByTestId('input-amount').fill('0.1');
      expect(await withdraw.getByTestId('withdraw-fee').textContent()).toBe('0.0002 BTC');
      expect(await withdraw.getByTestId('withdraw-receive').textContent()).toBe('0.0998 BTC');
      await withdraw.getByTestId('withdraw-submit').click();
      await expect.poll(() => withdraw.getByTestId('error-address').textContent()).toContain(head(t.errors.addressLocked));
      // A valid address that is not in the book: the whitelist refuses it.
      await withdraw.getByTestId('input-address').fill(addressFromBytes('BTC', randomBytes(32)));
      await withdraw.getByTestId('withdraw-submit').click();
      await expect.poll(() => withdraw.getByTestId('error-address').textContent()).toBe(t.errors.whitelistOnly);
      // An address that only looks like the saved one is flagged before anything is sent.
      await withdraw.getByTestId('input-address').fill(`${external.slice(0, 6)}${addressFromBytes('BTC', randomBytes(32)).slice(6, -6)}${external.slice(-6)}`);
      await page.getByTestId('lookalike-warning').waitFor();
      expect(await client.balance(token, 'BTC')).toEqual(held);

      // A day later the address can be used; the old session has timed out, so sign in again.
      await client.advance(DAY_MS + 60_000);
      token = await signIn(context);
      await page.goto(`${base}/wallet/withdraw/coin/BTC`);
      await withdraw.getByTestId('input-amount').waitFor();
      await withdraw.getByTestId('book-picker').selectOption({ index: 1 });
      expect(await withdraw.getByTestId('input-address').inputValue()).toBe(external);
      await withdraw.getByTestId('input-amount').fill('0.1');
      await expectAccessible(page, 'withdraw form');
      await saveScreenshot(page, `wallet-withdraw-${lang}-1440`);
      await page.setViewportSize({ width: 390, height: 844 });
      await saveScreenshot(page, `wallet-withdraw-${lang}-390`);
      await page.setViewportSize({ width: 1440, height: 900 });
      // spec §7 submitWithdrawRecord: the page creates the withdrawal's record with it (the resend below uses the invoke).
      const submitted = page.waitForRequest((r) => r.url().endsWith('/api/account/block/submitWithdrawRecord') && r.method() === 'POST');
      await withdraw.getByTestId('withdraw-submit').click();
      await submitted;
      const verify = page.getByTestId('withdraw-verify');
      await verify.waitFor();
      // The step replaces the form: focus is on its heading, not dropped to the page body.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('withdraw-verify-title');
      expect(await verify.getByTestId('facts-receive').textContent()).toBe('0.0998 BTC');
      // A fresh e-mail code for the same withdrawal (the invoke again with its request id): the newest one works.
      await client.advance(1_100);
      await verify.getByTestId('withdraw-resend').click();
      await expect.poll(() => verify.getByTestId('form-success').textContent()).toBe(t.withdraw.codeResent);
      await verify.getByTestId('input-emailCode').fill((await client.readCode(demoUser.email, 'withdraw')).code);
      await verify.getByTestId('input-gaCode').fill(await ga.nextCode());
      await verify.getByTestId('withdraw-confirm').click();
      const sent = page.getByTestId('withdraw-sent');
      await sent.waitFor();
      await expect.poll(() => sent.getByTestId('withdraw-status').textContent(), { timeout: 20_000 }).toContain(t.status.withdraw_pending);
      await client.advance(2 * BTC_BLOCK_MS);
      await expect.poll(() => sent.getByTestId('withdraw-status').textContent(), { timeout: 20_000 }).toContain(t.status.withdraw_complete);
      const txHash = await sent.getByTestId('withdraw-txhash').locator('[title]').getAttribute('title');
      expect(txHash).toMatch(/^[0-9a-f]{64}$/);
      await saveScreenshot(page, `wallet-withdraw-paid-${lang}-1440`);

      // The records: the withdrawal listed as paid with its transaction id, the deposit as credited.
      await page.goto(`${base}/record/coin`);
      const table = page.getByTestId('record-coin');
      await table.getByTestId('filter-type').selectOption('withdraw');
      const paidRow = table.locator('tbody tr', { has: page.locator(`[title="${txHash}"]`) });
      await expect.poll(() => paidRow.textContent(), { timeout: 20_000 }).toContain(t.status.withdraw_complete);
      await table.getByTestId('filter-type').selectOption('deposit');
      const depositListed = table.locator('tbody tr', { has: page.locator(`[data-record="${deposit.recordId}"]`) });
      await expect.poll(() => depositListed.textContent(), { timeout: 20_000 }).toContain(t.status.deposit_complete);
      await expectAccessible(page, 'records');
      await saveScreenshot(page, `record-coin-${lang}-1440`);

      // The export (spec §7 download): the same filters, the file in the page's language, the withdrawal in it.
      await table.getByTestId('filter-type').selectOption('withdraw');
      const [file] = await Promise.all([page.waitForEvent('download'), table.getByTestId('record-export').click()]);
      expect(file.suggestedFilename()).toMatch(/^充提幣記錄-\d{8}\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(await file.path());
      const sheet = workbook.worksheets[0]!;
      expect(sheet.getRow(1).getCell(1).value).toBe(records[lang].export.title);
      const exported = [...Array(sheet.rowCount).keys()].map((i) => sheet.getRow(i + 1)).find((row) => row.getCell(10).value === txHash);
      expect(exported?.getCell(3).value).toBe(records[lang].types.withdraw);
      expect(exported?.getCell(6).value).toBe(0.1);
      expect(exported?.getCell(11).value).toBe(t.status.withdraw_complete);

      // The phone width: the pages reflow without sideways scrolling of the page itself.
      await page.setViewportSize({ width: 390, height: 844 });
      const landmarks: Record<string, string> = { 'wallet/overview': 'wallet-total', 'wallet/recharge/coin/BTC': 'recharge-coin', 'record/coin': 'record-coin' };
      for (const [path, testId] of Object.entries(landmarks)) {
        await page.goto(`${base}/${path}`);
        await page.getByTestId(testId).waitFor();
        const width = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          wide: Array.from(document.querySelectorAll('body *'))
            .filter((el) => el.getBoundingClientRect().right > 391 && !el.closest('.td-nav, .td-table-scroll, .td-account-nav'))
            .slice(0, 5)
            .map((el) => `${el.tagName}.${el.className}`),
        }));
        expect(width.page, `${path}: ${width.wide.join(', ')}`).toBeLessThanOrEqual(390);
      }
      await saveScreenshot(page, `wallet-deposit-${lang}-390`);

      expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
      await context.close();
    },
    240_000,
  );
});

describe('the whitelist’s cooling-off in Chromium', () => {
  it.each(['zh-HK', 'en-US'] as const)('%s: after the whitelist is switched off, the address book and the withdraw page say until when only whitelisted addresses go', async (lang: Lang) => {
    const t = texts[lang];
    const base = `${suite.baseURL}/${lang}`;
    const { page, context } = await openPage(browser);
    const token = await signIn(context);
    const mail = await client.emailCode(token, demoUser.email, 'whitelistOff');
    await client.advance(31_000); // a Google code of a time step not used yet, without waiting for it
    const off = await client.call<{ coolingOffUntil: string }>('POST', '/account/wallet/whitelist/set', {
      token,
      body: { on: false, password: await client.encrypt(demoUser.password), emailUuid: mail.uuid, emailCode: mail.code, gaCode: await ga.nextCode() },
    });
    expect(off.data.coolingOffUntil).not.toBeNull();

    await page.goto(`${base}/wallet/address/coinAddress`);
    await expect.poll(() => page.getByTestId('whitelist-state').textContent()).toBe(t.book.whitelistOff);
    expect(await page.getByTestId('whitelist-cooling-off').textContent()).toContain(head(t.book.coolingOff));
    await page.goto(`${base}/wallet/withdraw/coin/BTC`);
    const notice = page.getByTestId('withdraw-cooling-off');
    await expect.poll(() => notice.textContent()).toContain(head(t.withdraw.coolingOff));
    await expectAccessible(page, 'withdraw form in the cooling-off');
    await saveScreenshot(page, `wallet-withdraw-cooling-${lang}-1440`);
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, `wallet-withdraw-cooling-${lang}-390`);

    // Switching it on ends the cooling-off: the notice goes.
    expect((await client.call<{ coolingOffUntil: string | null }>('POST', '/account/wallet/whitelist/set', { token, body: { on: true } })).data.coolingOffUntil).toBeNull();
    await page.reload();
    await page.getByTestId('withdraw-day-limit').waitFor();
    expect(await notice.count()).toBe(0);
    await context.close();
  }, 120_000);
});
