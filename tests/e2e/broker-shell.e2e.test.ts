import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zhBroker from '../../locales/zh-HK/broker.json' with { type: 'json' };
import zhCommon from '../../locales/zh-HK/common.json' with { type: 'json' };
import { openPage, type PageWatch } from './support/browser.ts';
import { saveScreenshot } from './support/market.ts';
import { expectAccessible, ownSandboxSuite } from './support/suite.ts';

// Issue 14, the broker manager's shell in real Chromium, own sandbox. Signed out it prompts to sign in (and the
// sign-in comes back); signed in without broker rights it shows the no-permission screen with the platform's
// support e-mail and, for an institution user, opening rights; with them the menu grouped as spec §2, usable by
// keyboard with a visible focus, folding behind a menu button at 390 px. Always zh-HK (spec §1). Axe on each.

const suite = ownSandboxSuite();
const slow = { timeout: 15_000 } as const;
const SUPPORT_EMAIL = 'support@tradingdesk.test';
const GROUPS = ['account', 'project', 'billing', 'records', 'config', 'overview', 'dataAnalysis', 'apiManagement', 'portfolio'] as const;

/** A new institution user without broker rights (the demo user may be seeded as a broker). */
async function registerUser(): Promise<{ email: string; password: string }> {
  const client = suite.client;
  const email = `broker-${Date.now().toString(36)}@firm.test`;
  const password = 'Passw0rd!x';
  await client.advance(1_100);
  const sent = await client.call<{ uuid: string }>('POST', '/institution/email/captcha/noLogin', { body: { email, businessType: 'register' } });
  expect(sent.code).toBe(200);
  const mail = await client.readCode(email, 'register');
  const reply = await client.call('POST', '/institution/register', {
    body: {
      firstName: 'Mei',
      lastName: 'Chan',
      email,
      emailUuid: sent.data.uuid,
      emailCode: mail.code,
      areaCode: '+852',
      whatsapp: '+852 61234567',
      telegram: '@mei',
      preferredLanguage: 'zh-HK',
      companyName: 'Harbour Capital Ltd',
      password: await client.encrypt(password),
      confirmPassword: await client.encrypt(password),
      agreement: true,
    },
  });
  expect(reply.code).toBe(200);
  return { email, password };
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

describe('broker manager shell in Chromium (issue 14)', () => {
  let watch: PageWatch;
  let user: { email: string; password: string };
  beforeAll(async () => {
    watch = await openPage(suite.browser, { viewport: { width: 1280, height: 900 } });
    user = await registerUser();
  });
  afterAll(async () => watch?.context.close());

  it('signed out: the default page is the project page, showing the sign-in prompt; signing in comes back', async () => {
    const { page } = watch;
    // en-US in the URL: the broker manager is zh-HK all the same (spec §1).
    await page.goto(`${suite.baseURL}/en-US/brokerManager`);
    await page.waitForURL(`${suite.baseURL}/en-US/brokerManager/project`, slow);
    await page.getByTestId('broker-sign-in').waitFor(slow);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(zhBroker.gate.signInTitle);
    expect(await page.locator('.td-broker-layout').getAttribute('lang')).toBe('zh-HK');
    expect(await page.getByTestId('broker-nav').count()).toBe(0);
    const link = page.getByTestId('broker-sign-in-link');
    expect(await link.getAttribute('href')).toBe(`/en-US/login?redirect=${encodeURIComponent('/en-US/brokerManager/project')}`);
    await expectAccessible(page, 'sign-in prompt');
    await saveScreenshot(page, 'broker-sign-in-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    await saveScreenshot(page, 'broker-sign-in-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await link.click();
    await page.waitForURL(/\/en-US\/login\?redirect=/, slow);
    await page.locator('input[name="username"]').fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`${suite.baseURL}/en-US/brokerManager/project`, slow);
  });

  it('signed in without broker rights: no permission, with the support e-mail, and opening rights', async () => {
    const { page } = watch;
    await page.goto(`${suite.baseURL}/zh-HK/brokerManager/account`);
    await page.getByTestId('broker-no-permission').waitFor(slow);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(zhBroker.gate.noRightsTitle);
    const mail = page.locator('.td-no-permission__support a');
    await expect.poll(() => mail.getAttribute('href'), slow).toBe(`mailto:${SUPPORT_EMAIL}`);
    expect(await mail.textContent()).toBe(SUPPORT_EMAIL);
    expect(await page.locator('.td-no-permission__tips').textContent()).toBe(zhBroker.gate.noRightsTips);
    expect(await page.getByTestId('broker-nav').count()).toBe(0);
    await expectAccessible(page, 'no permission');
    await saveScreenshot(page, 'broker-no-permission-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    await saveScreenshot(page, 'broker-no-permission-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByTestId('broker-open-rights').click();
    await page.getByTestId('broker-nav').waitFor(slow);
    const token = await suite.client.login(user.email, user.password);
    const info = await suite.client.call<{ brokerOpen: boolean }>('GET', '/institution/getUserInfo', { token });
    expect(info.data.brokerOpen).toBe(true);
  });

  it('with rights: the menu grouped as spec §2, every page once, the current one marked; reloads straight into it', async () => {
    const { page, errors } = watch;
    await page.reload();
    await page.getByTestId('broker-nav').waitFor(slow);
    const headings = await page.locator('.td-broker-nav__heading').allTextContents();
    expect(headings).toEqual(GROUPS.map((g) => zhBroker.nav[g]));
    expect(await page.getByTestId('broker-nav-account').locator('a').allTextContents()).toEqual(
      ['brokerAccount', 'brokerRecharge', 'brokerWithdraw', 'brokerTransfer'].map((p) => zhCommon.pages[p as keyof typeof zhCommon.pages]),
    );
    expect(await page.getByTestId('broker-nav-link').count()).toBe(19);
    expect(await page.locator('.td-broker-nav a.active').getAttribute('data-page')).toBe('brokerAccount');
    expect(await page.getByRole('navigation', { name: zhBroker.shell.navLabel }).count()).toBe(1);
    await expectAccessible(page, 'broker shell');
    await saveScreenshot(page, 'broker-shell-1280');
    expect(errors).toEqual([]);
  });

  it('by keyboard: skip link, then the menu links in order with a visible focus; Enter opens a page', async () => {
    const { page } = watch;
    await page.goto(`${suite.baseURL}/zh-HK/brokerManager/project`);
    await page.getByTestId('broker-nav').waitFor(slow);
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('skip-link');
    const focused: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      focused.push(await page.evaluate(() => document.activeElement?.getAttribute('data-page') ?? document.activeElement?.tagName ?? ''));
    }
    expect(focused).toEqual(['brokerAccount', 'brokerRecharge', 'brokerWithdraw', 'brokerTransfer']);
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${suite.baseURL}/zh-HK/brokerManager/broker-transfer`, slow);
    await expect.poll(() => page.locator('.td-broker-nav a.active').getAttribute('data-page'), slow).toBe('brokerTransfer');
  });

  it('at 390 px: the menu folds behind a button; it opens, closes on Escape (focus back) and after a page is chosen', async () => {
    const { page } = watch;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${suite.baseURL}/zh-HK/brokerManager/project`);
    const toggle = page.getByTestId('broker-nav-toggle');
    await toggle.waitFor(slow);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('broker-nav-link').first().isVisible()).toBe(false);
    await noSidewaysScroll(page);
    await saveScreenshot(page, 'broker-shell-390-closed');

    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByTestId('broker-nav-link').first().isVisible()).toBe(true);
    await noSidewaysScroll(page);
    await expectAccessible(page, 'phone menu open');
    await saveScreenshot(page, 'broker-shell-390-open');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-page'))).toBe('brokerAccount');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('broker-nav-toggle');

    await toggle.click();
    await page.locator('[data-page="brokerBill"]').click();
    await page.waitForURL(`${suite.baseURL}/zh-HK/brokerManager/bill`, slow);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
