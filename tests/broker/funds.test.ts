import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes.ts';
import { brokerFundCalls } from '../../contract/broker-funds.ts';
import { addressFromBytes, type Network } from '../../contract/chains.ts';
import type { TestApi } from '../api/helpers.ts';
import { burst, securityBackends } from '../security/backends.ts';
import { requestIds } from '../api/suite.ts';
import { brokerCalls, brokerCast, brokerStepUp, enlist, gaOf, joinOrganisation, makeChecker, newBroker, page, signInAgain, startBrokerApi, type Page, type Broker } from './brokers.ts';

/**
 * Transfers, withdrawals and approvals of broker sub-accounts (issue 14; contract/broker-funds.ts): the hold on
 * apply, maker-checker approval with a second factor, release on rejection, the operation log, the asset flow, the
 * deposit-withdraw records and both exports, and a broker that never reaches another organisation's rows. PGlite,
 * and PostgreSQL where its binaries are installed (parallel requests really race there). The ledger's invariants —
 * every locked broker amount belongs to an application still applying — are checked after every test.
 */
interface Application {
  applicationId: string;
  type: string;
  status: string;
  fromAccountId: string;
  toAccountId: string | null;
  amount: string;
  fee: string;
  receiveAmount: string;
  applicant: string;
  approver: string | null;
  canDecide: boolean;
  completedAt: string | null;
}
interface Available {
  free: string;
  locked: string;
}
interface Operation {
  operationType: string;
  applicationId: string | null;
  operator: string;
  amount: string;
  asset: string;
}

const d = (v: string) => new Decimal(v);
let seed = 1;
const newAddress = (network: Network) => addressFromBytes(network, new Uint8Array(32).fill((++seed % 250) + 1).map((b, i) => (i === 0 ? seed >> 8 : b)));

