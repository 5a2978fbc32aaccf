import type { BrokerAnalyticsCalls } from '../../../contract/broker-analytics.ts';
import { assetStamp, dailyReturns } from '../../../contract/broker-performance.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import type { Handlers } from '../../platform/contract.ts';
import { D } from '../../platform/decimal.ts';
import { pageQuery } from '../../platform/records.ts';
import { accountOf } from '../accounts.ts';
import { brokerMember } from '../org.ts';
import { grossAssets, liveNavOf, projectAccounts, projectOf, statusOf, type UnitRecordRow } from '../projects/store.ts';
import { lastRecordView, netAssetParts } from '../projects/views.ts';
import { plain } from '../valuation.ts';
import { accrualsByDay, dayKey, recordsByProject, scopeProjects } from './data.ts';
import { maxDrawdownOut, rateOut, retreatPoints, returnPoints, returnSummary, timeWeighted } from './figures.ts';
import { dailyRefresh, readRange, recordWindow, tradeWindow } from './range.ts';
import { type TradeFilter, tradeQuery, type TradeRow, tradeSums, tradeView } from './trades.ts';

/**
 * financingUnit/* and order/tradeBill/page (contract/broker-analytics.ts; server/broker/README.md "Performance and
 * overview"): a project's zero-hour records, returns, drawdown, live net asset and trades. Every call starts with
 * `brokerMember` (403) and reaches only the caller's organisation (404 for another's project or sub-account).
 */
type UnitCalls =
  | '/broker/financingUnit/list'
  | '/broker/financingUnit/trade/page'
  | '/broker/financingUnit/queryEveryDayZeroRecordList'
  | '/broker/financingUnit/queryBrokerUnitIncomeRateList'
  | '/broker/financingUnit/queryNetAsset'
  | '/broker/financingUnit/queryRetreatRate'
  | '/broker/order/tradeBill/page';

/** A project's records in a range (404 for another organisation's project), with the range read. */
export async function projectRecords(ctx: ApiContext, orgId: string, projectNo: string, range: { days?: number | undefined; startDay?: string | undefined; endDay?: string | undefined }) {
  const now = nowDate(ctx);
  const window = recordWindow(range, now);
  await projectOf(ctx.db, orgId, projectNo);
  const records = (await recordsByProject(ctx.db, [projectNo], window)).get(projectNo) ?? [];
  return { records, window, head: { projectNo, range: readRange(window, records[0]?.day ?? null), refreshedAt: dailyRefresh(now) } };
}

/** One trades page with the sums of the whole filter. */
async function tradePage(ctx: ApiContext, orgId: string, body: { pageCondition: { pageNum: number; pageSize: number }; queryCondition?: TradeFilter & { days?: number; startDay?: string; endDay?: string } }) {
  const q = body.queryCondition ?? {};
  const window = tradeWindow(q, nowDate(ctx));
  if (q.projectNo !== undefined) await projectOf(ctx.db, orgId, q.projectNo);
  if (q.brokerAccountId !== undefined) await accountOf(ctx.db, orgId, q.brokerAccountId);
  const query = tradeQuery(orgId, q, window);
  const [{ rows, total }, { sums, first }] = await Promise.all([pageQuery<TradeRow>(ctx.db, query, body.pageCondition), tradeSums(ctx.db, query)]);
  return { list: rows.map(tradeView), total, ...body.pageCondition, sums, range: readRange(window, first) };
}

