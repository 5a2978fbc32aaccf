import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import enAccount from '../../locales/en-US/account.json' with { type: 'json' };
import zhAccount from '../../locales/zh-HK/account.json' with { type: 'json' };
import { demoUser } from '../../server/identity/seed.ts';
import { openPage } from './support/browser.ts';
import { ownSandboxSuite } from './support/suite.ts';

// spec §8: code 401 → 'please log in again', the session cleared, the login page. A session unused for the idle
// time-out (the sandbox's Limits.sessionIdleMs, 30 minutes) ends on the server; the app's next call gets the 401
// and the sign-in page says the session expired, then brings the person back to the page they were on.
// The idle time passes on the sandbox's clock (its dev control), not by waiting: nothing in the app is changed for it.

const suite = ownSandboxSuite();
const IDLE_MS = 30 * 60_000;

async function signedInAt(path: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await openPage(suite.browser);
  const token = await suite.client.login(demoUser.email, demoUser.password);
  await context.addCookies([{ name: 'token', value: token, url: suite.baseURL }]);
  await page.goto(`${suite.baseURL}${path}`);
  return { page, close: () => context.close() };
}

const expiredNotice = (page: Page) => page.getByTestId('login-expired');

describe('idle time-out', () => {
  it('en-US: the next call after the idle time ends the session; the sign-in page says so and leads back', async () => {
    const { page, close } = await signedInAt('/en-US/record/coin');
    try {
      await page.getByTestId('record-coin').waitFor();
      expect(await expiredNotice(page).count()).toBe(0);

      await suite.client.advance(IDLE_MS + 60_000);
      // An in-app move to another records page: its call is the first after the idle time.
      await page.getByTestId('record-tab-transfer').click();
      await page.waitForURL((url) => url.pathname === '/en-US/login' && url.searchParams.get('expired') === '1');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/en-US/record/transfer');
      await expect.poll(() => expiredNotice(page).textContent()).toBe(enAccount.login.expired);

      // The session really ended: a signed-in page sends to sign-in again rather than showing data.
      await page.goto(`${suite.baseURL}/en-US/record/coin`);
      await page.waitForURL((url) => url.pathname === '/en-US/login');

      // Signing in again leads back to the page asked for.
      await page.goto(`${suite.baseURL}/en-US/login?redirect=${encodeURIComponent('/en-US/record/transfer')}&expired=1`);
      await expect.poll(() => expiredNotice(page).textContent()).toBe(enAccount.login.expired);
      await page.getByTestId('input-username').fill(demoUser.email);
      await page.getByTestId('input-password').fill(demoUser.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((url) => url.pathname === '/en-US/record/transfer');
    } finally {
      await close();
    }
  });

  it('zh-HK: a session idle past the time-out is ended at the next page load, with the notice in Chinese', async () => {
    const { page, close } = await signedInAt('/zh-HK/account/information');
    try {
      await page.getByTestId('info-email').getByText(demoUser.email).waitFor();
      await suite.client.advance(IDLE_MS + 60_000);
      await page.reload();
      await page.waitForURL((url) => url.pathname === '/zh-HK/login' && url.searchParams.get('expired') === '1');
      await expect.poll(() => expiredNotice(page).textContent()).toBe(zhAccount.login.expired);
    } finally {
      await close();
    }
  });

  it('a session in use is not ended: a call within the idle time keeps it', async () => {
    const { page, close } = await signedInAt('/en-US/record/coin');
    try {
      await page.getByTestId('record-coin').waitFor();
      await suite.client.advance(IDLE_MS - 5 * 60_000);
      await page.getByTestId('record-tab-transfer').click();
      await page.waitForURL((url) => url.pathname === '/en-US/record/transfer');
      await page.getByTestId('record-transfer').waitFor();
      // 25 more minutes: idle is counted from that last call, not from sign-in.
      await suite.client.advance(IDLE_MS - 5 * 60_000);
      await page.getByTestId('record-tab-coin').click();
      await page.getByTestId('record-coin').waitFor();
      expect(new URL(page.url()).pathname).toBe('/en-US/record/coin');
      expect(await expiredNotice(page).count()).toBe(0);
    } finally {
      await close();
    }
  });
});