describe.each(securityBackends())('broker transfers, withdrawals and approvals ($name)', (backend) => {
  let api: TestApi;
  const cast = brokerCast();
  const { owner, member, stranger, plainUser } = cast;
  let okxA = '';
  let okxB = '';
  let binance = '';
  let strangerAccount = '';
  const requestId = requestIds('funds');
  const addresses = { trx: '', okxTrx: '', okxMaster: '', binanceTrx: '' };
  const { call, get, openAccount } = brokerCalls(() => api, requestId);

  /**
   * A code of the broker's business type, sent to the caller's own e-mail (past the 1 s guard), for `operation` where
   * it approves one (server/broker/code-operations.ts: a withdrawal application, an approval).
   */
  const code = async (who: Broker, businessType: 'brokerWithdraw' | 'brokerApprove' | 'brokerApiKey', operation?: Record<string, unknown>) => {
    api.clock.advance(1100);
    const sent = await call<{ uuid: string }>(who, '/broker/fundTransfer/invokeEmailValidation', { businessType, ...(operation ? { operation } : {}) });
    expect(sent.code, JSON.stringify(sent)).toBe(200);
    const mail = await api.lastCode(who.email, 'email');
    expect(mail?.uuid).toBe(sent.data.uuid);
    expect(mail?.businessType).toBe(businessType);
    return { emailUuid: sent.data.uuid, emailCode: mail!.code };
  };
  const available = async (who: Broker, brokerAccountId: string, wallet: string, asset: string) =>
    (await get<Available>(who, '/broker/fundTransfer/queryTransferAvailable', { brokerAccountId, wallet, asset })).data;
  const transfer = (who: Broker, extra: Record<string, unknown> = {}) =>
    call<Application>(who, '/broker/fundTransfer/apply', { type: 'transfer', fromAccountId: okxA, fromWallet: 'funding', toAccountId: okxB, toWallet: 'spot', asset: 'USDT', amount: '100', requestId: requestId(), ...extra });
  // The checker's decisions carry its current Google code (server/broker/checker.ts).
  const approve = async (who: Broker, applicationId: string, extra: Record<string, unknown> = {}) =>
    call<Application>(who, '/broker/fundTransfer/approve', { applicationId, requestId: requestId(), ...(await code(who, 'brokerApprove', { kind: 'approve', applicationId })), ...(await gaOf(api, who)), ...extra });
  const reject = async (who: Broker, applicationId: string, extra: Record<string, unknown> = {}) =>
    call<Application>(who, '/broker/fundTransfer/reject', { applicationId, requestId: requestId(), ...(await gaOf(api, who)), ...extra });
  /** Whitelists an address of the owner's organisation (the address book's e-mail confirmation). */
  const whitelist = async (who: Broker, body: Record<string, unknown>) => {
    const added = await call<{ id: string }>(who, '/broker/address/submitBrokerAddress', { name: 'Treasury', addressType: 'broker', ...body });
    expect(added.code, JSON.stringify(added)).toBe(200);
    api.clock.advance(1100);
    const sent = await call<{ uuid: string }>(who, '/broker/address/invokeAddressAddEmailValidation', { id: added.data.id });
    const mail = (await api.lastCode(who.email, 'email'))!;
    const done = await call(who, '/broker/address/confirmBrokerAddress', { id: added.data.id, emailUuid: sent.data.uuid, emailCode: mail.code });
    expect(done.code).toBe(200);
    return added.data.id;
  };

  beforeAll(async () => {
    // Many codes go to each broker's e-mail here: the hourly send limits are not what this file tests.
    api = await startBrokerApi(backend);
    // The member joins the owner's organisation by the account-manager e-mail flow.
    await enlist(api, cast);
    // The withdrawal test's addresses, whitelisted a day before the sub-accounts open: a new entry takes withdrawals
    // 24 hours after its confirmation (server/broker/addresses.ts), and the sub-accounts' seeded history follows the clock.
    addresses.trx = newAddress('TRX');
    addresses.okxTrx = await whitelist(owner, { exchange: 'okx', asset: 'USDT', network: 'TRX', address: addresses.trx });
    addresses.okxMaster = await whitelist(owner, { exchange: 'okx', asset: 'USDT', network: 'ETH', address: newAddress('ETH'), addressType: 'master', name: 'Master okx' });
    addresses.binanceTrx = await whitelist(owner, { exchange: 'binance', asset: 'USDT', network: 'TRX', address: newAddress('TRX') });
    api.clock.advance(24 * 3_600_000 + 1000);
    await signInAgain(api, cast);
    // The member decides: a checker (advanced KYC, an authenticator bound).
    await makeChecker(api, member);
    okxA = await openAccount(owner, 'okx', 'okxFundsA');
    okxB = await openAccount(member, 'okx', 'okxFundsB');
    binance = await openAccount(owner, 'binance', 'bnFunds1');
    strangerAccount = await openAccount(stranger, 'okx', 'okxStranger');
  }, 120_000);
  afterAll(async () => api?.close());
  afterEach(async () => {
    const check = await api.call<{ violations: unknown[] }>('GET', '/_dev/ledger/check');
    expect(check.data.violations).toEqual([]);
  });

  it('a transfer holds on apply, is approved by another member with a second factor, and moves once', async () => {
    // The organisation's notification e-mail hears of applications and decisions.
    const notified = `ops-${Math.random().toString(36).slice(2, 8)}@firm.test`;
    const config = await call<{ id: string }>(owner, '/broker/messageConfig/submitBrokerMessageConfig', { email: notified, events: ['application', 'decision'] });
    api.clock.advance(1100);
    const configSent = await call<{ uuid: string }>(owner, '/broker/messageConfig/invokeBrokerMessageConfigAddEmailValidation', { id: config.data.id });
    const configMail = (await api.lastCode(owner.email, 'email'))!;
    expect((await call(owner, '/broker/messageConfig/confirmBrokerMessageConfig', { id: config.data.id, emailUuid: configSent.data.uuid, emailCode: configMail.code })).code).toBe(200);
    const fromBefore = await available(owner, okxA, 'funding', 'USDT');
    const toBefore = await available(owner, okxB, 'spot', 'USDT');
    const applied = await transfer(owner, { amount: '123.45', remark: 'rebalance' });
    expect(applied.code, JSON.stringify(applied)).toBe(200);
    expect(applied.data).toMatchObject({ type: 'transfer', status: 'applying', amount: '123.45', fee: '0', applicant: owner.email, approver: null, canDecide: false });
    expect((await api.lastCode(notified, 'email'))?.businessType).toBe('brokerApplication');
    const held = await available(owner, okxA, 'funding', 'USDT');
    expect(d(held.free).eq(d(fromBefore.free).sub('123.45'))).toBe(true);
    expect(d(held.locked).eq(d(fromBefore.locked).add('123.45'))).toBe(true);
    // The member sees it as theirs to decide; the applicant may not decide it (maker-checker).
    const listed = await call<Page<Application>>(member, '/broker/transfer/pageBrokerTransferRecord', { pageCondition: page, queryCondition: { status: 'applying' } });
    expect(listed.data.list.find((a) => a.applicationId === applied.data.applicationId)?.canDecide).toBe(true);
    expect((await approve(owner, applied.data.applicationId)).code).toBe(Code.brokerSelfApproval);
    expect((await reject(owner, applied.data.applicationId)).code).toBe(Code.brokerSelfApproval);
    // No second factor, a code of another business type, a wrong code: refused, nothing moves.
    const bare = await call(member, '/broker/fundTransfer/approve', { applicationId: applied.data.applicationId, requestId: requestId(), emailUuid: '', emailCode: '123456' });
    expect(bare.status).toBe(400);
    const otherType = await code(member, 'brokerWithdraw');
    expect((await call(member, '/broker/fundTransfer/approve', { applicationId: applied.data.applicationId, requestId: requestId(), ...otherType, ...(await gaOf(api, member)) })).code).toBe(Code.codeExpired);
    expect((await available(owner, okxA, 'funding', 'USDT')).locked).toBe(held.locked);

    const decision = requestId();
    const approved = await approve(member, applied.data.applicationId, { requestId: decision });
    expect(approved.code, JSON.stringify(approved)).toBe(200);
    expect(approved.data).toMatchObject({ status: 'done', approver: member.email, canDecide: false });
    expect(approved.data.completedAt).not.toBeNull();
    expect((await api.lastCode(notified, 'email'))?.businessType).toBe('brokerDecision');
    const fromAfter = await available(owner, okxA, 'funding', 'USDT');
    expect(d(fromAfter.free).eq(d(fromBefore.free).sub('123.45'))).toBe(true);
    expect(fromAfter.locked).toBe(fromBefore.locked);
    expect(d((await available(owner, okxB, 'spot', 'USDT')).free).eq(d(toBefore.free).add('123.45'))).toBe(true);
    // A retry of the decision returns it; another approval is refused.
    const retry = await call<Application>(member, '/broker/fundTransfer/approve', { applicationId: applied.data.applicationId, requestId: decision, emailUuid: 'used', emailCode: '000000' });
    expect(retry.data.status).toBe('done');
    expect((await approve(member, applied.data.applicationId)).code).toBe(Code.brokerApplicationState);
    expect((await reject(member, applied.data.applicationId)).code).toBe(Code.brokerApplicationState);

    // The operation log names who applied and who approved, with the amounts.
    const ops = await call<Page<Operation>>(owner, '/broker/pageBrokerFinancingAction', { pageCondition: page, queryCondition: { brokerAccountId: okxA } });
    const mine = ops.data.list.filter((o) => o.applicationId === applied.data.applicationId).map((o) => [o.operationType, o.operator, o.amount]);
    expect(mine).toEqual([
      ['inferior_transfer_approved', member.email, '123.45'],
      ['inferior_transfer_apply', owner.email, '123.45'],
    ]);
    // The asset flow: the hold (free −, locked +) and the move (locked −; the destination +).
    const flow = await call<Page<{ recordId: string; kind: string; amount: string; freeChange: string; lockedChange: string; applicationId: string | null; brokerAccountId: string }>>(
      owner,
      '/broker/pageBrokerCapitalRecord',
      { pageCondition: page, queryCondition: { asset: 'USDT', days: 7 } },
    );
    const rows = flow.data.list.filter((r) => r.applicationId === applied.data.applicationId).map((r) => [r.kind, r.brokerAccountId, r.amount, r.freeChange, r.lockedChange]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['broker_transfer_hold', okxA, '0', '-123.45', '123.45'],
        ['broker_transfer', okxA, '-123.45', '0', '-123.45'],
        ['broker_transfer', okxB, '123.45', '123.45', '0'],
      ]),
    );
    const moved = flow.data.list.find((r) => r.kind === 'broker_transfer' && r.brokerAccountId === okxB && r.applicationId === applied.data.applicationId)!;
    const detail = await call<{ legs: unknown[]; application: Application }>(owner, '/broker/queryBrokerCapitalRecordDetail', { recordId: moved.recordId });
    expect(detail.data.legs).toHaveLength(2);
    expect(detail.data.application.applicationId).toBe(applied.data.applicationId);
    const info = await call<{ assets: Array<{ asset: string; inflow: string; outflow: string }> }>(owner, '/broker/queryBrokerCapitalInfo', { brokerAccountId: okxB, asset: 'USDT', days: 7 });
    expect(d(info.data.assets[0]!.inflow).gte('123.45')).toBe(true);
  });

  it('rejecting releases the hold; transfers stay on one exchange; bad input is 400, a short balance 10101', async () => {
    const before = await available(owner, okxA, 'funding', 'USDT');
    const applied = await transfer(owner, { amount: '50', toAccountId: okxA, toWallet: 'earn' });
    expect(applied.code).toBe(200);
    const rejected = await reject(member, applied.data.applicationId, { reason: 'not now' });
    expect(rejected.data).toMatchObject({ status: 'rejected', approver: member.email });
    expect(await available(owner, okxA, 'funding', 'USDT')).toEqual(before);
    expect((await approve(member, applied.data.applicationId)).code).toBe(Code.brokerApplicationState);
    const ops = await call<Page<Operation>>(owner, '/broker/pageBrokerFinancingAction', { pageCondition: page, queryCondition: { operationType: 'inferior_transfer_rejected' } });
    expect(ops.data.list.map((o) => o.applicationId)).toContain(applied.data.applicationId);

    expect((await transfer(owner, { toAccountId: binance })).code).toBe(Code.brokerTransferCrossExchange);
    expect((await transfer(owner, { toAccountId: okxA, toWallet: 'funding' })).data).toMatchObject({ field: 'toWallet', rule: 'same' });
    expect((await transfer(owner, { amount: '1000000000' })).code).toBe(Code.insufficientBalance);
    expect((await transfer(owner, { amount: '0' })).data).toMatchObject({ field: 'amount', rule: 'positive' });
    expect((await transfer(owner, { amount: '1.123456789' })).data).toMatchObject({ field: 'amount', rule: 'decimals' });
    expect((await transfer(owner, { amount: '-1' })).status).toBe(400);
    expect((await transfer(owner, { toWallet: 'margin' })).status).toBe(400);
    expect((await transfer(owner, { toAccountId: undefined })).data).toMatchObject({ field: 'toAccountId', rule: 'required' });
    expect((await transfer(owner, { remark: 'r'.repeat(201) })).status).toBe(400);
    // Idempotent on requestId: the same request returns the first application; other content is 10209.
    const id = requestId();
    const first = await transfer(owner, { amount: '1', requestId: id });
    expect((await transfer(owner, { amount: '1', requestId: id })).data.applicationId).toBe(first.data.applicationId);
    expect((await transfer(owner, { amount: '2', requestId: id })).code).toBe(Code.requestIdReused);
    expect((await reject(member, first.data.applicationId)).code).toBe(200);
    // Lists take the spec's page sizes and time ranges only.
    expect((await call(owner, '/broker/transfer/pageBrokerTransferRecord', { pageCondition: { pageNum: 1, pageSize: 15 } })).status).toBe(400);
    expect((await call(owner, '/broker/transfer/pageBrokerTransferRecord', { pageCondition: page, queryCondition: { days: 14 } })).status).toBe(400);
    for (const days of [7, 30, 90, 180, 365]) {
      expect((await call(owner, '/broker/pageBrokerFinancingAction', { pageCondition: { pageNum: 1, pageSize: 10 }, queryCondition: { days } })).code).toBe(200);
    }
  });

  it('20 parallel applications against a balance that covers 7: 7 hold, 13 are refused; 20 retries of one request make one', async () => {
    const source = await openAccount(owner, 'okx', 'okxBurst1');
    const free = d((await available(owner, source, 'spot', 'BTC')).free);
    const amount = free.div(7).toDecimalPlaces(6, Decimal.ROUND_DOWN);
    expect(amount.mul(8).gt(free)).toBe(true);
    const tally = await burst(20, () => transfer(owner, { fromAccountId: source, fromWallet: 'spot', toAccountId: source, toWallet: 'funding', asset: 'BTC', amount: amount.toFixed() }));
    expect(tally.get(200)).toBe(7);
    expect(tally.get(Code.insufficientBalance)).toBe(13);
    const after = await available(owner, source, 'spot', 'BTC');
    expect(d(after.locked).eq(amount.mul(7))).toBe(true);
    expect(d(after.free).eq(free.sub(amount.mul(7)))).toBe(true);

    // 20 parallel retries of one request: one application, held once.
    const id = requestId();
    const replies = await Promise.all(Array.from({ length: 20 }, () => transfer(owner, { fromAccountId: source, fromWallet: 'earn', toAccountId: source, toWallet: 'spot', asset: 'USDT', amount: '10', requestId: id })));
    expect(replies.map((r) => r.code)).toEqual(Array(20).fill(200));
    expect(new Set(replies.map((r) => r.data.applicationId)).size).toBe(1);
    expect((await available(owner, source, 'earn', 'USDT')).locked).toBe('10');
    const ops = await call<Page<Operation>>(owner, '/broker/pageBrokerFinancingAction', { pageCondition: page, queryCondition: { brokerAccountId: source, operationType: 'inferior_transfer_apply' } });
    expect(ops.data.list.filter((o) => o.applicationId === replies[0]!.data.applicationId)).toHaveLength(1);
  });

  it('20 parallel approvals of one application move it once; approve racing reject: exactly one wins', async () => {
    const before = await available(owner, okxB, 'spot', 'USDT');
    const applied = await transfer(owner, { amount: '7' });
    const factor = { ...(await code(member, 'brokerApprove', { kind: 'approve', applicationId: applied.data.applicationId })), ...(await gaOf(api, member)) };
    const replies = await Promise.all(Array.from({ length: 20 }, () => call<Application>(member, '/broker/fundTransfer/approve', { applicationId: applied.data.applicationId, requestId: requestId(), ...factor })));
    expect(replies.filter((r) => r.code === 200)).toHaveLength(1);
    expect(d((await available(owner, okxB, 'spot', 'USDT')).free).eq(d(before.free).add(7))).toBe(true);

    // Approve racing reject: two checkers (one checker's Google time steps are taken in order, so its two parallel
    // decisions could not both carry a valid code).
    const second = await newBroker(api);
    await joinOrganisation(api, owner, second);
    await makeChecker(api, second);
    for (let i = 0; i < 4; i++) {
      const raced = await transfer(owner, { amount: '1' });
      const factors = { ...(await code(member, 'brokerApprove', { kind: 'approve', applicationId: raced.data.applicationId })), ...(await gaOf(api, member)) };
      const rejectBody = { applicationId: raced.data.applicationId, requestId: requestId(), gaCode: await api.totp(second.gaSecret!) };
      const [a, r] = await Promise.all([
        call<Application>(member, '/broker/fundTransfer/approve', { applicationId: raced.data.applicationId, requestId: requestId(), ...factors }),
        call<Application>(second, '/broker/fundTransfer/reject', rejectBody),
      ]);
      expect([a.code, r.code].filter((c) => c === 200), JSON.stringify([a, r])).toHaveLength(1);
      expect([a.code, r.code].filter((c) => c !== 200)).toEqual([Code.brokerApplicationState]);
      const ops = await call<Page<Operation>>(owner, '/broker/pageBrokerFinancingAction', { pageCondition: page });
      expect(ops.data.list.filter((o) => o.applicationId === raced.data.applicationId)).toHaveLength(2);
    }
  });

  it('withdrawals go only to whitelisted addresses, need a second factor, pay the chain less its fee, or the master account', async () => {
    const { okxTrx: addressId, okxMaster: masterId, binanceTrx: binanceAddress } = addresses;
    const pending = await call<{ id: string }>(owner, '/broker/address/submitBrokerAddress', { exchange: 'okx', asset: 'USDT', network: 'TRX', address: newAddress('TRX'), name: 'Pending', addressType: 'broker' });

    const offered = await call<Array<{ addressId: string }>>(owner, '/broker/deposit/listWithdrawAddress', { brokerAccountId: okxA, asset: 'USDT' });
    expect(offered.data.map((a) => a.addressId).sort()).toEqual([addressId, masterId].sort());
    const methods = await call<Array<{ network: string; fee: string; min: string }>>(owner, '/broker/deposit/listWithdrawMethod', { asset: 'USDT' });
    expect(methods.data.find((m) => m.network === 'TRX')).toMatchObject({ fee: '1', min: '10' });
    const products = await call<Array<{ asset: string; balances: unknown[] }>>(owner, '/broker/deposit/listWithdrawProduct', { brokerAccountId: okxA });
    expect(products.data.find((p) => p.asset === 'USDT')!.balances.length).toBeGreaterThan(0);
    const actions = await get<{ actions: Array<{ action: string; enabled: boolean }> }>(owner, '/broker/fundTransfer/accountActions', { brokerAccountId: okxA });
    expect(actions.data.actions).toEqual([
      { action: 'transfer', enabled: true, reason: null },
      { action: 'withdraw', enabled: true, reason: null },
    ]);

    const withdraw = (extra: Record<string, unknown>) =>
      call<Application>(owner, '/broker/fundTransfer/apply', { type: 'withdraw', fromAccountId: okxA, fromWallet: 'funding', asset: 'USDT', amount: '100', addressId, requestId: requestId(), ...extra });
    /** A withdrawal with a code sent for it (code-operations.ts). */
    const withdrawWithCode = async (extra: { addressId?: string; amount?: string }) => {
      const content = { requestId: requestId(), fromAccountId: okxA, fromWallet: 'funding', asset: 'USDT', amount: '100', addressId, ...extra };
      return withdraw({ ...content, ...(await code(owner, 'brokerWithdraw', { kind: 'withdraw', ...content })) });
    };
    expect((await withdraw({})).data).toMatchObject({ field: 'emailCode', rule: 'required' });
    expect((await withdraw({ addressId: pending.data.id, ...(await code(owner, 'brokerWithdraw')) })).code).toBe(Code.brokerAddressNotWhitelisted);
    expect((await withdraw({ addressId: binanceAddress, ...(await code(owner, 'brokerWithdraw')) })).code).toBe(Code.brokerAddressNotWhitelisted);
    expect((await withdraw({ amount: '5', ...(await code(owner, 'brokerWithdraw')) })).code).toBe(Code.brokerWithdrawAmount);
    expect((await withdraw({ toAccountId: okxB, ...(await code(owner, 'brokerWithdraw')) })).status).toBe(400);

    const before = await available(owner, okxA, 'funding', 'USDT');
    const applied = await withdrawWithCode({});
    expect(applied.code, JSON.stringify(applied)).toBe(200);
    expect(applied.data).toMatchObject({ type: 'withdraw', status: 'applying', amount: '100', fee: '1', receiveAmount: '99' });
    const approved = await approve(member, applied.data.applicationId);
    expect(approved.data.status).toBe('approved');
    const after = await available(owner, okxA, 'funding', 'USDT');
    expect(d(after.free).eq(d(before.free).sub(100))).toBe(true);
    expect(after.locked).toBe(before.locked);
    const bill = () => call<Page<{ recordId: string; status: string; amount: string; fee: string }>>(owner, '/broker/account/bill/page', { pageCondition: page, queryCondition: { type: 'withdraw', brokerAccountId: okxA } });
    expect((await bill()).data.list.find((r) => r.recordId === `W${applied.data.applicationId}`)?.status).toBe('withdraw_pending');
    // Done after the chain's confirmations on the sandbox clock (TRX: 19 blocks of 3 s).
    api.clock.advance(19 * 3000);
    expect((await bill()).data.list.find((r) => r.recordId === `W${applied.data.applicationId}`)).toMatchObject({ status: 'withdraw_complete', amount: '100', fee: '1' });

    const toMaster = await withdrawWithCode({ addressId: masterId, amount: '30' });
    expect(toMaster.data).toMatchObject({ fee: '0', receiveAmount: '30', addressType: 'master' });
    expect((await approve(member, toMaster.data.applicationId)).data.status).toBe('done');
    const deposits = await call<Page<{ type: string; status: string }>>(owner, '/broker/account/bill/page', { pageCondition: page, queryCondition: { type: 'deposit', brokerAccountId: okxA } });
    expect(deposits.data.total).toBe(12 * 4);
    expect(new Set(deposits.data.list.map((r) => r.status))).toEqual(new Set(['deposit_complete']));
    // The time ranges cut the seeded monthly deposits (one a month, four assets, the last 25–30 days ago).
    const deposited = async (queryCondition: Record<string, unknown>) =>
      (await call<Page<{ asset: string; exchangeCode: string }>>(owner, '/broker/account/bill/page', { pageCondition: page, queryCondition: { type: 'deposit', brokerAccountId: okxA, ...queryCondition } })).data;
    expect((await deposited({ days: 7 })).total).toBe(0);
    expect((await deposited({ days: 30 })).total).toBe(4);
    expect((await deposited({ days: 365 })).total).toBe(48);
    expect((await deposited({ days: 365, asset: 'BTC' })).list.map((r) => r.asset)).toEqual(Array(12).fill('BTC'));
    expect((await deposited({ exchangeCode: 'binance' })).total).toBe(0);
    const since = new Date(api.clock.now() - 90 * 86_400_000).toISOString();
    const custom = await deposited({ startTime: since, endTime: new Date(api.clock.now()).toISOString() });
    expect(custom.total).toBeGreaterThanOrEqual(8);
    expect(custom.total).toBeLessThanOrEqual(16);
    expect((await call(owner, '/broker/account/bill/page', { pageCondition: page, queryCondition: { startTime: since } })).data).toMatchObject({ field: 'endTime', rule: 'required' });
    expect((await call(owner, '/broker/account/bill/page', { pageCondition: page, queryCondition: { days: 7, startTime: since, endTime: since } })).data).toMatchObject({ field: 'days', rule: 'exclusive' });
    // Applications by state and type; paging is 10 per page when asked.
    const done = await call<Page<Application>>(owner, '/broker/transfer/pageBrokerTransferRecord', { pageCondition: page, queryCondition: { type: 'withdraw', status: 'done' } });
    expect(done.data.list.map((a) => a.applicationId).sort()).toEqual([applied.data.applicationId, toMaster.data.applicationId].sort());
    const all = await call<Page<Application>>(owner, '/broker/transfer/pageBrokerTransferRecord', { pageCondition: { pageNum: 1, pageSize: 10 } });
    expect(all.data.list).toHaveLength(Math.min(10, all.data.total));
    const second = await call<Page<Application>>(owner, '/broker/transfer/pageBrokerTransferRecord', { pageCondition: { pageNum: 2, pageSize: 10 } });
    expect(second.data.list.map((a) => a.applicationId).some((id) => all.data.list.some((a) => a.applicationId === id))).toBe(false);
  });

  it('an API key with the withdraw permission needs the step-up and is pending; one without is live at once', async () => {
    const key = (extra: Record<string, unknown>) =>
      call<{ key: { permissions: string[]; status: string }; secretKey: string | null }>(owner, '/broker/exchangeKey/insertBrokerExchangeKey', { brokerAccountId: binance, permissions: ['withdraw'], ipList: '10.0.0.1', requestId: requestId(), ...extra });
    expect((await key({})).data).toMatchObject({ field: 'password', rule: 'required' });
    expect((await key({ ...(await brokerStepUp(api, owner, 'brokerApiKey')), ...(await code(owner, 'brokerApprove')) })).code).toBe(Code.codeExpired);
    const made = await key({ ...(await brokerStepUp(api, owner, 'brokerApiKey')) });
    expect(made.code, JSON.stringify(made)).toBe(200);
    expect(made.data).toMatchObject({ secretKey: null, key: { permissions: ['read', 'withdraw'], status: 'pending' } });
    const plain = await key({ permissions: ['read'] });
    expect(plain.data).toMatchObject({ key: { status: 'active' } });
    expect(plain.data.secretKey).not.toBeNull();
  });

  it('the exports hold the page rows for the same filters, with a cover block, numeric amounts and the Chinese file names', async () => {
    const applied = await transfer(owner, { amount: '3' });
    expect(applied.code).toBe(200);
    const sheetRows = async (reply: Response) => {
      expect(reply.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await reply.arrayBuffer()) as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const values: unknown[][] = [];
      sheet.eachRow({ includeEmpty: true }, (row) => values.push((row.values as unknown[]).slice(1)));
      return values;
    };
    const form = (fields: Record<string, string>) =>
      fetch(`${api.base}/broker/account/bill/export`, {
        method: 'POST',
        headers: { source: 'web', authorization: `Bearer ${owner.token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const billReply = await form({ brokerAccountId: okxA, days: '365' });
    expect(decodeURIComponent(billReply.headers.get('content-disposition') ?? '')).toMatch(/充提幣記錄-\d{8}\.xlsx/);
    const bill = await sheetRows(billReply);
    expect(bill[0]).toEqual(['充提幣記錄']);
    expect(String(bill[1]![0])).toContain('okxFundsA');
    expect(String(bill[1]![0])).toContain('最近 365 天');
    expect(String(bill[2]![0])).toContain('UTC+8');
    expect(String(bill[3]![0])).toMatch(/^匯出時間 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const pageRows = await call<Page<{ recordId: string; amount: string }>>(owner, '/broker/account/bill/page', { pageCondition: page, queryCondition: { brokerAccountId: okxA, days: 365 } });
    const data = bill.slice(6);
    expect(data.map((r) => r[0])).toEqual(pageRows.data.list.map((r) => r.recordId));
    expect(data.map((r) => r[9])).toEqual(pageRows.data.list.map((r) => Number(r.amount)));
    expect(typeof data[0]![9]).toBe('number');

    const opsReply = await fetch(`${api.base}/broker/exportBrokerFinancingAction?${new URLSearchParams({ operationType: 'inferior_transfer_apply', days: '30' })}`, {
      method: 'POST',
      headers: { source: 'web', authorization: `Bearer ${owner.token}` },
    });
    expect(decodeURIComponent(opsReply.headers.get('content-disposition') ?? '')).toMatch(/操作記錄-\d{8}\.xlsx/);
    const ops = await sheetRows(opsReply);
    expect(String(ops[1]![0])).toContain('子帳戶劃轉申請');
    const opsPage = await call<Page<{ id: string }>>(owner, '/broker/pageBrokerFinancingAction', { pageCondition: page, queryCondition: { operationType: 'inferior_transfer_apply', days: 30 } });
    expect(opsPage.data.total).toBeGreaterThan(0);
    expect(ops.slice(6).map((r) => r[0])).toEqual(opsPage.data.list.map((r) => r.id));

    // Refusals are the JSON envelope: a JSON body (415), no broker rights (403), another organisation's sub-account (404).
    const json = await fetch(`${api.base}/broker/account/bill/export`, { method: 'POST', headers: { source: 'web', authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(415);
    const forbidden = await fetch(`${api.base}/broker/exportBrokerFinancingAction`, { method: 'POST', headers: { source: 'web', authorization: `Bearer ${plainUser.token}` } });
    expect(forbidden.status).toBe(403);
    const foreign = await fetch(`${api.base}/broker/exportBrokerFinancingAction?brokerAccountId=${okxA}`, { method: 'POST', headers: { source: 'web', authorization: `Bearer ${stranger.token}` } });
    expect(foreign.status).toBe(404);
    expect((await form({ days: '14' })).status).toBe(400);
    expect((await reject(member, applied.data.applicationId)).code).toBe(200);
  });

  it('approving needs the checker\'s current Google code', async () => {
    const secret = member.gaSecret!;
    const applied = await transfer(owner, { amount: '4' });
    expect(applied.code).toBe(200);
    const held = await available(owner, okxA, 'funding', 'USDT');
    expect((await approve(member, applied.data.applicationId, { gaCode: undefined })).data).toMatchObject({ field: 'gaCode', rule: 'required' });
    const right = await api.totp(secret);
    expect((await approve(member, applied.data.applicationId, { gaCode: right === '000000' ? '111111' : '000000' })).code).toBe(Code.gaWrong);
    expect(await available(owner, okxA, 'funding', 'USDT')).toEqual(held);
    api.clock.advance(30_000);
    const approved = await approve(member, applied.data.applicationId);
    expect(approved.code, JSON.stringify(approved)).toBe(200);
    expect(approved.data.status).toBe('done');
  });

  it('another organisation reaches nothing of the owner on any call, and a user without broker rights is refused', async () => {
    const applied = await transfer(owner, { amount: '2' });
    expect(applied.code).toBe(200);
    const flow = await call<Page<{ recordId: string }>>(owner, '/broker/pageBrokerCapitalRecord', { pageCondition: page, queryCondition: { brokerAccountId: okxA } });
    const recordId = flow.data.list[0]!.recordId;
    const addresses = await call<Page<{ id: string }>>(owner, '/broker/address/pageBrokerAddress', { pageCondition: page });
    const addressId = addresses.data.list[0]!.id;
    const factor = await code(stranger, 'brokerApprove');
    const withdrawFactor = await code(stranger, 'brokerWithdraw');
    const bodies = sampleBodies({ okxA, okxB, applicationId: applied.data.applicationId, recordId, factor });
    expect(Object.keys(bodies).sort()).toEqual(Object.keys(brokerFundCalls).sort());
    api.clock.advance(1100);
    for (const [path, def] of Object.entries(brokerFundCalls)) {
      const body = bodies[path as keyof typeof brokerFundCalls];
      const reply =
        def.method === 'GET'
          ? await get<unknown>(stranger, path, body as Record<string, string>)
          : await call<unknown>(stranger, path, body);
      if (REFERS_TO_OWNER.has(path)) {
        expect(reply.status, `${path} ${JSON.stringify(reply)}`).toBe(404);
      } else {
        expect(reply.code, `${path} ${JSON.stringify(reply)}`).toBe(200);
        expect(JSON.stringify(reply.data), path).not.toContain('okxFunds');
        expect(JSON.stringify(reply.data), path).not.toContain(owner.email);
      }
      const refused = def.method === 'GET' ? await get(plainUser, path, body as Record<string, string>) : await call(plainUser, path, body);
      expect(refused.status, path).toBe(403);
    }
    // From the stranger's own sub-account: the owner's sub-account is 404 as a destination, the owner's whitelisted
    // address is no address of the stranger's organisation.
    expect((await call(stranger, '/broker/fundTransfer/apply', { type: 'transfer', fromAccountId: strangerAccount, fromWallet: 'funding', toAccountId: okxA, toWallet: 'spot', asset: 'USDT', amount: '1', requestId: 'cross-org-apply-2' })).status).toBe(404);
    const foreignAddress = await call(stranger, '/broker/fundTransfer/apply', {
      type: 'withdraw',
      fromAccountId: strangerAccount,
      fromWallet: 'funding',
      asset: 'USDT',
      amount: '100',
      addressId,
      requestId: 'cross-org-apply-3',
      ...withdrawFactor,
    });
    expect(foreignAddress.code).toBe(Code.brokerAddressNotWhitelisted);
    // The owner's application is untouched and still theirs to decide.
    const still = await call<Page<Application>>(member, '/broker/transfer/pageBrokerTransferRecord', { pageCondition: page, queryCondition: { status: 'applying' } });
    expect(still.data.list.map((a) => a.applicationId)).toContain(applied.data.applicationId);
    expect((await reject(member, applied.data.applicationId)).code).toBe(200);
  });
});

/** The calls aimed at the owner's sub-account, application, record or address: 404 for another organisation. */
const REFERS_TO_OWNER = new Set([
  '/broker/fundTransfer/apply',
  '/broker/fundTransfer/approve',
  '/broker/fundTransfer/reject',
  '/broker/fundTransfer/listBrokerAccountAvailableTransfer',
  '/broker/fundTransfer/accountActions',
  '/broker/fundTransfer/queryTransferAvailable',
  '/broker/transfer/pageBrokerTransferRecord',
  '/broker/deposit/listWithdrawProduct',
  '/broker/deposit/listWithdrawAddress',
  '/broker/pageBrokerCapitalRecord',
  '/broker/queryBrokerCapitalInfo',
  '/broker/queryBrokerCapitalRecordDetail',
  '/broker/account/bill/page',
  '/broker/pageBrokerFinancingAction',
]);

interface Targets {
  okxA: string;
  okxB: string;
  applicationId: string;
  recordId: string;
  factor: { emailUuid: string; emailCode: string };
}

function sampleBodies(t: Targets): Record<keyof typeof brokerFundCalls, unknown> {
  const pageCondition = { pageNum: 1, pageSize: 10 };
  return {
    '/broker/fundTransfer/invokeEmailValidation': { businessType: 'brokerApprove' },
    '/broker/fundTransfer/apply': { type: 'transfer', fromAccountId: t.okxA, fromWallet: 'funding', toAccountId: t.okxB, toWallet: 'spot', asset: 'USDT', amount: '1', requestId: 'cross-org-apply-1' },
    '/broker/fundTransfer/approve': { applicationId: t.applicationId, requestId: 'cross-org-approve-1', ...t.factor },
    '/broker/fundTransfer/reject': { applicationId: t.applicationId, requestId: 'cross-org-reject-1' },
    '/broker/fundTransfer/listBrokerAccountAvailableTransfer': { fromAccountId: t.okxA },
    '/broker/fundTransfer/accountActions': { brokerAccountId: t.okxA },
    '/broker/fundTransfer/accounts': {},
    '/broker/fundTransfer/queryTransferAvailable': { brokerAccountId: t.okxA, wallet: 'funding', asset: 'USDT' },
    '/broker/transfer/pageBrokerTransferRecord': { pageCondition, queryCondition: { brokerAccountId: t.okxA } },
    '/broker/transfer/organization': undefined,
    '/broker/deposit/listWithdrawProduct': { brokerAccountId: t.okxA },
    '/broker/deposit/listWithdrawMethod': { asset: 'USDT' },
    '/broker/deposit/listWithdrawAddress': { brokerAccountId: t.okxA, asset: 'USDT' },
    '/broker/pageBrokerCapitalRecord': { pageCondition, queryCondition: { brokerAccountId: t.okxA } },
    '/broker/queryBrokerCapitalInfo': { brokerAccountId: t.okxA },
    '/broker/queryBrokerCapitalRecordDetail': { recordId: t.recordId },
    '/broker/account/bill/page': { pageCondition, queryCondition: { brokerAccountId: t.okxA } },
    '/broker/pageBrokerFinancingAction': { pageCondition, queryCondition: { brokerAccountId: t.okxA } },
  };
}
