import { describe, expect, it } from 'vitest';
import { fileBrowser, fileSandbox } from './support/suite.ts';
import type { Browser } from 'playwright-core';
import zhBroker from '../../locales/zh-HK/broker.json' with { type: 'json' };
import zhCommon from '../../locales/zh-HK/common.json' with { type: 'json' };
import enCommon from '../../locales/en-US/common.json' with { type: 'json' };
import zhHome from '../../locales/zh-HK/home.json' with { type: 'json' };
import enHome from '../../locales/en-US/home.json' with { type: 'json' };
import { openPage } from './support/browser.ts';
import { demoToken } from './support/account.ts';
import { waitForBook } from './support/market.ts';

const baseURL = await fileSandbox();
let browser: Browser;

fileBrowser((launched) => {
  browser = launched;
});

describe('app shell in Chromium', () => {
  it('opens / → /zh-HK/home, switches to en-US, is remembered, and a guarded route sends to login', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${baseURL}/`);
    await page.waitForURL(`${baseURL}/zh-HK/home`);
    await expect.poll(() => page.title()).toBe(`${zhCommon.pages.home} · ${zhCommon.app.title}`);
    expect(await page.getAttribute('html', 'lang')).toBe('zh-HK');
    await page.getByRole('heading', { level: 1, name: zhHome.hero.title }).waitFor();
    // Signed out, the areas with a public page lead there rather than to sign-in.
    const nav = page.getByRole('navigation', { name: zhCommon.header.mainNav });
    expect(await nav.getByRole('link', { name: zhCommon.nav.convert }).getAttribute('href')).toBe('/zh-HK/nologin/convert/coin');
    expect(await nav.getByRole('link', { name: zhCommon.nav.otc }).getAttribute('href')).toBe('/zh-HK/otc/form/unlogin');

    await page.getByTestId('language-switch').selectOption('en-US');
    await page.waitForURL(`${baseURL}/en-US/home`);
    await page.getByRole('heading', { level: 1, name: enHome.hero.title }).waitFor();
    await expect.poll(() => page.title()).toBe(`${enCommon.pages.home} · ${enCommon.app.title}`);

    // Remembered: the empty path now lands on the English home.
    await page.goto(`${baseURL}/`);
    await page.waitForURL(`${baseURL}/en-US/home`);

    await page.goto(`${baseURL}/en-US/wallet/overview?tab=1`);
    await page.waitForURL(/\/en-US\/login\?redirect=/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/en-US/wallet/overview?tab=1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['zh-HK', 'home', zhCommon.app.skipToContent],
    ['en-US', 'home', enCommon.app.skipToContent],
    ['zh-HK', 'brokerManager/project', zhCommon.app.skipToContent],
  ] as const)('%s /%s: the first Tab reaches a visible skip link that moves focus past the header to the page', async (lang, path, label) => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseURL}/${lang}/${path}`);
    // The page's own content is in (its lazy chunk loaded): a link inside <main>.
    await page.locator('main a[href]').first().waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByTestId('skip-link');
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.textContent()).toBe(label);
    // Visible while focused (it sits off-screen otherwise).
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.height > 0).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    // The next Tab goes to the page's own content, not back into the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
    await context.close();
  });

  it('redirects unsupported languages, unknown paths and lower-case assets', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseURL}/fr-FR/market`);
    await page.waitForURL(`${baseURL}/zh-HK/market`);
    // An address no route has: a not-found page (its own title, one h1, the way on), not a silent redirect home.
    await page.goto(`${baseURL}/zh-HK/no/such/page`);
    await page.getByTestId('not-found').waitFor();
    expect(page.url()).toBe(`${baseURL}/zh-HK/no/such/page`);
    expect(await page.locator('h1').allTextContents()).toEqual([zhCommon.notFound.title]);
    await expect.poll(() => page.title()).toBe(`${zhCommon.notFound.title} · ${zhCommon.app.title}`);
    await page.getByTestId('not-found-home').click();
    await page.waitForURL(`${baseURL}/zh-HK/home`);
    await page.goto(`${baseURL}/en-US/nope`);
    await expect.poll(() => page.title()).toBe(`${enCommon.notFound.title} · ${enCommon.app.title}`);
    // Back to Chinese, the language the rest of this test expects to be remembered.
    await page.goto(`${baseURL}/zh-HK/home`);
    await page.getByTestId('language-switch').waitFor();
    await page.goto(`${baseURL}/market`);
    await page.waitForURL(`${baseURL}/zh-HK/market`);
    await page.goto(`${baseURL}/zh-HK/record`);
    await page.waitForURL(/\/zh-HK\/login\?redirect=%2Fzh-HK%2Frecord%2Fcoin$/);
    // A signed-in user: the asset parameter must be upper-case letters only (spec §2).
    await context.addCookies([{ name: 'token', value: await demoToken(baseURL), url: baseURL }]);
    await page.goto(`${baseURL}/zh-HK/wallet/withdraw/coin/BTC`);
    await page.getByTestId('withdraw-form').waitFor();
    expect(page.url()).toBe(`${baseURL}/zh-HK/wallet/withdraw/coin/BTC`);
    await page.goto(`${baseURL}/zh-HK/wallet/withdraw/coin/btc`);
    await page.waitForURL(`${baseURL}/zh-HK/home`);
    await page.goto(`${baseURL}/zh-HK/otcinfo/recharge`);
    await page.waitForURL(`${baseURL}/zh-HK/otcinfo/recharge/fiat/USD`);
    await context.close();
  });

  it('shows a translated error naming a route chunk that fails to load, and recovers on retry', async () => {
    const { page, context } = await openPage(browser);
    await page.route('**/assets/HomePage-*.js', (route) => route.abort('failed'));
    await page.goto(`${baseURL}/en-US/home`);
    const error = page.getByTestId('chunk-error');
    await error.waitFor();
    expect(await error.textContent()).toContain(enCommon.chunk.failed.replace('{{chunk}}', 'home').slice(0, 30));
    expect(await error.textContent()).toContain('"home"');
    await page.unroute('**/assets/HomePage-*.js');
    await page.getByRole('button', { name: enCommon.chunk.retry }).click();
    await page.getByRole('heading', { level: 1, name: enHome.hero.title }).waitFor();
    await context.close();
  });

  it('switches the exchange: saved, page reloaded (spec §4)', async () => {
    const { page, context } = await openPage(browser);
    await context.addCookies([{ name: 'token', value: await demoToken(baseURL), url: baseURL }]);
    await page.goto(`${baseURL}/en-US/market`);
    const select = page.getByTestId('exchange-switch');
    expect(await select.inputValue()).toBe('binance');
    expect(await select.locator('option').count()).toBe(8);
    const reloaded = page.waitForEvent('load');
    await select.selectOption('okx');
    await reloaded;
    expect(await page.getByTestId('exchange-switch').inputValue()).toBe('okx');
    expect(await page.evaluate(() => localStorage.getItem('exchangeCode'))).toBe('okx');
    await context.close();
  });

  it('switches theme and remembers it', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseURL}/zh-HK/home`);
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.getByTestId('theme-toggle').click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await context.close();
  });

  it('renders broker pages in Hong Kong Chinese whatever the prefix says', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseURL}/en-US/brokerManager`);
    await page.waitForURL(`${baseURL}/en-US/brokerManager/project`);
    // Signed out, the broker manager's own gate asks for a sign-in (spec §2), in Hong Kong Chinese under /en-US.
    await page.getByRole('heading', { level: 1, name: zhBroker.gate.signInTitle }).waitFor();
    expect(await page.locator('.td-broker-layout').getAttribute('lang')).toBe('zh-HK');
    await context.close();
  });

  it('gives phone-like user agents no page background class', async () => {
    const desktop = await openPage(browser);
    await desktop.page.goto(`${baseURL}/zh-HK/home`);
    expect(await desktop.page.evaluate(() => document.body.classList.contains('td-page-bg'))).toBe(true);
    await desktop.context.close();
    const phone = await openPage(browser, {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    });
    await phone.page.goto(`${baseURL}/zh-HK/home`);
    await phone.page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await phone.page.evaluate(() => document.body.classList.contains('td-page-bg'))).toBe(false);
    await phone.context.close();
  });

  it('serves security headers and runs without CSP violations', async () => {
    const response = await fetch(`${baseURL}/zh-HK/home`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(csp).toContain("require-trusted-types-for 'script'");
    const { page, context, errors } = await openPage(browser);
    // Every violation the browser reports (CSP and Trusted Types alike), from the first script on.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const violations = () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    await page.goto(`${baseURL}/zh-HK/home`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // connect-src is 'self' only: the market core's websockets and REST calls to the simulator (same origin) pass;
    // the market SharedWorker's URL, the chart's markup and the pages' own rendering pass the Trusted Types policy.
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    await page.goto(`${baseURL}/zh-HK/trading/BTCUSDT`);
    await waitForBook(page);
    await page.locator('canvas').first().waitFor();
    expect(await violations()).toEqual([]);
    for (const route of ['/zh-HK/market', '/en-US/login', '/en-US/register']) {
      await page.goto(`${baseURL}${route}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await violations(), route).toEqual([]);
    }
    expect(errors.filter((e) => /Content Security Policy|Trusted ?Type/i.test(e))).toEqual([]);
    await context.close();
    // No public source maps: the entry script names none, and none is served.
    const html = await (await fetch(`${baseURL}/zh-HK/home`)).text();
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(entry).toMatch(/^\/assets\/.+\.js$/);
    expect(await (await fetch(`${baseURL}${entry}`)).text()).not.toContain('sourceMappingURL');
    expect((await fetch(`${baseURL}${entry}.map`)).status).toBe(404);
  });
});
