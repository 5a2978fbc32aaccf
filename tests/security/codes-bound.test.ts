import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hkDay } from '../../contract/broker-projects-rules.ts';
import { addressFromBytes, type Network } from '../../contract/chains.ts';
import { Code } from '../../contract/codes.ts';
import { demoUser } from '../../server/identity/seed.ts';
import { BROKER_PASSWORD, brokerCalls, brokerCast, enlist, gaOf, makeChecker, projectTerms, startBrokerApi, type Broker } from '../broker/brokers.ts';
import type { TestApi } from '../api/helpers.ts';
import { stepUpFactors } from '../api/step-up-helpers.ts';
import { gaMoneySuite, requestIds } from '../api/suite.ts';
import { securityBackends } from './backends.ts';

// A code approves only the operation it was sent for (server/identity/operations.ts; server/README.md
// "Verification codes"): the attacker holds a code the owner received for one operation — a withdrawal, an address
// to add, a broker application or decision — and tries it on another (more money, another address), with a right
// Google code beside it. Refused, nothing moves; the right operation still goes through with it, and the mail says
// what it approves.

const DAY_MS = 86_400_000;
let seed = 7;
const newAddress = (network: Network) => addressFromBytes(network, new Uint8Array(32).fill((++seed % 250) + 1).map((b, i) => (i === 0 ? seed >> 8 : b)));

interface Mail {
  uuid: string;
  code: string;
  businessType: string;
  body: string;
}

async function mailOf(api: TestApi, destination: string, uuid: string | null): Promise<Mail> {
  const reply = await api.call<{ list: Mail[] }>('GET', `/_dev/outbox?${new URLSearchParams({ destination, channel: 'email', limit: '200' })}`);
  const mail = reply.data.list.find((m) => m.uuid === uuid);
  if (!mail) throw new Error(`no mail ${uuid}`);
  return mail;
}

interface Withdrawal {
  withdrawId: string;
  status: string;
  emailUuid: string | null;
}

