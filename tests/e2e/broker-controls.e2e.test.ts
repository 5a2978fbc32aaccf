import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
// The broker manager is in Hong Kong Chinese whatever the path's language (server/broker/README.md).
import zh from '../../locales/zh-HK/broker.json' with { type: 'json' };
import { type Broker, enterEmailCode, enterGaCode, joinMember, makeChecker, openBrokerPage, registerBroker } from './support/broker.ts';
import { saveScreenshot } from './support/market.ts';
import { expectAccessible, ownSandboxSuite } from './support/suite.ts';

// The broker manager's maker-checker controls in Chromium (server/broker/README.md "Maker-checker controls"), own
// sandbox: an owner makes an API key with the transfers permission on the API page (password, e-mail code), it shows
// as pending and without its secret; a second member who is a checker approves it with their e-mail and Google
// codes; the owner takes the secret once with the step-up. The owner asks to unbind a sub-account that holds money
// (the step-up); nothing moves until the checker approves, then it is gone. Axe and a screenshot at each step.

const suite = ownSandboxSuite();
const slow = { timeout: 15_000 } as const;
const PASSWORD = 'Passw0rd!x';

let owner: Broker;
let member: Broker;

async function stepUp(form: Locator, who: Broker, businessType: string): Promise<void> {
  await form.getByTestId('input-password').fill(PASSWORD);
  await enterEmailCode(suite, form, who.email, businessType);
}

async function approveRequest(path: string, kind: 'api_key' | 'unbind'): Promise<void> {
  const { page, context, errors } = await openBrokerPage(suite, member, 1280, path);
  const requests = page.getByTestId(`controls-${kind}`);
  await requests.getByTestId('control-decide').click();
  const decision = page.getByTestId('decision-form');
  await decision.waitFor(slow);
  await enterEmailCode(suite, decision, member.email, 'brokerApprove');
  await enterGaCode(decision, member);
  await expectAccessible(page, `${kind} approval`);
  await saveScreenshot(page, `broker-controls-${kind}-approve-1280`);
  await decision.getByTestId('decision-approve').click();
  await expect.poll(() => page.getByTestId('controls-notice').textContent(), slow).toContain(zh.controls.approved.split('{{id}}')[0]!);
  expect(errors).toEqual([]);
  await context.close();
}

beforeAll(async () => {
  owner = await registerBroker(suite, 'controls-owner', PASSWORD);
  member = await registerBroker(suite, 'controls-member', PASSWORD);
  for (const who of [owner, member]) expect((await suite.client.call('POST', '/institution/agree/broker/open', { token: who.token })).code).toBe(200);
  await joinMember(suite, owner, member);
  await makeChecker(suite, member, PASSWORD);
}, 120_000);

describe('broker maker-checker controls in Chromium', () => {
  it('an API key with transfers: made with the step-up, pending without its secret, approved by a checker, its secret taken once by its maker', async () => {
    const made = await suite.client.call<{ brokerAccountId: string }>('POST', '/broker/account/insertBrokerAccount', {
      token: owner.token,
      body: { exchangeCode: 'binance', accountType: 'regular', subAccountName: 'bnControls', requestId: 'e2e-controls-key' },
    });
    expect(made.code).toBe(200);
    const mine = await openBrokerPage(suite, owner, 1280, 'api');
    const form = mine.page.getByTestId('key-form');
    await form.getByTestId('key-account').selectOption(made.data.brokerAccountId);
    await form.getByTestId('key-permission-transfers').check();
    await form.getByTestId('key-ips-input').fill('203.0.113.9');
    await stepUp(form, owner, 'brokerApiKey');
    await expectAccessible(mine.page, 'key with step-up');
    await saveScreenshot(mine.page, 'broker-controls-key-form-1280');
    await form.getByTestId('key-submit').click();
    await expect.poll(() => mine.page.getByTestId('created-notice').textContent(), slow).toBe(zh.apply.pending);
    expect(await mine.page.getByTestId('created-secret').count()).toBe(0);
    await saveScreenshot(mine.page, 'broker-controls-key-pending-1280');
    // The list shows it pending, and the owner's own request as waiting for another member.
    await mine.page.getByTestId('key-to-list').click();
    await expect.poll(() => mine.page.getByTestId('key-expiry').first().textContent(), slow).toBe(zh.keys.status.pending);
    expect(await mine.page.getByTestId('control-waiting').textContent()).toBe(zh.controls.waiting);
    expect(mine.errors).toEqual([]);
    await mine.context.close();

    await approveRequest('api-management', 'api_key');

    const claim = await openBrokerPage(suite, owner, 1280, 'api-management');
    await claim.page.getByTestId('key-claim').click();
    const panel = claim.page.getByTestId('claim-secret-form');
    await stepUp(panel, owner, 'brokerApiKey');
    await panel.getByTestId('claim-submit').click();
    await expect.poll(async () => (await panel.getByTestId('claimed-secret').textContent())?.length ?? 0, slow).toBeGreaterThan(20);
    await expectAccessible(claim.page, 'secret taken');
    await saveScreenshot(claim.page, 'broker-controls-key-secret-1280');
    await panel.getByTestId('claim-close').click();
    await expect.poll(() => claim.page.getByTestId('key-claim').count(), slow).toBe(0);
    expect(claim.errors).toEqual([]);
    await claim.context.close();
  }, 120_000);

  it('unbinding a funded sub-account: asked for with the step-up, nothing moves until a checker approves it', async () => {
    const made = await suite.client.call<{ brokerAccountId: string }>('POST', '/broker/account/insertBrokerAccount', {
      token: owner.token,
      body: { exchangeCode: 'okx', accountType: 'regular', subAccountName: 'okxUnbindE2e', requestId: 'e2e-controls-unbind' },
    });
    const { brokerAccountId } = made.data;
    const valueOf = async () =>
      (await suite.client.call<{ totalValueUsdt: string }>('POST', '/broker/account/getBrokerAccountId', { token: owner.token, body: { brokerAccountId } })).data.totalValueUsdt;
    const before = await valueOf();
    expect(Number(before)).toBeGreaterThan(0);
    const mine = await openBrokerPage(suite, owner, 1280, 'account');
    const row = mine.page.locator('tr', { hasText: 'okxUnbindE2e' });
    await row.getByTestId('account-delete').click();
    const form = mine.page.getByTestId('unbind-form');
    await stepUp(form, owner, 'brokerUnbind');
    await expectAccessible(mine.page, 'unbind with step-up');
    await saveScreenshot(mine.page, 'broker-controls-unbind-form-1280');
    await form.getByTestId('unbind-submit').click();
    await expect.poll(() => mine.page.getByTestId('account-notice').textContent(), slow).toBe(zh.account.unbindPending.replace('{{name}}', 'okxUnbindE2e'));
    await saveScreenshot(mine.page, 'broker-controls-unbind-pending-1280');
    expect(mine.errors).toEqual([]);
    await mine.context.close();
    const still = await suite.client.call('POST', '/broker/account/getBrokerAccountId', { token: owner.token, body: { brokerAccountId } });
    expect(still.code).toBe(200);

    await approveRequest('account', 'unbind');
    expect((await suite.client.call('POST', '/broker/account/getBrokerAccountId', { token: owner.token, body: { brokerAccountId } })).code).toBe(404);
  }, 120_000);
});
