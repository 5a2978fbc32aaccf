import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addressFromBytes } from '../../contract/chains.ts';
import enCommon from '../../locales/en-US/common.json' with { type: 'json' };
import enHelp from '../../locales/en-US/help.json' with { type: 'json' };
import enMarketing from '../../locales/en-US/marketing.json' with { type: 'json' };
import enWallet from '../../locales/en-US/wallet.json' with { type: 'json' };
import zhCommon from '../../locales/zh-HK/common.json' with { type: 'json' };
import zhHelp from '../../locales/zh-HK/help.json' with { type: 'json' };
import zhMarketing from '../../locales/zh-HK/marketing.json' with { type: 'json' };
import enValidation from '../../locales/en-US/validation.json' with { type: 'json' };
import zhValidation from '../../locales/zh-HK/validation.json' with { type: 'json' };
import zhWallet from '../../locales/zh-HK/wallet.json' with { type: 'json' };
import { demoUser } from '../../server/identity/seed.ts';
import { axeViolations, launchBrowser, openPage } from './support/browser.ts';
import { saveScreenshot } from './support/market.ts';
import { ownSandbox, SandboxClient } from './support/wallet.ts';

// Issue 16 in real Chromium, both locales, own sandbox: the help centre's search finds the withdraw articles for 提幣
// (and its Simplified spelling) in zh-HK and for "withdraw" in en-US, with the query in the URL so the search can be
// shared; an article page has its title and description meta and takes a "was this helpful?" vote; a withdrawal
// refused by the sandbox links to the article that explains it. The marketing pages (spec §1): each has its own
// title and description meta; the OTC page shows a live indicative quote from the public block/getQuote; the
// electricity calculator computes the bill in USD, HKD and BTC at the live price; the brokers page asks a visitor
// to sign in and back, then sends and confirms a cooperation application. Axe on each page; no sideways
// scrolling at 390 px.

const texts = {
  'zh-HK': { help: zhHelp, common: zhCommon, wallet: zhWallet, marketing: zhMarketing, validation: zhValidation, query: '提幣', simplified: '提币' },
  'en-US': { help: enHelp, common: enCommon, wallet: enWallet, marketing: enMarketing, validation: enValidation, query: 'withdraw', simplified: 'Withdrawals' },
} as const;
type Lang = keyof typeof texts;
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
/** Waits that include a chunk load and a call to the sandbox: generous for a loaded 2-core CI machine. */
const slow = { timeout: 15_000 } as const;

let sandbox: { baseURL: string; close: () => Promise<void> };
let client: SandboxClient;
let browser: Browser;

