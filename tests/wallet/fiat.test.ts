import { describe, expect, it } from 'vitest';
import { demoUser } from '../../server/identity/seed.ts';
import type { TestApi } from '../api/helpers.ts';
import { stepUpFactors } from '../api/step-up-helpers.ts';
import { gaMoneySuite } from '../api/suite.ts';
import { securityBackends } from '../security/backends.ts';

/**
 * The fiat wallet against the sandbox (PGlite, and PostgreSQL where its binaries are installed, where
 * parallel requests really race): declared bank deposits through the provider's approval, the bank account
 * book with its bank-code directory and 24-hour lock, withdrawals through the e-mail and Google codes and the
 * provider's approval, the daily limit of `getBlockFiatWithdrawRemainingAmount`, idempotent request ids, and
 * the ledger's invariants after every scenario.
 */
const DAY_MS = 86_400_000;

interface Withdrawal {
  withdrawId: string;
  status: string;
  emailUuid: string | null;
  fee: string;
  receive: string;
  amount: string;
}

interface FiatRecord {
  recordId: string;
  type: string;
  status: string;
  amount: string;
  fee: string;
  reference: string | null;
  bankReference: string | null;
  beneficiary: string | null;
  bankName: string | null;
  accountNumber: string | null;
  completedAt: string | null;
}

