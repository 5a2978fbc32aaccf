import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addressFromBytes } from '../../contract/chains.ts';
import enCommon from '../../locales/en-US/common.json' with { type: 'json' };
import enHelp from '../../locales/en-US/help.json' with { type: 'json' };
import enWallet from '../../locales/en-US/wallet.json' with { type: 'json' };
import zhCommon from '../../locales/zh-HK/common.json' with { type: 'json' };
import zhHelp from '../../locales/zh-HK/help.json' with { type: 'json' };
import zhWallet from '../../locales/zh-HK/wallet.json' with { type: 'json' };
import { demoUser } from '../../server/db/seed.ts';
import { axeViolations, launchBrowser, openPage } from './support/browser.ts';
import { saveScreenshot } from './support/market.ts';
import { ownSandbox, SandboxClient } from './support/wallet.ts';

// Issue 16 in real Chromium, both locales, own sandbox: the help centre's search finds the withdraw articles for 提幣
// (and its Simplified spelling) in zh-HK and for "withdraw" in en-US, with the query in the URL so the search can be
// shared; an article page has its title and description meta and takes a "was this helpful?" vote; a withdrawal
// refused by the sandbox links to the article that explains it; axe on each page; no sideways scrolling at 390 px.

const texts = {
  'zh-HK': { help: zhHelp, common: zhCommon, wallet: zhWallet, query: '提幣', simplified: '提币' },
  'en-US': { help: enHelp, common: enCommon, wallet: enWallet, query: 'withdraw', simplified: 'Withdrawals' },
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

/** The page does not scroll sideways at a phone's width. */
async function expectNarrow(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    wide: Array.from(document.querySelectorAll('main *'))
      .filter((el) => el.getBoundingClientRect().right > 391 && !el.closest('.td-help-table'))
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

    // Leaving the help centre leaves the product's title and no description behind.
    await page.goto(`${base}/home`);
    await expect.poll(() => meta(page)).toEqual({ title: t.common.app.title, description: null });
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