beforeAll(async () => {
  sandbox = await ownSandbox(inject('distDir'));
  client = new SandboxClient(sandbox.baseURL);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

async function expectAccessible(page: Page, name: string): Promise<void> {
  const found = await axeViolations(page);
  expect(found, `${name}: ${JSON.stringify(found)}`).toEqual([]);
}

/** The page does not scroll sideways at a phone's width (a wide table scrolls in its own focusable region). */
async function expectNarrow(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    wide: Array.from(document.querySelectorAll('main *'))
      .filter((el) => el.getBoundingClientRect().right > 391 && !el.closest('.td-help-table, .td-mk-table'))
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className}`),
  }));
  expect(width.page, `${name}: ${width.wide.join(', ')}`).toBeLessThanOrEqual(390);
  expect(width.wide, name).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
}

const results = (page: Page) => page.getByTestId('help-result').evaluateAll((items) => items.map((item) => item.getAttribute('data-article') ?? ''));
const meta = (page: Page) => page.evaluate(() => ({ title: document.title, description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null }));

describe('help centre in Chromium (issue 16)', () => {
  it.each(['zh-HK', 'en-US'] as const)('%s: search by keyboard → shared URL → article with title and meta → was this helpful?', async (lang: Lang) => {
    const t = texts[lang];
    const base = `${sandbox.baseURL}/${lang}`;
    const { page, errors } = await openPage(browser);

    await page.goto(`${base}/help`);
    await page.getByTestId('help-categories').waitFor();
    expect(await meta(page)).toEqual({ title: `${t.help.meta.title} · ${t.common.app.title}`, description: t.help.meta.description });
    await expectAccessible(page, 'help home');
    await saveScreenshot(page, `help-home-${lang}-1440`);

    // Keyboard alone: Tab to the search box, type, Tab on to the first result.
    const input = page.getByTestId('help-search-input');
    for (let i = 0; i < 40 && !(await input.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(t.query);
    await page.waitForURL(`${base}/help?q=${encodeURIComponent(t.query)}`);
    await expect.poll(() => results(page), slow).not.toEqual([]);
    const found = await results(page);
    // The withdraw articles come first: all five of the category (提幣 finds 提幣地址's article too).
    expect(found.slice(0, 5).sort()).toEqual(['withdraw/address-book-whitelist', 'withdraw/fees-and-limits', 'withdraw/fiat-withdrawal', 'withdraw/how-to-withdraw', 'withdraw/restrictions']);
    expect(await page.getByTestId('help-results').locator('h2').textContent()).toBe(fill(lang === 'zh-HK' ? t.help.search.results_other : found.length === 1 ? enHelp.search.results_one : enHelp.search.results_other, { count: found.length, query: t.query }));
    expect((await meta(page)).title).toBe(`${fill(t.help.search.metaTitle, { query: t.query })} · ${t.common.app.title}`);
    await expectAccessible(page, 'help results');
    await saveScreenshot(page, `help-search-${lang}-1440`);
    await expectNarrow(page, 'help results');

    // The URL is the search: opened anew (as a shared link), it shows the same results; another spelling finds the same.
    const shared = await browser.newPage();
    await shared.goto(page.url());
    await expect.poll(() => results(shared), slow).toEqual(found);
    await shared.goto(`${base}/help?q=${encodeURIComponent(t.simplified)}`);
    await expect.poll(() => results(shared), slow).toEqual(found);
    await shared.close();

    // On to the first result by keyboard.
    const first = found[0]!;
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.closest('[data-testid="help-result"]')?.getAttribute('data-article') ?? null);
    expect(focused).toBe(first);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/help/${first}`);
    const article = page.getByTestId('help-article');
    await article.waitFor();
    const [category, slug] = first.split('/') as [keyof typeof t.help.articles, string];
    const title = (t.help.articles[category] as Record<string, string>)[slug]!;
    expect(await article.locator('h1').textContent()).toBe(title);
    const lead = (await article.locator('.td-help-lead').textContent()) ?? '';
    expect(lead.length).toBeGreaterThan(20);
    expect(await meta(page)).toEqual({ title: `${title} · ${t.common.app.title}`, description: lead });
    expect(await page.getByTestId('help-related').locator('a').count()).toBeGreaterThanOrEqual(2);

    // Was this helpful? Stored by the sandbox for this browser: still answered after a reload.
    const vote = page.getByTestId('help-vote');
    await vote.getByTestId('help-vote-yes').click();
    await expect.poll(() => vote.getAttribute('data-vote'), slow).toBe('yes');
    expect(await vote.getByTestId('help-vote-status').textContent()).toContain(t.help.vote.thanks);
    await page.reload();
    await expect.poll(() => page.getByTestId('help-vote').getAttribute('data-vote'), slow).toBe('yes');
    expect(await page.getByTestId('help-vote-yes').getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page, 'help article');
    await saveScreenshot(page, `help-article-${lang}-1440`);
    await expectNarrow(page, 'help article');

    // Leaving the help centre leaves the home page's own title and no description behind.
    await page.goto(`${base}/home`);
    await expect.poll(() => meta(page)).toEqual({ title: `${t.common.pages.home} · ${t.common.app.title}`, description: null });
    expect(errors).toEqual([]);
  });

  it.each(['zh-HK', 'en-US'] as const)('%s: the withdraw form links to its article, and its refusal to the article that explains it', async (lang: Lang) => {
    const t = texts[lang];
    const base = `${sandbox.baseURL}/${lang}`;
    const { page, context, errors } = await openPage(browser);
    // The demo user has no Google authenticator: the sandbox refuses the withdrawal (10007).
    const token = await client.login(demoUser.email, demoUser.password);
    await context.addCookies([{ name: 'token', value: token, url: sandbox.baseURL }]);

    await page.goto(`${base}/wallet/withdraw/coin/BTC`);
    const form = page.getByTestId('withdraw-form');
    await form.getByTestId('input-address').waitFor(slow);
    const context_ = page.getByTestId('help-link-context');
    expect(await context_.getAttribute('data-article')).toBe('withdraw/how-to-withdraw');
    expect(await context_.textContent()).toBe(fill(t.help.link.context, { title: t.help.articles.withdraw['how-to-withdraw'] }));

    await form.getByTestId('input-address').fill(addressFromBytes('BTC', randomBytes(32)));
    await form.getByTestId('input-amount').fill('0.01');
    await form.getByTestId('withdraw-submit').click();
    const refusal = form.getByTestId('form-error');
    await expect.poll(() => refusal.textContent(), slow).toContain(t.wallet.errors.gaRequired);
    // The alert holds the message; the link to the article follows it.
    expect(await refusal.textContent()).toBe(t.wallet.errors.gaRequired);
    const link = form.getByTestId('help-link-error');
    expect(await link.getAttribute('data-article')).toBe('security/google-authenticator');
    expect(await link.textContent()).toBe(fill(t.help.link.error, { title: t.help.articles.security['google-authenticator'] }));
    await expectAccessible(page, 'withdraw refusal');
    await saveScreenshot(page, `help-withdraw-refusal-${lang}-1440`);

    await link.click();
    await page.waitForURL(`${base}/help/security/google-authenticator`);
    expect(await page.getByTestId('help-article').locator('h1').textContent()).toBe(t.help.articles.security['google-authenticator']);
    expect(errors).toEqual([]);
  });
});

