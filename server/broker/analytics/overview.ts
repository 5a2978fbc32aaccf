import type Decimal from 'decimal.js';
import { MAX_INCOME_LINES } from '../../../contract/broker-analytics-rules.ts';
import type { BrokerAnalyticsCalls } from '../../../contract/broker-analytics.ts';
import type { BrokerExchange } from '../../../contract/broker-rules.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import type { Handlers } from '../../platform/contract.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { ZERO } from '../../platform/decimal.ts';
import { accountOf } from '../accounts.ts';
import { brokerMember } from '../org.ts';
import { projectOf } from '../projects/store.ts';
import { plain } from '../valuation.ts';
import { accrualsByDay, dayKey, recordsByProject, scopeProjects } from './data.ts';
import { returnSummary, totals } from './figures.ts';
import { dailyRefresh, type RangeInput, readRange, recordWindow, tradeWindow, volumeWindow } from './range.ts';
import { type TradeDay, tradeDays } from './trades.ts';

/**
 * account/overview/* of the projects and their sub-accounts (contract/broker-analytics.ts): the capital report,
 * the sub-accounts' P&L lines, and the trade statistics (spec §9 "volume daily 10:00 UTC+8": a trading day counts
 * from 10:00 UTC+8 the day after; the reply's refreshedAt and lastTradeDay say so).
 */
type OverviewCalls =
  | '/broker/account/overview/queryBrokerAccountIncomeRecordLineList'
  | '/broker/account/overview/capitalReport'
  | '/broker/account/overview/listTotalTrade'
  | '/broker/account/overview/listAccountTradeStatistics';

interface Figures {
  tradeCount: number;
  volume: Decimal;
  fee: Decimal;
  pnl: Decimal;
}
const none = (): Figures => ({ tradeCount: 0, volume: ZERO, fee: ZERO, pnl: ZERO });
const add = (a: Figures, t: TradeDay): Figures => ({ tradeCount: a.tradeCount + t.n, volume: a.volume.add(t.volume), fee: a.fee.add(t.fee), pnl: a.pnl.add(t.pnl) });
const figuresOut = (f: Figures) => ({ tradeCount: f.tradeCount, volume: plain(f.volume), fee: plain(f.fee), realisedPnl: plain(f.pnl), netPnl: plain(f.pnl.sub(f.fee)) });

function groupBy<K>(rows: readonly TradeDay[], key: (t: TradeDay) => K): Map<K, Figures> {
  const out = new Map<K, Figures>();
  for (const t of rows) out.set(key(t), add(out.get(key(t)) ?? none(), t));
  return out;
}

