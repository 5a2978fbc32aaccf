import { describe, expect, it } from 'vitest';
import type { MessageKind } from '../../contract/messages-rules.ts';
import { demoUser } from '../../server/identity/seed.ts';
import { TestApi } from '../api/helpers.ts';
import { stepUpFactors } from '../api/step-up-helpers.ts';
import { gaMoneySuite, nextGaCode, tokenAfter } from '../api/suite.ts';

/**
 * The message centre (issue 16, contract/messages.ts): the sandbox writes one message per event as the event
 * happens — deposits credited, withdrawals paid or failed (coin and fiat), OTC results, security changes — and
 * the calls list the caller's own, count the unread ones and mark them read.
 */
interface Message {
  id: string;
  kind: MessageKind;
  params: Record<string, string>;
  read: boolean;
  createdAt: string;
}
interface MessagePage {
  list: Message[];
  total: number;
  pageNum: number;
  pageSize: number;
  unread: number;
}

const DAY = 86_400_000;
const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const firefox = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0';
const ethTarget = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

let api: TestApi;
let token = '';
let gaSecret = '';
let n = 0;
const requestId = (prefix: string) => `${prefix}-${++n}-${Math.random().toString(36).slice(2, 8)}`;
const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown, as = token) =>
  api.call<T>(method, path, { token: as, ...(body === undefined ? {} : { body }) });
const page = async (body: Record<string, unknown> = {}, as = token) =>
  (await call<MessagePage>('POST', '/message/page', { pageNum: 1, pageSize: 100, ...body }, as)).data;
const ofKind = async (kind: MessageKind, as = token) => (await page({}, as)).list.filter((m) => m.kind === kind);
const ga = () => nextGaCode({ api, gaSecret });
/** Moves the clock through the dev control (which runs the chain and the desk at once); signs in again past the idle timeout. */
const advance = async (ms: number) => {
  expect((await api.call('POST', '/_dev/clock/advance', { body: { ms } })).code).toBe(200);
  token = await tokenAfter({ api, token, gaSecret }, ms);
};
const emailCode = async () => (await api.lastCode(demoUser.email.toLowerCase(), 'email'))!.code;

gaMoneySuite(TestApi, (started) => {
  ({ api, token, gaSecret } = started);
});

