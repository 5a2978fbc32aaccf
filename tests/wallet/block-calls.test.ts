import { describe, expect, it } from 'vitest';
import { demoUser } from '../../server/identity/seed.ts';
import type { TestApi } from '../api/helpers.ts';
import { stepUpFactors } from '../api/step-up-helpers.ts';
import { gaMoneySuite } from '../api/suite.ts';
import { securityBackends } from '../security/backends.ts';

/**
 * spec §7's block wallet calls that the coin flows lacked: submitWithdrawRecord (the coin withdrawal's record: checks,
 * hold, e-mail code, idempotent on the request id), submitDepositRecord (a coin deposit declared by its hash; the
 * chain credits it) and accountCapital/list (the capital account's balances), with the ledger's invariants after each.
 */
interface Withdrawal {
  withdrawId: string;
  requestId: string;
  status: string;
  emailUuid: string | null;
}

describe.each(securityBackends())('block wallet calls ($name)', (backend) => {
  let api: TestApi;
  let token = '';
  const { call, ga, jump, capital } = gaMoneySuite(backend, (session) => {
    ({ api, token } = session);
  });
  const capitalList = async (body: Record<string, unknown> = {}) =>
    (await call<Array<{ asset: string; free: string; locked: string; total: string }>>('POST', '/account/block/accountCapital/list', body)).data;

  it('accountCapital/list gives the capital account per asset, free + held = total, filtered by asset', async () => {
    const all = await capitalList();
    const usdt = all.find((r) => r.asset === 'USDT')!;
    expect(usdt).toMatchObject({ free: (await capital('USDT')).free });
    expect(Number(usdt.total)).toBe(Number(usdt.free) + Number(usdt.locked));
    expect((await capitalList({ asset: 'USDT' })).map((r) => r.asset)).toEqual(['USDT']);
    expect((await capitalList({ hideZero: true })).every((r) => Number(r.total) > 0)).toBe(true);
    expect((await call('POST', '/account/block/accountCapital/list', { asset: 'usdt!' })).status).toBe(400);
    expect((await call('POST', '/account/block/accountCapital/list', { hideZero: 'yes' })).status).toBe(400);
    expect((await api.call('POST', '/account/block/accountCapital/list', { body: {} })).status).toBe(401);
  });

  it('submitWithdrawRecord holds once per request id, sends the code, refuses other content under the same id', async () => {
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const factors = await stepUpFactors(api, token, demoUser.password, 'addAddress', { book: 'coin', asset: 'USDT', network: 'ETH', address });
    const added = await call('POST', '/account/wallet/address/add', { name: 'Cold store', asset: 'USDT', network: 'ETH', address, whitelisted: true, ...factors, gaCode: await ga() });
    expect(added.code).toBe(200);
    await jump(24 * 3_600_000 + 1000);
    const before = await capital('USDT');
    const target = { asset: 'USDT', network: 'ETH', address, amount: '100' };
    const first = await call<Withdrawal>('POST', '/account/block/submitWithdrawRecord', { requestId: 'submit-rec-1', ...target });
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ status: 'unconfirmed', requestId: 'submit-rec-1' });
    expect(first.data.emailUuid).toBeTruthy();
    expect((await api.lastCode(demoUser.email.toLowerCase(), 'email'))?.businessType).toBe('withdraw');
    const held = await capital('USDT');
    expect(Number(held.locked) - Number(before.locked)).toBe(100);
    // A retry returns the same withdrawal and holds nothing more; the resend under the older name is the same step.
    const again = await call<Withdrawal>('POST', '/account/block/submitWithdrawRecord', { requestId: 'submit-rec-1', ...target });
    expect(again.data.withdrawId).toBe(first.data.withdrawId);
    const resend = await call<Withdrawal>('POST', '/account/block/invokeBlockWithdrawalEmailValidation', { requestId: 'submit-rec-1', ...target });
    expect(resend.data.withdrawId).toBe(first.data.withdrawId);
    expect((await capital('USDT')).locked).toBe(held.locked);
    expect((await call('POST', '/account/block/submitWithdrawRecord', { requestId: 'submit-rec-1', ...target, amount: '101' })).code).toBe(10209);
    // Validated where it enters.
    expect((await call('POST', '/account/block/submitWithdrawRecord', { ...target, requestId: 'submit-rec-2', amount: '-1' })).status).toBe(400);
    expect((await call('POST', '/account/block/submitWithdrawRecord', { ...target })).status).toBe(400);
  });

  it('submitDepositRecord finds the chain deposit by its hash and credits nothing itself', async () => {
    const addr = await call<{ address: string }>('POST', '/account/wallet/getDepositAddress', { asset: 'BTC', network: 'BTC' });
    const sent = await api.call<{ recordId: string; txHash: string }>('POST', '/_dev/chain/deposit', { body: { address: addr.data.address, asset: 'BTC', amount: '0.25' } });
    expect(sent.code).toBe(200);
    const start = await capital('BTC');
    const declared = await call<{ recordId: string; status: string; amount: string; txHash: string }>('POST', '/account/block/submitDepositRecord', {
      asset: 'BTC',
      network: 'BTC',
      txHash: sent.data.txHash,
    });
    expect(declared.data).toMatchObject({ recordId: sent.data.recordId, status: 'deposit_pending', amount: '0.25', txHash: sent.data.txHash });
    // Declaring again is the same record; the balance moves only with the chain.
    expect((await call<{ recordId: string }>('POST', '/account/block/submitDepositRecord', { asset: 'BTC', network: 'BTC', txHash: sent.data.txHash })).data.recordId).toBe(sent.data.recordId);
    expect((await capital('BTC')).free).toBe(start.free);
    // Unknown hash, a hash under another asset, and malformed input: bad input.
    const unknown = await call('POST', '/account/block/submitDepositRecord', { asset: 'BTC', network: 'BTC', txHash: 'f'.repeat(64) });
    expect(unknown.status).toBe(400);
    expect((await call('POST', '/account/block/submitDepositRecord', { asset: 'ETH', network: 'ETH', txHash: sent.data.txHash })).status).toBe(400);
    expect((await call('POST', '/account/block/submitDepositRecord', { asset: 'BTC', network: 'BTC', txHash: 'short' })).status).toBe(400);
    expect((await call('POST', '/account/block/submitDepositRecord', { asset: 'USDT', network: 'BTC', txHash: sent.data.txHash })).status).toBe(400);
  });
});
