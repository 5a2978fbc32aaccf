import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes.ts';
import { addressFromBytes } from '../../contract/chains.ts';
import type { TestApi } from '../api/helpers.ts';
import { bindGaWithStepUp } from '../api/step-up-helpers.ts';
import { requestIds } from '../api/suite.ts';
import { BROKER_PASSWORD, brokerCalls, brokerCast, brokerStepUp, certifyKyc, enlist, gaOf, joinOrganisation, makeChecker, newBroker, page, startBrokerApi, type Broker, type Page } from '../broker/brokers.ts';
import { securityBackends } from './backends.ts';

/**
 * The broker portal's maker-checker seen by an attacker who is one member with two e-mail addresses, or who holds a
 * member's session (server/broker/README.md "Maker-checker controls"): a checker needs advanced KYC and a bound
 * authenticator and gives the current Google code with every decision; a newly whitelisted address takes no
 * withdrawal for 24 hours; an API key that moves money and unbinding a funded sub-account need the step-up and a
 * second member, and the secret and the balance go nowhere before.
 */

interface Key {
  keyId: string;
  status: string;
  approvalId: string | null;
  secretToClaim: boolean;
}
interface Balance {
  wallet: string;
  asset: string;
  free: string;
  locked: string;
}

describe.each(securityBackends())('broker maker-checker controls ($name)', (backend) => {
  let api: TestApi;
  const cast = brokerCast();
  const { owner, member } = cast;
  const requestId = requestIds('controls');
  const { call, openAccount } = brokerCalls(() => api, requestId);

  /**
   * A brokerApprove code sent for approving the one API key or unbinding request `approvalId` (server/broker/controls.ts)
   * or the one application `{ applicationId }`, or for none.
   */
  const approveCode = async (who: Broker, what?: string | { applicationId: string }) => {
    api.clock.advance(1100);
    const operation =
      what === undefined ? {} : { operation: typeof what === 'string' ? { kind: 'approveControl', approvalId: what } : { kind: 'approve', ...what } };
    const sent = await call<{ uuid: string }>(who, '/broker/fundTransfer/invokeEmailValidation', { businessType: 'brokerApprove', ...operation });
    return { emailUuid: sent.data.uuid, emailCode: (await api.lastCode(who.email, 'email'))!.code };
  };
  const transfer = (who: Broker, from: string, to: string) =>
    call<{ applicationId: string }>(who, '/broker/fundTransfer/apply', { type: 'transfer', fromAccountId: from, fromWallet: 'funding', toAccountId: to, toWallet: 'spot', asset: 'USDT', amount: '10', requestId: requestId() });
  const balances = async (who: Broker, brokerAccountId: string) =>
    (await call<{ list: Balance[] }>(who, '/broker/account/capital/fundingPage', { pageCondition: page, queryCondition: { brokerAccountId, hideZero: true } })).data.list.map((b) => [b.asset, b.free, b.locked]);
  const unbindRecords = async (who: Broker) =>
    (await call<Page<unknown>>(who, '/broker/pageBrokerCapitalRecord', { pageCondition: page, queryCondition: { kind: 'broker_account_unbind' } })).data.total;

  beforeAll(async () => {
    api = await startBrokerApi(backend);
    await enlist(api, cast);
    // The member is a checker (advanced KYC, an authenticator); the first test makes its own from nothing.
    await makeChecker(api, member);
  }, 120_000);
  afterAll(async () => api?.close());
  afterEach(async () => {
    const check = await api.call<{ violations: unknown[] }>('GET', '/_dev/ledger/check');
    expect(check.data.violations).toEqual([]);
  });

  it('a checker without advanced KYC, or without an authenticator, or without the Google code, decides nothing', async () => {
    const from = await openAccount(owner, 'okx', 'okxCheckA');
    const to = await openAccount(owner, 'okx', 'okxCheckB');
    const applied = await transfer(owner, from, to);
    expect(applied.code, JSON.stringify(applied)).toBe(200);
    const { applicationId } = applied.data;
    const second = await newBroker(api);
    await joinOrganisation(api, owner, second);
    const approve = async (extra: Record<string, unknown> = {}) => call(second, '/broker/fundTransfer/approve', { applicationId, requestId: requestId(), ...(await approveCode(second, { applicationId })), ...extra });
    const reject = (extra: Record<string, unknown> = {}) => call(second, '/broker/fundTransfer/reject', { applicationId, requestId: requestId(), ...extra });

    // A second e-mail address with broker rights and nothing else: no advanced KYC.
    expect(await approve()).toMatchObject({ code: Code.brokerCheckerIneligible, data: { reason: 'kycAdvanced' } });
    expect(await reject()).toMatchObject({ code: Code.brokerCheckerIneligible, data: { reason: 'kycAdvanced' } });
    // Certified, but no authenticator: still no checker.
    await certifyKyc(api, second);
    expect(await approve()).toMatchObject({ code: Code.brokerCheckerIneligible, data: { reason: 'authenticator' } });
    expect(await reject()).toMatchObject({ code: Code.brokerCheckerIneligible, data: { reason: 'authenticator' } });
    // With an authenticator, every decision carries its current code.
    second.gaSecret = await bindGaWithStepUp(api, second.token, BROKER_PASSWORD);
    expect(await approve()).toMatchObject({ status: 400, data: { field: 'gaCode', rule: 'required' } });
    expect(await reject()).toMatchObject({ status: 400, data: { field: 'gaCode', rule: 'required' } });
    expect((await approve({ gaCode: (await api.totp(second.gaSecret)) === '000000' ? '111111' : '000000' })).code).toBe(Code.gaWrong);
    const application = await call<{ status: string }>(owner, '/broker/transfer/pageBrokerTransferRecord', { pageCondition: page });
    expect(JSON.stringify(application.data)).toContain('"status":"applying"');
    // The control: the checker with its own Google code decides.
    const done = await approve(await gaOf(api, second));
    expect(done, JSON.stringify(done)).toMatchObject({ code: 200, data: { status: 'done', approver: second.email } });
  });

  it('a freshly whitelisted broker address is not paid before 24 hours', async () => {
    const from = await openAccount(owner, 'okx', 'okxAddrA');
    const address = addressFromBytes('TRX', new Uint8Array(32).fill(77));
    const added = await call<{ id: string }>(owner, '/broker/address/submitBrokerAddress', { exchange: 'okx', asset: 'USDT', network: 'TRX', address, name: 'Fresh one', addressType: 'broker' });
    expect(added.code, JSON.stringify(added)).toBe(200);
    api.clock.advance(1100);
    const sent = await call<{ uuid: string }>(owner, '/broker/address/invokeAddressAddEmailValidation', { id: added.data.id });
    const confirmed = await call<{ usableAt: string }>(owner, '/broker/address/confirmBrokerAddress', { id: added.data.id, emailUuid: sent.data.uuid, emailCode: (await api.lastCode(owner.email, 'email'))!.code });
    expect(confirmed.code).toBe(200);
    const unlockAt = confirmed.data.usableAt;
    const withdraw = async () => {
      api.clock.advance(1100);
      // The code is sent for this one application (server/broker/code-operations.ts).
      const content = { fromAccountId: from, fromWallet: 'funding', asset: 'USDT', amount: '50', addressId: added.data.id, requestId: requestId() };
      const mail = await call<{ uuid: string }>(owner, '/broker/fundTransfer/invokeEmailValidation', { businessType: 'brokerWithdraw', operation: { kind: 'withdraw', ...content } });
      return call<{ applicationId: string }>(owner, '/broker/fundTransfer/apply', {
        type: 'withdraw', ...content,
        emailUuid: mail.data.uuid, emailCode: (await api.lastCode(owner.email, 'email'))!.code,
      });
    };
    // Two seconds later, and 23 hours later: refused with the wallet's address lock and its time.
    api.clock.advance(2000);
    expect(await withdraw()).toMatchObject({ code: Code.addressLocked, data: { unlockAt } });
    expect(Date.parse(unlockAt) - api.clock.now()).toBeGreaterThan(24 * 3_600_000 - 60_000);
    api.clock.advance(23 * 3_600_000);
    owner.token = await api.token(owner.email, BROKER_PASSWORD);
    expect(await withdraw()).toMatchObject({ code: Code.addressLocked, data: { unlockAt } });
    // After the 24 hours it is an ordinary whitelisted address.
    api.clock.advance(3_600_000);
    owner.token = await api.token(owner.email, BROKER_PASSWORD);
    api.clock.advance(30_000);
    member.token = await api.token(member.email, BROKER_PASSWORD, member.gaSecret);
    const applied = await withdraw();
    expect(applied.code, JSON.stringify(applied)).toBe(200);
    const approved = await call<{ status: string }>(member, '/broker/fundTransfer/approve', { applicationId: applied.data.applicationId, requestId: requestId(), ...(await approveCode(member, { applicationId: applied.data.applicationId })), ...(await gaOf(api, member)) });
    expect(approved.code, JSON.stringify(approved)).toBe(200);
  });

  it('a bare session cannot make a transfers key nor take its secret; one member alone cannot make it live', async () => {
    const account = await openAccount(owner, 'binance', 'bnKeys01');
    const body = { brokerAccountId: account, permissions: ['read', 'transfers'], ipList: '10.1.2.3' };
    const keys = async () => (await call<Page<Key>>(owner, '/broker/exchangeKey/pageBrokerExchangeKey', { pageCondition: page, queryCondition: { brokerAccountId: account } })).data;

    // The session alone, and the session with a code read from the mailbox: no password, no key.
    const bare = await call(owner, '/broker/exchangeKey/insertBrokerExchangeKey', { ...body, requestId: requestId() });
    expect(bare).toMatchObject({ status: 400, data: { field: 'password', rule: 'required' } });
    const { password: _password, ...mailOnly } = await brokerStepUp(api, owner, 'brokerApiKey');
    expect((await call(owner, '/broker/exchangeKey/insertBrokerExchangeKey', { ...body, ...mailOnly, requestId: requestId() })).status).toBe(400);
    expect((await call(owner, '/broker/exchangeKey/insertBrokerExchangeKey', { ...body, permissions: ['withdraw'], requestId: requestId() })).status).toBe(400);
    expect((await keys()).total).toBe(0);

    // With the step-up the key is made pending, without its secret.
    const made = await call<{ key: Key; secretKey: string | null }>(owner, '/broker/exchangeKey/insertBrokerExchangeKey', { ...body, ...(await brokerStepUp(api, owner, 'brokerApiKey')), requestId: requestId() });
    expect(made.code, JSON.stringify(made)).toBe(200);
    expect(made.data).toMatchObject({ secretKey: null, key: { status: 'pending', secretToClaim: false } });
    const { keyId, approvalId } = made.data.key;
    expect(approvalId).not.toBeNull();
    // The maker cannot approve it, nor take the secret while it is pending.
    expect((await call(owner, '/broker/control/approve', { approvalId, ...(await approveCode(owner, approvalId!)) })).code).toBe(Code.brokerSelfApproval);
    expect(await call(owner, '/broker/exchangeKey/claimSecret', { keyId, ...(await brokerStepUp(api, owner, 'brokerApiKey')) })).toMatchObject({ code: Code.brokerSecretUnavailable, data: { reason: 'pending' } });
    expect((await keys()).list.find((k) => k.keyId === keyId)).toMatchObject({ keyId, status: 'pending' });

    // A checker approves; the checker never gets the secret, the maker's bare session does not either.
    // A code sent for no request, or for another one, approves nothing (10004, server/identity/operations.ts).
    expect((await call(member, '/broker/control/approve', { approvalId, ...(await approveCode(member)), ...(await gaOf(api, member)) })).code).toBe(Code.codeExpired);
    const other = await call<{ key: Key }>(owner, '/broker/exchangeKey/insertBrokerExchangeKey', { ...body, ...(await brokerStepUp(api, owner, 'brokerApiKey')), requestId: requestId() });
    expect(other.code, JSON.stringify(other)).toBe(200);
    const forOther = await approveCode(member, other.data.key.approvalId!);
    expect((await call(member, '/broker/control/approve', { approvalId, ...forOther, ...(await gaOf(api, member)) })).code).toBe(Code.codeExpired);
    expect((await keys()).list.find((k) => k.keyId === keyId)).toMatchObject({ status: 'pending' });
    const approved = await call(member, '/broker/control/approve', { approvalId, ...(await approveCode(member, approvalId!)), ...(await gaOf(api, member)) });
    expect(approved, JSON.stringify(approved)).toMatchObject({ code: 200, data: { status: 'approved', approver: member.email } });
    expect(await call(member, '/broker/exchangeKey/claimSecret', { keyId, ...(await brokerStepUp(api, member, 'brokerApiKey')) })).toMatchObject({ code: Code.brokerSecretUnavailable, data: { reason: 'notMaker' } });
    expect(await call(owner, '/broker/exchangeKey/claimSecret', { keyId })).toMatchObject({ status: 400, data: { field: 'password' } });
    expect((await keys()).list.find((k) => k.keyId === keyId)).toMatchObject({ status: 'active', secretToClaim: true });
    const secret = await call<{ secretKey: string }>(owner, '/broker/exchangeKey/claimSecret', { keyId, ...(await brokerStepUp(api, owner, 'brokerApiKey')) });
    expect(secret.code, JSON.stringify(secret)).toBe(200);
    expect(secret.data.secretKey).toMatch(/^[A-Za-z0-9]{20,}$/);
    // Once.
    expect(await call(owner, '/broker/exchangeKey/claimSecret', { keyId, ...(await brokerStepUp(api, owner, 'brokerApiKey')) })).toMatchObject({ code: Code.brokerSecretUnavailable, data: { reason: 'claimed' } });
  });

  it('unbinding a funded sub-account needs the step-up and a second member, and posts nothing before', async () => {
    const account = await openAccount(owner, 'okx', 'okxUnbind1');
    const held = await balances(owner, account);
    expect(held.length).toBeGreaterThan(0);
    const before = await unbindRecords(owner);

    // The bare session: refused, nothing moved, still bound.
    expect(await call(owner, '/broker/account/delete', { brokerAccountId: account })).toMatchObject({ status: 400, data: { field: 'password', rule: 'required' } });
    expect(await balances(owner, account)).toEqual(held);
    // With the step-up: a request, nothing moved.
    const asked = await call<{ status: string; approvalId: string; released: unknown[] }>(owner, '/broker/account/delete', { brokerAccountId: account, ...(await brokerStepUp(api, owner, 'brokerUnbind')) });
    expect(asked, JSON.stringify(asked)).toMatchObject({ code: 200, data: { status: 'applying', released: [] } });
    expect(await balances(owner, account)).toEqual(held);
    expect(await unbindRecords(owner)).toBe(before);
    expect((await call(owner, '/broker/account/getBrokerAccountId', { brokerAccountId: account })).code).toBe(200);
    // The applicant alone cannot approve it.
    expect((await call(owner, '/broker/control/approve', { approvalId: asked.data.approvalId, ...(await approveCode(owner, asked.data.approvalId)) })).code).toBe(Code.brokerSelfApproval);
    expect(await unbindRecords(owner)).toBe(before);

    // A checker approves: then the balance goes back to the exchange and the sub-account is unbound.
    const approved = await call(member, '/broker/control/approve', { approvalId: asked.data.approvalId, ...(await approveCode(member, asked.data.approvalId)), ...(await gaOf(api, member)) });
    expect(approved, JSON.stringify(approved)).toMatchObject({ code: 200, data: { status: 'approved' } });
    expect(await unbindRecords(owner)).toBeGreaterThan(before);
    expect((await call(owner, '/broker/account/getBrokerAccountId', { brokerAccountId: account })).code).toBe(404);
  });
});