/** Names and exchanges of sub-accounts, unbound ones included (their trades stay in the records). */
async function accountNames(db: Queryable, ids: readonly string[]) {
  const rows = await db.query<{ id: string; name: string; exchange_code: string }>('select id::text as id, name, exchange_code from broker_accounts where id = any($1::bigint[])', [ids]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Checks the filters naming a project or sub-account (404 for another organisation's). */
async function checkFilters(db: Queryable, orgId: string, f: { projectNo?: string | undefined; brokerAccountId?: string | undefined }) {
  if (f.projectNo !== undefined) await projectOf(db, orgId, f.projectNo);
  if (f.brokerAccountId !== undefined) await accountOf(db, orgId, f.brokerAccountId);
}

type ReportFilter = { projectNo?: string | undefined } & RangeInput;

/** account/overview/capitalReport: how each project's net asset moved over the range (spec §9 daily records). */
export async function capitalReport(ctx: ApiContext, orgId: string, body: ReportFilter) {
  const now = nowDate(ctx);
  const window = recordWindow(body, now);
  const projects = await scopeProjects(ctx.db, orgId, body.projectNo);
  const nos = projects.map((p) => p.project_no);
  const [records, accruals] = await Promise.all([recordsByProject(ctx.db, nos, window), accrualsByDay(ctx.db, nos, window)]);
  const list = projects.flatMap((p) => {
    const rs = records.get(p.project_no) ?? [];
    const first = rs[0];
    const last = rs[rs.length - 1];
    if (!first || !last) return [];
    const later = rs.slice(1);
    const sum = (pick: (r: (typeof rs)[number]) => Decimal.Value) => later.reduce((s, r) => s.add(pick(r)), ZERO);
    const summary = returnSummary(rs);
    return [
      {
        projectNo: p.project_no,
        projectName: p.name,
        netAssetStart: plain(first.net_asset),
        capitalIn: plain(sum((r) => r.flows_in)),
        capitalOut: plain(sum((r) => r.flows_out)),
        tradingPnl: plain(sum((r) => r.pnl)),
        interestAccrued: plain(sum((r) => accruals.interest.get(dayKey(p.project_no, r.day)) ?? 0)),
        performanceFee: plain(sum((r) => accruals.fee.get(dayKey(p.project_no, r.day)) ?? 0)),
        netAssetEnd: plain(last.net_asset),
        navStart: plain(first.nav),
        navEnd: plain(last.nav),
        timeWeighted: summary.timeWeighted,
        moneyWeighted: summary.moneyWeighted,
      },
    ];
  });
  const firstDay = [...records.values()].map((rs) => rs[0]?.day).filter((d): d is string => d !== undefined).sort()[0] ?? null;
  return {
    range: readRange(window, firstDay),
    refreshedAt: dailyRefresh(now),
    list,
    total: totals(list, ['netAssetStart', 'capitalIn', 'capitalOut', 'tradingPnl', 'interestAccrued', 'performanceFee', 'netAssetEnd']),
  };
}

/** account/overview/listTotalTrade: the trades of the range in total and per symbol (spec §9 volume, 10:00 UTC+8). */
export async function totalTrade(ctx: ApiContext, orgId: string, body: ReportFilter) {
  const v = volumeWindow(body, nowDate(ctx));
  await checkFilters(ctx.db, orgId, body);
  const trades = await tradeDays(ctx.db, orgId, body, v);
  const all = trades.reduce(add, none());
  const symbols = [...groupBy(trades, (t) => t.symbol).entries()].sort(([a], [b]) => a.localeCompare(b));
  return {
    range: readRange(v, trades[0]?.trade_day ?? null),
    refreshedAt: v.refreshedAt.toISOString(),
    lastTradeDay: v.lastTradeDay,
    ...figuresOut(all),
    symbols: symbols.map(([symbol, f]) => ({ symbol, ...figuresOut(f) })),
  };
}

/** Per sub-account of the trades read: its figures and its per-day figures. */
async function perAccount(ctx: ApiContext, trades: TradeDay[]) {
  const totals = groupBy(trades, (t) => t.account_id);
  const days = groupBy(trades, (t) => `${t.account_id}|${t.trade_day}`);
  const projectOfAccount = new Map(trades.map((t) => [t.account_id, t.project_no]));
  const names = await accountNames(ctx.db, [...totals.keys()]);
  const accounts = [...totals.entries()].sort(([a, x], [b, y]) => y.volume.cmp(x.volume) || a.localeCompare(b));
  const dayList = (id: string) =>
    [...days.entries()]
      .filter(([k]) => k.startsWith(`${id}|`))
      .map(([k, f]) => ({ day: k.slice(id.length + 1), f }))
      .sort((a, b) => a.day.localeCompare(b.day));
  return accounts.map(([id, f]) => ({
    brokerAccountId: id,
    subAccountName: names.get(id)?.name ?? '',
    exchangeCode: (names.get(id)?.exchange_code ?? 'binance') as BrokerExchange,
    projectNo: projectOfAccount.get(id)!,
    f,
    days: dayList(id),
  }));
}

/** account/overview/listAccountTradeStatistics: each sub-account's trade figures over the range, in total and per day (the page's and the export's rows). */
export async function accountTrades(ctx: ApiContext, orgId: string, query: ReportFilter & { brokerAccountId?: string | undefined }) {
  const v = volumeWindow(query, nowDate(ctx));
  await checkFilters(ctx.db, orgId, query);
  const trades = await tradeDays(ctx.db, orgId, query, v);
  const accounts = await perAccount(ctx, trades);
  return {
    range: readRange(v, trades[0]?.trade_day ?? null),
    refreshedAt: v.refreshedAt.toISOString(),
    lastTradeDay: v.lastTradeDay,
    list: accounts.map((a) => ({
      brokerAccountId: a.brokerAccountId,
      subAccountName: a.subAccountName,
      exchangeCode: a.exchangeCode,
      projectNo: a.projectNo,
      ...figuresOut(a.f),
      days: a.days.map(({ day, f }) => ({ day, ...figuresOut(f) })),
    })),
  };
}

export function overviewHandlers(ctx: ApiContext): Pick<Handlers<BrokerAnalyticsCalls>, OverviewCalls> {
  const member = (userId: number) => brokerMember(ctx.db, userId);

  return {
    '/broker/account/overview/queryBrokerAccountIncomeRecordLineList': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const now = nowDate(ctx);
      const window = tradeWindow(body, now);
      await checkFilters(ctx.db, orgId, body);
      const trades = await tradeDays(ctx.db, orgId, body, window);
      const accounts = await perAccount(ctx, trades);
      return {
        range: readRange(window, trades[0]?.trade_day ?? null),
        refreshedAt: dailyRefresh(now),
        total: accounts.length,
        lines: accounts.slice(0, MAX_INCOME_LINES).map((a) => {
          let cumulative = ZERO;
          return {
            brokerAccountId: a.brokerAccountId,
            subAccountName: a.subAccountName,
            exchangeCode: a.exchangeCode,
            projectNo: a.projectNo,
            points: a.days.map(({ day, f }) => {
              const net = f.pnl.sub(f.fee);
              cumulative = cumulative.add(net);
              return { day, netPnl: plain(net), cumulativePnl: plain(cumulative), fee: plain(f.fee), volume: plain(f.volume) };
            }),
          };
        }),
      };
    },

    '/broker/account/overview/capitalReport': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      return capitalReport(ctx, orgId, body);
    },

    '/broker/account/overview/listTotalTrade': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      return totalTrade(ctx, orgId, body);
    },

    '/broker/account/overview/listAccountTradeStatistics': async ({ query, auth }) => {
      const { orgId } = await member(auth.user.id);
      return accountTrades(ctx, orgId, query);
    },
  };
}