const pageTitle = (lang: Lang, page: keyof typeof enMarketing & ('otc' | 'liquidity' | 'electricity' | 'quant' | 'brokers')) =>
  `${texts[lang].marketing[page].meta.title} · ${texts[lang].common.app.title}`;

describe('marketing pages in Chromium (issue 16)', () => {
  it.each(['zh-HK', 'en-US'] as const)('%s: home → OTC with a live indicative quote; liquidity and quant; each with its title and meta', async (lang: Lang) => {
    const t = texts[lang];
    const base = `${sandbox.baseURL}/${lang}`;
    const { page, errors } = await openPage(browser);

    await page.goto(`${base}/home`);
    await page.getByTestId('home-about-otc').click();
    await page.waitForURL(`${base}/about/otc`);
    await page.getByTestId('marketing-otc').waitFor();
    expect(await meta(page)).toEqual({ title: pageTitle(lang, 'otc'), description: t.marketing.otc.meta.description });

    // The desk's terms as the sandbox states them, and a live indicative quote for 5 BTC in USDT.
    await expect.poll(() => page.getByTestId('otc-minimum').textContent(), slow).toBe(fill(t.marketing.otc.terms.minimumValue, { amount: '200,000' }));
    expect(await page.getByTestId('otc-hours').textContent()).toBe(fill(t.marketing.otc.terms.hoursValue, { open: '00:00', close: '17:00', openHkt: '08:00', closeHkt: '01:00' }));
    expect(await page.getByTestId('otc-result').textContent()).toBe(fill(t.marketing.otc.terms.resultValue, { minutes: 30 }));
    expect(await page.getByTestId('otc-settlement').textContent()).toBe(fill(t.marketing.otc.terms.settlementValue, { days: 1 }));
    expect(await page.getByTestId('otc-desk-status').getAttribute('data-open')).toMatch(/^(true|false)$/);
    const result = page.getByTestId('otc-quote-result');
    await expect.poll(() => result.getAttribute('data-state'), slow).toBe('indicative');
    expect(await page.getByTestId('otc-quote-amounts').textContent()).toMatch(/^5 BTC ≈ [\d,]+\.\d+ USDT$/);
    expect(await page.getByTestId('otc-quote-price').textContent()).toMatch(/^1 BTC = [\d,]+(\.\d+)? USDT$/);
    await expectAccessible(page, 'OTC page');
    await saveScreenshot(page, `marketing-otc-${lang}-1440`);
    // Below the desk's minimum the quote says so, with the minimum.
    await page.getByTestId('input-otcAmount').fill('0.1');
    await expect.poll(() => result.getAttribute('data-state'), slow).toBe('error');
    expect(await page.getByTestId('otc-quote-error').textContent()).toContain('200,000');
    await page.getByTestId('input-otcAmount').fill('5');
    await expect.poll(() => result.getAttribute('data-state'), slow).toBe('indicative');
    // Paying USDT for BTC, the price still reads the traders' way round: 1 BTC = … USDT, not 1 USDT = 0.0000… BTC.
    await page.getByTestId('otc-quote-swap').click();
    await page.getByTestId('input-otcAmount').fill('400000');
    await expect.poll(() => page.getByTestId('otc-quote-amounts').textContent().catch(() => ''), slow).toMatch(/^400,000 USDT ≈ [\d,.]+ BTC$/);
    expect(await page.getByTestId('otc-quote-price').textContent()).toMatch(/^1 BTC = [\d,]+(\.\d+)? USDT$/);
    await page.getByTestId('otc-quote-swap').click();
    await page.getByTestId('input-otcAmount').fill('5');
    await expect.poll(() => result.getAttribute('data-state'), slow).toBe('indicative');
    await expectNarrow(page, 'OTC page');

    for (const key of ['liquidity', 'quant'] as const) {
      await page.goto(`${base}/about/${key}`);
      await page.getByTestId(`marketing-${key}`).waitFor();
      expect(await meta(page)).toEqual({ title: pageTitle(lang, key), description: t.marketing[key].meta.description });
      expect(await page.locator('h1').textContent()).toBe(t.marketing[key].title);
      await expectAccessible(page, `${key} page`);
      await expectNarrow(page, `${key} page`);
    }
    expect(errors).toEqual([]);
  });

  it.each(['zh-HK', 'en-US'] as const)('%s: the electricity calculator computes the bill in USD, HKD and BTC at the live price', async (lang: Lang) => {
    const t = texts[lang];
    const base = `${sandbox.baseURL}/${lang}`;
    const { page, errors } = await openPage(browser);
    await page.goto(`${base}/about/electricity`);
    const calculator = page.getByTestId('electricity-calculator');
    await calculator.waitFor();
    expect(await meta(page)).toEqual({ title: pageTitle(lang, 'electricity'), description: t.marketing.electricity.meta.description });

    // 1,000 kWh at HKD 1.2: HKD 1,200; USD and BTC at the live prices the page shows.
    await calculator.getByTestId('input-kwh').fill('1000');
    await calculator.getByTestId('input-rate').fill('1.2');
    await calculator.getByTestId('input-tariff').selectOption('HKD');
    const result = calculator.getByTestId('electricity-result');
    await expect.poll(() => result.getAttribute('data-state'), slow).toBe('done');
    expect(await calculator.getByTestId('bill-hkd').textContent()).toBe(fill(t.marketing.electricity.calculator.hkdValue, { value: '1,200.00' }));
    const price = calculator.getByTestId('bill-price');
    const usdPerBtc = new Decimal((await price.getAttribute('data-usd-per-btc'))!);
    const hkdPerBtc = new Decimal((await price.getAttribute('data-hkd-per-btc'))!);
    expect(usdPerBtc.gt(1000)).toBe(true);
    const usd = new Decimal(1200).times(usdPerBtc).div(hkdPerBtc);
    const grouped = (text: string) => text.replace(/^(\d+)/, (int) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
    expect(await calculator.getByTestId('bill-usd').textContent()).toBe(fill(t.marketing.electricity.calculator.usdValue, { value: grouped(usd.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2)) }));
    expect(await calculator.getByTestId('bill-btc').textContent()).toBe(fill(t.marketing.electricity.calculator.btcValue, { value: usd.div(usdPerBtc).toDecimalPlaces(8, Decimal.ROUND_UP).toFixed(8) }));
    await expectAccessible(page, 'electricity calculator');
    await saveScreenshot(page, `marketing-electricity-${lang}-1440`);

    // A tariff that is not a number says so beside the field, and no bill is shown.
    await calculator.getByTestId('input-rate').fill('abc');
    expect(await calculator.getByTestId('error-rate').textContent()).toBe(t.marketing.electricity.calculator.errors.rateFormat);
    expect(await result.getAttribute('data-state')).toBe('invalid');
    expect(await calculator.getByTestId('bill-usd').textContent()).toBe('--');
    await expectNarrow(page, 'electricity calculator');
    expect(errors).toEqual([]);
  });

  it.each(['zh-HK', 'en-US'] as const)('%s: brokers page: sign in from the form and back, validation, application stored and confirmed', async (lang: Lang) => {
    const t = texts[lang];
    const base = `${sandbox.baseURL}/${lang}`;
    const { page, errors } = await openPage(browser);
    await page.goto(`${base}/brokers`);
    await page.getByTestId('marketing-brokers').waitFor();
    expect(await meta(page)).toEqual({ title: pageTitle(lang, 'brokers'), description: t.marketing.brokers.meta.description });
    await expectAccessible(page, 'brokers page, signed out');
    await expectNarrow(page, 'brokers page, signed out');

    // Signed out: the application needs an account; sign-in comes back here.
    await page.getByTestId('brokers-signin-link').click();
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByTestId('input-username').fill(demoUser.email);
    await page.getByTestId('input-password').fill(demoUser.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`${base}/brokers`);
    const form = page.getByTestId('brokers-form');
    await form.waitFor(slow);
    // Started from the account's own details.
    await expect.poll(() => form.getByTestId('input-companyName').inputValue(), slow).toBe(demoUser.companyName);
    expect(await form.getByTestId('input-email').inputValue()).toBe(demoUser.email);

    // Validation beside each field, the first one focused.
    await form.getByTestId('input-companyName').fill('');
    await form.getByTestId('input-email').fill('ops@harbour');
    await form.getByTestId('brokers-submit').click();
    expect(await form.getByTestId('error-companyName').textContent()).toBe(t.validation.errors.required);
    expect(await form.getByTestId('error-email').textContent()).toBe(t.validation.errors.emailInvalid);
    expect(await form.getByTestId('input-companyName').evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page, 'brokers form with errors');

    await form.getByTestId('input-companyName').fill(`Harbour Capital ${lang}`);
    await form.getByTestId('input-email').fill('ops@harbour.example');
    await form.getByTestId('input-message').fill(lang === 'zh-HK' ? '希望為客戶開設託管子帳戶。' : 'Custodial sub-accounts for our clients.');
    await saveScreenshot(page, `marketing-brokers-${lang}-1440`);
    await form.getByTestId('brokers-submit').click();
    const sent = page.getByTestId('brokers-sent');
    await sent.waitFor(slow);
    const id = Number(await sent.getAttribute('data-id'));
    expect(id).toBeGreaterThan(0);
    expect(await sent.textContent()).toContain(fill(t.marketing.brokers.form.sentReference, { id, email: 'ops@harbour.example' }));
    await expectAccessible(page, 'brokers application sent');
    expect(errors).toEqual([]);
  });
});