describe.each(securityBackends())('wallet codes are bound to their operation ($name)', (backend) => {
  let api: TestApi;
  let token = '';
  const email = demoUser.email.toLowerCase();
  const requestId = requestIds('bound');
  const { call, ga, jump, capital } = gaMoneySuite(backend, (session) => {
    ({ api, token } = session);
  });
  const addCoin = (address: string, factors: object) =>
    call<{ id: string }>('POST', '/account/wallet/address/add', { name: 'Cold store', asset: 'USDT', network: 'ETH', address, whitelisted: true, ...factors });
  const coinEntry = (address: string) => ({ book: 'coin', asset: 'USDT', network: 'ETH', address });
  const fiatEntry = { asset: 'USD', beneficiary: 'Example Holdings Limited', bankCode: 'HSBCHKHHHKH', accountNumber: '004500123456' };
  const target = newAddress('ETH');
  let usdAccount = '';

  beforeAll(async () => {
    // The demo user prefers zh-HK; these checks read the mails' en-US wording (tests/api/mail-language.test.ts
    // checks the zh-HK one).
    expect((await call('POST', '/institution/updatePreferredLanguage', { preferredLanguage: 'en-US' })).code).toBe(200);
    // An anti-phishing code, so the withdrawal mail is seen to carry it too.
    const set = await call('POST', '/institution/antiPhishing/set', { code: 'Kiwi7x', ...(await stepUpFactors(api, token, demoUser.password, 'antiPhishing')), gaCode: await ga() });
    expect(set.code, JSON.stringify(set)).toBe(200);
  });

  it('an addAddress code sent for address X does not add address Y, even with the right Google code; it adds X', async () => {
    const other = newAddress('ETH');
    const forX = await stepUpFactors(api, token, demoUser.password, 'addAddress', coinEntry(target));
    const mail = await mailOf(api, email, forX.emailUuid);
    expect(mail.body).toContain(`Address: ${target}`);
    expect(mail.body).toContain('Network: ETH');
    const onY = await addCoin(other, { ...forX, gaCode: await ga() });
    expect(onY.code).toBe(Code.codeExpired);
    // Nor a memo, nor another asset's entry with the same address.
    expect((await call('POST', '/account/wallet/address/add', { name: 'Cold store', asset: 'ETH', network: 'ETH', address: target, whitelisted: true, ...forX, gaCode: await ga() })).code).toBe(Code.codeExpired);
    const list = await call<Array<{ address: string }>>('POST', '/account/wallet/address/list', {});
    expect(list.data.map((e) => e.address)).not.toContain(other);
    // A code asked for without naming the entry is refused at the send: it could approve nothing.
    const bare = await call('POST', '/institution/email/captcha', { businessType: 'addAddress' });
    expect(bare.status).toBe(400);
    expect((await addCoin(target, { ...forX, gaCode: await ga() })).code).toBe(200);
  });

  it('a bank account code sent for one account number does not add another', async () => {
    const factors = await stepUpFactors(api, token, demoUser.password, 'addAddress', { book: 'fiat', ...fiatEntry });
    const add = async (accountNumber: string) =>
      call<{ id: string }>('POST', '/account/wallet/fiatAddress/add', { name: 'Treasury USD', ...fiatEntry, accountNumber, ...factors, gaCode: await ga() });
    expect((await add('009900111222')).code).toBe(Code.codeExpired);
    const added = await add(fiatEntry.accountNumber);
    expect(added.code, JSON.stringify(added)).toBe(200);
    usdAccount = added.data.id;
  });

  it("withdrawal A's e-mail code does not confirm withdrawal B (twice the amount), even with the right Google code; it confirms A", async () => {
    await jump(DAY_MS + 60_000);
    const invoke = (amount: string) => call<Withdrawal>('POST', '/account/block/invokeBlockWithdrawalEmailValidation', { requestId: requestId(), asset: 'USDT', network: 'ETH', address: target, amount });
    const a = await invoke('100');
    expect(a.code, JSON.stringify(a)).toBe(200);
    const mailA = await mailOf(api, email, a.data.emailUuid);
    api.clock.advance(1100);
    const b = await invoke('200');
    expect(b.code, JSON.stringify(b)).toBe(200);
    const mailB = await mailOf(api, email, b.data.emailUuid);
    // The mail says what it approves.
    expect(mailA.body).toContain('Anti-phishing code: Kiwi7x');
    for (const line of ['Amount: 100', 'Asset: USDT', 'Network: ETH', `Address: ${target}`, `Withdrawal id: ${a.data.withdrawId}`, 'Requested at: ']) expect(mailA.body).toContain(line);
    expect(mailB.body).toContain('Amount: 200');

    const held = await capital('USDT');
    const withGa = async (w: Withdrawal, mail: Mail) =>
      call<Withdrawal>('POST', '/account/block/confirmBlockWithdraw', { withdrawId: w.withdrawId, emailUuid: mail.uuid, emailCode: mail.code, gaCode: await ga() });
    expect((await withGa(b.data, mailA)).code).toBe(Code.codeExpired);
    // A withdraw code from the generic sender was sent for no withdrawal: it confirms none.
    const generic = await api.emailCode('withdraw', token);
    expect((await withGa(b.data, { ...mailA, uuid: generic.uuid, code: generic.code })).code).toBe(Code.codeExpired);
    expect(await capital('USDT')).toEqual(held);
    // The right codes still work, each for its own withdrawal.
    expect((await withGa(a.data, mailA)).data.status).toBe('withdraw_pending');
    expect((await withGa(b.data, mailB)).data.status).toBe('withdraw_pending');
  });

  it("fiat withdrawal A's e-mail code does not confirm fiat withdrawal B; it confirms A", async () => {
    const submit = (amount: string) => call<Withdrawal>('POST', '/account/block/submitBlockFiatWithdraw', { requestId: requestId(), asset: 'USD', addressId: usdAccount, amount });
    const a = await submit('1000');
    expect(a.code, JSON.stringify(a)).toBe(200);
    const mailA = await mailOf(api, email, a.data.emailUuid);
    for (const line of ['Amount: 1000', 'Asset: USD', `Account number: ${fiatEntry.accountNumber}`, `Withdrawal id: ${a.data.withdrawId}`]) expect(mailA.body).toContain(line);
    api.clock.advance(1100);
    const b = await submit('2000');
    expect(b.code, JSON.stringify(b)).toBe(200);
    const confirm = async (w: Withdrawal, mail: Mail) =>
      call<Withdrawal>('POST', '/account/block/confirmBlockFiatWithdraw', { withdrawId: w.withdrawId, emailUuid: mail.uuid, emailCode: mail.code, gaCode: await ga() });
    expect((await confirm(b.data, mailA)).code).toBe(Code.codeExpired);
    // A code resent for B is B's alone too.
    api.clock.advance(1100);
    const resent = await call<Withdrawal>('POST', '/account/block/invokeBlockFiatWithdrawalEmailValidation', { withdrawId: b.data.withdrawId });
    const mailB = await mailOf(api, email, resent.data.emailUuid);
    expect((await confirm(a.data, mailB)).code).toBe(Code.codeExpired);
    expect((await confirm(a.data, mailA)).data.status).toBe('approvalPending');
    expect((await confirm(b.data, mailB)).data.status).toBe('approvalPending');
  });
});