describe.each(securityBackends())('fiat wallet ($name)', (backend) => {
  let api: TestApi;
  let token = '';
  let usdAccount = '';

  const { call, ga, jump, capital } = gaMoneySuite(backend, (session) => {
    ({ api, token } = session);
  });
  const records = async (type: 'deposit' | 'withdraw', extra: Record<string, unknown> = {}) =>
    (await call<{ list: FiatRecord[]; total: number }>('POST', '/account/block/fiat/pageTransaction', {
      pageCondition: { pageNum: 1, pageSize: 10 },
      queryCondition: { type, ...extra },
    })).data;
  const remaining = async (asset: string) =>
    (await call<{ dailyLimit: string; used: string; remaining: string; resetsAt: string | null }>('POST', '/account/block/getBlockFiatWithdrawRemainingAmount', { asset })).data;
  const declare = (requestId: string, amount: string, asset = 'USD', bankReference = 'FT24112500123') =>
    call<FiatRecord>('POST', '/account/block/submitBlockFiatDeposit', { requestId, asset, amount, bankReference });
  const addAccount = async (fields: Record<string, unknown>) => {
    const { name = 'Treasury USD', ...content } = fields;
    const entry = { asset: 'USD', beneficiary: 'Example Holdings Limited', bankCode: 'HSBCHKHHHKH', accountNumber: '004500123456', ...content };
    const factors = await stepUpFactors(api, token, demoUser.password, 'addAddress', { book: 'fiat', ...entry });
    return call<{ id: string; usableAt: string; bankName: string }>('POST', '/account/wallet/fiatAddress/add', {
      name,
      ...entry,
      ...factors,
      gaCode: await ga(),
    });
  };
  const submit = (requestId: string, amount: string, addressId = usdAccount, asset = 'USD') =>
    call<Withdrawal>('POST', '/account/block/submitBlockFiatWithdraw', { requestId, asset, addressId, amount });
  const confirm = async (w: Withdrawal) => {
    const mail = await api.lastCode(demoUser.email.toLowerCase(), 'email');
    expect(mail?.businessType).toBe('withdraw');
    return call<Withdrawal>('POST', '/account/block/confirmBlockFiatWithdraw', { withdrawId: w.withdrawId, emailUuid: w.emailUuid, emailCode: mail!.code, gaCode: await ga() });
  };
  const decide = (kind: 'deposit' | 'withdrawal', id: string, approve: boolean) =>
    api.call<{ status: string }>('POST', `/_dev/bank/${kind}/decide`, { body: kind === 'deposit' ? { depositId: id, approve } : { withdrawId: id, approve } });


  it('lists the fiat currencies and gives each user one reference to quote with the provider’s bank account', async () => {
    const assets = await call<Array<{ asset: string; dailyLimit: string }>>('POST', '/account/wallet/listFiatSupportAsset');
    expect(assets.data.map((a) => a.asset)).toEqual(['USD', 'HKD']);
    const info = await call<{ reference: string; swift: string; accountNumber: string }>('POST', '/account/wallet/fiat/depositInfo', { asset: 'USD' });
    expect(info.code).toBe(200);
    expect(info.data.reference).toMatch(/^TD[A-Z2-9]{8}$/);
    expect(info.data.swift).toBe('HSBCHKHHHKH');
    const again = await call<{ reference: string }>('POST', '/account/wallet/fiat/depositInfo', { asset: 'HKD' });
    expect(again.data.reference).toBe(info.data.reference);
    expect((await call('POST', '/account/wallet/fiat/depositInfo', { asset: 'BTC' })).status).toBe(400);
  });

  it('a declared deposit waits for approval (approvalPending), is credited once on approval, and a refused one credits nothing', async () => {
    const start = await capital('USD');
    const declared = await declare('dep-usd-0001', '2500.5');
    expect(declared.code).toBe(200);
    expect(declared.data).toMatchObject({ type: 'deposit', status: 'approvalPending', amount: '2500.5', bankReference: 'FT24112500123' });
    expect(declared.data.reference).toMatch(/^TD/);
    // A retry with the same request id is the same record; with other content it is refused.
    expect((await declare('dep-usd-0001', '2500.5')).data.recordId).toBe(declared.data.recordId);
    expect((await declare('dep-usd-0001', '9999')).code).toBe(10209);
    expect((await records('deposit')).list[0]).toMatchObject({ recordId: declared.data.recordId, status: 'approvalPending' });
    expect(await capital('USD')).toEqual(start);

    const id = declared.data.recordId.slice(2);
    // Parallel approvals (a double click in the back office) credit once.
    const decisions = await Promise.all([decide('deposit', id, true), decide('deposit', id, true), decide('deposit', id, true)]);
    expect(decisions.filter((d) => d.code === 200)).toHaveLength(1);
    expect(decisions.filter((d) => d.code === 10208)).toHaveLength(2);
    expect((await capital('USD')).free).toBe(String(Number(start.free) + 2500.5));
    const row = (await records('deposit', { status: 'complete' })).list[0]!;
    expect(row).toMatchObject({ recordId: declared.data.recordId, status: 'complete' });
    expect(row.completedAt).not.toBeNull();

    const refused = await declare('dep-usd-0002', '300');
    expect((await decide('deposit', refused.data.recordId.slice(2), false)).data.status).toBe('cancelled');
    expect((await capital('USD')).free).toBe(String(Number(start.free) + 2500.5));
    expect((await records('deposit', { status: 'cancelled' })).list.map((r) => r.recordId)).toEqual([refused.data.recordId]);
  });

  it('a deposit under the minimum, with too many decimals, in a coin or with a malformed bank reference is refused', async () => {
    expect((await declare('dep-small-01', '99.99')).code).toBe(10205);
    expect((await declare('dep-cents-01', '100.001')).status).toBe(400);
    expect((await declare('dep-coin-001', '500', 'BTC')).status).toBe(400);
    expect((await declare('dep-ref-0001', '500', 'USD', 'no spaces allowed')).status).toBe(400);
    expect((await records('deposit', { status: 'approvalPending' })).list).toHaveLength(0);
  });

  it('the bank account book: the bank code is looked up (Bank Code Not Found), the step-up is needed, and a new account is locked for 24 hours', async () => {
    const known = await call<{ bankName: string; country: string }>('POST', '/account/wallet/fiat/bankCode', { bankCode: 'HSBCHKHHHKH' });
    expect(known.data).toMatchObject({ bankName: 'The Hongkong and Shanghai Banking Corporation Limited', country: 'HK' });
    expect((await call('POST', '/account/wallet/fiat/bankCode', { bankCode: 'ZZZZHKHH' })).code).toBe(10206);
    expect((await call('POST', '/account/wallet/fiat/bankCode', { bankCode: 'HSBC-HK' })).status).toBe(400);

    expect((await addAccount({ bankCode: 'ZZZZHKHHXXX' })).code).toBe(10206);
    const badName = await addAccount({ name: 'abc' });
    expect(badName.status).toBe(400);
    expect(badName.data).toMatchObject({ field: 'name' });
    const badBeneficiary = await addAccount({ beneficiary: '<script>' });
    expect(badBeneficiary.data).toMatchObject({ field: 'beneficiary' });
    // Without the e-mail code the session alone cannot add an account.
    const noFactors = await call('POST', '/account/wallet/fiatAddress/add', {
      name: 'Treasury USD', asset: 'USD', beneficiary: 'Example Holdings Limited', bankCode: 'HSBCHKHHHKH', accountNumber: '004500123456',
    });
    expect(noFactors.status).toBe(400);

    const added = await addAccount({});
    expect(added.code).toBe(200);
    expect(added.data.bankName).toBe('The Hongkong and Shanghai Banking Corporation Limited');
    usdAccount = added.data.id;
    expect((await addAccount({})).code).toBe(10210);

    const before = await capital('USD');
    const locked = await submit('fw-locked-0001', '1000');
    expect(locked.code).toBe(10203);
    expect(await capital('USD')).toEqual(before);
    expect((await remaining('USD')).used).toBe('0');
  });

  it('a withdrawal: submit holds and counts against today, the codes send it for approval, approval pays amount − fee', async () => {
    await jump(DAY_MS + 60_000);
    const start = await capital('USD');
    expect((await submit('fw-under-fee-1', '25')).code).toBe(10204);
    expect((await submit('fw-range-0001', '99.99')).code).toBe(10205);
    expect((await submit('fw-range-0002', '1000000.01')).code).toBe(10205);
    expect((await submit('fw-cents-0001', '150.001')).status).toBe(400);
    expect((await submit('fw-nobook-001', '150', '999999')).status).toBe(400);
    expect(await capital('USD')).toEqual(start);

    const w = await submit('fw-paid-00001', '1000');
    expect(w.data).toMatchObject({ status: 'unconfirmed', fee: '25', receive: '975' });
    expect(await capital('USD')).toEqual({ free: String(Number(start.free) - 1000), locked: String(Number(start.locked) + 1000) });
    expect((await remaining('USD')).used).toBe('1000');
    // Not a record until it is confirmed.
    expect((await records('withdraw')).list).toHaveLength(0);

    // A fresh e-mail code can be asked for; the confirmation then takes the new one.
    api.clock.advance(61_000);
    const resent = await call<Withdrawal>('POST', '/account/block/invokeBlockFiatWithdrawalEmailValidation', { withdrawId: w.data.withdrawId });
    expect(resent.code).toBe(200);
    expect(resent.data.emailUuid).not.toBe(w.data.emailUuid);
    const wrongGa = await call('POST', '/account/block/confirmBlockFiatWithdraw', {
      withdrawId: w.data.withdrawId, emailUuid: resent.data.emailUuid, emailCode: (await api.lastCode(demoUser.email.toLowerCase(), 'email'))!.code, gaCode: '000000',
    });
    expect(wrongGa.code).toBe(10006);
    const confirmed = await confirm(resent.data);
    expect(confirmed.data.status).toBe('approvalPending');
    // Still held while the provider decides.
    expect((await capital('USD')).locked).toBe(String(Number(start.locked) + 1000));
    expect((await records('withdraw')).list[0]).toMatchObject({ status: 'approvalPending', beneficiary: 'Example Holdings Limited', accountNumber: '004500123456' });
    // Confirming twice moves nothing.
    expect((await confirm(resent.data)).code).toBe(10208);

    expect((await decide('withdrawal', w.data.withdrawId, true)).data.status).toBe('complete');
    expect(await capital('USD')).toEqual({ free: String(Number(start.free) - 1000), locked: start.locked });
    expect((await records('withdraw', { status: 'complete' })).list[0]).toMatchObject({ recordId: `FW${w.data.withdrawId}`, amount: '1000', fee: '25' });
    expect((await decide('withdrawal', w.data.withdrawId, false)).code).toBe(10208);
    // Paid withdrawals keep counting against today's limit.
    expect((await remaining('USD')).used).toBe('1000');
  });

  it('a refused, a cancelled or an expired withdrawal gives the hold and today’s limit back, once', async () => {
    const start = await capital('USD');
    const used = (await remaining('USD')).used;

    const refused = await confirm((await submit('fw-refused-001', '500')).data);
    expect((await decide('withdrawal', refused.data.withdrawId, false)).data.status).toBe('cancelled');

    const cancelled = await confirm((await submit('fw-cancel-0001', '600')).data);
    const cancels = await Promise.all([1, 2, 3].map(() => call<Withdrawal>('POST', '/account/block/fiat/cancelWithdraw', { withdrawId: cancelled.data.withdrawId })));
    expect(cancels.filter((c) => c.code === 200)).toHaveLength(1);
    expect((await decide('withdrawal', cancelled.data.withdrawId, true)).code).toBe(10208);

    await submit('fw-expire-0001', '700');
    expect((await capital('USD')).locked).toBe(String(Number(start.locked) + 700));
    await jump(16 * 60_000 + 30 * 60_000);
    expect(await capital('USD')).toEqual(start);
    expect((await remaining('USD')).used).toBe(used);
    const statuses = (await records('withdraw', { status: 'cancelled' })).list.map((r) => r.recordId);
    expect(statuses).toEqual(expect.arrayContaining([`FW${refused.data.withdrawId}`, `FW${cancelled.data.withdrawId}`]));
  });

  it('20 parallel withdrawals of the whole HKD balance: exactly one is held, the others are refused and hold nothing', async () => {
    const info = await addAccount({ name: 'Treasury HKD', asset: 'HKD', bankCode: '004', accountNumber: '004500999888' });
    await jump(DAY_MS + 60_000);
    const start = await capital('HKD');
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => submit(`fw-hkd-burst-${String(i).padStart(2, '0')}`, start.free, info.data.id, 'HKD')));
    expect(replies.filter((r) => r.code === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.code === 10101)).toHaveLength(19);
    expect(await capital('HKD')).toEqual({ free: '0', locked: String(Number(start.locked) + Number(start.free)) });
    // Only the accepted one counts against today.
    expect((await remaining('HKD')).used).toBe(start.free);
    const accepted = replies.find((r) => r.code === 200)!;
    await call('POST', '/account/block/fiat/cancelWithdraw', { withdrawId: accepted.data.withdrawId });
  });

  it('the limit of the rolling 24 hours: parallel withdrawals together stay within it, and what is left says when the oldest counted frees up', async () => {
    // Enough money that the limit, not the balance, decides.
    const big = await declare('dep-usd-big01', '2000000');
    await decide('deposit', big.data.recordId.slice(2), true);
    const left = await remaining('USD');
    const room = Number(left.remaining);
    const each = 150_000;
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => submit(`fw-limit-${String(i).padStart(4, '0')}`, String(each))));
    const accepted = replies.filter((r) => r.code === 200);
    expect(accepted).toHaveLength(Math.floor(room / each));
    const refused = replies.filter((r) => r.code === 10207);
    expect(refused).toHaveLength(20 - accepted.length);
    const after = await remaining('USD');
    expect(refused[0]!.data).toMatchObject({ dailyLimit: '2000000', remaining: after.remaining });
    expect(Number(after.remaining)).toBe(room - accepted.length * each);
    // The oldest withdrawal counted frees up within 24 hours; 24 hours on, nothing of these counts.
    expect(Date.parse(after.resetsAt!)).toBeGreaterThan(api.clock.now());
    expect(Date.parse(after.resetsAt!)).toBeLessThanOrEqual(api.clock.now() + DAY_MS);
    await jump(DAY_MS + 60_000);
    expect((await remaining('USD')).used).toBe('0');
  });

  it('the fiat-withdrawal and recharge switches and a freeze refuse before anything is held', async () => {
    const start = await capital('USD');
    await api.call('POST', '/_dev/account', { body: { email: demoUser.email, disabled: ['fiatWithdraw'] } });
    const off = await submit('fw-switch-0001', '1000');
    expect(off.code).toBe(10200);
    expect(off.data).toMatchObject({ feature: 'fiatWithdraw' });
    // The coin side is not switched off by the fiat switch.
    expect((await call('POST', '/account/block/validateTransaction', { asset: 'USDT', network: 'ETH', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', amount: '100' })).code).not.toBe(10200);
    await api.call('POST', '/_dev/account', { body: { email: demoUser.email, disabled: ['recharge'] } });
    expect((await declare('dep-switch-001', '500')).code).toBe(10200);
    await api.call('POST', '/_dev/account', { body: { email: demoUser.email, disabled: [], frozen: true } });
    const frozen = await submit('fw-frozen-0001', '1000');
    expect(frozen.code).toBe(10011);
    await api.call('POST', '/_dev/account', { body: { email: demoUser.email, frozen: false } });
    expect(await capital('USD')).toEqual(start);
    expect((await submit('fw-thawed-0001', '1000')).code).toBe(200);
  });
});
