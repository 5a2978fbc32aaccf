import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import enLoans from '../../locales/en-US/loans.json' with { type: 'json' };
import zhLoans from '../../locales/zh-HK/loans.json' with { type: 'json' };
import type { ReplyOf } from '../../contract/call.ts';
import type { LoanCalls } from '../../contract/loans.ts';
import { demoUser } from '../../server/identity/seed.ts';
import { openPage } from './support/browser.ts';
import { saveScreenshot } from './support/market.ts';
import { expectAccessible, ownSandboxSuite } from './support/suite.ts';
import type { SandboxClient } from './support/wallet.ts';

// Issue 13, the loan page, in real Chromium and both locales: borrow 10,000 USDT against 0.25 BTC with the
// preview's LTV, liquidation price and daily interest; the loan shows the LTV of the live price; the dev
// control drops BTC 25 % and the page shows the margin call; 10 % more and the sandbox liquidates it: the
// loan reads "forcefully liquidated", the liquidation history shows what was sold and what came back, and
// the balances moved by exactly those amounts (the ledger's invariants are checked after each journey). A
// second loan is repaid early in full and ends with its collateral back; loans switched off by operations
// say to contact the provider. Own sandbox: it moves the simulator's price and the account's switches.

const texts = { 'zh-HK': zhLoans, 'en-US': enLoans } as const;
type Lang = keyof typeof texts;
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const grouped = (plain: string) => plain.replace(/^(\d+)/, (int) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
/** A USDT amount as the glossary shows it ("Numbers": 4 decimals, truncated, thousands separators). */
const usdt = (plain: string) => grouped(new Decimal(plain).toFixed(4, Decimal.ROUND_DOWN));
const ltvText = (ratio: Decimal.Value) => new Decimal(ratio).times(100).toFixed(2, Decimal.ROUND_DOWN);
/** Waits that include the page's 5 s refresh and a call to the sandbox: generous for a loaded 2-core CI machine. */
const slow = { timeout: 15_000 } as const;

const suite = ownSandboxSuite();
let client: SandboxClient;
beforeAll(() => {
  client = suite.client;
});

type LoanReply = ReplyOf<LoanCalls['/loan/detail']>;
type LiquidationPage = ReplyOf<LoanCalls['/loan/pageLiquidationRecord']>;

async function balances(token: string): Promise<{ BTC: Decimal; USDT: Decimal }> {
  return { BTC: new Decimal((await client.balance(token, 'BTC')).free), USDT: new Decimal((await client.balance(token, 'USDT')).free) };
}

async function btcPrice(token: string): Promise<Decimal> {
  const config = await client.call<{ collaterals: Array<{ asset: string; price: string }> }>('POST', '/loan/config', { token });
  return new Decimal(config.data.collaterals.find((c) => c.asset === 'BTC')!.price);
}

async function moveBtc(changePercent: number): Promise<void> {
  const reply = await client.call('POST', '/_dev/market/move', { body: { symbol: 'BTCUSDT', changePercent } });
  expect(reply.code).toBe(200);
}

/** Brings BTCUSDT back to about 65,000 (the simulator's start), so each journey starts from the same price. */
async function resetPrice(token: string): Promise<void> {
  const now = await btcPrice(token);
  await moveBtc(new Decimal(65_000).div(now).sub(1).times(100).toDecimalPlaces(4).toNumber());
}

/** The page does not scroll sideways at a phone's width (390 px). */
async function expectNarrow(page: Page, name: string): Promise<void> {
  const width = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    wide: Array.from(document.querySelectorAll('.td-loans *'))
      .filter((el) => el.getBoundingClientRect().right > 391 && !el.closest('.p-datatable-wrapper, .td-loan-table-wrap'))
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className}`),
  }));
  expect(width.page, `${name}: ${width.wide.join(', ')}`).toBeLessThanOrEqual(390);
  expect(width.wide, name).toEqual([]);
}

/** Borrows through the form: amounts, the preview, review, confirm; returns the new loan's id. */
async function borrowOnPage(page: Page, t: (typeof texts)[Lang], loanAmount: string, collateral: string): Promise<string> {
  const form = page.getByTestId('loan-borrow');
  await form.getByTestId('input-loanAmount').fill(loanAmount);
  await form.getByTestId('input-collateralAmount').fill(collateral);
  await form.getByTestId('borrow-preview').waitFor(slow);
  await form.getByTestId('borrow-review').click();
  const confirm = page.getByTestId('borrow-confirm');
  await confirm.waitFor();
  expect(await confirm.textContent()).toContain(t.borrow.confirmTitle);
  const shown = async () => ((await page.getByTestId('loan-detail').count()) > 0 ? page.getByTestId('loan-detail').getAttribute('data-order') : null);
  const before = await shown();
  await confirm.getByTestId('borrow-confirm-button').click();
  await expect.poll(shown, slow).not.toBe(before);
  return (await page.getByTestId('loan-detail').getAttribute('data-order'))!;
}

describe('loan page in Chromium (issue 13)', () => {
  it.each(['zh-HK', 'en-US'] as const)(
    '%s: borrow 10,000 USDT against BTC → LTV → BTC −25 % margin call → −10 % more, forcefully liquidated with the remainder returned → repay a second loan early → loans switched off',
    async (lang: Lang) => {
      const t = texts[lang];
      const base = `${suite.baseURL}/${lang}`;
      const token = await client.login(demoUser.email, demoUser.password);
      await resetPrice(token);
      const { page } = await openPage(suite.browser);
      await page.goto(`${base}/login?redirect=${encodeURIComponent(`/${lang}/loan`)}`);
      await page.getByTestId('input-username').fill(demoUser.email);
      await page.getByTestId('input-password').fill(demoUser.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL(`${base}/loan`);
      await page.getByTestId('loan-borrow').waitFor();
      expect(await page.getByTestId('coming-soon').count()).toBe(0);

      // The preview as the amounts are typed: LTV of the live price, the liquidation price, the daily interest.
      const form = page.getByTestId('loan-borrow');
      await form.getByTestId('input-loanAmount').fill('10000');
      await form.getByTestId('input-collateralAmount').fill('0.25');
      await form.getByTestId('borrow-preview').waitFor(slow);
      expect(await form.getByTestId('preview-liquidation-price').textContent()).toBe(fill(t.units.usdt, { value: '48,192.77' }));
      expect(await form.getByTestId('preview-daily-interest').textContent()).toBe(fill(t.units.amount, { value: '1.9200', asset: 'USDT' }));
      const previewLtv = new Decimal((await form.getByTestId('preview-ltv').textContent())!.replace('%', ''));
      expect(previewLtv.gt(58) && previewLtv.lt(65)).toBe(true);
      await expectAccessible(page, 'borrow preview');
      await saveScreenshot(page, `loans-preview-${lang}-1440`);

      // Borrow: the loan shows its LTV at the price it shows, and the balances moved by exactly the loan.
      const before = await balances(token);
      const first = await borrowOnPage(page, t, '10000', '0.25');
      const detail = page.getByTestId('loan-detail');
      expect(await detail.getByTestId('loan-status').textContent()).toBe(t.status['1']);
      const shownPrice = new Decimal((await detail.getByTestId('loan-price').textContent())!.replace(/[^\d.]/g, ''));
      const value = shownPrice.times('0.25').toDecimalPlaces(6, Decimal.ROUND_DOWN);
      expect(await detail.getByTestId('loan-ltv').textContent()).toBe(fill(t.units.percent, { value: ltvText(new Decimal(10000).div(value)) }));
      expect(await detail.getByTestId('loan-liquidation-price').textContent()).toBe(fill(t.units.usdt, { value: '48,192.77' }));
      expect(await detail.getByTestId('loan-margin-call').count()).toBe(0);
      expect(await detail.getByTestId('loan-stress').locator('tbody tr').count()).toBe(3);
      const borrowed = await balances(token);
      expect(borrowed.BTC.eq(before.BTC.minus('0.25')), `BTC ${before.BTC} → ${borrowed.BTC}`).toBe(true);
      expect(borrowed.USDT.eq(before.USDT.plus(10000)), `USDT ${before.USDT} → ${borrowed.USDT}`).toBe(true);
      await expect.poll(() => page.locator(`[data-loan="${first}"]`).count(), slow).toBe(1);
      await expectAccessible(page, 'loan accruing');
      await saveScreenshot(page, `loans-accruing-${lang}-1440`);

      // BTC −25 %: about 82 %, past the 75 % margin call, short of the 83 % liquidation.
      await moveBtc(-25);
      const notice = detail.getByTestId('loan-margin-call');
      await notice.waitFor(slow);
      expect(await notice.textContent()).toContain(t.marginCall.title);
      expect(await detail.getAttribute('data-status')).toBe('1');
      const calledLtv = new Decimal((await detail.getByTestId('loan-ltv').textContent())!.replace('%', ''));
      expect(calledLtv.gte(75) && calledLtv.lt(83), `LTV ${calledLtv.toFixed()}`).toBe(true);
      expect(await page.getByTestId('loan-gauge').getAttribute('data-zone')).toBe('marginCall');
      await expectAccessible(page, 'margin call');
      await saveScreenshot(page, `loans-margin-call-${lang}-1440`);

      // −10 % more: past 83 %; the sandbox sells enough collateral for the debt and the 2 % fee, the rest comes back.
      await moveBtc(-10);
      await expect.poll(() => detail.getAttribute('data-status'), slow).toBe('5');
      expect(await detail.getByTestId('loan-status').textContent()).toBe(t.status['5']);
      const history = await client.call<LiquidationPage>('POST', '/loan/pageLiquidationRecord', {
        token,
        body: { pageCondition: { pageNum: 1, pageSize: 10 }, queryCondition: { orderId: first } },
      });
      const sold = history.data.list[0]!;
      expect(sold.principalRepaid).toBe('10000');
      expect(sold.fee).toBe('200');
      expect(new Decimal(sold.collateralSold).plus(sold.collateralReturned).eq('0.25')).toBe(true);
      expect(new Decimal(sold.collateralReturned).gt(0)).toBe(true);
      const liquidated = await balances(token);
      expect(liquidated.BTC.eq(borrowed.BTC.plus(sold.collateralReturned)), `BTC ${borrowed.BTC} → ${liquidated.BTC}`).toBe(true);
      expect(liquidated.USDT.eq(borrowed.USDT.plus(sold.refund)), `USDT ${borrowed.USDT} → ${liquidated.USDT}`).toBe(true);
      const row = page.getByTestId(`liquidation-returned-${first}`);
      await expect.poll(() => row.count(), slow).toBe(1);
      expect(await row.textContent()).toBe(
        fill(t.liquidations.returnedValue, {
          collateral: fill(t.units.amount, { value: new Decimal(sold.collateralReturned).toFixed(8, Decimal.ROUND_DOWN), asset: 'BTC' }),
          refund: fill(t.units.amount, { value: usdt(sold.refund), asset: 'USDT' }),
        }),
      );
      await expectAccessible(page, 'forcefully liquidated');
      await saveScreenshot(page, `loans-liquidated-${lang}-1440`);

      // A second loan, repaid early in full: the preview shows the LTV and liquidation price after it; the loan ends.
      await resetPrice(token);
      const second = await borrowOnPage(page, t, '5000', '0.2');
      const beforeRepay = await balances(token);
      const action = detail.getByTestId('loan-action');
      await action.getByTestId('action-kind').selectOption('repay');
      await action.getByTestId('action-repay-all').click();
      const debt = await action.getByTestId('input-actionAmount').inputValue();
      await action.getByTestId('action-review').click();
      const preview = action.getByTestId('action-preview');
      await preview.waitFor();
      expect(await preview.getByTestId('action-ltv-after').textContent()).toContain(fill(t.units.percent, { value: '0.00' }));
      await action.getByTestId('action-confirm').click();
      await expect.poll(() => detail.getAttribute('data-status'), slow).toBe('2');
      expect(await detail.getAttribute('data-order')).toBe(second);
      expect(await detail.getByTestId('loan-status').textContent()).toBe(t.status['2']);
      const repaid = await balances(token);
      expect(repaid.BTC.eq(beforeRepay.BTC.plus('0.2'))).toBe(true);
      expect(repaid.USDT.eq(beforeRepay.USDT.minus(debt))).toBe(true);
      const ended = await client.call<LoanReply>('POST', '/loan/detail', { token, body: { orderId: second } });
      expect(ended.data).toMatchObject({ status: 2, debt: '0', collateralAmount: '0' });

      // The orders list: filtered to ended loans, the second one is there with its state translated.
      await page.getByTestId('loan-orders').getByTestId('filter-status').selectOption('2');
      // The first (forcefully liquidated) leaves the list once the filtered page is in; the second stays.
      await expect.poll(() => page.locator(`[data-loan="${first}"]`).count(), slow).toBe(0);
      expect(await page.locator(`[data-loan="${second}"]`).count()).toBe(1);
      await expectAccessible(page, 'loan ended');

      // A phone's width: nothing scrolls sideways but the tables' own regions.
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNarrow(page, 'loans');
      await saveScreenshot(page, `loans-${lang}-390`);
      await page.setViewportSize({ width: 1280, height: 900 });

      // Operations switch loans off (spec §6): the page says to contact the provider.
      expect((await client.call('POST', '/_dev/account', { body: { email: demoUser.email, disabled: ['loan'] } })).code).toBe(200);
      await page.reload();
      const off = page.getByTestId('loans-off');
      await off.waitFor(slow);
      expect(await off.textContent()).toBe(t.off.text);
      expect(await page.getByTestId('loan-borrow').count()).toBe(0);
      await expectAccessible(page, 'loans off');
      expect((await client.call('POST', '/_dev/account', { body: { email: demoUser.email, disabled: [] } })).code).toBe(200);
      await page.close();
    },
  );
});
