import Decimal from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hkDay } from '../../contract/broker-projects-rules.ts';
import { defaultLimits } from '../../server/platform/context.ts';
import { type Db, openDatabase } from '../../server/platform/db/client.ts';
import { TestApi } from '../api/helpers.ts';

/**
 * Performance and overview on a project run by the projects core (issue 15): made by applyRecord/add, two investors'
 * capital increases, twelve days of the daily zero-hour job on the sandbox clock, a capital decrease, more days. The
 * analytics calls' figures are checked against the ledger (investor:<id> legs, the project account's balances) and
 * against the records, within the rounding the model allows (values and NAV to 8 decimals).
 */
const d = (v: Decimal.Value) => new Decimal(v);
const DAY = 86_400_000;
const page = { pageNum: 1, pageSize: 100 };

describe('broker analytics on the projects core’s flows and daily job', () => {
  let api: TestApi;
  let db: Db;
  let owner = { email: '', token: '' };
  let projectNo = '';
  const investors: string[] = [];
  let n = 0;
  const requestId = () => `analytics-flow-${++n}-${Math.random().toString(36).slice(2, 8)}`;
  const call = async <T>(path: string, body: unknown = {}) => {
    const r = await api.call<T>('POST', path, { token: owner.token, body });
    expect(r.code, `${path} ${JSON.stringify(r)}`).toBe(200);
    return r.data;
  };
  const advance = async (ms: number) => expect((await api.call('POST', '/_dev/clock/advance', { body: { ms } })).code).toBe(200);
  /** Investor money per the ledger: the investor:<id> account's postings (−in + out). */
  const ledgerOf = async (investorId: string) =>
    d((await db.query<{ s: string | null }>('select sum(amount)::text as s from ledger_postings where provider_account = $1', [`investor:${investorId}`]))[0]!.s ?? '0');

  beforeAll(async () => {
    db = await openDatabase({ migrated: true });
    const many = { limit: 10_000, windowMs: 3_600_000 };
    api = await TestApi.start({
      db,
      limits: { sessionIdleMs: 365 * DAY, sessionTtlMs: 365 * DAY, sendRates: { ...defaultLimits.sendRates, destination: many, account: many, ip: many } },
    });
    const email = await api.register();
    owner = { email, token: await api.token(email, 'Passw0rd!x') };
    expect((await api.call('POST', '/institution/agree/broker/open', { token: owner.token })).code).toBe(200);
    const today = hkDay(api.clock.now());
    const made = await call<{ projectNo: string }>('/broker/applyRecord/add', {
      type: 'project',
      name: 'Flow Fund',
      exchangeCode: 'okx',
      startDay: today,
      endDay: addDays(today, 365),
      interestRate: '0.05',
      performanceFeeRate: '0.2',
      minSubscription: '100',
      requestId: requestId(),
    });
    projectNo = made.projectNo;
    for (const name of ['Carol Client', 'Dave Client']) {
      investors.push((await call<{ investorId: string }>('/broker/investor/add', { name, email: `${name.split(' ')[0]!.toLowerCase()}-${n}@client.test` })).investorId);
    }
    await call('/broker/financing/increaseCapital', { projectNo, investorId: investors[0], amount: '10000', requestId: requestId() });
    await advance(6 * DAY);
    // The second investor comes in on day 6, the first takes some out on day 12.
    await call('/broker/financing/increaseCapital', { projectNo, investorId: investors[1], amount: '25000', requestId: requestId() });
    await advance(6 * DAY);
    api.clock.advance(1100);
    const sent = await call<{ uuid: string }>('/broker/fundTransfer/invokeEmailValidation', { businessType: 'brokerRedeem' });
    const mail = await api.lastCode(owner.email, 'email');
    await call('/broker/financing/decreaseCapital', { projectNo, investorId: investors[0], amount: '3000', requestId: requestId(), emailUuid: sent.uuid, emailCode: mail!.code });
    await advance(5 * DAY);
  }, 180_000);
  afterAll(async () => {
    await api?.close();
    await db?.close();
  });
  afterEach(async () => {
    const check = await api.call<{ violations: unknown[] }>('GET', '/_dev/ledger/check');
    expect(check.data.violations).toEqual([]);
  });

  it('each investor’s net contribution is the ledger’s, and profit is value less it', async () => {
    const r = await call<{ list: Array<Record<string, string | null>>; total: Record<string, string> }>('/broker/account/overview/queryUserProfit', { projectNo });
    expect(r.list).toHaveLength(2);
    for (const row of r.list) {
      expect(d(row['netContribution']!).eq((await ledgerOf(row['investorId']!)).neg()), row['investorName']!).toBe(true);
      expect(d(row['profit']!).eq(d(row['value']!).sub(row['netContribution']!))).toBe(true);
    }
    expect(r.list.map((x) => [x['capitalIn'], x['capitalOut']]).sort()).toEqual([
      ['10000', '3000'],
      ['25000', '0'],
    ]);
    // The investors' values make the last record's net asset (each value is cut to 8 decimals).
    const zero = await call<{ list: Array<{ day: string; netAsset: string; nav: string; units: string }> }>('/broker/financingUnit/queryEveryDayZeroRecordList', { projectNo });
    const last = zero.list.at(-1)!;
    expect(last.day).toBe(hkDay(api.clock.now()));
    expect(d(r.total['value']!).sub(last.netAsset).abs().lte('0.0001')).toBe(true);
    // The live figures stand on the ledger's balances of the project account.
    const live = await call<{ grossAsset: string; accounts: Array<{ valueUsdt: string }> }>('/broker/financingUnit/queryNetAsset', { projectNo });
    const info = await call<{ project: { grossAsset: string } }>('/broker/project/queryBrokerProjectInfo', { projectNo });
    expect(live.grossAsset).toBe(info.project.grossAsset);
    expect(live.accounts.reduce((s, a) => s.add(a.valueUsdt), d(0)).eq(live.grossAsset)).toBe(true);
  });

  it('the NAV shows no jump at a capital flow: each day the investors’ profits move by the trading P&L less accruals', async () => {
    const zero = await call<{ list: Array<{ day: string; pnl: string; flowsIn: string; flowsOut: string; interestAccrued: string; performanceFee: string; units: string; netAsset: string }> }>(
      '/broker/financingUnit/queryEveryDayZeroRecordList',
      { projectNo },
    );
    expect(zero.list.filter((r) => d(r.flowsIn).gt(0)).length).toBeGreaterThanOrEqual(1);
    expect(zero.list.filter((r) => d(r.flowsOut).gt(0))).toHaveLength(1);
    const income = await call<{ list: Array<{ day: string; dailyProfit: string }>; total: number }>('/broker/account/overview/queryUserIncomeRecordList', {
      pageCondition: page,
      queryCondition: { projectNo },
    });
    expect(zero.list.length).toBe(17);
    expect(income.total).toBeGreaterThan(20);
    for (const rec of zero.list.slice(1)) {
      const moved = income.list.filter((x) => x.day === rec.day).reduce((s, x) => s.add(x.dailyProfit), d(0));
      const earned = d(rec.pnl).sub(rec.interestAccrued).sub(rec.performanceFee);
      // A deposit (flowsIn) is not in it: the units bought at NAV carry their value in.
      expect(moved.sub(earned).abs().lte(d(rec.units).mul('1e-8').add('1e-6')), `${rec.day} ${moved} ${earned}`).toBe(true);
    }
    // The capital report walks the net asset exactly.
    const report = await call<{ list: Array<Record<string, string>> }>('/broker/account/overview/capitalReport', { projectNo });
    const line = report.list[0]!;
    expect(d(line['netAssetStart']!).add(line['capitalIn']!).sub(line['capitalOut']!).add(line['tradingPnl']!).sub(line['interestAccrued']!).sub(line['performanceFee']!).toFixed()).toBe(d(line['netAssetEnd']!).toFixed());
    expect(line['capitalOut']).toBe('3000');
  });

  it('the trades’ P&L adds up to each record’s P&L, and the public chart shows the same NAV', async () => {
    const zero = await call<{ list: Array<{ day: string; nav: string; pnl: string }> }>('/broker/financingUnit/queryEveryDayZeroRecordList', { projectNo });
    const stats = await api.call<{ list: Array<{ days: Array<{ day: string; netPnl: string }> }> }>(
      'GET',
      `/broker/account/overview/listAccountTradeStatistics?projectNo=${projectNo}`,
      { token: owner.token },
    );
    expect(stats.code).toBe(200);
    const perDay = new Map(stats.data.list.flatMap((a) => a.days.map((x) => [x.day, x.netPnl] as const)));
    const lastCounted = (await call<{ lastTradeDay: string }>('/broker/account/overview/listTotalTrade', { projectNo })).lastTradeDay;
    for (const rec of zero.list.slice(1)) {
      const tradeDay = addDays(rec.day, -1);
      if (tradeDay > lastCounted) continue;
      expect(perDay.get(tradeDay) ?? '0', rec.day).toBe(d(rec.pnl).toFixed());
    }
    const [row] = await db.query<{ share_code: string }>('select share_code from broker_projects where project_no = $1', [projectNo]);
    const chart = await api.call<{ list: Array<{ day: string; nav: string }> }>('POST', '/broker/public/projectChart', { body: { shareCode: row!.share_code } });
    expect(chart.code).toBe(200);
    expect(chart.data.list.map((p) => [p.day, p.nav])).toEqual(zero.list.map((r) => [r.day, d(r.nav).toFixed()]));
    expect(JSON.stringify(chart.data)).not.toMatch(/Carol|Dave|client\.test/);
  });
});
