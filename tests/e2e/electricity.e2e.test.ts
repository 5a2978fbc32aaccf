import { readFile } from 'node:fs/promises';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import enElectricity from '../../locales/en-US/electricity.json' with { type: 'json' };
import zhElectricity from '../../locales/zh-HK/electricity.json' with { type: 'json' };
import { demoUser } from '../../server/identity/seed.ts';
import { readPdfText } from '../support/pdf-text.ts';
import { openPage } from './support/browser.ts';
import { saveScreenshot } from './support/market.ts';
import { expectAccessible, ownSandboxSuite } from './support/suite.ts';

// Spec §1 electricity payment in real Chromium and both locales: a hosting site's bill (a dev control issues it)
// is paid with USDT at a firm quote; the balance moves by exactly the quoted amount, the bill reads "paid" and
// its receipt downloads as a PDF with the receipt number, the site and the amounts. Own sandbox and browser.

const texts = { 'zh-HK': zhElectricity, 'en-US': enElectricity } as const;
type Lang = keyof typeof texts;
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const slow = { timeout: 15_000 } as const;
const suite = ownSandboxSuite();

describe('electricity payment in Chromium (issue 13)', () => {
  it.each(['zh-HK', 'en-US'] as const)('%s: pay a bill with USDT at a firm quote and download its receipt', async (lang: Lang) => {
    const t = texts[lang];
    const client = suite.client;
    const token = await client.login(demoUser.email, demoUser.password);
    const site = `Site ${lang}`;
    const issued = await client.call<{ billId: string; amount: string }>('POST', '/_dev/electricity/bill', {
      body: { email: demoUser.email, site, periodStart: '2026-10-01', periodEnd: '2026-10-31', kwh: '12000', rate: '0.05', currency: 'USD', dueInDays: 7 },
    });
    expect(issued.data.amount).toBe('600.00');
    const billId = issued.data.billId;

    const { page } = await openPage(suite.browser, { acceptDownloads: true });
    const base = `${suite.baseURL}/${lang}`;
    await page.goto(`${base}/login?redirect=${encodeURIComponent(`/${lang}/electricity-pay`)}`);
    await page.getByTestId('input-username').fill(demoUser.email);
    await page.getByTestId('input-password').fill(demoUser.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`${base}/electricity-pay`);
    await page.getByTestId(`bill-pay-${billId}`).waitFor(slow);
    expect(await page.getByTestId(`bill-status-${billId}`).textContent()).toBe(t.status.unpaid);
    await expectAccessible(page, 'bills');
    await saveScreenshot(page, `electricity-bills-${lang}-1440`);

    await page.getByTestId(`bill-pay-${billId}`).click();
    const panel = page.getByTestId('bill-pay-panel');
    await panel.getByTestId('bill-pay-asset').selectOption('USDT');
    await panel.getByTestId('bill-pay-quote').click();
    await panel.getByTestId('bill-quote').waitFor(slow);
    const quoted = (await panel.getByTestId('bill-quote-amount').textContent())!;
    const payAmount = quoted.replace(/[^\d.]/g, '');
    // 600 USD at par with USDT plus the desk's 0.1 % spread, rounded up to USDT's 6 decimals.
    expect(payAmount).toBe(new Decimal(600).div('0.999').toDecimalPlaces(6, Decimal.ROUND_UP).toFixed());
    await expectAccessible(page, 'bill quote');
    const before = new Decimal((await client.balance(token, 'USDT')).free);
    await panel.getByTestId('bill-pay-confirm').click();
    const done = panel.getByTestId('bill-paid');
    await done.waitFor(slow);
    const after = new Decimal((await client.balance(token, 'USDT')).free);
    expect(after.eq(before.minus(payAmount)), `USDT ${before} → ${after}`).toBe(true);
    await expect.poll(() => page.getByTestId(`bill-status-${billId}`).textContent(), slow).toBe(t.status.paid);
    await saveScreenshot(page, `electricity-paid-${lang}-1440`);

    // The receipt downloads as a PDF, read back by pdf.js: its title, number, the site, the bill's amount and what
    // it was paid with, at USDT's 4 decimals, truncated (glossary "Numbers").
    const [download] = await Promise.all([page.waitForEvent('download'), done.getByTestId('bill-paid-receipt').click()]);
    expect(download.suggestedFilename()).toMatch(/^receipt-EP\d{14,}\.pdf$/);
    const pdf = new Uint8Array(await readFile((await download.path())!));
    expect(new TextDecoder().decode(pdf.subarray(0, 8))).toBe('%PDF-1.7');
    const receipt = await readPdfText(pdf);
    expect(receipt.info.title).toBe(t.receipt.title);
    expect(receipt.info.language).toBe(lang);
    const lines = receipt.pages.flat();
    expect(lines[0]).toBe(t.receipt.title);
    expect(lines).toContain(`${t.receipt.number} ${download.suggestedFilename().slice('receipt-'.length, -'.pdf'.length)}`);
    expect(lines).toContain(`${t.receipt.site} ${site}`);
    expect(lines).toContain(`${t.receipt.amount} ${fill(t.units.amount, { value: '600.00', asset: 'USD' })}`);
    const paidWith = new Decimal(payAmount).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(4);
    expect(lines).toContain(`${t.receipt.paidWith} ${fill(t.units.amount, { value: paidWith, asset: 'USDT' })}`);
    expect(lines.at(-1)).toBe(`${t.receipt.footer} 1 / 1`);
    await expectAccessible(page, 'bill paid');

    await page.setViewportSize({ width: 390, height: 844 });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(390);
    await saveScreenshot(page, `electricity-${lang}-390`);
    await page.close();
  });
});
