import Decimal from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes.ts';
import { brokerAccountCalls } from '../../contract/broker.ts';
import { demoUser } from '../../server/identity/seed.ts';
import type { TestApi } from '../api/helpers.ts';
import { burst, securityBackends } from '../security/backends.ts';
import { brokerCalls, brokerStepUp, gaOf, joinOrganisation, makeChecker, page, type Broker } from './brokers.ts';

/**
 * Broker sub-accounts, balances and API keys against the sandbox (issue 14; contract/broker.ts). PGlite, and
 * PostgreSQL where its binaries are installed (parallel requests really race there). The ledger's invariants,
 * broker wallets included, are checked after every test.
 */
interface Account {
  brokerAccountId: string;
  exchangeCode: string;
  accountType: string;
  subAccountName: string;
  subAccountUid: string;
  loginEmail: string;
  remark: string;
  apiKeyCount: number;
  totalValueUsdt: string;
  createdBy: string;
}
interface Balance {
  brokerAccountId: string;
  wallet: string;
  asset: string;
  free: string;
  locked: string;
  total: string;
  price: string;
  valueUsdt: string;
}
interface BalancePage {
  list: Balance[];
  total: number;
  totalValueUsdt: string;
}
interface Total {
  totalValueUsdt: string;
  wallets: Array<{ wallet: string; valueUsdt: string }>;
  accounts: Array<{ brokerAccountId: string; totalValueUsdt: string; wallets: Array<{ wallet: string; valueUsdt: string }> }>;
  exchanges: Array<{ exchangeCode: string; totalValueUsdt: string }>;
  assets: Array<{ asset: string; total: string; valueUsdt: string }>;
}
interface Key {
  keyId: string;
  brokerAccountId: string;
  apiKey: string;
  permissions: string[];
  ipList: string[];
  remark: string;
  expiresAt: string | null;
  status: string;
}
interface Created {
  key: Key;
  secretKey: string | null;
  replayed: boolean;
}

const d = (v: string) => new Decimal(v);
const WALLET_PAGES = ['spotPage', 'fundingPage', 'earnPage', 'futuresPage'] as const;
const DAY = 86_400_000;

