import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fiatDay } from '../../contract/fiat-rules.ts';
import { demoUser } from '../../server/identity/seed.ts';
import type { TestApi } from '../api/helpers.ts';
import { bindGaWithStepUp, stepUpFactors } from '../api/step-up-helpers.ts';
import { gaMoneySuite, requestIds } from '../api/suite.ts';
import { burst, securityBackends } from './backends.ts';

/**
 * The attacker with a stolen session (and the codes of one withdrawal): they cannot pay out at once to an
 * address of their own, whether or not they save it, nor switch the whitelist off and withdraw to one at once;
 * and however they split or parallelise withdrawals, a day moves at most the asset's limit of the rolling
 * 24 hours for the user's KYC level (server/README.md "Wallet, coin side"; contract/rules.ts).
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BTC_BLOCK_MS = 600_000;
const ETH_ADDRESSES = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const fresh = () => `0x${randomBytes(20).toString('hex')}`;

interface Withdrawal {
  withdrawId: string;
  status: string;
  emailUuid: string | null;
}
interface Remaining {
  asset: string;
  kycLevel: string;
  dailyLimit: string;
  used: string;
  remaining: string;
  resetsAt: string | null;
}

describe.each(securityBackends())('withdrawal destinations and limits ($name)', (backend) => {
  let api: TestApi;
  let token = '';
  const requestId = requestIds('wd-dest');
  const { call, ga, jump, capital } = gaMoneySuite(backend, (session) => {
    ({ api, token } = session);
  });
  const invoke = (address: string, amount: string, asset = 'USDT', network = 'ETH') =>
    call<Withdrawal>('POST', '/account/block/invokeBlockWithdrawalEmailValidation', { requestId: requestId(), asset, network, address, amount });
  const confirm = async (w: Withdrawal, path = '/account/block/confirmBlockWithdraw') => {
    const mail = await api.lastCode(demoUser.email.toLowerCase(), 'email');
    return call<Withdrawal>('POST', path, { withdrawId: w.withdrawId, emailUuid: w.emailUuid, emailCode: mail!.code, gaCode: await ga() });
  };
  const whitelist = async (on: boolean) => {
    const factors = on ? {} : { ...(await stepUpFactors(api, token, demoUser.password, 'whitelistOff')), gaCode: await ga() };
    return call<{ whitelistOn: boolean; coolingOffUntil: string | null }>('POST', '/account/wallet/whitelist/set', { on, ...factors });
  };
  const save = async (address: string, network = 'ETH', asset = 'USDT') => {
    // The code is sent for this entry (contract/code-operations.ts).
    const factors = await stepUpFactors(api, token, demoUser.password, 'addAddress', { book: 'coin', asset, network, address });
    return call<{ id: string; usableAt: string }>('POST', '/account/wallet/address/add', {
      name: `Desk ${address.slice(-6)}`, asset, network, address, whitelisted: true, ...factors, gaCode: await ga(),
    });
  };
  const remaining = async (asset: string, path = '/account/block/getBlockWithdrawRemainingAmount') => (await call<Remaining>('POST', path, { asset })).data;
  const depositBtc = async (amount: string) => {
    const to = await call<{ address: string }>('POST', '/account/wallet/getDepositAddress', { asset: 'BTC', network: 'BTC' });
    await api.call('POST', '/_dev/chain/deposit', { body: { address: to.data.address, asset: 'BTC', amount } });
    api.clock.advance(2 * BTC_BLOCK_MS);
    await capital('BTC'); // a wallet read runs the chain: the deposit is credited
  };

  it('with the whitelist off, a never-saved address is not paid at once: its first use starts a 24-hour lock', async () => {
    expect((await whitelist(false)).code).toBe(200);
    await jump(DAY + HOUR); // past the whitelist's own cooling-off
    const before = await capital('USDT');
    const target = fresh();
    const first = await invoke(target, '1000');
    expect(first.code).toBe(10203);
    const unlockAt = (first.data as unknown as { unlockAt: string }).unlockAt;
    expect(Date.parse(unlockAt)).toBe(api.clock.now() + DAY);
    // Trying again, or saving it now, does not shorten or restart the lock; nothing was held.
    const again = await invoke(target, '1000');
    expect(again).toMatchObject({ code: 10203, data: { unlockAt } });
    expect((await save(target)).data.usableAt).toBe(unlockAt);
    expect(await capital('USDT')).toEqual(before);

    await jump(Date.parse(unlockAt) - api.clock.now());
    const paid = await invoke(target, '1000');
    expect(paid.code).toBe(200);
    // Its 15 minutes for the codes pass: the hold comes back.
    await jump(16 * 60_000);
    expect(await capital('USDT')).toEqual(before);
  });

  it('switching the whitelist off starts a 24-hour cooling-off: only whitelisted addresses until it ends, and switching on ends it', async () => {
    expect((await whitelist(true)).data).toEqual({ whitelistOn: true, coolingOffUntil: null });
    const listed = ETH_ADDRESSES[0]!;
    await save(listed);
    await jump(DAY + HOUR);
    const off = await whitelist(false);
    const endsAt = off.data.coolingOffUntil!;
    expect(off.data.whitelistOn).toBe(false);
    expect(Date.parse(endsAt)).toBe(api.clock.now() + DAY);
    expect((await call('GET', '/account/wallet/whitelist/get')).data).toEqual({ whitelistOn: false, coolingOffUntil: endsAt });

    const stranger = fresh();
    const refused = await invoke(stranger, '500');
    expect(refused).toMatchObject({ code: 10211, data: { endsAt } });
    await jump(DAY - HOUR);
    expect((await invoke(stranger, '500')).code).toBe(10211);
    // A whitelisted address still goes.
    const toListed = await invoke(listed, '500');
    expect(toListed.code).toBe(200);

    await jump(HOUR + 60_000);
    expect((await call<{ coolingOffUntil: string | null }>('GET', '/account/wallet/whitelist/get')).data.coolingOffUntil).toBeNull();
    // Tried during the cooling-off, its own 24 hours have run too.
    expect((await invoke(stranger, '500')).code).toBe(200);

    // On ends it; off again starts a new one.
    expect((await whitelist(true)).data.coolingOffUntil).toBeNull();
    const again = await whitelist(false);
    expect(Date.parse(again.data.coolingOffUntil!)).toBe(api.clock.now() + DAY);
    expect((await invoke(fresh(), '500')).code).toBe(10211);
    await jump(16 * 60_000);
  });

  it('a parallel burst of invokes cannot together pass the 24 hours’ limit; expired ones stop counting', async () => {
    await depositBtc('700');
    await save(BTC_ADDRESS, 'BTC', 'BTC');
    await jump(DAY + HOUR);
    const left = await remaining('BTC');
    expect(left).toMatchObject({ asset: 'BTC', kycLevel: 'advanced', dailyLimit: '200', used: '0', remaining: '200', resetsAt: null });
    const tally = await burst(20, () => invoke(BTC_ADDRESS, '30', 'BTC', 'BTC'));
    expect(tally.get(200)).toBe(6);
    expect(tally.get(10207)).toBe(14);
    const after = await remaining('BTC');
    expect(after).toMatchObject({ used: '180', remaining: '20' });
    expect(Date.parse(after.resetsAt!)).toBe(api.clock.now() + DAY);
    expect((await capital('BTC')).locked).toBe('180');
    const over = await invoke(BTC_ADDRESS, '25', 'BTC', 'BTC');
    expect(over).toMatchObject({ code: 10207, data: { asset: 'BTC', dailyLimit: '200', used: '180', remaining: '20' } });
    // Unconfirmed for 15 minutes: cancelled, and no longer counted.
    await jump(16 * 60_000);
    expect(await remaining('BTC')).toMatchObject({ used: '0', remaining: '200' });
  });

  it('withdrawals each within the per-withdrawal maximum still stop at the limit, for 24 hours from the first', async () => {
    const firstAt = api.clock.now();
    const first = await invoke(BTC_ADDRESS, '100', 'BTC', 'BTC');
    expect((await confirm(first.data)).data.status).toBe('withdraw_pending');
    await jump(HOUR);
    const second = await invoke(BTC_ADDRESS, '100', 'BTC', 'BTC');
    expect((await confirm(second.data)).data.status).toBe('withdraw_pending');
    expect((await invoke(BTC_ADDRESS, '100', 'BTC', 'BTC')).code).toBe(10207);
    expect((await invoke(BTC_ADDRESS, '0.01', 'BTC', 'BTC')).code).toBe(10207);
    // Paid on chain, they still count; one that fails on chain is given back.
    api.clock.advance(2 * BTC_BLOCK_MS);
    expect((await remaining('BTC')).remaining).toBe('0');
    // The rolling window: nothing frees up until 24 hours after the first.
    await jump(firstAt + DAY - api.clock.now() - 5 * 60_000);
    expect((await invoke(BTC_ADDRESS, '1', 'BTC', 'BTC')).code).toBe(10207);
    await jump(6 * 60_000);
    expect(await remaining('BTC')).toMatchObject({ used: '100', remaining: '100' });
  });

  it('fiat: a new bank account is not paid at once, and the limit is the rolling 24 hours, not a calendar day', async () => {
    const declared = await call<{ recordId: string }>('POST', '/account/block/submitBlockFiatDeposit', {
      requestId: requestId(), asset: 'USD', amount: '4000000', bankReference: 'FT-LIMIT-0001',
    });
    await api.call('POST', '/_dev/bank/deposit/decide', { body: { depositId: declared.data.recordId.slice(2), approve: true } });
    const bank = { asset: 'USD', beneficiary: 'Example Holdings Limited', bankCode: 'HSBCHKHHHKH', accountNumber: '004500777001' };
    const factors = await stepUpFactors(api, token, demoUser.password, 'addAddress', { book: 'fiat', ...bank });
    const account = await call<{ id: string }>('POST', '/account/wallet/fiatAddress/add', {
      name: 'Treasury USD', ...bank, ...factors, gaCode: await ga(),
    });
    const submit = (amount: string) =>
      call<Withdrawal>('POST', '/account/block/submitBlockFiatWithdraw', { requestId: requestId(), asset: 'USD', addressId: account.data.id, amount });
    expect((await submit('1000')).code).toBe(10203);

    // Ten minutes before midnight in Hong Kong: the limit's worth, confirmed, so it waits for approval and counts.
    await jump(DAY + HOUR);
    await jump(fiatDay(new Date(api.clock.now())).resetsAt.getTime() - api.clock.now() - 10 * 60_000);
    for (const amount of ['1000000', '1000000']) {
      const submitted = await submit(amount);
      expect(submitted.code).toBe(200);
      expect((await confirm(submitted.data, '/account/block/confirmBlockFiatWithdraw')).data.status).toBe('approvalPending');
    }
    await jump(20 * 60_000); // past midnight: a new calendar day, not a new 24 hours
    const refused = await submit('1000000');
    expect(refused).toMatchObject({ code: 10207, data: { asset: 'USD', dailyLimit: '2000000', used: '2000000', remaining: '0' } });
    expect(await remaining('USD', '/account/block/getBlockFiatWithdrawRemainingAmount')).toMatchObject({ kycLevel: 'advanced', remaining: '0' });
    // A parallel burst cannot pass it either.
    const tally = await burst(10, () => submit('150000'));
    expect(tally.get(10207)).toBe(10);
  });

  it('the limits follow the KYC level: a basic user’s coin limit is lower than the per-withdrawal maximum', async () => {
    const password = 'Passw0rd!x';
    const email = await api.register(password);
    let userToken = await api.token(email, password);
    const asUser = <T>(path: string, body: unknown) => api.call<T>('POST', path, { token: userToken, body });
    const documents = [];
    for (const type of ['businessRegistration', 'directorId']) {
      const head = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const file = await api.call<{ fileId: string }>('POST', '/institution/kyc/upload', {
        token: userToken, raw: new Uint8Array(Buffer.concat([head, randomBytes(20_000)])), headers: { 'content-type': 'image/png' },
      });
      documents.push({ type, fileId: file.data.fileId });
    }
    await asUser('/institution/kyc/submit', { level: 'basic', companyName: 'Analytical Engines Ltd', registrationNumber: 'HK-12345678', countryCode: 'HK', documents });
    expect((await api.call('POST', '/_dev/kyc/decide', { body: { email, level: 'basic', decision: 'approve' } })).code).toBe(200);
    const secret = await bindGaWithStepUp(api, userToken, password);
    expect((await asUser<Remaining>('/account/block/getBlockWithdrawRemainingAmount', { asset: 'BTC' })).data).toMatchObject({ kycLevel: 'basic', dailyLimit: '20', remaining: '20' });

    const to = await asUser<{ address: string }>('/account/wallet/getDepositAddress', { asset: 'BTC', network: 'BTC' });
    await api.call('POST', '/_dev/chain/deposit', { body: { address: to.data.address, asset: 'BTC', amount: '50' } });
    api.clock.advance(31_000);
    const mail = await api.emailCode('addAddress', userToken, undefined, { book: 'coin', asset: 'BTC', network: 'BTC', address: BTC_ADDRESS });
    const saved = await asUser('/account/wallet/address/add', {
      name: 'Basic desk', asset: 'BTC', network: 'BTC', address: BTC_ADDRESS, whitelisted: true,
      password: api.encrypt(password), emailUuid: mail.uuid, emailCode: mail.code, gaCode: await api.totp(secret),
    });
    expect(saved.code).toBe(200);
    api.clock.advance(DAY + HOUR);
    userToken = await api.token(email, password, secret);
    await api.call('GET', '/user/assets', { token: userToken }); // a wallet read runs the chain: the deposit is credited
    const over = await asUser('/account/block/invokeBlockWithdrawalEmailValidation', { requestId: requestId(), asset: 'BTC', network: 'BTC', address: BTC_ADDRESS, amount: '25' });
    expect(over).toMatchObject({ code: 10207, data: { dailyLimit: '20', used: '0', remaining: '20' } });
    const within = await asUser<Withdrawal>('/account/block/invokeBlockWithdrawalEmailValidation', { requestId: requestId(), asset: 'BTC', network: 'BTC', address: BTC_ADDRESS, amount: '20' });
    expect(within.code).toBe(200);
    api.clock.advance(16 * 60_000);
    await asUser('/account/block/pageBlockDepositWithdraw', { pageCondition: { pageNum: 1, pageSize: 10 } }); // the sweep releases the hold
  });
});