describe('messages produced by events', () => {
  it('binding the Google authenticator told the owner once', async () => {
    const bound = await ofKind('gaChanged');
    expect(bound).toHaveLength(1);
    expect(bound[0]).toMatchObject({ params: { via: 'bind' }, read: false });
  });

  it('a sign-in from a new device gives one message (device summary and address), a known device none', async () => {
    const email = await api.register();
    const login = (ua: string) => api.call<{ token: string }>('POST', '/institution/login', { body: { username: email, password: api.encrypt('Passw0rd!x') }, headers: { 'user-agent': ua } });
    const first = await login(chrome);
    expect(first.code).toBe(200);
    expect((await page({}, first.data.token)).total).toBe(0);
    const second = await login(firefox);
    const other = second.data.token;
    expect(await ofKind('newDeviceSignIn', other)).toMatchObject([{ params: { device: 'Firefox on macOS', ip: '127.0.0.1' }, read: false }]);
    await login(firefox);
    await login(chrome);
    expect(await ofKind('newDeviceSignIn', other)).toHaveLength(1);
    // The demo user's messages are not this user's, and this user's are not the demo user's.
    expect((await page({}, other)).list.every((m) => m.kind === 'newDeviceSignIn')).toBe(true);
    expect(await ofKind('newDeviceSignIn')).toHaveLength(0);
  });

  it('a coin deposit credited gives one message, however often the chain is swept', async () => {
    const addr = await call<{ address: string }>('POST', '/account/wallet/getDepositAddress', { asset: 'BTC', network: 'BTC' });
    const sent = await api.call<{ recordId: string }>('POST', '/_dev/chain/deposit', { body: { address: addr.data.address, asset: 'BTC', amount: '0.5' } });
    expect(sent.code).toBe(200);
    expect(await ofKind('depositCredited')).toHaveLength(0);
    await Promise.all([advance(600_000 * 6), advance(1000), advance(1000)]);
    await advance(1000);
    expect(await ofKind('depositCredited')).toMatchObject([{ params: { channel: 'coin', asset: 'BTC', amount: '0.5', recordId: sent.data.recordId } }]);
  });

  it('a fiat deposit approved (three approvals at once) gives one message; a refused one none', async () => {
    const declared = await call<{ recordId: string }>('POST', '/account/block/submitBlockFiatDeposit', { requestId: requestId('dep'), asset: 'USD', amount: '2500.5', bankReference: 'FT24112500123' });
    const id = declared.data.recordId.slice(2);
    const decide = (approve: boolean, depositId = id) => api.call('POST', '/_dev/bank/deposit/decide', { body: { depositId, approve } });
    const decisions = await Promise.all([decide(true), decide(true), decide(true)]);
    expect(decisions.filter((d) => d.code === 200)).toHaveLength(1);
    const refused = await call<{ recordId: string }>('POST', '/account/block/submitBlockFiatDeposit', { requestId: requestId('dep'), asset: 'USD', amount: '150', bankReference: 'FT24112500124' });
    expect(refused, JSON.stringify(refused)).toMatchObject({ code: 200 });
    expect((await decide(false, refused.data.recordId.slice(2))).code).toBe(200);
    const fiat = (await ofKind('depositCredited')).filter((m) => m.params['channel'] === 'fiat');
    expect(fiat).toMatchObject([{ params: { asset: 'USD', amount: '2500.5', recordId: declared.data.recordId } }]);
  });

  it('coin withdrawals: paid on its confirmations and failed on chain, one message each', async () => {
    const factors = await stepUpFactors(api, token, demoUser.password, 'addAddress', { book: 'coin', asset: 'USDT', network: 'ETH', address: ethTarget });
    const added = await call('POST', '/account/wallet/address/add', { name: 'Cold store', asset: 'USDT', network: 'ETH', address: ethTarget, whitelisted: true, ...factors, gaCode: await ga() });
    expect(added.code).toBe(200);
    await advance(DAY);
    const withdraw = async (amount: string) => {
      const invoked = await call<{ withdrawId: string; emailUuid: string }>('POST', '/account/block/invokeBlockWithdrawalEmailValidation', {
        requestId: requestId('wd'), asset: 'USDT', network: 'ETH', address: ethTarget, amount,
      });
      expect(invoked.code).toBe(200);
      const confirmed = await call<{ status: string }>('POST', '/account/block/confirmBlockWithdraw', {
        withdrawId: invoked.data.withdrawId, emailUuid: invoked.data.emailUuid, emailCode: await emailCode(), gaCode: await ga(),
      });
      expect(confirmed.data.status).toBe('withdraw_pending');
      return invoked.data.withdrawId;
    };
    const failing = await withdraw('300');
    expect((await api.call<{ status: string }>('POST', '/_dev/chain/withdrawal/fail', { body: { withdrawId: failing } })).data.status).toBe('withdraw_failed');
    const paid = await withdraw('1000');
    expect(await ofKind('withdrawalPaid')).toHaveLength(0);
    await advance(12 * 12_000);
    await advance(12 * 12_000);
    expect(await ofKind('withdrawalPaid')).toMatchObject([{ params: { channel: 'coin', asset: 'USDT', amount: '1000', recordId: `W${paid}` } }]);
    expect(await ofKind('withdrawalFailed')).toMatchObject([{ params: { channel: 'coin', amount: '300', recordId: `W${failing}` } }]);
  });

  it('fiat withdrawals: paid or refused by the provider, one message each', async () => {
    const factors = await stepUpFactors(api, token, demoUser.password, 'addAddress', {
      book: 'fiat', asset: 'USD', beneficiary: 'Example Holdings Limited', bankCode: 'HSBCHKHHHKH', accountNumber: '004500123456',
    });
    const account = await call<{ id: string }>('POST', '/account/wallet/fiatAddress/add', {
      name: 'Treasury USD', asset: 'USD', beneficiary: 'Example Holdings Limited', bankCode: 'HSBCHKHHHKH', accountNumber: '004500123456', ...factors, gaCode: await ga(),
    });
    expect(account.code).toBe(200);
    await advance(DAY + 60_000);
    const withdraw = async (amount: string) => {
      const submitted = await call<{ withdrawId: string; emailUuid: string }>('POST', '/account/block/submitBlockFiatWithdraw', { requestId: requestId('fw'), asset: 'USD', addressId: account.data.id, amount });
      expect(submitted.code).toBe(200);
      const confirmed = await call<{ status: string }>('POST', '/account/block/confirmBlockFiatWithdraw', {
        withdrawId: submitted.data.withdrawId, emailUuid: submitted.data.emailUuid, emailCode: await emailCode(), gaCode: await ga(),
      });
      expect(confirmed.data.status).toBe('approvalPending');
      return submitted.data.withdrawId;
    };
    const decide = (withdrawId: string, approve: boolean) => api.call('POST', '/_dev/bank/withdrawal/decide', { body: { withdrawId, approve } });
    const paid = await withdraw('1000');
    const refused = await withdraw('500');
    const decisions = await Promise.all([decide(paid, true), decide(paid, true), decide(refused, false), decide(refused, false)]);
    expect(decisions.filter((d) => d.code === 200)).toHaveLength(2);
    const fiat = (kind: MessageKind) => ofKind(kind).then((list) => list.filter((m) => m.params['channel'] === 'fiat'));
    expect(await fiat('withdrawalPaid')).toMatchObject([{ params: { asset: 'USD', amount: '1000', recordId: `FW${paid}` } }]);
    expect(await fiat('withdrawalFailed')).toMatchObject([{ params: { asset: 'USD', amount: '500', recordId: `FW${refused}` } }]);
  });

  it('OTC results: a delegated order filled, settled T+1 and one rejected — each once; the owner’s own cancel is not a message', async () => {
    // Enough BTC for three delegated orders of the desk's size.
    const addr = await call<{ address: string }>('POST', '/account/wallet/getDepositAddress', { asset: 'BTC', network: 'BTC' });
    expect((await api.call('POST', '/_dev/chain/deposit', { body: { address: addr.data.address, asset: 'BTC', amount: '12' } })).code).toBe(200);
    await advance(600_000 * 6);
    const serverNow = Date.parse((await api.call<{ hours: { serverTime: string } }>('POST', '/institution/block/listBlockTradeConfigure')).data.hours.serverTime);
    const limit = async (fromAsset: string, toAsset: string, fromAmount: string, limitPrice: string) => {
      const placed = await call<{ orderId: string; status: string }>('POST', '/institution/block/addLimitOrder', {
        requestId: requestId('otc'), fromAsset, toAsset, fromAmount, limitPrice, expiresAt: new Date(serverNow + DAY).toISOString(),
      });
      expect(placed.data.status, JSON.stringify(placed)).toBe('open');
      return placed;
    };
    // Above the desk's price, within its 20 % band: they wait for operations.
    const filled = await limit('BTC', 'USDT', '4', '74000');
    const rejected = await limit('BTC', 'USDT', '4', '74000');
    const cancelled = await limit('BTC', 'USDT', '4', '74000');
    expect((await call('POST', '/institution/block/cancelLimitOrder', { orderId: cancelled.data.orderId })).code).toBe(200);
    const decide = (orderId: string, fill: boolean) => api.call('POST', '/_dev/otc/limit/decide', { body: { orderId, fill } });
    const decisions = await Promise.all([decide(filled.data.orderId, true), decide(filled.data.orderId, true), decide(rejected.data.orderId, false)]);
    expect(decisions.filter((d) => d.code === 200)).toHaveLength(2);
    expect(await ofKind('otcFilled')).toMatchObject([{ params: { orderId: filled.data.orderId, fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '4', toAmount: '296000' } }]);
    expect(await ofKind('otcRejected')).toMatchObject([{ params: { orderId: rejected.data.orderId } }]);
    expect(await ofKind('otcSettled')).toHaveLength(0);
    await advance(DAY);
    await advance(1000);
    expect(await ofKind('otcSettled')).toMatchObject([{ params: { orderId: filled.data.orderId } }]);
    expect((await page()).list.some((m) => m.params['orderId'] === cancelled.data.orderId)).toBe(false);
  });

  it('security changes: the anti-phishing code and the password, one message each', async () => {
    const anti = await call('POST', '/institution/antiPhishing/set', { code: 'Falcon42', ...(await stepUpFactors(api, token, demoUser.password, 'antiPhishing')), gaCode: await ga() });
    expect(anti.code).toBe(200);
    expect(await ofKind('antiPhishingChanged')).toHaveLength(1);
    const factors = await stepUpFactors(api, token, demoUser.password, 'updatePwd');
    const changed = await call('POST', '/institution/updatePwd', {
      oldPassword: factors.password, newPassword: api.encrypt('N3w-Passw0rd!'), emailUuid: factors.emailUuid, emailCode: factors.emailCode, gaCode: await ga(),
    });
    expect(changed.code).toBe(200);
    // Every session ended with the change: sign in with the new password.
    api.clock.advance(31_000);
    token = await api.token(demoUser.email, 'N3w-Passw0rd!', gaSecret);
    expect(await ofKind('passwordChanged')).toMatchObject([{ params: { via: 'change' } }]);
  });
});

