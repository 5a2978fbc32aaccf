import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressFromBytes } from '../../contract/chains.ts';
import zh from '../../locales/zh-HK/broker-config.json' with { type: 'json' };
import zhValidation from '../../locales/zh-HK/validation.json' with { type: 'json' };
import { demoUser } from '../../server/identity/seed.ts';
import { enterMailedCode, readCode } from './support/account.ts';
import { openPage } from './support/browser.ts';
import { saveScreenshot } from './support/market.ts';
import { expectAccessible, ownSandboxSuite } from './support/suite.ts';

// Issue 14, the broker manager's address whitelist (addressList) and notification e-mails (messafeSetting), in
// real Chromium at a phone's width and a desktop's: a user opens broker rights through the API; on the page a bad
// address is refused beside its field, a good one is added with the e-mail code and is whitelisted, then taken off
// the whitelist and deleted after the confirmation; a notification e-mail is added with the e-mail code and edited.
// Broker pages are always Hong Kong Chinese (spec §1), whatever the URL's prefix says. Own sandbox: its clock is
// moved past the 1 s repeat guard of the e-mail codes.

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
/** Waits that include a call to the sandbox: generous for a loaded 2-core CI machine. */
const slow = { timeout: 15_000 } as const;

const suite = ownSandboxSuite();
let token = '';
let outboxId = 0;

beforeAll(async () => {
  token = await suite.client.login(demoUser.email, demoUser.password);
  expect((await suite.client.call('POST', '/institution/agree/broker/open', { token })).code).toBe(200);
});

