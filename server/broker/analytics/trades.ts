import type { Static } from 'typebox';
import type { ProjectTrade } from '../../../contract/broker-analytics.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { D } from '../../platform/decimal.ts';
import type { ProjectTradeRow } from '../projects/store.ts';
import { plain } from '../valuation.ts';
import type { DayWindow } from './range.ts';

/**
 * The projects' simulated trades (migration 028 broker_project_trades) as financingUnit/trade/page, order/tradeBill/page
 * and the trade-bill export read them: one query builder, so the page, its sums and the export agree row for row.
 */
export interface TradeFilter {
  projectNo?: string | undefined;
  brokerAccountId?: string | undefined;
  symbol?: string | undefined;
  side?: 'BUY' | 'SELL' | undefined;
}

/** A trade with its project's and sub-account's names. */
export interface TradeRow extends ProjectTradeRow {
  project_name: string;
  account_name: string;
  exchange_code: string;
}

export function tradeQuery(orgId: string, f: TradeFilter, window: DayWindow) {
  return {
    select: `t.id::text as id, t.project_no, p.name as project_name, t.account_id::text as account_id, a.name as account_name, a.exchange_code,
      t.trade_day::text as trade_day, t.time, t.symbol, t.side, t.price::text as price, t.qty::text as qty, t.quote_volume::text as quote_volume,
      t.fee::text as fee, t.realized_pnl::text as realized_pnl`,
    from: 'broker_project_trades t join broker_projects p on p.project_no = t.project_no join broker_accounts a on a.id = t.account_id',
    where: `p.org_id = $1 and ($2::text is null or t.project_no = $2) and ($3::bigint is null or t.account_id = $3::bigint)
      and ($4::text is null or t.symbol = $4) and ($5::text is null or t.side = $5)
      and ($6::date is null or t.trade_day >= $6::date) and t.trade_day <= $7::date`,
    order: 't.time desc, t.id desc',
    params: [orgId, f.projectNo ?? null, f.brokerAccountId ?? null, f.symbol ?? null, f.side ?? null, window.from, window.to] as const,
  };
}

/** Count, volume, fees and P&L of every trade the filter selects. */
export async function tradeSums(db: Queryable, q: ReturnType<typeof tradeQuery>) {
  const rows = await db.query<{ n: number; volume: string; fee: string; pnl: string; first: string | null }>(
    `select count(*)::int as n, coalesce(sum(t.quote_volume), 0)::text as volume, coalesce(sum(t.fee), 0)::text as fee,
       coalesce(sum(t.realized_pnl), 0)::text as pnl, min(t.trade_day)::text as first from ${q.from} where ${q.where}`,
    q.params,
  );
  const r = rows[0]!;
  return {
    first: r.first,
    sums: { tradeCount: r.n, volume: plain(r.volume), fee: plain(r.fee), realisedPnl: plain(r.pnl), netPnl: plain(new D(r.pnl).sub(r.fee)) },
  };
}

export function tradeView(r: TradeRow): Static<typeof ProjectTrade> {
  return {
    tradeId: r.id,
    projectNo: r.project_no,
    projectName: r.project_name,
    brokerAccountId: r.account_id,
    subAccountName: r.account_name,
    exchangeCode: r.exchange_code as Static<typeof ProjectTrade>['exchangeCode'],
    tradeDay: r.trade_day,
    time: r.time.toISOString(),
    symbol: r.symbol,
    side: r.side,
    price: plain(r.price),
    qty: plain(r.qty),
    quoteVolume: plain(r.quote_volume),
    fee: plain(r.fee),
    realisedPnl: plain(r.realized_pnl),
    netPnl: plain(new D(r.realized_pnl).sub(r.fee)),
  };
}

/** Trades grouped by a key per trading day: count, volume, fee, realised P&L (the statistics calls). */
export interface TradeDay {
  project_no: string;
  account_id: string;
  trade_day: string;
  symbol: string;
  n: number;
  volume: string;
  fee: string;
  pnl: string;
}

/** The organisation's trades summed per project, sub-account, trading day and symbol, within a window of trading days. */
export async function tradeDays(db: Queryable, orgId: string, f: TradeFilter, window: DayWindow): Promise<TradeDay[]> {
  const q = tradeQuery(orgId, f, window);
  return db.query<TradeDay>(
    `select t.project_no, t.account_id::text as account_id, t.trade_day::text as trade_day, t.symbol, count(*)::int as n,
       sum(t.quote_volume)::text as volume, sum(t.fee)::text as fee, sum(t.realized_pnl)::text as pnl
     from ${q.from} where ${q.where} group by 1, 2, 3, 4 order by 3, 1, 2, 4`,
    q.params,
  );
}
