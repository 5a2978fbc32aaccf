import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fileBrowser, fileSandbox } from './support/suite.ts';
import enComponents from '../../locales/en-US/components.json' with { type: 'json' };
import enMarket from '../../locales/en-US/market.json' with { type: 'json' };
import zhMarket from '../../locales/zh-HK/market.json' with { type: 'json' };
import { demoUser } from '../../server/identity/seed.ts';
import { axeViolations, openPage } from './support/browser.ts';
import { saveScreenshot, useTheme } from './support/market.ts';

// jsencrypt's ES build uses extensionless imports Node cannot load; its CommonJS build runs as is.
const require = createRequire(import.meta.url);
const JSEncrypt = require('jsencrypt') as new () => { setPublicKey(key: string): void; encrypt(text: string): string | false };

const baseURL = await fileSandbox();
let browser: Browser;

fileBrowser((launched) => {
  browser = launched;
});

const rows = (page: Page) => page.getByTestId('market-scroll').locator('[role=row]');
const star = (page: Page, symbol: string) => page.locator(`[role=row][data-symbol="${symbol}"][data-market="spot"] button`);

async function signIn(): Promise<string> {
  const headers = { source: 'web', 'content-type': 'application/json' };
  const config = (await (await fetch(`${baseURL}/api/platformConfiguration/get`, { headers })).json()) as { data: { publicKey: string } };
  const rsa = new JSEncrypt();
  rsa.setPublicKey(config.data.publicKey);
  const password = rsa.encrypt(demoUser.password);
  const reply = (await (
    await fetch(`${baseURL}/api/institution/login`, { method: 'POST', headers, body: JSON.stringify({ username: demoUser.email, password }) })
  ).json()) as { code: number; data: { token: string } };
  if (reply.code !== 200) throw new Error(`login failed: ${JSON.stringify(reply)}`);
  return reply.data.token;
}

async function serverSelection(token: string): Promise<string[] | null> {
  const reply = (await (
    await fetch(`${baseURL}/api/user/feConfig/getSelfSelectionConfig`, { headers: { source: 'web', Authorization: `Bearer ${token}` } })
  ).json()) as { data: { configData: string | null } };
  return reply.data.configData === null ? null : (JSON.parse(reply.data.configData) as { selectionList: string[] }).selectionList;
}

describe('market page', () => {
  it('lists live spot and futures tickers, searches and sorts', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${baseURL}/en-US/market`);
    await rows(page).first().waitFor();
    // Live: the last price of the first row turns numeric once the ticker stream arrives.
    await expect.poll(() => rows(page).first().locator('[data-col=last]').textContent(), { timeout: 20_000 }).toMatch(/^\d/);
    const spotCount = await page.getByRole('table').getAttribute('aria-rowcount');
    expect(Number(spotCount)).toBeGreaterThan(10);

    await page.getByRole('searchbox', { name: enMarket.labels.search }).fill('eth/usdt');
    await expect.poll(() => rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-symbol')))).toEqual(['ETHUSDT']);
    // No match: the empty state sits in a row of the table, which holds only rows (axe aria-required-children).
    await page.getByRole('searchbox', { name: enMarket.labels.search }).fill('no such pair');
    await page.getByRole('table').getByRole('cell').filter({ hasText: enComponents.empty.noData }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('searchbox', { name: enMarket.labels.search }).fill('');

    // Sort by 24 h change, descending then ascending (spec §4 sort control: none → desc → asc).
    const sort = page.getByRole('columnheader', { name: enMarket.columns.change }).getByRole('button');
    await sort.click();
    const changes = async () =>
      (await rows(page).locator('[data-col=change]').allTextContents()).map((t) => Number.parseFloat(t)).filter((n) => Number.isFinite(n));
    await expect.poll(async () => { const c = await changes(); return c.length > 3 && c.every((v, i) => i === 0 || c[i - 1]! >= v); }).toBe(true);
    await sort.click();
    await expect.poll(async () => { const c = await changes(); return c.length > 3 && c.every((v, i) => i === 0 || c[i - 1]! <= v); }).toBe(true);

    await page.getByTestId('market-tab-usdm').click();
    await expect.poll(() => rows(page).first().getAttribute('data-market')).toBe('usdm');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps at most 8 favourites and shows the translated error for a ninth (signed out: local)', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseURL}/zh-HK/market`);
    await rows(page).nth(9).waitFor();
    const symbols = await rows(page).evaluateAll((els) => els.slice(0, 9).map((e) => e.getAttribute('data-symbol') ?? ''));
    for (const symbol of symbols.slice(0, 8)) {
      await star(page, symbol).click();
      await expect.poll(() => star(page, symbol).getAttribute('aria-pressed')).toBe('true');
    }
    await star(page, symbols[8]!).click();
    const error = page.getByTestId('favourite-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(zhMarket.errors.limit.replace('{{max}}', '8'));
    expect(await star(page, symbols[8]!).getAttribute('aria-pressed')).toBe('false');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('symbolData'))) ?? '[]')).toEqual(symbols.slice(0, 8));

    await page.getByTestId('market-tab-favourites').click();
    await expect.poll(() => rows(page).evaluateAll((els) => els.filter((e) => e.getAttribute('data-market') === 'spot').length)).toBe(8);
    await context.close();
  });

  it('syncs favourites with the server selection config when signed in', async () => {
    const token = await signIn();
    const { page, context } = await openPage(browser);
    await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
    await page.goto(`${baseURL}/en-US/market`);
    await rows(page).nth(3).waitFor();
    // Signed in with no server config yet: the (empty) local list becomes the server's, version 1.0.
    await expect.poll(() => serverSelection(token), { timeout: 10_000 }).toEqual([]);
    await star(page, 'ETHUSDT').click();
    await star(page, 'BNBUSDT').click();
    await expect.poll(() => serverSelection(token)).toEqual(['ETHUSDT', 'BNBUSDT']);
    await star(page, 'ETHUSDT').click();
    await expect.poll(() => serverSelection(token)).toEqual(['BNBUSDT']);

    // Another browser signed in as the same user gets the server's list.
    const other = await openPage(browser);
    await other.context.addCookies([{ name: 'token', value: token, url: baseURL }]);
    await other.page.goto(`${baseURL}/en-US/market`);
    await expect.poll(() => star(other.page, 'BNBUSDT').getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    expect(await star(other.page, 'ETHUSDT').getAttribute('aria-pressed')).toBe('false');
    await other.context.close();
    await context.close();
  });

  it('saves screenshots in both locales and themes at 1440×900', async () => {
    for (const [lang, theme] of [['zh-HK', 'dark'], ['zh-HK', 'light'], ['en-US', 'dark'], ['en-US', 'light']] as const) {
      const { page, context } = await openPage(browser);
      await useTheme(context, theme);
      await page.goto(`${baseURL}/${lang}/market`);
      await expect.poll(() => rows(page).first().locator('[data-col=last]').textContent(), { timeout: 20_000 }).toMatch(/^\d/);
      await saveScreenshot(page, `market-${lang}-${theme}`);
      await context.close();
    }
  });
});