describe.each(securityBackends())('broker codes are bound to their operation ($name)', (backend) => {
  let api: TestApi;
  const cast = brokerCast();
  const { owner, member } = cast;
  const requestId = requestIds('bound-broker');
  const { call, openAccount } = brokerCalls(() => api, requestId);
  let okxA = '';
  let okxB = '';
  let addressId = '';
  let projectNo = '';

  /** A code sent by `path` for `operation`, read from the outbox. */
  const codeFor = async (who: Broker, path: string, body: Record<string, unknown>) => {
    api.clock.advance(1100);
    const sent = await call<{ uuid: string }>(who, path, body);
    expect(sent.code, JSON.stringify(sent)).toBe(200);
    const mail = await mailOf(api, who.email, sent.data.uuid);
    return { factors: { emailUuid: mail.uuid, emailCode: mail.code }, mail };
  };

  beforeAll(async () => {
    api = await startBrokerApi(backend);
    await enlist(api, cast);
    okxA = await openAccount(owner, 'okx', 'okxBoundA');
    okxB = await openAccount(owner, 'okx', 'okxBoundB');
    const added = await call<{ id: string }>(owner, '/broker/address/submitBrokerAddress', { name: 'Treasury', addressType: 'broker', exchange: 'okx', asset: 'USDT', network: 'TRX', address: newAddress('TRX') });
    expect(added.code, JSON.stringify(added)).toBe(200);
    api.clock.advance(1100);
    const sent = await call<{ uuid: string }>(owner, '/broker/address/invokeAddressAddEmailValidation', { id: added.data.id });
    const mail = (await api.lastCode(owner.email, 'email'))!;
    expect((await call(owner, '/broker/address/confirmBrokerAddress', { id: added.data.id, emailUuid: sent.data.uuid, emailCode: mail.code })).code).toBe(200);
    addressId = added.data.id;
    // A newly whitelisted address takes withdrawals 24 hours after it was confirmed (server/broker/addresses.ts): wait,
    // then sign in again. The member decides as a checker (server/broker/checker.ts).
    api.clock.advance(24 * 3_600_000 + 60_000);
    owner.token = await api.token(owner.email, BROKER_PASSWORD);
    member.token = await api.token(member.email, BROKER_PASSWORD);
    await makeChecker(api, member);
    const made = await call<{ projectNo: string }>(owner, '/broker/applyRecord/add', projectTerms(hkDay(api.clock.now()), 'Bound fund', requestId()));
    expect(made.code, JSON.stringify(made)).toBe(200);
    projectNo = made.data.projectNo;
  }, 120_000);
  afterAll(async () => api?.close());

  it("a withdrawal application's code does not apply for another (more money, another request), and the mail lists it", async () => {
    const content = { requestId: requestId(), fromAccountId: okxA, fromWallet: 'funding', asset: 'USDT', amount: '20', addressId };
    const { factors, mail } = await codeFor(owner, '/broker/fundTransfer/invokeEmailValidation', { businessType: 'brokerWithdraw', operation: { kind: 'withdraw', ...content } });
    for (const line of ['Amount: 20', 'Asset: USDT', 'Network: TRX', 'Address: T', `Request id: ${content.requestId}`]) expect(mail.body).toContain(line);
    const apply = (body: Record<string, unknown>) => call<{ applicationId: string }>(owner, '/broker/fundTransfer/apply', { type: 'withdraw', ...content, ...body, ...factors });
    expect((await apply({ amount: '40' })).code).toBe(Code.codeExpired);
    expect((await apply({ requestId: requestId() })).code).toBe(Code.codeExpired);
    expect((await apply({ fromWallet: 'spot' })).code).toBe(Code.codeExpired);
    const applied = await apply({});
    expect(applied.code, JSON.stringify(applied)).toBe(200);
  });

  it("an approval code sent for application 1 does not approve application 2; it approves 1", async () => {
    const transfer = (amount: string) =>
      call<{ applicationId: string }>(owner, '/broker/fundTransfer/apply', { type: 'transfer', fromAccountId: okxA, fromWallet: 'funding', toAccountId: okxB, toWallet: 'spot', asset: 'USDT', amount, requestId: requestId() });
    const one = (await transfer('5')).data.applicationId;
    const two = (await transfer('50')).data.applicationId;
    const { factors, mail } = await codeFor(member, '/broker/fundTransfer/invokeEmailValidation', { businessType: 'brokerApprove', operation: { kind: 'approve', applicationId: one } });
    expect(mail.body).toContain(`Application id: ${one}`);
    expect(mail.body).toContain('Amount: 5');
    const approve = async (applicationId: string) => call<{ status: string }>(member, '/broker/fundTransfer/approve', { applicationId, requestId: requestId(), ...factors, ...(await gaOf(api, member)) });
    expect((await approve(two)).code).toBe(Code.codeExpired);
    // A code sent for no application approves none.
    const bare = await codeFor(member, '/broker/fundTransfer/invokeEmailValidation', { businessType: 'brokerApprove' });
    expect((await call(member, '/broker/fundTransfer/approve', { applicationId: one, requestId: requestId(), ...bare.factors, ...(await gaOf(api, member)) })).code).toBe(Code.codeExpired);
    expect((await approve(one)).data.status).toBe('done');
  });

  it("a profit withdrawal's code does not withdraw another amount or to another sub-account", async () => {
    const content = { toAccountId: okxA, amount: '1', requestId: requestId() };
    const { factors, mail } = await codeFor(owner, '/broker/project/invokeWithdrawalEmailValidation', { projectNo, operation: { kind: 'withdraw', ...content } });
    expect(mail.body).toContain('Amount: 1');
    expect(mail.body).toContain(`Project: ${projectNo}`);
    const withdraw = (body: Record<string, unknown>) => call(owner, '/broker/project/addExtractInferiorRecord', { projectNo, ...content, ...body, ...factors });
    expect((await withdraw({ amount: '40' })).code).toBe(Code.codeExpired);
    expect((await withdraw({ toAccountId: okxB })).code).toBe(Code.codeExpired);
    // The right code passes the second factor: the call goes on to the profit check (none has accrued yet).
    expect((await withdraw({})).code).toBe(Code.brokerProfitUnavailable);
  });
});
