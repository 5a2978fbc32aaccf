import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import enConvert from '../../locales/en-US/convert.json' with { type: 'json' };
import zhConvert from '../../locales/zh-HK/convert.json' with { type: 'json' };
import { demoUser } from '../../server/identity/seed.ts';
import { openPage } from './support/browser.ts';
import { saveScreenshot } from './support/market.ts';
import { expectAccessible, ownSandboxSuite } from './support/suite.ts';
import type { SandboxClient } from './support/wallet.ts';

// Issue 12, convert screens, in real Chromium and both locales: signed out, the public page quotes an
// indicative price and asks to sign in; signed in without a Google authenticator, the page says to bind one
// and links to the security page; bound, 1 BTC converts to USDT at a firm quote, and the balances and the
// result move by exactly the quoted amounts; a quote past its 15 s on the sandbox clock is refused and
// marked expired with nothing moved, and a new one is one click away; a pair switched off by operations is
// refused with its message and greyed out. Own sandbox: it moves the clock and switches pairs off.

const texts = { 'zh-HK': zhConvert, 'en-US': enConvert } as const;
type Lang = keyof typeof texts;
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
/** The app's amount format: the provider's plain digits with thousands separators (src/lib/format groupThousands). */
/** Waits that include the form's 350 ms debounce and a call to the sandbox: generous for a loaded 2-core CI machine. */
const slow = { timeout: 10_000 } as const;
const grouped = (plain: string) => plain.replace(/^(\d+)/, (int) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

// Its own sandbox and browser, the ledger checked after every journey (support/suite.ts).
const suite = ownSandboxSuite();
let client: SandboxClient;
let gaBound = false;

beforeAll(() => {
  client = suite.client;
});

/**
 * The demo user starts without an authenticator; the second journey needs that again: the lost-authenticator
 * reset (e-mail code, password) approved by operations unbinds it (server/README.md "Google authenticator reset").
 */
async function unbindGa(): Promise<void> {
  await client.advance(1_100); // spec §5: one code per second per address (the sandbox clock)
  const sent = await client.call<{ uuid: string }>('POST', '/institution/email/captcha/noLogin', { body: { email: demoUser.email, businessType: 'resetGa' } });
  expect(sent.code).toBe(200);
  const mail = await client.readCode(demoUser.email, 'resetGa');
  const applied = await client.call('POST', '/institution/ga/reset/apply', {
    body: { username: demoUser.email, password: await client.encrypt(demoUser.password), emailUuid: sent.data.uuid, emailCode: mail.code },
  });
  expect(applied.code).toBe(200);
  expect((await client.call('POST', '/_dev/ga-reset/decide', { body: { email: demoUser.email, decision: 'approve' } })).code).toBe(200);
  gaBound = false;
}

async function balances(token: string): Promise<{ BTC: string; USDT: string }> {
  return { BTC: (await client.balance(token, 'BTC')).free, USDT: (await client.balance(token, 'USDT')).free };
}

/** The page does not scroll sideways at a phone's width (390 px). */
async function expectNarrow(page: Page, name: string): Promise<void> {
  const width = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    wide: Array.from(document.querySelectorAll('.td-convert *'))
      .filter((el) => el.getBoundingClientRect().right > 391)
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className}`),
  }));
  expect(width.page, `${name}: ${width.wide.join(', ')}`).toBeLessThanOrEqual(390);
  expect(width.wide, name).toEqual([]);
}

describe('convert screens in Chromium (issue 12)', () => {
  it.each(['zh-HK', 'en-US'] as const)(
    '%s: public indicative quote → sign in → bind the authenticator → 1 BTC to USDT at a firm quote → an expired quote refused → a disabled pair refused',
    async (lang: Lang) => {
      const t = texts[lang];
      const base = `${suite.baseURL}/${lang}`;
      if (gaBound) await unbindGa();
      const { page, context, errors } = await openPage(suite.browser);
      const form = page.getByTestId('convert-form');
      const state = () => form.getByTestId('convert-quote-state').getAttribute('data-state');

      // Signed out: an indicative price as the amount is typed, a sign-in prompt instead of "Get quote".
      await page.goto(`${base}/nologin/convert/coin`);
      await form.getByTestId('input-fromAmount').fill('1');
      await expect.poll(state, slow).toBe('indicative');
      expect(await form.getByTestId('input-toAmount').inputValue()).toMatch(/^\d+\.\d+$/);
      expect(await form.getByTestId('convert-price').textContent()).toMatch(/^1 BTC = [\d,]+\.\d+ USDT$/);
      expect(await form.getByTestId('convert-spread').textContent()).toBe(fill(t.quote.spreadValue, { value: '0.10' }));
      expect(await form.getByTestId('convert-fee').textContent()).toBe(t.quote.feeValue);
      expect(await page.getByTestId('convert-get-quote').count()).toBe(0);
      expect(await page.getByTestId('convert-signin').textContent()).toContain(t.public.signInText);
      await expectAccessible(page, 'public convert');
      await saveScreenshot(page, `convert-public-${lang}-1440`);
      // Typing on the received side quotes by it: the paid side is what the quote computes.
      await form.getByTestId('input-toAmount').fill('1000');
      await expect.poll(() => form.getByTestId('input-fromAmount').inputValue(), slow).toMatch(/^0\.\d{1,8}$/);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNarrow(page, 'public convert');
      await saveScreenshot(page, `convert-public-${lang}-390`);
      await page.setViewportSize({ width: 1440, height: 900 });
      // The fiat tab is the other public page.
      await page.getByTestId('convert-tab-fiat').click();
      await page.waitForURL(`${base}/nologin/convert/fiat`);
      await page.locator('[data-testid="convert-public"][data-tab="fiat"]').waitFor();
      expect(await form.getByTestId('input-fromAsset').inputValue()).toBe('USD');

      // Sign in from the prompt: the login page brings the person back to convert/coin, on the same tab.
      await page.getByTestId('convert-signin-link').click();
      await page.waitForURL(/\/login\?redirect=/);
      await page.getByTestId('input-username').fill(demoUser.email);
      await page.getByTestId('input-password').fill(demoUser.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL(`${base}/convert/coin?tab=fiat`);
      await page.getByTestId('convert-tab-coin').click();
      await page.waitForURL(`${base}/convert/coin`);
      await page.locator('[data-testid="convert"][data-tab="coin"]').waitFor();

      // No Google authenticator: the page says what is missing and links to the security page.
      const notice = page.getByTestId('convert-permission');
      await expect.poll(() => notice.getAttribute('data-reason'), slow).toBe('gaRequired');
      expect(await notice.textContent()).toContain(t.permission.gaRequired);
      expect(await page.getByTestId('convert-get-quote').count()).toBe(0);
      await expectAccessible(page, 'convert without an authenticator');
      await saveScreenshot(page, `convert-ga-required-${lang}-1440`);
      await notice.getByTestId('convert-permission-fix').click();
      await page.waitForURL(`${base}/account/safe`);

      // Bound (the step-up with an e-mail code, through the API); back on the page, quotes may be asked for.
      const token = await client.login(demoUser.email, demoUser.password);
      await client.bindGa(token, demoUser.email, demoUser.password);
      gaBound = true;
      await page.goBack();
      await page.waitForURL(`${base}/convert/coin`);
      const getQuote = page.getByTestId('convert-get-quote');
      await getQuote.waitFor();
      expect(await notice.count()).toBe(0);

      // 1 BTC to USDT, by keyboard: Enter in the amount asks for a firm quote, focus lands on it, Tab and Enter confirm.
      const before = await balances(token);
      expect(await form.getByTestId('convert-available').textContent()).toBe(fill(t.form.available, { value: grouped(before.BTC), asset: 'BTC' }));
      await form.getByTestId('input-fromAmount').fill('1');
      await expect.poll(state, slow).toBe('indicative');
      await expect.poll(() => form.getByTestId('convert-limit').count()).toBe(1);
      await expectAccessible(page, 'convert form');
      await saveScreenshot(page, `convert-form-${lang}-1440`);
      await form.getByTestId('input-fromAmount').press('Enter');
      const confirm = page.getByTestId('convert-confirm');
      await confirm.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('convert-confirm-title');
      const paid = (await confirm.getByTestId('confirm-from').getAttribute('data-amount'))!;
      const received = (await confirm.getByTestId('confirm-to').getAttribute('data-amount'))!;
      expect(paid).toBe('1');
      expect(await confirm.getByTestId('confirm-to').textContent()).toBe(fill(t.units.amount, { value: grouped(received), asset: 'USDT' }));
      expect(await confirm.getByTestId('confirm-spread').textContent()).toContain('0.10%');
      expect(await confirm.getByTestId('confirm-fee').textContent()).toBe(t.quote.feeValue);
      expect(await confirm.getByTestId('confirm-inverse').textContent()).toMatch(/^1 USDT = 0\.0000\d+ BTC$/);
      // The form shows the quote's own amounts, locked, and the same countdown as the confirm step.
      expect(await form.getByTestId('input-toAmount').inputValue()).toBe(received);
      expect(await form.getByTestId('input-fromAmount').isDisabled()).toBe(true);
      expect(await state()).toBe('firm');
      const seconds = async () => [await form.getByTestId('convert-countdown').getAttribute('data-seconds'), await confirm.getByTestId('convert-countdown').getAttribute('data-seconds')];
      await expect.poll(async () => { const [a, b] = await seconds(); return a === b && Number(a) > 0 && Number(a) <= 15; }).toBe(true);
      await expectAccessible(page, 'convert confirm');
      await saveScreenshot(page, `convert-confirm-${lang}-1440`);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('convert-confirm-submit');
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
      await page.keyboard.press('Enter');

      // The result and the balances: exactly the quoted amounts.
      const result = page.getByTestId('convert-result');
      await result.waitFor();
      expect(await result.getByTestId('result-from').getAttribute('data-amount')).toBe(paid);
      expect(await result.getByTestId('result-to').getAttribute('data-amount')).toBe(received);
      expect(await result.getByTestId('result-to').textContent()).toBe(fill(t.units.amount, { value: grouped(received), asset: 'USDT' }));
      expect(await result.getByTestId('convert-records').getAttribute('href')).toBe(`/${lang}/record/convert`);
      const after = await balances(token);
      expect(new Decimal(after.BTC).eq(new Decimal(before.BTC).minus(paid)), `BTC ${before.BTC} → ${after.BTC}`).toBe(true);
      expect(new Decimal(after.USDT).eq(new Decimal(before.USDT).plus(received)), `USDT ${before.USDT} → ${after.USDT}`).toBe(true);
      await expect.poll(() => form.getByTestId('convert-available').textContent()).toBe(fill(t.form.available, { value: grouped(after.BTC), asset: 'BTC' }));
      await expectAccessible(page, 'convert result');
      await saveScreenshot(page, `convert-result-${lang}-1440`);

      // An expired quote: the sandbox clock passes its 15 s; confirming is refused, the quote marked expired, nothing moves.
      await result.getByTestId('convert-again').click();
      await form.getByTestId('input-fromAmount').fill('0.5');
      await expect.poll(state, slow).toBe('indicative');
      await getQuote.click();
      await confirm.waitFor();
      const expiredId = await confirm.getAttribute('data-quote');
      await client.advance(16_000);
      await confirm.getByTestId('convert-confirm-submit').click();
      await expect.poll(() => confirm.getAttribute('data-state')).toBe('expired');
      // The refusal's own words in the alert, then a link to the help article that explains quotes (issue 16).
      expect(await confirm.getByTestId('form-error').textContent()).toBe(t.errors.quoteExpired);
      expect(await confirm.getByTestId('form-error').locator('xpath=following-sibling::*[1]').getByRole('link').getAttribute('href')).toContain('/help/');
      expect(await state()).toBe('expired');
      expect(await balances(token)).toEqual(after);
      await expectAccessible(page, 'expired quote');
      await saveScreenshot(page, `convert-expired-${lang}-1440`);
      // One click asks for a new quote, which is shown to be confirmed (never filled in the old one's place).
      await confirm.getByTestId('convert-requote').click();
      await expect.poll(() => confirm.getAttribute('data-state')).toBe('open');
      expect(await confirm.getAttribute('data-quote')).not.toBe(expiredId);
      expect(await confirm.getByTestId('confirm-from').getAttribute('data-amount')).toBe('0.5');
      expect(await balances(token)).toEqual(after);
      await confirm.getByTestId('convert-back').click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('convert-get-quote');

      // A pair operations switched off: refused with its message, then greyed out; nothing moves.
      expect((await client.call('POST', '/_dev/convert/disabledPair', { body: { fromAsset: 'BTC', toAsset: 'USDT', disabled: true } })).code).toBe(200);
      await getQuote.click();
      // The sandbox refuses it (the page still thought the pair open); the page then knows it is off and says so once.
      const pairOff = fill(t.errors.pairDisabled, { from: 'BTC', to: 'USDT' });
      await expect.poll(() => form.getByTestId('convert-pair-off').textContent(), slow).toBe(pairOff);
      expect(await form.getByTestId('form-error').count()).toBe(0);
      expect(await confirm.count()).toBe(0);
      expect(await form.locator('[data-testid="input-toAsset"] option[value="USDT"]').isDisabled()).toBe(true);
      expect(await getQuote.isDisabled()).toBe(true);
      expect(await balances(token)).toEqual(after);
      await expectAccessible(page, 'disabled pair');
      await saveScreenshot(page, `convert-pair-off-${lang}-1440`);
      expect((await client.call('POST', '/_dev/convert/disabledPair', { body: { fromAsset: 'BTC', toAsset: 'USDT', disabled: false } })).code).toBe(200);

      // record/convert lists the order with exactly the quoted amounts, newest first.
      const recordPage = await client.call<{ list: Array<{ orderId: string; fromAmount: string; toAmount: string }> }>('POST', '/institution/pageSwapOrderRecord', {
        token,
        body: { pageCondition: { pageNum: 1, pageSize: 10 } },
      });
      const filled = recordPage.data.list[0]!;
      expect([filled.fromAmount, filled.toAmount]).toEqual([paid, received]);
      await page.goto(`${base}/record/convert`);
      const recordRow = page.locator('tbody tr', { has: page.locator(`[data-record="C${filled.orderId}"]`) });
      // The record shows amounts at the asset's precision (glossary "Numbers": USDT 4 decimals, coins 8, truncated).
      await expect.poll(() => recordRow.textContent(), slow).toContain(`${grouped(new Decimal(received).toFixed(4, Decimal.ROUND_DOWN))} USDT`);
      expect(await recordRow.textContent()).toContain(`${new Decimal(paid).toFixed(8, Decimal.ROUND_DOWN)} BTC`);
      await expectAccessible(page, 'convert records');
      await page.goto(`${base}/convert/coin`);
      await form.waitFor();

      // The fiat tab: USD at the desk's par rate, less the fiat spread (0.2 %).
      await page.getByTestId('convert-tab-fiat').click();
      await page.waitForURL(`${base}/convert/coin?tab=fiat`);
      // The tab is a new form (the screen remounts): type into it, not into the coin tab's on its way out.
      await page.locator('[data-testid="convert"][data-tab="fiat"]').waitFor();
      await form.getByTestId('input-fromAmount').fill('1000');
      await expect.poll(() => form.getByTestId('input-toAmount').inputValue(), slow).toBe('998');
      expect(await form.getByTestId('input-toAsset').inputValue()).toBe('USDT');
      expect(await form.getByTestId('convert-spread').textContent()).toBe(fill(t.quote.spreadValue, { value: '0.20' }));
      await expectAccessible(page, 'fiat tab');
      await saveScreenshot(page, `convert-fiat-${lang}-1440`);

      // The phone width: both tabs reflow without sideways scrolling.
      await page.setViewportSize({ width: 390, height: 844 });
      for (const [path, amount] of [['convert/coin?tab=fiat', '1000'], ['convert/coin', '1']] as const) {
        await page.goto(`${base}/${path}`);
        await form.getByTestId('input-fromAmount').fill(amount);
        await expect.poll(state, slow).toBe('indicative');
        await expectNarrow(page, path);
      }
      await getQuote.click();
      await confirm.waitFor();
      await expectNarrow(page, 'confirm step');
      await saveScreenshot(page, `convert-confirm-${lang}-390`);

      expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
      await context.close();
    },
    240_000,
  );
});