describe('reading messages', () => {
  it('pages newest first with the spec §9 page sizes and counts the unread', async () => {
    const all = await page();
    expect(all.total).toBeGreaterThanOrEqual(12);
    expect(all.unread).toBe(all.total);
    expect((await call<{ unread: number }>('GET', '/message/unreadCount')).data.unread).toBe(all.total);
    const ids = all.list.map((m) => BigInt(m.id));
    expect([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(ids);
    const first = await page({ pageNum: 1, pageSize: 10 });
    const second = await page({ pageNum: 2, pageSize: 10 });
    expect(first.list).toHaveLength(10);
    expect(second.list).toHaveLength(all.total - 10);
    expect([...first.list, ...second.list].map((m) => m.id)).toEqual(all.list.map((m) => m.id));
    expect((await page({ pageNum: 9, pageSize: 10 })).list).toEqual([]);
  });

  it('marks chosen messages read (twice is harmless), then all; unreadOnly lists what is left', async () => {
    const all = await page();
    const [a, b] = all.list;
    const marked = await call<{ updated: number; unread: number }>('POST', '/message/read', { ids: [a!.id, b!.id] });
    expect(marked.data).toEqual({ updated: 2, unread: all.total - 2 });
    expect((await call<{ updated: number }>('POST', '/message/read', { ids: [a!.id] })).data.updated).toBe(0);
    const unread = await page({ unreadOnly: true });
    expect(unread.total).toBe(all.total - 2);
    expect(unread.list.some((m) => m.id === a!.id)).toBe(false);
    expect((await page()).list.find((m) => m.id === a!.id)?.read).toBe(true);
    const rest = await call<{ updated: number; unread: number }>('POST', '/message/readAll');
    expect(rest.data).toEqual({ updated: all.total - 2, unread: 0 });
    expect((await call<{ unread: number }>('GET', '/message/unreadCount')).data.unread).toBe(0);
  });

  it('another user can neither see nor mark the demo user’s messages', async () => {
    const email = await api.register();
    const other = await api.token(email, 'Passw0rd!x');
    const mine = await page();
    const theirs = await call<{ updated: number }>('POST', '/message/read', { ids: mine.list.map((m) => m.id).slice(0, 5) }, other);
    expect(theirs.data.updated).toBe(0);
    expect((await page({}, other)).total).toBe(0);
  });

  it('refuses bad input with 400 and a missing token with 401', async () => {
    const bad = [
      ['/message/page', { pageNum: 1, pageSize: 7 }],
      ['/message/page', { pageNum: 0, pageSize: 10 }],
      ['/message/page', { pageNum: 1, pageSize: 'ten' }],
      ['/message/read', { ids: [] }],
      ['/message/read', { ids: ['abc'] }],
      ['/message/read', { ids: ['1', '1'] }],
      ['/message/read', { ids: Array.from({ length: 101 }, (_, i) => String(i + 1)) }],
      ['/message/read', {}],
    ] as const;
    for (const [path, body] of bad) {
      const reply = await call('POST', path, body);
      expect(reply.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(reply.code).toBe(400);
    }
    expect((await api.call('GET', '/message/unreadCount')).status).toBe(401);
    expect((await api.call('POST', '/message/page', { body: { pageNum: 1, pageSize: 10 } })).status).toBe(401);
  });
});
