import Decimal from 'decimal.js';
import { MAX_INCOME_LINES } from '../../../contract/broker-analytics-rules.ts';
import type { Static } from 'typebox';
import type { BrokerAnalyticsCalls, UserProfit } from '../../../contract/broker-analytics.ts';
import { assetStamp, moneyWeightedReturn } from '../../../contract/broker-performance.ts';
import { addDays, hkDay } from '../../../contract/broker-projects-rules.ts';
import type { ApiContext } from '../../platform/context.ts';
import { nowDate } from '../../platform/context.ts';
import type { Handlers } from '../../platform/contract.ts';
import { D, ZERO } from '../../platform/decimal.ts';
import { brokerMember } from '../org.ts';
import { grossAssets, liveNavOf } from '../projects/store.ts';
import { plain } from '../valuation.ts';
import { type Book, type BookFilter, bookInvestors, dayBefore, investorProjects, loadBook, netOf, profitOf, standing, standingIn } from './book.ts';
import { capitalFlows, dayKey, interestPaid, investorNames, recordsBefore, scopeProjects, valueOf } from './data.ts';
import { rateOut, totals } from './figures.ts';
import { dailyRefresh, readRange, recordWindow, type RangeInput, volumeWindow } from './range.ts';
import { tradeDays } from './trades.ts';

/**
 * account/overview/* of the investors (contract/broker-analytics.ts; the overview's "user" is an investor, the
 * broker's client): income lines, income records, income per interval, profit, real-time assets, and each investor's
 * pro-rata share of the projects' trades. Built on the investors' book (book.ts), so every call's value, net
 * contribution and profit agree.
 */
type InvestorCalls =
  | '/broker/account/overview/queryBrokerUserIncomeRecordLineList'
  | '/broker/account/overview/queryUserIntervalIncomeRecordList'
  | '/broker/account/overview/queryUserIncomeRecordList'
  | '/broker/account/overview/queryUserProfit'
  | '/broker/account/overview/queryUserRealAsset'
  | '/broker/account/overview/listUserTradeSummary'
  | '/broker/account/overview/listUserTradeStatistics';

const sumOf = <T>(items: readonly T[], pick: (t: T) => Decimal.Value) => items.reduce((s, t) => s.add(pick(t)), ZERO);

/** Every income record (investor, project, record day) of a filter and range, newest first: the page's and the export's rows. */
export async function userIncomeRecords(ctx: ApiContext, orgId: string, filter: BookFilter & RangeInput) {
  const window = recordWindow(filter, nowDate(ctx));
  const book = await loadBook(ctx.db, orgId, filter, window);
  const rows = [];
  for (const investorId of bookInvestors(book)) {
    for (const p of investorProjects(book, investorId)) {
      for (const r of book.records.get(p.project_no) ?? []) {
        if (window.from !== null && r.day < window.from) continue;
        const s = standingIn(book, p.project_no, investorId, r.day);
        if (s.units.isZero() && s.capitalIn.isZero()) continue;
        const before = standingIn(book, p.project_no, investorId, dayBefore(r.day));
        const accrued = (book.accruals.get(dayKey(p.project_no, investorId)) ?? []).find((a) => a.day === r.day)?.amount ?? '0';
        rows.push({
          day: r.day,
          investorId,
          investorName: book.names.get(investorId) ?? '',
          projectNo: p.project_no,
          projectName: p.name,
          units: plain(s.units),
          nav: plain(r.nav),
          value: plain(s.value),
          capitalIn: plain(s.capitalIn),
          capitalOut: plain(s.capitalOut),
          profit: plain(profitOf(s)),
          dailyProfit: plain(profitOf(s).sub(profitOf(before))),
          interestAccrued: plain(accrued),
        });
      }
    }
  }
  rows.sort((a, b) => b.day.localeCompare(a.day) || a.projectNo.localeCompare(b.projectNo) || a.investorName.localeCompare(b.investorName) || a.investorId.localeCompare(b.investorId));
  return { rows, range: readRange(window, book.days[0] ?? null), refreshedAt: dailyRefresh(nowDate(ctx)) };
}