describe.each(securityBackends())('broker sub-accounts, balances and keys ($name)', (backend) => {
  let api: TestApi;
  let demo = '';
  let requests = 0;
  const requestId = () => `broker-test-${++requests}-${Math.random().toString(36).slice(2, 8)}`;
  const { newBroker } = brokerCalls(() => api);
  const as = (token: string) => <T>(path: string, body?: unknown) => api.call<T>('POST', path, { token, ...(body === undefined ? {} : { body }) });
  const call = <T>(path: string, body?: unknown) => as(demo)<T>(path, body);
  /** A fresh registered user, signed in, with broker rights opened (their own organisation) unless told not to. */
  const insert = (body: Record<string, unknown>, token = demo) =>
    as(token)<Account>('/broker/account/insertBrokerAccount', { exchangeCode: 'okx', accountType: 'regular', subAccountName: `okx_${requests}_${Math.random().toString(36).slice(2, 6)}`, requestId: requestId(), ...body });
  const demoBroker = (): Broker => ({ email: demoUser.email, token: demo });
  const insertKey = (body: Record<string, unknown>, token = demo) => as(token)<Created>('/broker/exchangeKey/insertBrokerExchangeKey', { requestId: requestId(), ...body });

  beforeAll(async () => {
    api = await backend.start({ demoProject: true });
    demo = await api.token();
  }, 90_000);
  afterAll(async () => api?.close());
  afterEach(async () => {
    const check = await api.call<{ violations: unknown[] }>('GET', '/_dev/ledger/check');
    expect(check.data.violations).toEqual([]);
  });

  it('the demo broker has two seeded sub-accounts (and its project one) with a year of history in every wallet, valued at the simulator', async () => {
    const accounts = await call<{ list: Account[]; total: number }>('/broker/account/pageBrokerAccount', { pageCondition: page });
    expect(accounts.code).toBe(200);
    const names = accounts.data.list.map((a) => `${a.exchangeCode}/${a.accountType}/${a.subAccountName}`).sort();
    // The third is the demo project's primary sub-account (issue 15, server/identity/seed.ts), opened empty with the project.
    expect(names).toEqual([expect.stringMatching(/^binance\/asset_management\/prj_p\d{12}$/), 'binance/regular/demo_trading', 'okx/asset_management/demo_fund']);
    const binance = accounts.data.list.find((a) => a.subAccountName === 'demo_trading')!;
    expect(binance.subAccountUid).toMatch(/^\d{10}$/);
    expect(binance.loginEmail).toContain('@binance.broker.test');
    for (const wallet of WALLET_PAGES) {
      const rows = await call<BalancePage>(`/broker/account/capital/${wallet}`, { pageCondition: page, queryCondition: { brokerAccountId: binance.brokerAccountId, hideZero: true } });
      expect(rows.code, wallet).toBe(200);
      expect(rows.data.list.length, wallet).toBeGreaterThan(0);
      for (const row of rows.data.list) {
        expect(d(row.total).eq(d(row.free).add(row.locked))).toBe(true);
        expect(row.valueUsdt).toBe(d(row.total).mul(row.price).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed());
      }
    }
    const spot = await call<BalancePage>('/broker/account/capital/spotPage', { pageCondition: page, queryCondition: { brokerAccountId: binance.brokerAccountId, asset: 'BTC' } });
    const btc = spot.data.list[0]!;
    // BTC at the simulator's BTCUSDT (65,000 to start), not at a fixed rate.
    expect(d(btc.price).gt(50_000) && d(btc.price).lt(80_000)).toBe(true);
    // Binance's own coin is there; okx's account has none.
    const bnb = await call<BalancePage>('/broker/account/capital/fundingPage', { pageCondition: page, queryCondition: { asset: 'BNB', hideZero: true } });
    expect(bnb.data.list.map((r) => r.brokerAccountId)).toEqual([binance.brokerAccountId]);
  });

  it('the totals equal the sum of the sub-accounts to the last digit, by wallet, exchange and asset', async () => {
    const total = (await call<Total>('/broker/account/capital/spotFuturesTotalBalance', {})).data;
    const sum = (values: string[]) => values.reduce((s, v) => s.add(v), d('0')).toFixed();
    expect(d(total.totalValueUsdt).gt(0)).toBe(true);
    expect(d(sum(total.accounts.map((a) => a.totalValueUsdt))).eq(total.totalValueUsdt)).toBe(true);
    expect(d(sum(total.wallets.map((w) => w.valueUsdt))).eq(total.totalValueUsdt)).toBe(true);
    expect(d(sum(total.exchanges.map((e) => e.totalValueUsdt))).eq(total.totalValueUsdt)).toBe(true);
    expect(d(sum(total.assets.map((a) => a.valueUsdt))).eq(total.totalValueUsdt)).toBe(true);
    for (const account of total.accounts) expect(d(sum(account.wallets.map((w) => w.valueUsdt))).eq(account.totalValueUsdt)).toBe(true);
    // The simulator's prices move between calls: across calls, the quantities add up. The wallet pages of every
    // sub-account hold, asset by asset, what the totals page holds.
    const quantities = new Map<string, Decimal>();
    for (const wallet of WALLET_PAGES) {
      for (const row of (await call<BalancePage>(`/broker/account/capital/${wallet}`, { pageCondition: page })).data.list) {
        quantities.set(row.asset, (quantities.get(row.asset) ?? d('0')).add(row.total));
      }
    }
    expect(Object.fromEntries([...quantities].map(([asset, q]) => [asset, q.toFixed()]))).toEqual(Object.fromEntries(total.assets.map((a) => [a.asset, d(a.total).toFixed()])));
  });

  it('opens an okx sub-account with a year of history dated on the sandbox clock; refuses bad input and rules', async () => {
    const created = await insert({ subAccountName: 'okxDesk01', accountType: 'custodial', remark: 'desk' });
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ exchangeCode: 'okx', accountType: 'custodial', subAccountName: 'okxDesk01', remark: 'desk', apiKeyCount: 0 });
    expect(d(created.data.totalValueUsdt).gt(0)).toBe(true);
    const funding = await call<BalancePage>('/broker/account/capital/fundingPage', { pageCondition: page, queryCondition: { brokerAccountId: created.data.brokerAccountId, hideZero: true } });
    expect(funding.data.list.map((r) => r.asset).sort()).toEqual(['BTC', 'ETH', 'SOL', 'USDT']);
    const again = await insert({ subAccountName: 'OKXDESK01' });
    expect(again.code).toBe(Code.brokerAccountNameTaken);

    const bad = async (body: Record<string, unknown>, field: string) => {
      const reply = await insert(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect((reply.data as unknown as { field: string }).field).toBe(field);
    };
    await bad({ exchangeCode: 'ftx' }, 'exchangeCode');
    await bad({ accountType: 'vip' }, 'accountType');
    await bad({ subAccountName: 'ab' }, 'subAccountName');
    await bad({ subAccountName: 'has space' }, 'subAccountName');
    await bad({ subAccountName: 'x'.repeat(33) }, 'subAccountName');
    await bad({ remark: 'r'.repeat(501) }, 'remark');
    await bad({ requestId: 'short' }, 'requestId');
    expect((await insert({ exchangeCode: 'coinex', accountType: 'custodial' })).code).toBe(Code.brokerKindNotOffered);
    expect((await insert({ exchangeCode: 'coinbaseinternational' })).code).toBe(Code.noMasterApi);
    expect((await call<{ exist: boolean }>('/broker/account/checkIsExistMasterApi', { exchangeCode: 'coinbaseinternational' })).data.exist).toBe(false);
    expect((await call<{ exist: boolean }>('/broker/account/checkIsExistMasterApi', { exchangeCode: 'okx' })).data.exist).toBe(true);
    // The same requestId with other content is refused; with the same content it returns the first account.
    const id = requestId();
    const first = await insert({ subAccountName: 'okxRetry1', requestId: id });
    expect((await insert({ subAccountName: 'okxRetry1', requestId: id })).data.brokerAccountId).toBe(first.data.brokerAccountId);
    expect((await insert({ subAccountName: 'okxRetry2', requestId: id })).code).toBe(Code.requestIdReused);
  });

  it('20 parallel inserts with one requestId make one sub-account; 20 with one name make one', async () => {
    const before = (await call<unknown[]>('/broker/account/list', {})).data.length;
    const id = requestId();
    const replies = await Promise.all(Array.from({ length: 20 }, () => insert({ subAccountName: 'okxBurst1', requestId: id })));
    expect(replies.map((r) => r.code)).toEqual(Array(20).fill(200));
    expect(new Set(replies.map((r) => r.data.brokerAccountId)).size).toBe(1);
    const tally = await burst(20, () => insert({ subAccountName: 'okxBurst2' }));
    expect(tally.get(200)).toBe(1);
    expect(tally.get(Code.brokerAccountNameTaken)).toBe(19);
    expect((await call<unknown[]>('/broker/account/list', {})).data.length).toBe(before + 2);
  });

  it('creates API keys by the exchange rules: bound IPs, withdraw needs an IP and brings read, a passphrase on okx', async () => {
    const account = (await insert({ subAccountName: 'okxKeys' })).data;
    const bad = async (body: Record<string, unknown>, field: string, rule: string) => {
      const reply = await insertKey({ brokerAccountId: account.brokerAccountId, permissions: ['trade'], passphrase: 'Passphrase1!', ...body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.data as unknown).toMatchObject({ field, rule });
    };
    await bad({ ipList: '10.0.0.1, 300.1.1.1' }, 'ipList', 'format');
    await bad({ ipList: '10.0.0.1 10.0.0.1' }, 'ipList', 'duplicate');
    await bad({ ipList: Array.from({ length: 21 }, (_, i) => `10.0.0.${i + 1}`).join(',') }, 'ipList', 'count');
    await bad({ ipList: `${'1.1.1.1,'.repeat(62)}1.1.1.1` }, 'ipList', 'maxLength');
    await bad({ ipList: '2001:db8::1::2' }, 'ipList', 'format');
    await bad({ permissions: ['withdraw'] }, 'ipList', 'withdrawNeedsIp');
    await bad({ permissions: ['spot'] }, 'permissions', 'notOffered');
    await bad({ permissions: [] }, 'permissions', 'minItems');
    await bad({ permissions: ['admin'] }, 'permissions.0', 'enum');
    await bad({ passphrase: undefined }, 'passphrase', 'required');
    await bad({ remark: 'r'.repeat(501) }, 'remark', 'maxLength');

    // A key that can withdraw moves money: the step-up (password, an e-mail code of business type brokerApiKey) is
    // required, and the key waits for a second member (tests/security/broker-controls.test.ts); its secret is not here.
    const withdrawKey = { brokerAccountId: account.brokerAccountId, permissions: ['withdraw', 'trade'], ipList: '203.0.113.7, 2001:db8::42', passphrase: 'Passphrase1!', remark: 'bot' };
    expect((await insertKey(withdrawKey)).data as unknown).toMatchObject({ field: 'password', rule: 'required' });
    const bound = await insertKey({ ...withdrawKey, ...(await brokerStepUp(api, demoBroker(), 'brokerApiKey', demoUser.password)) });
    expect(bound.code, JSON.stringify(bound)).toBe(200);
    expect(bound.data.key).toMatchObject({ permissions: ['read', 'trade', 'withdraw'], ipList: ['203.0.113.7', '2001:db8::42'], expiresAt: null, status: 'pending', remark: 'bot' });
    expect(bound.data.secretKey).toBeNull();

    const open = await insertKey({ brokerAccountId: account.brokerAccountId, permissions: ['read'], passphrase: 'Passphrase1!' });
    expect(open.data.secretKey).toMatch(/^[A-Za-z0-9]{40,64}$/);
    const secret = open.data.secretKey!;
    const created = Date.parse((await call<Key>('/broker/exchangeKey/accessKeyInfo', { keyId: open.data.key.keyId })).data.expiresAt!);
    const now = api.clock.now();
    // Three calendar months: 89 to 92 days.
    expect(created - now).toBeGreaterThanOrEqual(89 * DAY);
    expect(created - now).toBeLessThanOrEqual(92 * DAY);

    // The secret is never shown again: not by the key's info, not in the list.
    const info = await call<Key>('/broker/exchangeKey/accessKeyInfo', { keyId: bound.data.key.keyId });
    const list = await call<{ list: Key[] }>('/broker/exchangeKey/pageBrokerExchangeKey', { pageCondition: page, queryCondition: { brokerAccountId: account.brokerAccountId } });
    expect(JSON.stringify(info)).not.toContain(secret);
    expect(JSON.stringify(list)).not.toContain(secret);
    expect(list.data.list.map((k) => k.keyId).sort()).toEqual([bound.data.key.keyId, open.data.key.keyId].sort());
    expect((await call<Account>('/broker/account/getBrokerAccountId', { brokerAccountId: account.brokerAccountId })).data.apiKeyCount).toBe(2);

    // binance has no passphrase and no plain 'trade'.
    const binance = (await insert({ exchangeCode: 'binance', subAccountName: 'bnKeys' })).data;
    expect((await insertKey({ brokerAccountId: binance.brokerAccountId, permissions: ['spot'], passphrase: 'Passphrase1!' })).data).toMatchObject({ field: 'passphrase', rule: 'notUsed' });
    expect((await insertKey({ brokerAccountId: binance.brokerAccountId, permissions: ['trade'] })).data).toMatchObject({ field: 'permissions', rule: 'notOffered' });
    const spot = await insertKey({ brokerAccountId: binance.brokerAccountId, permissions: ['spot', 'contracts'], ipList: '198.51.100.1' });
    expect(spot.data.key.permissions).toEqual(['spot', 'contracts']);
  });

  it('keys: remark, expiry on the sandbox clock, delete, and one key for 20 parallel creates with one requestId', async () => {
    const account = (await insert({ exchangeCode: 'bybit', subAccountName: 'bybitKeys' })).data;
    const id = requestId();
    const replies = await Promise.all(Array.from({ length: 20 }, () => insertKey({ brokerAccountId: account.brokerAccountId, permissions: ['read'], requestId: id })));
    expect(replies.map((r) => r.code)).toEqual(Array(20).fill(200));
    expect(new Set(replies.map((r) => r.data.key.keyId)).size).toBe(1);
    // The secret went out once; the replays say so and carry none.
    expect(replies.filter((r) => r.data.secretKey !== null)).toHaveLength(1);
    expect(replies.filter((r) => r.data.replayed)).toHaveLength(19);
    const keyId = replies[0]!.data.key.keyId;

    const remark = await call<Key>('/broker/exchangeKey/updateRemark', { keyId, remark: 'reporting' });
    expect(remark.data.remark).toBe('reporting');
    expect((await call('/broker/exchangeKey/updateRemark', { keyId, remark: 'r'.repeat(501) })).status).toBe(400);

    api.clock.advance(93 * DAY);
    // The background sweeper catches the demo project up over these 93 days. Finish that here, so its trading P&L
    // does not move the organisation's totals under the tests that follow (they compare balances before and after).
    expect((await api.call('POST', '/_dev/broker/projects/runDaily')).code).toBe(200);
    demo = await api.token();
    expect((await call<Key>('/broker/exchangeKey/accessKeyInfo', { keyId })).data.status).toBe('expired');
    const expired = await call<{ list: Key[] }>('/broker/exchangeKey/pageBrokerExchangeKey', { pageCondition: page, queryCondition: { status: 'expired' } });
    expect(expired.data.list.map((k) => k.keyId)).toContain(keyId);

    expect((await call('/broker/exchangeKey/delete', { keyId })).code).toBe(200);
    expect((await call('/broker/exchangeKey/accessKeyInfo', { keyId })).code).toBe(Code.notFound);
    expect((await call('/broker/exchangeKey/delete', { keyId })).code).toBe(Code.notFound);
    // An id beyond PostgreSQL's bigint is as unknown as any other, never a server fault.
    expect((await call('/broker/exchangeKey/accessKeyInfo', { keyId: '9999999999999999999' })).code).toBe(Code.notFound);
    expect((await call('/broker/account/getBrokerAccountId', { brokerAccountId: '9999999999999999999' })).code).toBe(Code.notFound);
    expect((await call('/broker/account/capital/spotPage', { pageCondition: page, queryCondition: { brokerAccountId: '9999999999999999999' } })).code).toBe(Code.notFound);
  });

  it('deposit addresses per sub-account and for all, valid and stable', async () => {
    const accounts = (await call<Array<{ brokerAccountId: string }>>('/broker/account/list', {})).data;
    const one = await call<Array<{ brokerAccountId: string; asset: string; network: string; address: string }>>('/broker/depositAddress/list', { brokerAccountId: accounts[0]!.brokerAccountId });
    expect(one.data.map((a) => `${a.asset}/${a.network}`)).toEqual(['BTC/BTC', 'ETH/ETH', 'USDT/ETH', 'USDT/TRX', 'SOL/SOL']);
    const again = await call<typeof one.data>('/broker/depositAddress/list', { brokerAccountId: accounts[0]!.brokerAccountId, asset: 'USDT' });
    expect(again.data.map((a) => a.address)).toEqual(one.data.filter((a) => a.asset === 'USDT').map((a) => a.address));
    const all = await call<typeof one.data>('/broker/depositAddress/listAllExchangeDepositAddress', {});
    expect(new Set(all.data.map((a) => a.brokerAccountId)).size).toBe(accounts.length);
    // One address per sub-account and chain (ETH and USDT on Ethereum share it, as on the exchanges); none shared between sub-accounts.
    const perChain = new Map(all.data.map((a) => [a.address, `${a.brokerAccountId}/${a.network}`]));
    expect(perChain.size).toBe(new Set(all.data.map((a) => `${a.brokerAccountId}/${a.network}`)).size);
    expect((await call('/broker/depositAddress/list', { brokerAccountId: accounts[0]!.brokerAccountId, asset: 'btc' })).status).toBe(400);
  });

  it('exchange configuration: kinds, permissions, master API and counts', async () => {
    const config = await call<Array<{ exchangeCode: string; masterApi: boolean; permissions: string[]; subAccountCount: number; passphraseRequired: boolean }>>('/broker/masterAccountConfig/getMasterConfigList');
    expect(config.data.map((c) => c.exchangeCode)).toEqual(['binance', 'okx', 'bybit', 'coinex', 'gate', 'bitget', 'kucoin', 'coinbaseinternational']);
    expect(config.data.find((c) => c.exchangeCode === 'okx')).toMatchObject({ masterApi: true, permissions: ['read', 'trade', 'withdraw'], passphraseRequired: true });
    const kinds = await call<Array<{ exchangeCode: string; subAccountTypes: string[]; subAccountCount: number }>>('/broker/subAccount/type/queryUserConfig', { exchangeCode: 'binance' });
    expect(kinds.data).toHaveLength(1);
    expect(kinds.data[0]).toMatchObject({ exchangeCode: 'binance', subAccountTypes: ['regular', 'custodial', 'asset_management'] });
    expect(kinds.data[0]!.subAccountCount).toBeGreaterThanOrEqual(1);
    expect((await call('/broker/subAccount/type/queryUserConfig', { exchangeCode: 'BINANCE' })).status).toBe(400);
  });

  it('updates a remark; unbinding, approved by a second member, moves the balances back to the exchange on the ledger and deletes the keys', async () => {
    const account = (await insert({ subAccountName: 'okxGone' })).data;
    await insertKey({ brokerAccountId: account.brokerAccountId, permissions: ['read'], passphrase: 'Passphrase1!' });
    const updated = await call<Account>('/broker/account/updateBrokerAccount', { brokerAccountId: account.brokerAccountId, remark: 'closing' });
    expect(updated.data.remark).toBe('closing');
    const before = (await call<Total>('/broker/account/capital/spotFuturesTotalBalance', {})).data;
    // It holds money: the step-up makes a request, a checker of the organisation approves it (server/broker/controls.ts).
    const asked = await call<{ status: string; approvalId: string }>('/broker/account/delete', { brokerAccountId: account.brokerAccountId, ...(await brokerStepUp(api, demoBroker(), 'brokerUnbind', demoUser.password)) });
    expect(asked.data).toMatchObject({ status: 'applying' });
    const checker = await newBroker();
    await joinOrganisation(api, demoBroker(), checker);
    await makeChecker(api, checker);
    api.clock.advance(1100);
    const mail = await as(checker.token)<{ uuid: string }>('/broker/fundTransfer/invokeEmailValidation', { businessType: 'brokerApprove', operation: { kind: 'approveControl', approvalId: asked.data.approvalId } });
    const approvalCode = { emailUuid: mail.data.uuid, emailCode: (await api.lastCode(checker.email, 'email'))!.code };
    const approved = await as(checker.token)('/broker/control/approve', { approvalId: asked.data.approvalId, ...approvalCode, ...(await gaOf(api, checker)) });
    expect(approved.code, JSON.stringify(approved)).toBe(200);
    // What it held went back to the exchange: the unbind entry's postings on the sub-account, by asset.
    const records = await call<{ list: Array<{ asset: string; amount: string }> }>('/broker/pageBrokerCapitalRecord', { pageCondition: { pageNum: 1, pageSize: 100 }, queryCondition: { kind: 'broker_account_unbind' } });
    expect(records.code, JSON.stringify(records)).toBe(200);
    const gone = { data: { released: records.data.list.map((r) => ({ asset: r.asset, amount: d(r.amount).neg().toFixed() })) } };
    expect(gone.data.released.length).toBeGreaterThan(4);
    expect((await call('/broker/account/getBrokerAccountId', { brokerAccountId: account.brokerAccountId })).code).toBe(Code.notFound);
    expect((await call('/broker/account/delete', { brokerAccountId: account.brokerAccountId })).code).toBe(Code.notFound);
    const after = (await call<Total>('/broker/account/capital/spotFuturesTotalBalance', {})).data;
    expect(after.accounts.some((a) => a.brokerAccountId === account.brokerAccountId)).toBe(false);
    // What the organisation holds fell by exactly what was released (quantities: the prices move meanwhile).
    const released = new Map<string, Decimal>();
    for (const r of gone.data.released) released.set(r.asset, (released.get(r.asset) ?? d('0')).add(r.amount));
    for (const asset of before.assets) {
      const left = after.assets.find((a) => a.asset === asset.asset)?.total ?? '0';
      expect(d(asset.total).sub(released.get(asset.asset) ?? 0).toFixed(), asset.asset).toBe(d(left).toFixed());
    }
    // Its name is free again.
    expect((await insert({ subAccountName: 'okxGone' })).code).toBe(200);
  });

  it('account managers: the owner names a broker user, a code goes to that user, confirming makes a member', async () => {
    const owner = await newBroker();
    const manager = await newBroker();
    const stranger = await newBroker(false);
    const asOwner = as(owner.token);
    expect((await asOwner('/broker/account/submitAccountManager', { email: 'nobody@nowhere.test' })).data).toMatchObject({ reason: 'notRegistered' });
    expect((await asOwner('/broker/account/submitAccountManager', { email: stranger.email })).data).toMatchObject({ reason: 'noBrokerRights' });
    expect((await asOwner('/broker/account/submitAccountManager', { email: owner.email })).data).toMatchObject({ reason: 'alreadyMember' });
    expect((await asOwner('/broker/account/invokeAccountManager', { email: manager.email })).data).toMatchObject({ reason: 'notInvited' });
    const invited = await asOwner<{ status: string }>('/broker/account/submitAccountManager', { email: manager.email.toUpperCase() });
    expect(invited.code).toBe(200);
    expect(invited.data.status).toBe('pending');
    expect((await asOwner<{ pendingInvites: Array<{ email: string }> }>('/broker/account/getLoginInfo')).data.pendingInvites.map((i) => i.email)).toEqual([manager.email]);

    api.clock.advance(1100);
    const sent = await asOwner<{ uuid: string }>('/broker/account/invokeAccountManager', { email: manager.email });
    expect(sent.code).toBe(200);
    const mail = await api.lastCode(manager.email, 'email');
    expect(mail).toMatchObject({ uuid: sent.data.uuid, businessType: 'brokerManager' });
    const wrong = mail!.code === '000000' ? '111111' : '000000';
    expect((await asOwner('/broker/account/confirmAccountManager', { email: manager.email, emailUuid: sent.data.uuid, emailCode: wrong })).code).toBe(Code.codeWrong);
    expect((await asOwner('/broker/account/confirmAccountManager', { email: manager.email, emailUuid: '', emailCode: mail!.code })).status).toBe(400);
    const confirmed = await asOwner<{ email: string; role: string }>('/broker/account/confirmAccountManager', { email: manager.email, emailUuid: sent.data.uuid, emailCode: mail!.code });
    expect(confirmed.data).toMatchObject({ email: manager.email, role: 'member' });
    // The code is spent.
    expect((await asOwner('/broker/account/confirmAccountManager', { email: manager.email, emailUuid: sent.data.uuid, emailCode: mail!.code })).code).not.toBe(200);
    const members = await asOwner<Array<{ email: string; role: string }>>('/broker/account/allEmail');
    expect(members.data.map((m) => `${m.role}:${m.email}`)).toEqual([`owner:${owner.email}`, `member:${manager.email}`]);

    // The member sees the organisation's sub-accounts, but the manager calls are the owner's.
    const account = (await insert({ subAccountName: 'okxShared' }, owner.token)).data;
    const seen = await as(manager.token)<{ list: Account[] }>('/broker/account/pageBrokerAccount', { pageCondition: page });
    expect(seen.data.list.map((a) => a.brokerAccountId)).toEqual([account.brokerAccountId]);
    expect((await as(manager.token)<{ role: string; ownerEmail: string }>('/broker/account/getLoginInfo')).data).toMatchObject({ role: 'member', ownerEmail: owner.email });
    expect((await as(manager.token)('/broker/account/submitAccountManager', { email: owner.email })).status).toBe(403);
  });

  it('a user without broker rights gets 403 on every call', async () => {
    const { token } = await newBroker(false);
    const bodies = sampleBodies('1', '1');
    for (const path of Object.keys(brokerAccountCalls)) {
      const reply = await as(token)(path, bodies[path]);
      expect(reply.status, path).toBe(403);
    }
  });

  it("a broker can neither read nor change another organisation's sub-accounts and keys, on every call", async () => {
    const other = await newBroker();
    const victim = (await insert({ subAccountName: 'okxVictim', remark: 'mine' })).data;
    const key = (await insertKey({ brokerAccountId: victim.brokerAccountId, permissions: ['read'], passphrase: 'Passphrase1!' })).data.key;
    const bodies = sampleBodies(victim.brokerAccountId, key.keyId);
    const asOther = as(other.token);
    for (const path of Object.keys(brokerAccountCalls)) {
      const reply = await asOther(path, bodies[path]);
      // Never the victim's data, whatever the reply.
      const text = JSON.stringify(reply.data ?? null);
      expect(text, path).not.toContain(victim.subAccountUid);
      expect(text, path).not.toContain(key.apiKey);
      expect(text, path).not.toContain('okxVictim');
      if (REFERS_TO_RECORD.has(path)) expect(reply.code, path).toBe(Code.notFound);
      else expect([200, Code.managerNotEligible, Code.codeExpired, 400], path).toContain(reply.code);
    }
    const theirs = await asOther<Array<{ brokerAccountId: string }>>('/broker/account/list', {});
    expect(theirs.data.map((a) => a.brokerAccountId)).not.toContain(victim.brokerAccountId);
    // Nothing of the victim's changed.
    const still = await call<Account>('/broker/account/getBrokerAccountId', { brokerAccountId: victim.brokerAccountId });
    expect(still.data).toMatchObject({ remark: 'mine', apiKeyCount: 1 });
    expect((await call<Key>('/broker/exchangeKey/accessKeyInfo', { keyId: key.keyId })).data.remark).toBe('');
  });
});

