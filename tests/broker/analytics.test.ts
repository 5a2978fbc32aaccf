import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerAnalyticsCalls } from '../../contract/broker-analytics.ts';
import { openDatabase } from '../../server/platform/db/client.ts';
import type { Db } from '../../server/platform/db/client.ts';
import { TestApi } from '../api/helpers.ts';
import { brokerCalls, page } from './brokers.ts';

/**
 * Performance and overview of a broker project (issue 15; contract/broker-analytics.ts) against the sandbox. A
 * project with two investors, five zero-hour records, trades and accruals is written straight into the tables of
 * migration 028 (the projects core's daily job writes the same rows), so every figure below is computed by hand:
 *
 *   record  NAV      units  net asset  pnl (trading day before)  flows          accrued
 *   01-01   1        1000   1000       0                         A +1000 (12-31)
 *   01-02   1.09     1000   1090       +100                                     fee 10 (NAV 1.1 > mark 1: 0.1 × 0.1 × 1000)
 *   01-03   0.981    2000   1962       −218                      B +1090 at 1.09 = 1000 units (01-02)
 *   01-04   0.9909   2000   1981.8     +20                                      interest A 0.1, B 0.1
 *   01-05   1.0008   1500   1501.2     +15                       A −500 units at 0.9909 = 495.45 (01-04); interest A 0.05, B 0.1
 *
 * Net asset: end = start + in − out + pnl − interest − fee = 1000 + 1090 − 495.45 − 83 − 0.35 − 10 = 1501.2.
 * Investors at 01-05: A 500 units × 1.0008 = 500.4, net contribution 1000 − 495.45 = 504.55, profit −4.15;
 * B 1000 × 1.0008 = 1000.8, contribution 1090, profit −89.2; 500.4 + 1000.8 = 1501.2, the net asset.
 * Time-weighted 1.0008 / 1 − 1 = +0.08 %; money-weighted negative (the fund lost 93.35 on the money in: B came in at
 * the top), so the two differ in sign.
 */
const d = (v: Decimal.Value) => new Decimal(v);
const PROJECT = 'P202512260001';
const SHARE = 'AbCdEfGh12345678';
const hk = (local: string) => Date.parse(`${local}+08:00`);

interface Reply<T> {
  code: number;
  status: number;
  data: T;
}

