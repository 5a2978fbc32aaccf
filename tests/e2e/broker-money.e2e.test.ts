import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../../locales/zh-HK/broker-money.json' with { type: 'json' };
import { openPage } from './support/browser.ts';
import { saveScreenshot } from './support/market.ts';
import { expectAccessible, ownSandboxSuite } from './support/suite.ts';

// Issue 14, the broker manager's money pages in real Chromium, own sandbox (its clock is moved past the 1 s repeat
// guard of the e-mail codes): a new institution user opens broker rights on the gate screen, opens two okx
// sub-accounts through the API and sees their deposit addresses (recharge). Broker pages are always Hong Kong
// Chinese (spec §1), whatever the URL's prefix says.

const suite = ownSandboxSuite();
/** Waits that include a call to the sandbox: generous for a loaded 2-core CI machine. */
const slow = { timeout: 15_000 } as const;
const PASSWORD = 'Passw0rd!x';
const WIDTHS = [390, 1280, 1440] as const;

interface Broker {
  email: string;
  token: string;
}
interface SubAccount {
  brokerAccountId: string;
  subAccountName: string;
}

let owner: Broker;
const accounts: SubAccount[] = [];

/** A new institution user (no broker rights yet), signed in. */
async function registerUser(tag: string): Promise<Broker> {
  const client = suite.client;
  const email = `money-${tag}-${Date.now().toString(36)}@firm.test`;
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
      password: await client.encrypt(PASSWORD),
      confirmPassword: await client.encrypt(PASSWORD),
      agreement: true,
    },
  });
  expect(reply.code).toBe(200);
  return { email, token: await client.login(email, PASSWORD) };
}

async function openAs(broker: Broker, width: number, path: string) {
  const opened = await openPage(suite.browser, { viewport: { width, height: 900 } });
  await opened.context.addCookies([{ name: 'token', value: broker.token, url: suite.baseURL }]);
  await opened.page.goto(`${suite.baseURL}/en-US/brokerManager/${path}`);
  return opened;
}

/** The page does not scroll sideways; a table's own scrolling region may. */
async function expectNarrow(page: Page, width: number, name: string): Promise<void> {
  const wide = await page.evaluate(
    (max) => ({
      page: document.documentElement.scrollWidth,
      wide: Array.from(document.querySelectorAll('.td-broker-money *'))
        .filter((el) => el.getBoundingClientRect().right > max + 1 && !el.closest('.p-datatable-wrapper, .td-table-scroll'))
        .slice(0, 5)
        .map((el) => `${el.tagName}.${el.className}`),
    }),
    width,
  );
  expect(wide.page, `${name}: ${wide.wide.join(', ')}`).toBeLessThanOrEqual(width);
  expect(wide.wide, name).toEqual([]);
}

beforeAll(async () => {
  owner = await registerUser('owner');
  // The owner opens broker rights on the gate screen (spec §6 menu), then has two okx sub-accounts.
  const { page, context, errors } = await openAs(owner, 1280, 'recharge');
  await page.getByTestId('broker-open-rights').click();
  await page.getByTestId('broker-recharge').waitFor(slow);
  expect(errors).toEqual([]);
  await context.close();
  for (const name of ['okxMoneyA', 'okxMoneyB']) {
    const made = await suite.client.call<SubAccount>('POST', '/broker/account/insertBrokerAccount', {
      token: owner.token,
      body: { exchangeCode: 'okx', accountType: 'regular', subAccountName: name, remark: name.slice(-1), requestId: `e2e-money-${name}` },
    });
    expect(made.code).toBe(200);
    accounts.push(made.data);
  }
}, 60_000);

describe('broker money pages in Chromium (issue 14)', () => {
  it.each(WIDTHS)('%i px: recharge shows a sub-account\'s deposit addresses per asset and network, filtered by asset', async (width) => {
    const { page, context, errors } = await openAs(owner, width, 'recharge');
    const view = page.getByTestId('broker-recharge');
    await view.waitFor(slow);
    expect(await page.getByTestId('coming-soon').count()).toBe(0);
    expect(await view.locator('h1').textContent()).toBe(zh.recharge.title);
    await page.getByTestId('input-account').selectOption(accounts[1]!.brokerAccountId);
    const expected = await suite.client.call<Array<{ asset: string; network: string; address: string }>>('POST', '/broker/depositAddress/list', {
      token: owner.token,
      body: { brokerAccountId: accounts[1]!.brokerAccountId },
    });
    expect(expected.data.length).toBeGreaterThan(0);
    const first = expected.data[0]!;
    const card = page.getByTestId(`recharge-address-${first.asset}-${first.network}`);
    await expect.poll(() => card.textContent(), slow).toBe(first.address);
    await expect.poll(() => page.locator('[data-testid="recharge-addresses"] > li').count(), slow).toBe(expected.data.length);
    await page.getByTestId('filter-asset').selectOption(first.asset);
    await expect.poll(() => page.locator('[data-testid="recharge-addresses"] > li').count(), slow).toBe(expected.data.filter((a) => a.asset === first.asset).length);
    await expectAccessible(page, `recharge ${width}`);
    await expectNarrow(page, width, `recharge ${width}`);
    await saveScreenshot(page, `broker-recharge-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