/** The calls that name one sub-account or key: another organisation's is 404, as a missing one. */
const REFERS_TO_RECORD = new Set([
  '/broker/account/getBrokerAccountId',
  '/broker/account/updateBrokerAccount',
  '/broker/account/delete',
  '/broker/account/capital/spotPage',
  '/broker/account/capital/fundingPage',
  '/broker/account/capital/earnPage',
  '/broker/account/capital/futuresPage',
  '/broker/account/capital/spotFuturesTotalBalance',
  '/broker/exchangeKey/pageBrokerExchangeKey',
  '/broker/exchangeKey/insertBrokerExchangeKey',
  '/broker/exchangeKey/accessKeyInfo',
  '/broker/exchangeKey/claimSecret',
  '/broker/exchangeKey/delete',
  '/broker/exchangeKey/updateRemark',
  '/broker/depositAddress/list',
]);

/** A valid body for every call, aimed at the given sub-account and key. */
function sampleBodies(brokerAccountId: string, keyId: string): Record<string, unknown> {
  const pageCondition = { pageNum: 1, pageSize: 10 };
  const balance = { pageCondition, queryCondition: { brokerAccountId } };
  const bodies: Record<string, unknown> = {
    '/broker/account/pageBrokerAccount': { pageCondition },
    '/broker/account/list': {},
    '/broker/account/insertBrokerAccount': { exchangeCode: 'okx', accountType: 'regular', subAccountName: 'okxOther1', requestId: `cross-${keyId}-${brokerAccountId}-x` },
    '/broker/account/getBrokerAccountId': { brokerAccountId },
    '/broker/account/updateBrokerAccount': { brokerAccountId, remark: 'taken over' },
    '/broker/account/delete': { brokerAccountId },
    '/broker/exchangeKey/claimSecret': { keyId },
    '/broker/account/checkIsExistMasterApi': { exchangeCode: 'okx' },
    '/broker/account/submitAccountManager': { email: 'demo@tradingdesk.test' },
    '/broker/account/invokeAccountManager': { email: 'demo@tradingdesk.test' },
    '/broker/account/confirmAccountManager': { email: 'demo@tradingdesk.test', emailUuid: 'x', emailCode: '123456' },
    '/broker/account/capital/spotPage': balance,
    '/broker/account/capital/fundingPage': balance,
    '/broker/account/capital/earnPage': balance,
    '/broker/account/capital/futuresPage': balance,
    '/broker/account/capital/spotFuturesTotalBalance': { brokerAccountId },
    '/broker/exchangeKey/pageBrokerExchangeKey': { pageCondition, queryCondition: { brokerAccountId } },
    '/broker/exchangeKey/insertBrokerExchangeKey': { brokerAccountId, permissions: ['read'], passphrase: 'Passphrase1!', requestId: `cross-key-${keyId}-x` },
    '/broker/exchangeKey/accessKeyInfo': { keyId },
    '/broker/exchangeKey/delete': { keyId },
    '/broker/exchangeKey/updateRemark': { keyId, remark: 'taken over' },
    '/broker/depositAddress/list': { brokerAccountId },
    '/broker/depositAddress/listAllExchangeDepositAddress': {},
    '/broker/subAccount/type/queryUserConfig': {},
  };
  return bodies;
}