/** The interval (day, week from Monday, month) a record day falls in, as its key. */
function intervalKey(day: string, interval: 'day' | 'week' | 'month'): string {
  if (interval === 'day') return day;
  if (interval === 'month') return day.slice(0, 7);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** Each investor's pro-rata share of the projects' trades per trading day: by the units held when the day's P&L was booked (the next record). */
async function tradeShares(ctx: ApiContext, orgId: string, filter: BookFilter & RangeInput) {
  const now = nowDate(ctx);
  const v = volumeWindow(filter, now);
  const book = await loadBook(ctx.db, orgId, filter, { from: v.from === null ? null : addDays(v.from, 1), to: addDays(v.to, 1) });
  const trades = await tradeDays(ctx.db, orgId, { projectNo: filter.projectNo }, v);
  const recordUnits = new Map<string, string>();
  for (const [p, rs] of book.records) for (const r of rs) recordUnits.set(dayKey(p, r.day), r.units);
  // Per investor and trading day: volume, fee, P&L shares.
  const shares = new Map<string, Map<string, { volume: Decimal; fee: Decimal; pnl: Decimal }>>();
  for (const t of trades) {
    const bookedAt = addDays(t.trade_day, 1);
    const total = recordUnits.get(dayKey(t.project_no, bookedAt));
    if (total === undefined || new D(total).isZero()) continue;
    for (const investorId of bookInvestors(book)) {
      if (!book.holdings.has(dayKey(t.project_no, investorId))) continue;
      const held = standingIn(book, t.project_no, investorId, bookedAt).units;
      if (held.isZero()) continue;
      const share = held.div(total);
      const perDay = shares.get(investorId) ?? new Map();
      const cur = perDay.get(t.trade_day) ?? { volume: ZERO, fee: ZERO, pnl: ZERO };
      perDay.set(t.trade_day, { volume: cur.volume.add(share.mul(t.volume)), fee: cur.fee.add(share.mul(t.fee)), pnl: cur.pnl.add(share.mul(new D(t.pnl).sub(t.fee))) });
      shares.set(investorId, perDay);
    }
  }
  const cut = (x: Decimal) => plain(x.toDecimalPlaces(8, Decimal.ROUND_HALF_UP));
  const figures = (xs: Array<{ volume: Decimal; fee: Decimal; pnl: Decimal }>) => ({
    volumeShare: cut(sumOf(xs, (x) => x.volume)),
    feeShare: cut(sumOf(xs, (x) => x.fee)),
    pnlShare: cut(sumOf(xs, (x) => x.pnl)),
  });
  const head = { range: readRange(v, trades[0]?.trade_day ?? null), refreshedAt: v.refreshedAt.toISOString(), lastTradeDay: v.lastTradeDay };
  return { book, shares, figures, head };
}

/** account/overview/queryUserProfit: each investor's holdings with the figures of the latest record, and the totals (the page's and the export's rows). */
export async function userProfit(ctx: ApiContext, orgId: string, body: { projectNo?: string | undefined; investorId?: string | undefined }) {
  const now = nowDate(ctx);
  const projects = await scopeProjects(ctx.db, orgId, body.projectNo);
  const names = await investorNames(ctx.db, orgId, body.investorId);
  const nos = projects.map((p) => p.project_no);
  const [flows, latest, paid, accrued] = await Promise.all([
    capitalFlows(ctx.db, orgId, body),
    recordsBefore(ctx.db, nos, addDays(hkDay(now), 1)),
    interestPaid(ctx.db, projects),
    ctx.db.query<{ project_no: string; investor_id: string; amount: string }>(
      'select project_no, investor_id::text as investor_id, sum(amount)::text as amount from broker_interest_accruals where project_no = any($1::text[]) group by 1, 2',
      [nos],
    ),
  ]);
  const accruedOf = new Map(accrued.map((a) => [dayKey(a.project_no, a.investor_id), new D(a.amount)]));
  const list: Array<Static<typeof UserProfit>> = [];
  for (const p of projects) {
    const record = latest.get(p.project_no);
    const nav = record?.nav ?? '1';
    for (const [investorId, name] of names) {
      const own = flows.filter((f) => f.project_no === p.project_no && f.investor_id === investorId);
      if (own.length === 0) continue;
      const inc = own.filter((f) => f.direction === 'increase');
      const dec = own.filter((f) => f.direction === 'decrease');
      const units = sumOf(inc, (f) => f.units).sub(sumOf(dec, (f) => f.units));
      const capitalIn = sumOf(inc, (f) => f.amount);
      const capitalOut = sumOf(dec, (f) => f.amount);
      const value = valueOf(units, nav);
      const firstDay = hkDay(own[0]!.created_at);
      const lastFlowDay = hkDay(own[own.length - 1]!.created_at);
      const endDay = record && record.day > lastFlowDay ? record.day : lastFlowDay;
      const mwr = moneyWeightedReturn({
        startDay: firstDay,
        startValue: 0,
        flows: own.map((f) => ({ day: hkDay(f.created_at), amount: f.direction === 'increase' ? f.amount : new D(f.amount).neg() })),
        endDay,
        endValue: value,
      });
      list.push({
        investorId,
        investorName: name,
        projectNo: p.project_no,
        projectName: p.name,
        units: plain(units),
        nav: plain(nav),
        navDay: record?.day ?? null,
        value: plain(value),
        capitalIn: plain(capitalIn),
        capitalOut: plain(capitalOut),
        netContribution: plain(capitalIn.sub(capitalOut)),
        profit: plain(value.sub(capitalIn).add(capitalOut)),
        interestAccrued: plain(accruedOf.get(dayKey(p.project_no, investorId)) ?? '0'),
        interestPaid: plain(paid.get(dayKey(p.project_no, investorId)) ?? '0'),
        timeWeighted: record && inc[0] ? rateOut(new D(record.nav).div(inc[0].nav).sub(1).toDecimalPlaces(10, Decimal.ROUND_HALF_UP)) : null,
        moneyWeighted: rateOut(mwr?.period ?? null),
        moneyWeightedAnnualised: rateOut(mwr?.annual ?? null),
      });
    }
  }
  list.sort((a, b) => a.investorName.localeCompare(b.investorName) || a.investorId.localeCompare(b.investorId) || a.projectNo.localeCompare(b.projectNo));
  return {
    refreshedAt: dailyRefresh(now),
    list,
    total: totals(list, ['value', 'capitalIn', 'capitalOut', 'netContribution', 'profit', 'interestAccrued', 'interestPaid']),
  };
}

/** account/overview/listUserTradeSummary: each investor's pro-rata share of the trades over the range (the page's and the export's rows). */
export async function userTradeSummary(ctx: ApiContext, orgId: string, body: BookFilter & RangeInput) {
  const { book, shares, figures, head } = await tradeShares(ctx, orgId, body);
  return {
    ...head,
    list: bookInvestors(book).map((investorId) => ({
      investorId,
      investorName: book.names.get(investorId) ?? '',
      projectCount: investorProjects(book, investorId).length,
      ...figures([...(shares.get(investorId)?.values() ?? [])]),
    })),
  };
}

export function investorHandlers(ctx: ApiContext): Pick<Handlers<BrokerAnalyticsCalls>, InvestorCalls> {
  const member = (userId: number) => brokerMember(ctx.db, userId);

  return {
    '/broker/account/overview/queryBrokerUserIncomeRecordLineList': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const now = nowDate(ctx);
      const window = recordWindow(body, now);
      const book = await loadBook(ctx.db, orgId, body, window);
      const lines = bookInvestors(book).map((investorId) => {
        const points = book.days.map((day) => {
          const s = standing(book, investorId, day);
          return { day, value: plain(s.value), netContribution: plain(netOf(s)), profit: plain(profitOf(s)), interestAccrued: plain(s.interest) };
        });
        return { investorId, investorName: book.names.get(investorId) ?? '', points };
      });
      const end = (l: (typeof lines)[number]) => new D(l.points.at(-1)?.value ?? 0);
      lines.sort((a, b) => end(b).cmp(end(a)) || a.investorId.localeCompare(b.investorId));
      return { range: readRange(window, book.days[0] ?? null), refreshedAt: dailyRefresh(now), total: lines.length, lines: lines.slice(0, MAX_INCOME_LINES) };
    },

    '/broker/account/overview/queryUserIncomeRecordList': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const { rows, range, refreshedAt } = await userIncomeRecords(ctx, orgId, body.queryCondition ?? {});
      const { pageNum, pageSize } = body.pageCondition;
      return { list: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: rows.length, pageNum, pageSize, range, refreshedAt };
    },

    '/broker/account/overview/queryUserIntervalIncomeRecordList': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const now = nowDate(ctx);
      const q = body.queryCondition ?? { interval: 'day' as const };
      const window = recordWindow(q, now);
      const book = await loadBook(ctx.db, orgId, q, window);
      const buckets = new Map<string, string[]>();
      for (const day of book.days) {
        const key = intervalKey(day, q.interval);
        buckets.set(key, [...(buckets.get(key) ?? []), day]);
      }
      const rows = bookInvestors(book).flatMap((investorId) =>
        [...buckets.values()].reverse().map((days) => {
          const from = days[0]!;
          const to = days[days.length - 1]!;
          const start = standing(book, investorId, dayBefore(from));
          const end = standing(book, investorId, to);
          const capitalIn = end.capitalIn.sub(start.capitalIn);
          const capitalOut = end.capitalOut.sub(start.capitalOut);
          return {
            investorId,
            investorName: book.names.get(investorId) ?? '',
            from,
            to,
            startValue: plain(start.value),
            endValue: plain(end.value),
            capitalIn: plain(capitalIn),
            capitalOut: plain(capitalOut),
            profit: plain(end.value.sub(start.value).sub(capitalIn).add(capitalOut)),
            interestAccrued: plain(end.interest.sub(start.interest)),
          };
        }),
      );
      const { pageNum, pageSize } = body.pageCondition;
      return {
        list: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize),
        total: rows.length,
        pageNum,
        pageSize,
        range: readRange(window, book.days[0] ?? null),
        refreshedAt: dailyRefresh(now),
      };
    },

    '/broker/account/overview/queryUserProfit': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      return userProfit(ctx, orgId, body);
    },

    '/broker/account/overview/queryUserRealAsset': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const projects = await scopeProjects(ctx.db, orgId, body.projectNo);
      const names = await investorNames(ctx.db, orgId, body.investorId);
      const nos = projects.map((p) => p.project_no);
      const [gross, holdings] = await Promise.all([
        grossAssets(ctx.db, nos),
        ctx.db.query<{ project_no: string; investor_id: string; units: string }>(
          'select project_no, investor_id::text as investor_id, units::text as units from broker_holdings where project_no = any($1::text[]) and units > 0 order by project_no, investor_id',
          [nos],
        ),
      ]);
      const navs = new Map(projects.map((p) => [p.project_no, liveNavOf(p, gross.get(p.project_no)!).nav]));
      const projectName = new Map(projects.map((p) => [p.project_no, p.name]));
      const list = holdings
        .filter((h) => names.has(h.investor_id))
        .map((h) => {
          const nav = navs.get(h.project_no)!;
          return {
            investorId: h.investor_id,
            investorName: names.get(h.investor_id)!,
            projectNo: h.project_no,
            projectName: projectName.get(h.project_no)!,
            units: plain(h.units),
            nav: plain(nav),
            value: plain(valueOf(new D(h.units), nav)),
          };
        });
      return { asOf: new Date(assetStamp(ctx.clock.now())).toISOString(), totalValue: plain(sumOf(list, (r) => r.value)), list };
    },

    '/broker/account/overview/listUserTradeSummary': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      return userTradeSummary(ctx, orgId, body);
    },

    '/broker/account/overview/listUserTradeStatistics': async ({ query, auth }) => {
      const { orgId } = await member(auth.user.id);
      const { book, shares, figures, head } = await tradeShares(ctx, orgId, query);
      return {
        ...head,
        list: bookInvestors(book).map((investorId) => {
          const perDay = shares.get(investorId) ?? new Map<string, { volume: Decimal; fee: Decimal; pnl: Decimal }>();
          return {
            investorId,
            investorName: book.names.get(investorId) ?? '',
            ...figures([...perDay.values()]),
            days: [...perDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, x]) => ({ day, ...figures([x]) })),
          };
        }),
      };
    },
  };
}

export type { Book };