/** The page does not scroll sideways; the table's own scrolling region may. */
async function expectNarrow(page: Page, width: number, name: string): Promise<void> {
  const wide = await page.evaluate((max) => ({
    page: document.documentElement.scrollWidth,
    wide: Array.from(document.querySelectorAll('.td-broker-config *'))
      .filter((el) => el.getBoundingClientRect().right > max + 1 && !el.closest('.p-datatable-wrapper, .td-table-scroll'))
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className}`),
  }), width);
  expect(wide.page, `${name}: ${wide.wide.join(', ')}`).toBeLessThanOrEqual(width);
  expect(wide.wide, name).toEqual([]);
}

/** Sends the code from the page (past the 1 s guard on the sandbox clock), reads it from the outbox and confirms. */
async function confirmWithCode(page: Page, form: string, businessType: string): Promise<void> {
  await suite.client.advance(1_100);
  const step = page.getByTestId(form);
  outboxId = (await enterMailedCode(step, () => readCode(suite.baseURL, demoUser.email, businessType, outboxId))).id;
  await step.getByTestId(`${form}-confirm`).click();
}

describe('broker address whitelist and notification e-mails in Chromium (issue 14)', () => {
  it.each([390, 1280] as const)('%i px: add a whitelist address with the e-mail code, refuse a bad one, remove and delete it; add and edit a notification e-mail', async (width) => {
    const { page, context, errors } = await openPage(suite.browser, { viewport: { width, height: 900 } });
    await context.addCookies([{ name: 'token', value: token, url: suite.baseURL }]);
    // The URL says en-US; broker pages still speak Hong Kong Chinese (spec §1).
    await page.goto(`${suite.baseURL}/en-US/brokerManager/addressList`);
    const list = page.getByTestId('broker-address-list');
    await list.waitFor(slow);
    expect(await page.getByTestId('coming-soon').count()).toBe(0);
    expect(await list.locator('h1').textContent()).toBe(zh.address.title);
    await expectAccessible(page, `address list ${width}`);

    // A bad address (a valid TRON address with its last character changed) is refused beside the field.
    await page.getByTestId('address-add').click();
    const form = page.getByTestId('address-add-form');
    await form.getByTestId('input-exchange').selectOption('okx');
    await form.getByTestId('input-asset').selectOption('USDT');
    await form.getByTestId('input-network').selectOption('TRX');
    const good = addressFromBytes('TRX', new Uint8Array(32).fill(width === 390 ? 11 : 12));
    const bad = good.slice(0, -1) + (good.endsWith('a') ? 'b' : 'a');
    await form.getByTestId('input-address').fill(bad);
    await form.getByTestId('input-name').fill('abc');
    await form.getByTestId('address-add-next').click();
    expect(await form.getByTestId('error-address').textContent()).toBe(fill(zh.errors.addressInvalid, { network: 'Tron (TRC-20)' }));
    expect(await form.getByTestId('error-name').textContent()).toBe(fill(zhValidation.errors.addressNameLength, { min: 4, max: 20 }));
    expect(await form.getByTestId('input-address').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, `address form errors ${width}`);
    await saveScreenshot(page, `broker-address-errors-${width}`);

    // The good address: pending after the first step, whitelisted with the e-mail code.
    await form.getByTestId('input-address').fill(good);
    const name = `Treasury ${width}`;
    await form.getByTestId('input-name').fill(name);
    await form.getByTestId('address-add-next').click();
    const code = page.getByTestId('address-code');
    await code.waitFor(slow);
    expect(await code.textContent()).toContain(good);
    const row = page.locator(`[data-address-row="${good}"]`);
    await row.waitFor(slow);
    const id = (await suite.client.call<{ list: Array<{ id: string; address: string; status: string }> }>('POST', '/broker/address/pageBrokerAddress', { token, body: { pageCondition: { pageNum: 1, pageSize: 10 } } })).data.list.find((r) => r.address === good)!;
    expect(id.status).toBe('pending');
    const status = page.getByTestId(`address-status-${id.id}`);
    expect(await status.textContent()).toBe(zh.address.status.pending);
    await expectAccessible(page, `address code step ${width}`);
    await saveScreenshot(page, `broker-address-code-${width}`);
    await confirmWithCode(page, 'address-code', 'brokerAddress');
    await expect.poll(() => status.getAttribute('data-status'), slow).toBe('whitelisted');
    expect(await page.getByTestId('form-success').textContent()).toBe(fill(zh.address.saved, { name }));
    expect(await status.textContent()).toBe(zh.address.status.whitelisted);
    // The filters: by exchange, then an exchange it is not on.
    await page.getByTestId('filter-exchange').selectOption('okx');
    await expect.poll(() => row.count(), slow).toBe(1);
    await page.getByTestId('filter-exchange').selectOption('gate');
    await expect.poll(() => row.count(), slow).toBe(0);
    await page.getByTestId('filter-exchange').selectOption('');
    await page.getByTestId('filter-asset').selectOption('USDT');
    await expect.poll(() => row.count(), slow).toBe(1);
    await expectAccessible(page, `address whitelisted ${width}`);
    await expectNarrow(page, width, `address list ${width}`);
    await saveScreenshot(page, `broker-address-whitelisted-${width}`);

    // Off the whitelist, then deleted after the confirmation.
    await page.getByTestId(`address-remove-${id.id}`).click();
    await expect.poll(() => status.getAttribute('data-status'), slow).toBe('removed');
    expect(await page.getByTestId('form-success').textContent()).toBe(fill(zh.address.removed, { name }));
    await page.getByTestId(`address-delete-${id.id}`).click();
    expect(await page.getByTestId('address-delete-confirm').textContent()).toBe(fill(zh.address.deleteConfirm, { name }));
    // axe measures the dialog once its opening animation (spec §9: 1000 ms) has ended.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectAccessible(page, `address delete confirmation ${width}`);
    await saveScreenshot(page, `broker-address-delete-${width}`);
    await page.locator('.td-modal__button--primary').click();
    await expect.poll(() => row.count(), slow).toBe(0);
    expect(await page.getByTestId('form-success').textContent()).toBe(fill(zh.address.deleted, { name }));

    // Notification e-mails: a bad address refused beside the field, then one added with the e-mail code, then edited.
    await page.goto(`${suite.baseURL}/zh-HK/brokerManager/messafeSetting`);
    await page.getByTestId('broker-message-setting').waitFor(slow);
    expect(await page.getByTestId('coming-soon').count()).toBe(0);
    await page.getByTestId('message-add').click();
    const add = page.getByTestId('message-add-form');
    await add.getByTestId('input-email').fill('ops@');
    await add.getByTestId('message-add-form-submit').click();
    expect(await add.getByTestId('error-email').textContent()).toBe(zhValidation.errors.emailInvalid);
    const email = `ops-${width}@firm.test`;
    await add.getByTestId('input-email').fill(email);
    await add.getByTestId('input-event-apiKeyExpiry').check();
    await add.getByTestId('input-remark').fill('Operations desk');
    await expectAccessible(page, `message form ${width}`);
    await add.getByTestId('message-add-form-submit').click();
    await page.getByTestId('message-code').waitFor(slow);
    const message = page.locator(`[data-message-row="${email}"]`);
    await message.waitFor(slow);
    expect(await message.locator('[data-status]').getAttribute('data-status')).toBe('pending');
    await confirmWithCode(page, 'message-code', 'brokerMessageConfig');
    await expect.poll(() => message.locator('[data-status]').getAttribute('data-status'), slow).toBe('active');
    expect(await page.getByTestId('form-success').textContent()).toBe(fill(zh.message.saved, { email }));
    expect(await message.textContent()).toContain(zh.message.events.apiKeyExpiry);
    await expectAccessible(page, `message active ${width}`);
    await expectNarrow(page, width, `message list ${width}`);
    await saveScreenshot(page, `broker-message-active-${width}`);

    // Edit: no notification chosen is refused beside the group; one chosen is saved.
    const configId = (await suite.client.call<Array<{ id: string; email: string }>>('POST', '/broker/messageConfig/list', { token })).data.find((c) => c.email === email)!.id;
    await page.getByTestId(`message-edit-${configId}`).click();
    const edit = page.getByTestId('message-edit-form');
    for (const event of ['application', 'decision', 'apiKeyExpiry']) await edit.getByTestId(`input-event-${event}`).uncheck();
    await edit.getByTestId('message-edit-form-submit').click();
    expect(await edit.getByTestId('error-events').textContent()).toBe(zh.errors.eventsRequired);
    await edit.getByTestId('input-event-decision').check();
    await edit.getByTestId('message-edit-form-submit').click();
    await expect.poll(() => page.getByTestId('form-success').textContent(), slow).toBe(fill(zh.message.updated, { email }));
    await expect.poll(() => message.locator('td').first().textContent(), slow).toBe(zh.message.events.decision);
    const saved = (await suite.client.call<Array<{ id: string; events: string[] }>>('POST', '/broker/messageConfig/list', { token })).data.find((c) => c.id === configId)!;
    expect(saved.events).toEqual(['decision']);

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