export function unitHandlers(ctx: ApiContext): Pick<Handlers<BrokerAnalyticsCalls>, UnitCalls> {
  const member = (userId: number) => brokerMember(ctx.db, userId);

  return {
    '/broker/financingUnit/list': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const now = nowDate(ctx);
      const projects = (await scopeProjects(ctx.db, orgId, body.projectNo)).filter((p) => body.status === undefined || statusOf(p, now) === body.status);
      const nos = projects.map((p) => p.project_no);
      const [records, gross, investors] = await Promise.all([
        recordsByProject(ctx.db, nos, { from: null, to: null }),
        grossAssets(ctx.db, nos),
        ctx.db.query<{ project_no: string; n: number }>('select project_no, count(*)::int as n from broker_holdings where project_no = any($1::text[]) and units > 0 group by 1', [nos]),
      ]);
      const investorCount = new Map(investors.map((r) => [r.project_no, r.n]));
      return {
        refreshedAt: dailyRefresh(now),
        list: projects.map((p) => {
          const rs = records.get(p.project_no) ?? [];
          const last = rs[rs.length - 1];
          const live = liveNavOf(p, gross.get(p.project_no)!);
          const daily = dailyReturns(rs.slice(-2));
          const twr = timeWeighted(rs);
          return {
            projectNo: p.project_no,
            name: p.name,
            status: statusOf(p, now),
            exchangeCode: p.exchange_code,
            startDay: p.start_day,
            endDay: p.end_day,
            recordDay: last?.day ?? null,
            // spec §9 "others 00:00": the latest record's figures; before the first, the live ones.
            nav: plain(last?.nav ?? live.nav),
            units: plain(last?.units ?? live.units),
            netAsset: plain(last?.net_asset ?? live.net),
            dailyReturn: rateOut(daily[0]?.rate ?? null),
            totalReturn: twr.timeWeighted,
            annualisedReturn: twr.timeWeightedAnnualised,
            maxDrawdown: maxDrawdownOut(rs),
            investorCount: investorCount.get(p.project_no) ?? 0,
          };
        }),
      };
    },

    '/broker/financingUnit/trade/page': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      return tradePage(ctx, orgId, body);
    },

    '/broker/order/tradeBill/page': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      return tradePage(ctx, orgId, body);
    },

    '/broker/financingUnit/queryEveryDayZeroRecordList': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const { records, head } = await projectRecords(ctx, orgId, body.projectNo, body);
      return { ...head, list: await zeroRecordViews(ctx, records) };
    },

    '/broker/financingUnit/queryBrokerUnitIncomeRateList': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const { records, head } = await projectRecords(ctx, orgId, body.projectNo, body);
      return { ...head, list: returnPoints(records), summary: returnSummary(records) };
    },

    '/broker/financingUnit/queryRetreatRate': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const { records, head } = await projectRecords(ctx, orgId, body.projectNo, body);
      const list = retreatPoints(records);
      return { ...head, list, maxDrawdown: maxDrawdownOut(records), currentRetreatRate: list[list.length - 1]?.retreatRate ?? null };
    },

    '/broker/financingUnit/queryNetAsset': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const project = await projectOf(ctx.db, orgId, body.projectNo);
      const accounts = await projectAccounts(ctx.db, project.project_no);
      const ids = accounts.map((a) => a.account_id);
      const [values, names, last] = await Promise.all([
        ctx.db.query<{ account_id: string; total: string }>(
          "select account_id::text as account_id, sum(free + locked)::text as total from broker_balances where account_id = any($1::bigint[]) and asset = 'USDT' group by 1",
          [ids],
        ),
        ctx.db.query<{ id: string; name: string }>('select id::text as id, name from broker_accounts where id = any($1::bigint[])', [ids]),
        recordsByProject(ctx.db, [project.project_no], { from: null, to: null }),
      ]);
      const value = new Map(values.map((v) => [v.account_id, new D(v.total)]));
      const name = new Map(names.map((n) => [n.id, n.name]));
      const gross = accounts.reduce((s, a) => s.add(value.get(a.account_id) ?? 0), new D(0));
      const live = liveNavOf(project, gross);
      const record = last.get(project.project_no)?.at(-1) ?? null;
      return {
        projectNo: project.project_no,
        asOf: new Date(assetStamp(ctx.clock.now())).toISOString(),
        ...netAssetParts(project, live),
        units: plain(live.units),
        nav: plain(live.nav),
        ...lastRecordView(record),
        sinceRecord: record ? rateOut(dailyReturns([record, { day: 'live', nav: live.nav }])[0]!.rate) : null,
        accounts: accounts.map((a) => ({ brokerAccountId: a.account_id, subAccountName: name.get(a.account_id) ?? '', role: a.role, valueUsdt: plain(value.get(a.account_id) ?? '0') })),
      };
    },
  };
}

/** Zero-hour records as the list and its export show them, with each day's accruals and return. */
export async function zeroRecordViews(ctx: ApiContext, records: readonly UnitRecordRow[]) {
  const first = records[0];
  const projectNo = first?.project_no;
  const { interest, fee } = projectNo ? await accrualsByDay(ctx.db, [projectNo], { from: first.day, to: records[records.length - 1]!.day }) : { interest: new Map(), fee: new Map() };
  const daily = new Map(dailyReturns(records).map((r) => [r.day, r.rate]));
  return records.map((r) => ({
    day: r.day,
    grossAsset: plain(r.gross_asset),
    interestPayable: plain(r.interest_payable),
    profitPayable: plain(r.profit_payable),
    netAsset: plain(r.net_asset),
    units: plain(r.units),
    nav: plain(r.nav),
    pnl: plain(r.pnl),
    flowsIn: plain(r.flows_in),
    flowsOut: plain(r.flows_out),
    tradeVolume: plain(r.trade_volume),
    interestAccrued: plain(interest.get(dayKey(r.project_no, r.day)) ?? 0),
    performanceFee: plain(fee.get(dayKey(r.project_no, r.day)) ?? 0),
    dailyReturn: rateOut(daily.get(r.day) ?? null),
  }));
}
