import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enMessages from '../../locales/en-US/messages.json' with { type: 'json' };
import zhMessages from '../../locales/zh-HK/messages.json' with { type: 'json' };
import { demoUser } from '../../server/identity/seed.ts';
import { openPage } from './support/browser.ts';
import { saveScreenshot } from './support/market.ts';
import { expectAccessible, ownSandboxSuite } from './support/suite.ts';

// Issue 16, message centre, in real Chromium and both locales, own sandbox: the demo account (verified, so it has
// deposit addresses) with every earlier message read; then a credited deposit (the sandbox chain's dev control,
// confirmations on the sandbox clock) and a sign-in from this browser — each locale's run with a device the account
// has not used — appear in the message centre, in the page's language, with the unread count in the header;
// marking one read lowers both counts, marking all clears them. Axe on the page; no sideways scrolling at 390 px.

const suite = ownSandboxSuite();
const texts = { 'zh-HK': zhMessages, 'en-US': enMessages } as const;
/** A device per run, so that each run's browser sign-in is from a device new to the account. */
const devices = {
  'zh-HK': { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', summary: 'macOS 上的 Chrome' },
  'en-US': { userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', summary: 'Firefox on Windows' },
} as const;
type Lang = keyof typeof texts;
const slow = { timeout: 15_000 } as const;
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

const items = (page: Page) =>
  page.getByTestId('message-item').evaluateAll((list) => list.map((li) => ({ kind: li.getAttribute('data-kind'), read: li.getAttribute('data-read'), title: li.querySelector('h2')?.textContent ?? '' })));
const badge = async (page: Page) => ((await page.getByTestId('header-unread').count()) === 0 ? null : await page.getByTestId('header-unread').textContent());

async function expectNarrow(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    wide: Array.from(document.querySelectorAll('.td-msg *'))
      .filter((el) => el.getBoundingClientRect().right > 391)
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className}`),
  }));
  expect(width.page, width.wide.join(', ')).toBeLessThanOrEqual(390);
  expect(width.wide).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('message centre in Chromium (issue 16)', () => {
  it.each(['zh-HK', 'en-US'] as const)('%s: a credited deposit and a new-device sign-in appear with the unread count; marking read lowers it', async (lang: Lang) => {
    const t = texts[lang];
    const client = suite.client;
    const token = await client.login(demoUser.email, demoUser.password);
    // Whatever came before is read: the run counts from zero.
    expect((await client.call<{ unread: number }>('POST', '/message/readAll', { token })).data.unread).toBe(0);

    const address = await client.call<{ address: string }>('POST', '/account/wallet/getDepositAddress', { token, body: { asset: 'USDT', network: 'ETH' } });
    expect(address.code).toBe(200);
    const deposit = await client.deposit(address.data.address, 'USDT', '2500');
    await client.advance(13 * 12_000); // past the 12 confirmations of the sandbox's Ethereum
    const credited = await client.call<{ unread: number }>('GET', '/message/unreadCount', { token });
    expect(credited.data.unread).toBe(1);

    // Signed in from this browser: a device this account has not used.
    const device = devices[lang];
    const { page, context, errors } = await openPage(suite.browser, { userAgent: device.userAgent });
    await page.goto(`${suite.baseURL}/${lang}/login`);
    await page.locator('input[name="username"]').fill(demoUser.email);
    await page.locator('input[name="password"]').fill(demoUser.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('header-messages').waitFor(slow);
    await expect.poll(() => badge(page), slow).toBe('2');
    // The link's name says the count in words (the badge itself is not read out).
    const count = fill(lang === 'en-US' ? enMessages.header.unreadCount_other : zhMessages.header.unreadCount_other, { count: 2 }).trim();
    const name = new RegExp(`^${t.header.link}\\s*${count.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    expect(await page.getByRole('link', { name }).count()).toBe(1);

    await page.getByTestId('header-messages').click();
    await page.waitForURL(`${suite.baseURL}/${lang}/message`);
    await expect.poll(() => items(page).then((list) => list.slice(0, 2)), slow).toEqual([
      { kind: 'newDeviceSignIn', read: 'false', title: t.kinds.newDeviceSignIn.title },
      { kind: 'depositCredited', read: 'false', title: t.kinds.depositCredited.title },
    ]);
    expect((await items(page)).slice(2).every((i) => i.read === 'true')).toBe(true);
    const depositText = await page.locator('[data-kind="depositCredited"] p').first().textContent();
    expect(depositText).toBe(fill(t.kinds.depositCredited.coin, { amount: '2,500', asset: 'USDT', recordId: deposit.recordId }));
    expect(await page.locator('[data-kind="newDeviceSignIn"] p').first().textContent()).toContain(device.summary);
    expect(await page.getByTestId('message-unread').textContent()).toBe(fill(lang === 'en-US' ? enMessages.unreadSummary_other : zhMessages.unreadSummary_other, { count: 2 }));
    await expectAccessible(page, 'message centre');
    await saveScreenshot(page, `messages-${lang}-1440`);

    // Mark the deposit read: both counts go down by one, the item reads as read.
    await page.locator('[data-kind="depositCredited"] button').first().click();
    await expect.poll(() => badge(page), slow).toBe('1');
    await expect.poll(() => page.getByTestId('message-unread').textContent(), slow).toBe(
      lang === 'en-US' ? fill(enMessages.unreadSummary_one, { count: 1 }) : fill(zhMessages.unreadSummary_other, { count: 1 }),
    );
    expect((await items(page)).slice(0, 2).map((i) => i.read)).toEqual(['false', 'true']);

    // Unread only lists the sign-in alone.
    await page.getByLabel(t.unreadOnly).check();
    await expect.poll(() => items(page).then((list) => list.map((i) => i.kind)), slow).toEqual(['newDeviceSignIn']);
    await page.getByLabel(t.unreadOnly).uncheck();

    await page.getByRole('button', { name: t.markAllRead }).click();
    await expect.poll(() => badge(page), slow).toBeNull();
    await expect.poll(() => items(page).then((list) => list.every((i) => i.read === 'true')), slow).toBe(true);
    expect((await client.call<{ unread: number }>('GET', '/message/unreadCount', { token })).data.unread).toBe(0);

    await expectNarrow(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, `messages-${lang}-390`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