async function seedProject(db: Db, email: string, accountId: string): Promise<{ a: string; b: string }> {
  const [who] = await db.query<{ user_id: number; org_id: string }>(
    'select m.user_id, m.org_id::text as org_id from broker_members m join users u on u.id = m.user_id where u.email = $1',
    [email],
  );
  const { user_id: userId, org_id: orgId } = who!;
  const at = new Date(hk('2025-12-26T10:00:00'));
  await db.query(
    `insert into broker_projects (project_no, org_id, name, description, exchange_code, account_id, start_day, end_day, interest_rate, performance_fee_rate,
       min_subscription, units, interest_payable, profit_payable, hwm, share_code, created_by, created_at)
     values ($1, $2, 'Alpha Fund', '', 'okx', $3, '2025-12-31', '2026-12-31', 0.0365, 0.1, 100, 1500, 0.35, 10, 1.09, $4, $5, $6)`,
    [PROJECT, orgId, accountId, SHARE, userId, at],
  );
  await db.query(`insert into broker_project_accounts (project_no, account_id, role, created_by, created_at, updated_at) values ($1, $2, 'primary', $3, $4, $4)`, [PROJECT, accountId, userId, at]);
  const investor = async (name: string, mail: string) =>
    (await db.query<{ id: string }>('insert into broker_investors (org_id, name, email, created_by, created_at) values ($1, $2, $3, $4, $5) returning id::text as id', [orgId, name, mail, userId, at]))[0]!.id;
  const a = await investor('Alice Investor', 'alice@investor.test');
  const b = await investor('Bob Investor', 'bob@investor.test');
  await db.query('insert into broker_holdings (project_no, investor_id, units, principal, created_at, updated_at) values ($1, $2, 500, 500, $4, $4), ($1, $3, 1000, 1090, $4, $4)', [PROJECT, a, b, at]);
  const flow = (investorId: string, direction: string, amount: string, units: string, nav: string, navDay: string | null, time: string, n: number) =>
    db.query(
      `insert into broker_capital_flows (org_id, project_no, investor_id, direction, amount, units, nav, nav_day, principal_change, operator_id, request_id, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10, $11, $12)`,
      [orgId, PROJECT, investorId, direction, amount, units, nav, navDay, direction === 'increase' ? amount : `-${units}`, userId, `analytics-seed-${n}`, new Date(hk(time))],
    );
  await flow(a, 'increase', '1000', '1000', '1', null, '2025-12-31T10:00:00', 1);
  await flow(b, 'increase', '1090', '1000', '1.09', '2026-01-02', '2026-01-02T12:00:00', 2);
  await flow(a, 'decrease', '495.45', '500', '0.9909', '2026-01-04', '2026-01-04T15:00:00', 3);
  const records: Array<[string, string, string, string, string, string, string, string, string, string, string, string]> = [
    // day, gross, interest payable, profit payable, net, units, nav, pnl, in, out, volume
    ['2026-01-01', '1000', '0', '0', '1000', '1000', '1', '0', '1000', '0', '0', ''],
    ['2026-01-02', '1100', '0', '10', '1090', '1000', '1.09', '100', '0', '0', '5000', ''],
    ['2026-01-03', '1972', '0', '10', '1962', '2000', '0.981', '-218', '1090', '0', '3000', ''],
    ['2026-01-04', '1992', '0.2', '10', '1981.8', '2000', '0.9909', '20', '0', '0', '2000', ''],
    ['2026-01-05', '1511.55', '0.35', '10', '1501.2', '1500', '1.0008', '15', '0', '495.45', '1000', ''],
  ];
  for (const r of records) {
    await db.query(
      `insert into broker_unit_records (project_no, day, gross_asset, interest_payable, profit_payable, net_asset, units, nav, pnl, flows_in, flows_out, trade_volume, created_at)
       values ($1, $2::date, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [PROJECT, ...r.slice(0, 11), new Date(hk(`${r[0]}T00:00:00`))],
    );
  }
  // Trades of each trading day: realised P&L − fees = the next record's pnl; volumes add up to its trade_volume.
  const trades: Array<[string, string, 'BUY' | 'SELL', string, string, string, string, string]> = [
    ['2026-01-01T03:00:00', 'BTCUSDT', 'BUY', '90000', '0.03', '2700', '0.5', '60'],
    ['2026-01-01T15:00:00', 'ETHUSDT', 'SELL', '2300', '1', '2300', '0.5', '41'],
    ['2026-01-02T09:00:00', 'BTCUSDT', 'SELL', '88000', '0.025', '2200', '1.5', '-200'],
    ['2026-01-02T20:00:00', 'SOLUSDT', 'BUY', '200', '4', '800', '0.5', '-16'],
    ['2026-01-03T11:00:00', 'ETHUSDT', 'BUY', '2000', '1', '2000', '3', '23'],
    ['2026-01-04T16:00:00', 'BTCUSDT', 'SELL', '100000', '0.01', '1000', '1', '16'],
  ];
  for (const [time, symbol, side, price, qty, volume, fee, pnl] of trades) {
    await db.query(
      `insert into broker_project_trades (project_no, account_id, trade_day, time, symbol, side, price, qty, quote_volume, fee, realized_pnl)
       values ($1, $2, $3::date, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [PROJECT, accountId, time.slice(0, 10), new Date(hk(time)), symbol, side, price, qty, volume, fee, pnl],
    );
  }
  await db.query(
    `insert into broker_interest_accruals (project_no, investor_id, day, principal, amount) values
       ($1, $2, '2026-01-04', 1000, 0.1), ($1, $3, '2026-01-04', 1090, 0.1), ($1, $2, '2026-01-05', 500, 0.05), ($1, $3, '2026-01-05', 1090, 0.1)`,
    [PROJECT, a, b],
  );
  await db.query(`insert into broker_profit_accruals (project_no, day, nav_before, hwm_before, nav_after, units, amount) values ($1, '2026-01-02', 1.1, 1, 1.09, 1000, 10)`, [PROJECT]);
  return { a, b };
}

describe('broker performance and overview (issue 15)', () => {
  let api: TestApi;
  let db: Db;
  let owner = '';
  let ownerEmail = '';
  let stranger = '';
  let plainUser = '';
  let investors = { a: '', b: '' };
  let accountId = '';
  const { newBroker } = brokerCalls(() => api);

  const as = (token: string | null) => async <T>(path: string, body?: unknown): Promise<Reply<T>> => {
    const def = (brokerAnalyticsCalls as Record<string, { method: string }>)[path];
    if (def?.method === 'GET') {
      const query = new URLSearchParams(Object.entries((body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
      return api.call<T>('GET', `${path}?${query}`, { token });
    }
    return api.call<T>('POST', path, { token, body: body ?? {} });
  };
  const call = <T>(path: string, body?: unknown) => as(owner)<T>(path, body);

  beforeAll(async () => {
    db = await openDatabase({ migrated: true });
    // The test moves the clock by hours between calls: sessions outlive it.
    api = await TestApi.start({ db, limits: { projectChart: { limit: 12, windowMs: 3_600_000 }, sessionIdleMs: 30 * 86_400_000, sessionTtlMs: 30 * 86_400_000 } });
    // 2026-01-05 09:00 UTC+8: before the day's 10:00 volume refresh.
    api.clock.t = hk('2026-01-05T09:00:00');
    ({ email: ownerEmail, token: owner } = await newBroker());
    ({ token: stranger } = await newBroker());
    ({ token: plainUser } = await newBroker(false));
    const made = await call<{ brokerAccountId: string }>('/broker/account/insertBrokerAccount', { exchangeCode: 'okx', accountType: 'asset_management', subAccountName: 'alpha_fund', requestId: 'analytics-account-1' });
    expect(made.code, JSON.stringify(made)).toBe(200);
    accountId = made.data.brokerAccountId;
    investors = await seedProject(db, ownerEmail, accountId);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await db?.close();
  });

  it('the zero-hour records come back as written, each with its day return and accruals', async () => {
    const r = await call<{ list: Array<Record<string, string | null>>; range: { from: string; to: string; days: number }; refreshedAt: string }>(
      '/broker/financingUnit/queryEveryDayZeroRecordList',
      { projectNo: PROJECT },
    );
    expect(r.code, JSON.stringify(r)).toBe(200);
    expect(r.data.range).toEqual({ from: '2026-01-01', to: '2026-01-05', days: 4 });
    expect(r.data.refreshedAt).toBe(new Date(hk('2026-01-05T00:00:00')).toISOString());
    expect(r.data.list.map((x) => [x['day'], x['nav'], x['netAsset'], x['pnl'], x['dailyReturn']])).toEqual([
      ['2026-01-01', '1', '1000', '0', null],
      ['2026-01-02', '1.09', '1090', '100', '0.09'],
      ['2026-01-03', '0.981', '1962', '-218', '-0.1'],
      ['2026-01-04', '0.9909', '1981.8', '20', d('0.9909').div('0.981').sub(1).toDecimalPlaces(10, Decimal.ROUND_HALF_UP).toFixed()],
      ['2026-01-05', '1.0008', '1501.2', '15', d('1.0008').div('0.9909').sub(1).toDecimalPlaces(10, Decimal.ROUND_HALF_UP).toFixed()],
    ]);
    expect(r.data.list.map((x) => [x['interestAccrued'], x['performanceFee']])).toEqual([
      ['0', '0'],
      ['0', '10'],
      ['0', '0'],
      ['0.2', '0'],
      ['0.15', '0'],
    ]);
    // A quick range ends today: 7 days is 2025-12-29 … 2026-01-05.
    const week = await call<{ range: { from: string; to: string } }>('/broker/financingUnit/queryEveryDayZeroRecordList', { projectNo: PROJECT, days: 7 });
    expect(week.data.range).toEqual({ from: '2025-12-29', to: '2026-01-05', days: 7 });
  });

  it('time-weighted and money-weighted returns differ in sign: the deposit came at the top', async () => {
    const r = await call<{ list: Array<{ day: string; cumulativeReturn: string }>; summary: Record<string, string | null> }>('/broker/financingUnit/queryBrokerUnitIncomeRateList', { projectNo: PROJECT });
    expect(r.code).toBe(200);
    expect(r.data.list.map((p) => p.cumulativeReturn)).toEqual(['0', '0.09', '-0.019', '-0.0091', '0.0008']);
    expect(r.data.summary['timeWeighted']).toBe('0.0008');
    expect(r.data.summary['capitalIn']).toBe('1090');
    expect(r.data.summary['capitalOut']).toBe('495.45');
    // profit = 1501.2 − 1000 − 1090 + 495.45
    expect(r.data.summary['profit']).toBe('-93.35');
    expect(d(r.data.summary['moneyWeighted']!).lt(0)).toBe(true);
    expect(d(r.data.summary['timeWeighted']!).gt(0)).toBe(true);
    // From 01-03 on (after the deposit): NAV 0.981 → 1.0008 and money-weighted is positive too.
    const later = await call<{ summary: Record<string, string | null> }>('/broker/financingUnit/queryBrokerUnitIncomeRateList', { projectNo: PROJECT, startDay: '2026-01-03', endDay: '2026-01-05' });
    expect(later.data.summary['timeWeighted']).toBe(d('1.0008').div('0.981').sub(1).toDecimalPlaces(10, Decimal.ROUND_HALF_UP).toFixed());
    expect(d(later.data.summary['moneyWeighted']!).gt(0)).toBe(true);
  });

  it('the retreat rate is measured from the running high, with the deepest fall and its days', async () => {
    const r = await call<{ list: Array<{ retreatRate: string; peak: string }>; maxDrawdown: Record<string, string | null>; currentRetreatRate: string }>('/broker/financingUnit/queryRetreatRate', { projectNo: PROJECT });
    expect(r.data.list.map((p) => p.retreatRate)).toEqual(['0', '0', '0.1', '0.0909174312', '0.0818348624']);
    expect(r.data.maxDrawdown).toEqual({ rate: '0.1', peakDay: '2026-01-02', troughDay: '2026-01-03', recoveryDay: null });
    expect(r.data.currentRetreatRate).toBe('0.0818348624');
  });

  it('the sum of the trades’ P&L equals each record’s P&L, page sums included', async () => {
    const records = await call<{ list: Array<{ day: string; pnl: string; tradeVolume: string }> }>('/broker/financingUnit/queryEveryDayZeroRecordList', { projectNo: PROJECT });
    for (const rec of records.data.list.slice(1)) {
      const tradeDay = new Date(Date.parse(`${rec.day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const t = await call<{ list: Array<{ netPnl: string; tradeDay: string }>; sums: { netPnl: string; volume: string } }>('/broker/financingUnit/trade/page', {
        pageCondition: page,
        queryCondition: { projectNo: PROJECT, startDay: tradeDay, endDay: tradeDay },
      });
      expect(t.code, JSON.stringify(t)).toBe(200);
      expect(t.data.sums.netPnl, rec.day).toBe(rec.pnl);
      expect(t.data.list.reduce((s, x) => s.add(x.netPnl), d(0)).toFixed()).toBe(rec.pnl);
      expect(d(t.data.sums.volume).eq(rec.tradeVolume)).toBe(true);
    }
    const bills = await call<{ list: Array<{ tradeId: string; projectNo: string }>; total: number; sums: { netPnl: string; tradeCount: number } }>('/broker/order/tradeBill/page', { pageCondition: { pageNum: 1, pageSize: 10 } });
    expect(bills.data.total).toBe(6);
    expect(bills.data.sums).toMatchObject({ tradeCount: 6, netPnl: '-83' });
    const sells = await call<{ total: number }>('/broker/order/tradeBill/page', { pageCondition: page, queryCondition: { side: 'SELL', symbol: 'BTCUSDT' } });
    expect(sells.data.total).toBe(2);
  });

  it('trade statistics count a trading day from 10:00 UTC+8 the day after (spec §9 volume)', async () => {
    api.clock.t = hk('2026-01-05T09:59:00');
    const before = await call<{ netPnl: string; tradeCount: number; lastTradeDay: string; refreshedAt: string }>('/broker/account/overview/listTotalTrade', {});
    expect(before.data).toMatchObject({ lastTradeDay: '2026-01-03', tradeCount: 5, netPnl: '-98', refreshedAt: new Date(hk('2026-01-04T10:00:00')).toISOString() });
    api.clock.t = hk('2026-01-05T10:00:00');
    const after = await call<{ netPnl: string; tradeCount: number; lastTradeDay: string; symbols: Array<{ symbol: string; tradeCount: number }> }>('/broker/account/overview/listTotalTrade', {});
    expect(after.data).toMatchObject({ lastTradeDay: '2026-01-04', tradeCount: 6, netPnl: '-83' });
    expect(after.data.symbols.map((s) => [s.symbol, s.tradeCount])).toEqual([
      ['BTCUSDT', 3],
      ['ETHUSDT', 2],
      ['SOLUSDT', 1],
    ]);
    const accounts = await call<{ list: Array<{ brokerAccountId: string; netPnl: string; days: Array<{ day: string; netPnl: string }> }> }>('/broker/account/overview/listAccountTradeStatistics', { days: 7 });
    expect(accounts.code, JSON.stringify(accounts)).toBe(200);
    expect(accounts.data.list.map((a) => [a.brokerAccountId, a.netPnl])).toEqual([[accountId, '-83']]);
    expect(accounts.data.list[0]!.days.map((x) => [x.day, x.netPnl])).toEqual([
      ['2026-01-01', '100'],
      ['2026-01-02', '-218'],
      ['2026-01-03', '20'],
      ['2026-01-04', '15'],
    ]);
    // Investors' pro-rata shares: by units held when the day's P&L was booked; they add up to the project's.
    const shares = await call<{ list: Array<{ investorId: string; pnlShare: string }> }>('/broker/account/overview/listUserTradeSummary', {});
    const byId = new Map(shares.data.list.map((s) => [s.investorId, s.pnlShare]));
    // A: 100 + (−218)/2 + 20/2 + 15/3 = 6; B: −109 + 10 + 10 = −89
    expect(byId.get(investors.a)).toBe('6');
    expect(byId.get(investors.b)).toBe('-89');
    const daily = await call<{ list: Array<{ investorId: string; days: Array<{ day: string; pnlShare: string }> }> }>('/broker/account/overview/listUserTradeStatistics', { investorId: investors.b });
    expect(daily.data.list[0]!.days.map((x) => [x.day, x.pnlShare])).toEqual([
      ['2026-01-02', '-109'],
      ['2026-01-03', '10'],
      ['2026-01-04', '10'],
    ]);
    api.clock.t = hk('2026-01-05T17:00:00');
  });

  it('an investor’s profit is value less net contribution: a deposit is never profit', async () => {
    const r = await call<{ list: Array<Record<string, string | null>>; total: Record<string, string> }>('/broker/account/overview/queryUserProfit', { projectNo: PROJECT });
    expect(r.code, JSON.stringify(r)).toBe(200);
    const a = r.data.list.find((x) => x['investorId'] === investors.a)!;
    const b = r.data.list.find((x) => x['investorId'] === investors.b)!;
    expect([a['units'], a['value'], a['netContribution'], a['profit'], a['interestAccrued']]).toEqual(['500', '500.4', '504.55', '-4.15', '0.15']);
    expect([b['units'], b['value'], b['netContribution'], b['profit'], b['interestAccrued']]).toEqual(['1000', '1000.8', '1090', '-89.2', '0.2']);
    // The investors' values add up to the record's net asset.
    expect(r.data.total['value']).toBe('1501.2');
    expect(r.data.total['profit']).toBe(d(r.data.total['value']!).sub(r.data.total['netContribution']!).toFixed());
    // B's own time-weighted return is from the NAV it bought at; it lost money both ways.
    expect(b['timeWeighted']).toBe(d('1.0008').div('1.09').sub(1).toDecimalPlaces(10, Decimal.ROUND_HALF_UP).toFixed());
    expect(d(b['moneyWeighted']!).lt(0)).toBe(true);

    // Per record day, the investors' day profits add up to the record's P&L less what accrued: B's 1090 on 01-02
    // shows in value and contribution, never in profit.
    const records = await call<{ list: Array<{ day: string; investorId: string; dailyProfit: string; profit: string; value: string; capitalIn: string }> }>('/broker/account/overview/queryUserIncomeRecordList', {
      pageCondition: page,
      queryCondition: { projectNo: PROJECT },
    });
    expect(records.code).toBe(200);
    const zero = await call<{ list: Array<{ day: string; pnl: string; interestAccrued: string; performanceFee: string }> }>('/broker/financingUnit/queryEveryDayZeroRecordList', { projectNo: PROJECT });
    for (const rec of zero.data.list.slice(1)) {
      const sum = records.data.list.filter((x) => x.day === rec.day).reduce((s, x) => s.add(x.dailyProfit), d(0));
      expect(sum.toFixed(), rec.day).toBe(d(rec.pnl).sub(rec.interestAccrued).sub(rec.performanceFee).toFixed());
    }
    const bOn = (day: string) => records.data.list.find((x) => x.day === day && x.investorId === investors.b)!;
    expect(bOn('2026-01-03')).toMatchObject({ capitalIn: '1090', value: '981', profit: '-109', dailyProfit: '-109' });
    expect(records.data.list.find((x) => x.day === '2026-01-02' && x.investorId === investors.b)).toBeUndefined();

    // Lines and intervals read the same book.
    const lines = await call<{ lines: Array<{ investorId: string; points: Array<{ day: string; profit: string; netContribution: string }> }>; total: number }>('/broker/account/overview/queryBrokerUserIncomeRecordLineList', {});
    expect(lines.data.total).toBe(2);
    expect(lines.data.lines.find((l) => l.investorId === investors.b)!.points.map((p) => p.profit)).toEqual(['0', '0', '-109', '-99.1', '-89.2']);
    const weeks = await call<{ list: Array<{ investorId: string; from: string; to: string; profit: string; capitalIn: string }>; total: number }>('/broker/account/overview/queryUserIntervalIncomeRecordList', {
      pageCondition: page,
      queryCondition: { interval: 'week', investorId: investors.b },
    });
    // 2026-01-01 is a Thursday: the week of 12-29 holds 01-01 … 01-04, the next starts on Monday 01-05.
    expect(weeks.data.list.map((w) => [w.from, w.to, w.capitalIn, w.profit])).toEqual([
      ['2026-01-05', '2026-01-05', '0', '9.9'],
      ['2026-01-01', '2026-01-04', '1090', '-99.1'],
    ]);
  });

  it('the capital report walks the net asset from start to end', async () => {
    const r = await call<{ list: Array<Record<string, string | null>>; total: Record<string, string> }>('/broker/account/overview/capitalReport', { projectNo: PROJECT });
    expect(r.data.list).toHaveLength(1);
    expect(r.data.list[0]).toMatchObject({
      netAssetStart: '1000',
      capitalIn: '1090',
      capitalOut: '495.45',
      tradingPnl: '-83',
      interestAccrued: '0.35',
      performanceFee: '10',
      netAssetEnd: '1501.2',
      navStart: '1',
      navEnd: '1.0008',
      timeWeighted: '0.0008',
    });
    const t = r.data.total;
    expect(d(t['netAssetStart']!).add(t['capitalIn']!).sub(t['capitalOut']!).add(t['tradingPnl']!).sub(t['interestAccrued']!).sub(t['performanceFee']!).toFixed()).toBe(t['netAssetEnd']);
    const lines = await call<{ lines: Array<{ brokerAccountId: string; points: Array<{ cumulativePnl: string }> }> }>('/broker/account/overview/queryBrokerAccountIncomeRecordLineList', { projectNo: PROJECT });
    expect(lines.data.lines[0]!.points.map((p) => p.cumulativePnl)).toEqual(['100', '-118', '-98', '-83']);
  });

  it('the live net asset is the ledger’s USDT of the project’s sub-accounts, stamped to 10 minutes', async () => {
    api.clock.t = hk('2026-01-05T17:07:31');
    const r = await call<{ asOf: string; grossAsset: string; netAsset: string; nav: string; recordDay: string; accounts: Array<{ brokerAccountId: string; valueUsdt: string }> }>('/broker/financingUnit/queryNetAsset', { projectNo: PROJECT });
    expect(r.code, JSON.stringify(r)).toBe(200);
    expect(r.data.asOf).toBe(new Date(hk('2026-01-05T17:00:00')).toISOString());
    let usdt = d(0);
    for (const wallet of ['spotPage', 'fundingPage', 'earnPage', 'futuresPage']) {
      const rows = await call<{ list: Array<{ asset: string; total: string }> }>(`/broker/account/capital/${wallet}`, { pageCondition: page, queryCondition: { brokerAccountId: accountId, asset: 'USDT' } });
      usdt = rows.data.list.reduce((s, x) => s.add(x.total), usdt);
    }
    expect(d(r.data.grossAsset).eq(usdt)).toBe(true);
    expect(r.data.accounts).toEqual([{ brokerAccountId: accountId, subAccountName: 'alpha_fund', role: 'primary', valueUsdt: d(usdt).toFixed() }]);
    expect(d(r.data.netAsset).eq(usdt.sub('0.35').sub(10))).toBe(true);
    expect(r.data.nav).toBe(d(r.data.netAsset).div(1500).toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed());
    expect(r.data.recordDay).toBe('2026-01-05');
    const assets = await call<{ list: Array<{ units: string; nav: string; value: string }>; totalValue: string }>('/broker/account/overview/queryUserRealAsset', { projectNo: PROJECT });
    expect(assets.data.list.map((x) => [x.units, x.nav])).toEqual([
      ['500', r.data.nav],
      ['1000', r.data.nav],
    ]);
    const units = await call<{ list: Array<{ projectNo: string; nav: string; totalReturn: string; investorCount: number }> }>('/broker/financingUnit/list', {});
    expect(units.data.list).toEqual([expect.objectContaining({ projectNo: PROJECT, nav: '1.0008', totalReturn: '0.0008', investorCount: 2 })]);
    api.clock.t = hk('2026-01-05T17:00:00');
  });

  it('refuses bad input with 400 and the field, never 5xx', async () => {
    const bad: Array<[string, unknown, string?]> = [
      ['/broker/financingUnit/queryEveryDayZeroRecordList', { projectNo: PROJECT, days: 14 }],
      ['/broker/financingUnit/queryEveryDayZeroRecordList', { projectNo: 'X1' }],
      ['/broker/financingUnit/queryEveryDayZeroRecordList', { projectNo: PROJECT, days: 7, startDay: '2026-01-01', endDay: '2026-01-02' }, 'days'],
      ['/broker/financingUnit/queryBrokerUnitIncomeRateList', { projectNo: PROJECT, startDay: '2026-01-01' }, 'endDay'],
      ['/broker/financingUnit/queryRetreatRate', { projectNo: PROJECT, startDay: '2026-01-03', endDay: '2026-01-02' }, 'startDay'],
      ['/broker/financingUnit/queryRetreatRate', { projectNo: PROJECT, startDay: '2026-01-03', endDay: '2026-01-06' }, 'endDay'],
      ['/broker/financingUnit/queryRetreatRate', { projectNo: PROJECT, startDay: '2026-02-30', endDay: '2026-01-06' }, 'startDay'],
      ['/broker/financingUnit/queryRetreatRate', { projectNo: PROJECT, startDay: '2010-01-01', endDay: '2026-01-05' }, 'startDay'],
      ['/broker/financingUnit/queryNetAsset', { projectNo: 'P2025122600011' }],
      ['/broker/financingUnit/list', { status: 'running' }],
      ['/broker/financingUnit/trade/page', { pageCondition: { pageNum: 1, pageSize: 15 }, queryCondition: { projectNo: PROJECT } }],
      ['/broker/financingUnit/trade/page', { pageCondition: page, queryCondition: {} }],
      ['/broker/order/tradeBill/page', { pageCondition: page, queryCondition: { side: 'buy' } }],
      ['/broker/account/overview/queryUserIntervalIncomeRecordList', { pageCondition: page, queryCondition: { interval: 'year' } }],
      ['/broker/account/overview/queryUserIncomeRecordList', { pageCondition: page, queryCondition: { investorId: '0' } }],
      ['/broker/account/overview/capitalReport', { days: 0 }],
      ['/broker/account/overview/listTotalTrade', { days: 7, endDay: '2026-01-01' }, 'days'],
      ['/broker/account/overview/listAccountTradeStatistics', { days: 3 }],
      ['/broker/account/overview/listUserTradeStatistics', { startDay: 'yesterday', endDay: '2026-01-01' }],
      ['/broker/account/overview/queryUserProfit', { projectNo: PROJECT, investorId: 'abc' }],
      ['/broker/account/overview/queryUserRealAsset', { investorId: '05' }],
      ['/broker/account/overview/queryBrokerUserIncomeRecordLineList', { endDay: '2026-01-01' }, 'startDay'],
      ['/broker/account/overview/queryBrokerAccountIncomeRecordLineList', { brokerAccountId: '-1' }],
      ['/broker/account/overview/listUserTradeSummary', { days: '7x' }],
    ];
    for (const [path, body, field] of bad) {
      const r = await call<{ field?: string }>(path, body);
      expect([r.status, r.code], `${path} ${JSON.stringify(body)}`).toEqual([400, 400]);
      if (field) expect(r.data.field, path).toBe(field);
    }
  });

  it('another organisation finds nothing (404), a user without broker rights is refused (403), no session is 401', async () => {
    const named: Array<[string, unknown]> = [
      ['/broker/financingUnit/list', { projectNo: PROJECT }],
      ['/broker/financingUnit/trade/page', { pageCondition: page, queryCondition: { projectNo: PROJECT } }],
      ['/broker/financingUnit/queryEveryDayZeroRecordList', { projectNo: PROJECT }],
      ['/broker/financingUnit/queryBrokerUnitIncomeRateList', { projectNo: PROJECT }],
      ['/broker/financingUnit/queryNetAsset', { projectNo: PROJECT }],
      ['/broker/financingUnit/queryRetreatRate', { projectNo: PROJECT }],
      ['/broker/order/tradeBill/page', { pageCondition: page, queryCondition: { brokerAccountId: accountId } }],
      ['/broker/account/overview/queryBrokerUserIncomeRecordLineList', { investorId: investors.a }],
      ['/broker/account/overview/queryBrokerAccountIncomeRecordLineList', { brokerAccountId: accountId }],
      ['/broker/account/overview/capitalReport', { projectNo: PROJECT }],
      ['/broker/account/overview/listUserTradeSummary', { projectNo: PROJECT }],
      ['/broker/account/overview/queryUserIntervalIncomeRecordList', { pageCondition: page, queryCondition: { interval: 'day', investorId: investors.b } }],
      ['/broker/account/overview/queryUserIncomeRecordList', { pageCondition: page, queryCondition: { projectNo: PROJECT } }],
      ['/broker/account/overview/queryUserProfit', { investorId: investors.a }],
      ['/broker/account/overview/queryUserRealAsset', { projectNo: PROJECT }],
      ['/broker/account/overview/listTotalTrade', { projectNo: PROJECT }],
      ['/broker/account/overview/listAccountTradeStatistics', { brokerAccountId: accountId }],
      ['/broker/account/overview/listUserTradeStatistics', { investorId: investors.b }],
    ];
    expect(named.map(([p]) => p).sort()).toEqual(Object.keys(brokerAnalyticsCalls).sort());
    for (const [path, body] of named) {
      const other = await as(stranger)<unknown>(path, body);
      expect([other.status, other.code], `${path} other organisation`).toEqual([404, 404]);
      const none = await as(plainUser)<unknown>(path, body);
      expect([none.status, none.code], `${path} no rights`).toEqual([403, 403]);
      const anon = await as(null)<unknown>(path, body);
      expect(anon.status, `${path} no session`).toBe(401);
    }
    // Unfiltered, the other organisation's lists are empty.
    expect((await as(stranger)<{ list: unknown[] }>('/broker/financingUnit/list', {})).data.list).toEqual([]);
    expect((await as(stranger)<{ total: number }>('/broker/order/tradeBill/page', { pageCondition: page })).data.total).toBe(0);
    expect((await as(stranger)<{ list: unknown[] }>('/broker/account/overview/queryUserProfit', {})).data.list).toEqual([]);
  });

  it('the public chart needs no token and shows the NAV series, returns and drawdown, nothing private', async () => {
    const r = await as(null)<Record<string, unknown> & { list: Array<Record<string, unknown>> }>('/broker/public/projectChart', { shareCode: SHARE });
    expect(r.code, JSON.stringify(r)).toBe(200);
    expect(Object.keys(r.data).sort()).toEqual(['endDay', 'list', 'maxDrawdown', 'name', 'range', 'refreshedAt', 'startDay', 'status', 'timeWeighted', 'timeWeightedAnnualised']);
    expect(r.data.list.map((p) => p['nav'])).toEqual(['1', '1.09', '0.981', '0.9909', '1.0008']);
    expect(Object.keys(r.data.list[0]!).sort()).toEqual(['cumulativeReturn', 'dailyReturn', 'day', 'nav', 'retreatRate']);
    expect(r.data['timeWeighted']).toBe('0.0008');
    const text = JSON.stringify(r.data);
    for (const secret of ['Alice', 'Bob', 'investor.test', ownerEmail, 'alpha_fund', 'okx', '1501.2', '1500', '495.45', '1090', PROJECT]) expect(text, secret).not.toContain(secret);
    // The same series as the signed-in page.
    const page7 = await call<{ list: Array<{ nav: string; cumulativeReturn: string }> }>('/broker/financingUnit/queryBrokerUnitIncomeRateList', { projectNo: PROJECT, days: 7 });
    const pub7 = await as(null)<{ list: Array<{ nav: string; cumulativeReturn: string }> }>('/broker/public/projectChart', { shareCode: SHARE, days: 7 });
    expect(pub7.data.list.map((p) => [p.nav, p.cumulativeReturn])).toEqual(page7.data.list.map((p) => [p.nav, p.cumulativeReturn]));
    expect((await as(null)<unknown>('/broker/public/projectChart', { shareCode: 'ZZZZZZZZZZZZZZZZ' })).code).toBe(404);
    expect((await as(null)<unknown>('/broker/public/projectChart', { shareCode: 'short' })).code).toBe(400);
    // Limited per source address (12 an hour in this sandbox): the rest of the hour is refused with 10041.
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await as(null)<unknown>('/broker/public/projectChart', { shareCode: SHARE })).code);
    expect(codes.filter((c) => c === 10041).length).toBeGreaterThan(0);
    expect(codes.slice(codes.indexOf(10041)).every((c) => c === 10041)).toBe(true);
  });

  it('the exports hold the pages’ rows under the cover block, amounts as numbers', async () => {
    const download = async (path: string, fields: Record<string, string>, token = owner) =>
      fetch(`${api.base}${path}`, {
        method: 'POST',
        headers: { source: 'web', authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const sheetRows = async (reply: Response) => {
      expect(reply.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await reply.arrayBuffer()) as unknown as ArrayBuffer);
      const values: unknown[][] = [];
      book.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => values.push((row.values as unknown[]).slice(1)));
      return values;
    };

    const billReply = await download('/broker/order/tradeBill/export', { projectNo: PROJECT, days: '30' });
    expect(decodeURIComponent(billReply.headers.get('content-disposition') ?? '')).toMatch(/交易帳單-20260105\.xlsx/);
    const bill = await sheetRows(billReply);
    expect(bill[0]).toEqual(['交易帳單']);
    expect(String(bill[1]![0])).toContain('Alpha Fund');
    expect(String(bill[2]![0])).toContain('UTC+8');
    const bills = await call<{ list: Array<{ tradeId: string; netPnl: string }> }>('/broker/order/tradeBill/page', { pageCondition: page, queryCondition: { projectNo: PROJECT, days: 30 } });
    expect(bill.slice(6).map((r) => r[0])).toEqual(bills.data.list.map((t) => t.tradeId));
    expect(bill.slice(6).map((r) => r[13])).toEqual(bills.data.list.map((t) => Number(t.netPnl)));

    const zero = await sheetRows(await download('/broker/financingUnit/zeroRecord/export', { projectNo: PROJECT }));
    expect(zero[0]).toEqual(['每日零點記錄']);
    expect(zero.slice(6).map((r) => [r[0], r[4], r[6]])).toEqual([
      ['2026-01-01', 1000, 1],
      ['2026-01-02', 1090, 1.09],
      ['2026-01-03', 1962, 0.981],
      ['2026-01-04', 1981.8, 0.9909],
      ['2026-01-05', 1501.2, 1.0008],
    ]);

    const income = await sheetRows(await download('/broker/account/overview/userIncomeRecord/export', { investorId: investors.b }));
    expect(String(income[1]![0])).toContain('Bob Investor');
    const incomePage = await call<{ list: Array<{ day: string; profit: string }> }>('/broker/account/overview/queryUserIncomeRecordList', { pageCondition: page, queryCondition: { investorId: investors.b } });
    expect(income.slice(6).map((r) => [r[0], r[8]])).toEqual(incomePage.data.list.map((x) => [x.day, Number(x.profit)]));

    // Refusals are the JSON envelope.
    const other = await download('/broker/financingUnit/zeroRecord/export', { projectNo: PROJECT }, stranger);
    expect([other.status, ((await other.json()) as { code: number }).code]).toEqual([404, 404]);
    expect((await download('/broker/order/tradeBill/export', {}, plainUser)).status).toBe(403);
    expect((await download('/broker/order/tradeBill/export', { days: '14' })).status).toBe(400);
    const json = await fetch(`${api.base}/broker/order/tradeBill/export`, { method: 'POST', headers: { source: 'web', authorization: `Bearer ${owner}`, 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(415);
  });
});
