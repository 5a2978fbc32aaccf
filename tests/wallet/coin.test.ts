import { describe, expect, it } from 'vitest';
import { isValidAddress } from '../../contract/chains.ts';
import { demoUser } from '../../server/identity/seed.ts';
import type { TestApi } from '../api/helpers.ts';
import { stepUpFactors } from '../api/step-up-helpers.ts';
import { gaMoneySuite } from '../api/suite.ts';
import { securityBackends } from '../security/backends.ts';

/**
 * The coin wallet end to end against the sandbox (PGlite, and PostgreSQL where its binaries are installed,
 * where parallel requests really race): deposits counted up to their confirmations and credited, the
 * address book's 24-hour lock and whitelist, withdrawal in two steps, the chain's outcome, idempotent
 * request ids, and the ledger's invariants after every scenario.
 */
const BTC_BLOCK_MS = 600_000;

interface Withdrawal {
  withdrawId: string;
  status: string;
  emailUuid: string | null;
  txHash: string | null;
  fee: string;
  receive: string;
}

interface RecordRow {
  recordId: string;
  type: string;
  status: string;
  confirmations: number;
  confirmationsRequired: number;
  amount: string;
  txHash: string | null;
}

describe.each(securityBackends())('coin wallet ($name)', (backend) => {
  let api: TestApi;
  let token = '';

  const { call, ga, jump, capital } = gaMoneySuite(backend, (session) => {
    ({ api, token } = session);
  });
  const records = async (query: Record<string, unknown> = {}) =>
    (await call<{ list: RecordRow[]; total: number }>('POST', '/account/block/pageBlockDepositWithdraw', { pageCondition: { pageNum: 1, pageSize: 10 }, queryCondition: query })).data;
  const addAddress = async (address: string, network = 'ETH', asset = 'USDT', whitelisted = true) => {
    const factors = await stepUpFactors(api, token, demoUser.password, 'addAddress', { book: 'coin', asset, network, address });
    return call<{ id: string; usableAt: string }>('POST', '/account/wallet/address/add', {
      name: 'Cold store',
      asset,
      network,
      address,
      whitelisted,
      ...factors,
      gaCode: await ga(),
    });
  };
  const invoke = (requestId: string, address: string, amount: string, asset = 'USDT', network = 'ETH') =>
    call<Withdrawal>('POST', '/account/block/invokeBlockWithdrawalEmailValidation', { requestId, asset, network, address, amount });
  const confirm = async (w: Withdrawal) => {
    const mail = await api.lastCode(demoUser.email.toLowerCase(), 'email');
    expect(mail?.businessType).toBe('withdraw');
    return call<Withdrawal>('POST', '/account/block/confirmBlockWithdraw', { withdrawId: w.withdrawId, emailUuid: w.emailUuid, emailCode: mail!.code, gaCode: await ga() });
  };


  it('a deposit shows at once as pending, counts its confirmations on the sandbox clock, then is credited once', async () => {
    const addr = await call<{ address: string; network: string; confirmations: number }>('POST', '/account/wallet/getDepositAddress', { asset: 'BTC', network: 'BTC' });
    expect(addr.code).toBe(200);
    expect(isValidAddress('BTC', addr.data.address)).toBe(true);
    // One address per user and network.
    expect((await call<{ address: string }>('POST', '/account/wallet/getDepositAddress', { asset: 'BTC', network: 'BTC' })).data.address).toBe(addr.data.address);

    const sent = await api.call<{ recordId: string; txHash: string }>('POST', '/_dev/chain/deposit', { body: { address: addr.data.address, asset: 'BTC', amount: '0.5' } });
    expect(sent.code).toBe(200);
    let row = (await records({ type: 'deposit' })).list[0]!;
    expect(row).toMatchObject({ recordId: sent.data.recordId, status: 'deposit_pending', confirmations: 0, confirmationsRequired: 2, amount: '0.5' });
    const start = await capital('BTC');

    api.clock.advance(BTC_BLOCK_MS);
    row = (await records({ type: 'deposit' })).list[0]!;
    expect(row).toMatchObject({ status: 'deposit_pending', confirmations: 1 });

    api.clock.advance(BTC_BLOCK_MS);
    row = (await records({ type: 'deposit' })).list[0]!;
    expect(row).toMatchObject({ status: 'deposit_complete', confirmations: 2 });
    const credited = String(Number(start.free) + 0.5);
    expect((await capital('BTC')).free).toBe(credited);
    // Later sweeps credit nothing twice.
    await jump(BTC_BLOCK_MS * 5);
    expect((await capital('BTC')).free).toBe(credited);
    // The same chain transaction cannot be deposited twice.
    const again = await api.call('POST', '/_dev/chain/deposit', { body: { address: addr.data.address, asset: 'BTC', amount: '0.5', txHash: sent.data.txHash } });
    expect(again.status).toBe(400);
  });

  it('a deposit below the minimum, a wrong asset for the network or an unknown address is refused', async () => {
    const addr = await call<{ address: string }>('POST', '/account/wallet/getDepositAddress', { asset: 'BTC', network: 'BTC' });
    const tiny = await api.call('POST', '/_dev/chain/deposit', { body: { address: addr.data.address, asset: 'BTC', amount: '0.00001' } });
    expect(tiny.status).toBe(400);
    const wrongAsset = await api.call('POST', '/_dev/chain/deposit', { body: { address: addr.data.address, asset: 'USDT', amount: '10' } });
    expect(wrongAsset.status).toBe(400);
    const unknown = await api.call('POST', '/_dev/chain/deposit', { body: { address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', asset: 'BTC', amount: '1' } });
    expect(unknown.status).toBe(400);
  });

  it('withdrawal: whitelist, the 24-hour lock, the fee and range rules refuse and hold nothing', async () => {
    const before = await capital('USDT');
    const target = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    // Whitelist on by default: an address that is not in the book is refused.
    expect((await invoke('req-notlisted-1', target, '100')).code).toBe(10202);
    // A bad checksum is bad input, before any rule.
    const badSum = await invoke('req-badsum-01', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', '100');
    expect(badSum.status).toBe(400);
    expect(badSum.data).toMatchObject({ field: 'address', rule: 'checksum' });

    const saved = await addAddress(target);
    expect(saved.code).toBe(200);
    expect(new Date(saved.data.usableAt).getTime()).toBe(api.clock.now() + 24 * 3_600_000);
    const locked = await invoke('req-locked-01', target, '100');
    expect(locked.code).toBe(10203);
    expect(locked.data).toMatchObject({ unlockAt: saved.data.usableAt });

    await jump(24 * 3_600_000);
    expect((await invoke('req-underfee-1', target, '5')).code).toBe(10204);
    expect((await invoke('req-undermin-1', target, '15')).code).toBe(10205);
    expect((await invoke('req-overmax-01', target, '5000001')).code).toBe(10205);
    expect((await invoke('req-decimals-1', target, '100.1234567')).status).toBe(400);
    expect(await capital('USDT')).toEqual(before);
  });

  it('withdrawal: invoke holds, the e-mail and Google codes broadcast it, confirmations make it Paid', async () => {
    const target = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    await addAddress(target);
    await jump(24 * 3_600_000);
    const before = await capital('USDT');

    const check = await call<{ fee: string; receive: string }>('POST', '/account/block/validateTransaction', { asset: 'USDT', network: 'ETH', address: target, amount: '1000' });
    expect(check.data).toMatchObject({ fee: '5', receive: '995' });

    const invoked = await invoke('req-paid-0001', target, '1000');
    expect(invoked.code).toBe(200);
    expect(invoked.data).toMatchObject({ status: 'unconfirmed', fee: '5', receive: '995' });
    expect(await capital('USDT')).toEqual({ free: String(Number(before.free) - 1000), locked: '1000' });

    // A wrong Google code is refused and moves nothing.
    const mail = await api.lastCode(demoUser.email.toLowerCase(), 'email');
    const wrong = await call('POST', '/account/block/confirmBlockWithdraw', { withdrawId: invoked.data.withdrawId, emailUuid: invoked.data.emailUuid, emailCode: mail!.code, gaCode: '000000' });
    expect(wrong.code).toBe(10006);
    expect((await capital('USDT')).locked).toBe('1000');

    const confirmed = await confirm(invoked.data);
    expect(confirmed.code).toBe(200);
    expect(confirmed.data.status).toBe('withdraw_pending');
    expect(confirmed.data.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await capital('USDT')).toEqual({ free: String(Number(before.free) - 1000), locked: '0' });
    // Confirming again does nothing more.
    expect((await confirm(invoked.data)).code).toBe(10208);

    api.clock.advance(12 * 12_000);
    const row = (await records({ type: 'withdraw', status: 'withdraw_complete' })).list.find((r) => r.recordId === `W${invoked.data.withdrawId}`);
    expect(row).toMatchObject({ status: 'withdraw_complete', txHash: confirmed.data.txHash, amount: '1000', confirmations: 12 });
  });

  it('a request id makes the invoke idempotent: a retry returns the first withdrawal, other content is refused', async () => {
    const target = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    const before = await capital('USDT');
    const replies = await Promise.all(Array.from({ length: 8 }, () => invoke('req-same-00001', target, '50')));
    expect(new Set(replies.map((r) => r.data.withdrawId)).size).toBe(1);
    expect(replies.every((r) => r.code === 200)).toBe(true);
    expect((await capital('USDT')).locked).toBe('50');
    expect((await invoke('req-same-00001', target, '51')).code).toBe(10209);
    // Unconfirmed for 15 minutes: it expires and its hold comes back.
    api.clock.advance(15 * 60_000);
    expect(await capital('USDT')).toEqual(before);
    // A parallel retry may come back before the first reply's e-mail code was recorded (its emailUuid is null,
    // as the contract allows): confirm with one that carries a code.
    const withCode = replies.find((r) => r.data.emailUuid !== null)!;
    expect((await confirm(withCode.data)).code).toBe(10208);
  });

  it('a broadcast withdrawal that fails on chain is reversed in full', async () => {
    const target = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    const before = await capital('USDT');
    const invoked = await invoke('req-fails-0001', target, '300');
    await confirm(invoked.data);
    expect((await capital('USDT')).free).toBe(String(Number(before.free) - 300));
    const failed = await api.call<{ status: string }>('POST', '/_dev/chain/withdrawal/fail', { body: { withdrawId: invoked.data.withdrawId } });
    expect(failed.data.status).toBe('withdraw_failed');
    expect(await capital('USDT')).toEqual(before);
    expect((await records({ status: 'withdraw_failed' })).list[0]).toMatchObject({ recordId: `W${invoked.data.withdrawId}` });
  });

  it('20 parallel withdrawals of the full balance: exactly one is accepted', async () => {
    const target = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    const before = await capital('USDT');
    // The whole free balance, within the network's maximum.
    const amount = before.free;
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => invoke(`req-burst-${String(i).padStart(4, '0')}`, target, amount)));
    expect(replies.filter((r) => r.code === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.code === 10101)).toHaveLength(19);
    expect(replies.every((r) => r.status < 500)).toBe(true);
    expect(await capital('USDT')).toEqual({ free: '0', locked: amount });
    api.clock.advance(15 * 60_000);
    expect(await capital('USDT')).toEqual(before);
  });

  it('switching the whitelist off needs the password, e-mail and Google codes; after its cooling-off and the address’s first-use lock, any valid address goes', async () => {
    const off = await call('POST', '/account/wallet/whitelist/set', { on: false });
    expect(off.status).toBe(400);
    const factors = await stepUpFactors(api, token, demoUser.password, 'whitelistOff');
    const ok = await call<{ whitelistOn: boolean }>('POST', '/account/wallet/whitelist/set', { on: false, ...factors, gaCode: await ga() });
    expect(ok.data.whitelistOn).toBe(false);
    // For 24 hours only whitelisted addresses (10211); the attempt also counts as the address's first use.
    expect((await invoke('req-free-00000', '0x52908400098527886e0f7030069857d2e4169ee7', '100')).code).toBe(10211);
    await jump(24 * 3_600_000);
    const free = await invoke('req-free-00001', '0x52908400098527886e0f7030069857d2e4169ee7', '100');
    expect(free.code).toBe(200);
    expect((await call<{ whitelistOn: boolean }>('POST', '/account/wallet/whitelist/set', { on: true })).data.whitelistOn).toBe(true);
    api.clock.advance(15 * 60_000);
  });

  it('five wrong Google codes at the confirm step lock the code and ban withdrawals (spec §4 reason 3), with the time it lifts', async () => {
    const target = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    const before = await capital('USDT');
    const invoked = await invoke('req-banned-001', target, '100');
    const mail = await api.lastCode(demoUser.email.toLowerCase(), 'email');
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const reply = await call('POST', '/account/block/confirmBlockWithdraw', { withdrawId: invoked.data.withdrawId, emailUuid: invoked.data.emailUuid, emailCode: mail!.code, gaCode: '000000' });
      codes.push(reply.code);
    }
    expect(codes.at(-1)).toBe(10002);
    const refused = await invoke('req-banned-002', target, '100');
    expect(refused.code).toBe(10201);
    const bans = (refused.data as unknown as { bans: Array<{ reason: number; until: string }> }).bans;
    expect(bans.map((b) => b.reason)).toContain(3);
    expect(new Date(bans[0]!.until).getTime()).toBeGreaterThan(api.clock.now());
    // The withdrawal already invoked cannot be confirmed while banned; it expires and its hold comes back.
    await jump(15 * 60_000);
    expect(await capital('USDT')).toEqual(before);
  });
});
