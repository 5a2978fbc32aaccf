import type { ReplyOf } from '../../contract/call.ts';
import type { Network } from '../../contract/chains.ts';
import type { WalletCalls } from '../../contract/wallet.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Queryable } from '../platform/db/client.ts';
import type { Handlers } from '../platform/contract.ts';
import { decimalText } from '../platform/decimal.ts';
import { columns } from '../platform/rows.ts';
import { confirmationsAt, sweep } from './chain.ts';
import { coinRecordPage } from './coin-page.ts';
import { pageQuery, recordOrder } from '../platform/records.ts';
import { timeWindow, type TimeFilter } from '../platform/time-window.ts';

export type CoinRecordView = ReplyOf<WalletCalls['/account/block/pageBlockDepositWithdraw']>['list'][number];
export type CoinRecordFilter = { type?: 'deposit' | 'withdraw'; asset?: string; status?: CoinRecordView['status']; recordId?: string } & TimeFilter;

/** A coin record as the database gives it (the union of deposits and withdrawals below). */
export interface CoinRecordRow {
  record_id: string;
  type: 'deposit' | 'withdraw';
  asset: string;
  network: Network;
  address: string;
  memo: string | null;
  amount: string;
  fee: string;
  status: CoinRecordView['status'];
  tx_hash: string | null;
  confirmations_required: number;
  since: Date | null;
  created_at: Date;
  completed_at: Date | null;
}

/**
 * The coin records of a user with the filters of the records page (spec §4 fund states): the one query the
 * page reads, as `from … where …` with its parameters ($1–$6). Rows sort newest first, then withdrawals before
 * deposits, then by id (the order `coinRecordBatch` merges the export in); record ids (`D<id>`, `W<id>`) are
 * unique across the two tables.
 */
export function coinRecordSource(userId: number, filter: CoinRecordFilter, now: Date): { from: string; where: string; params: unknown[] } {
  const { since, until } = timeWindow(filter, now);
  return {
    from: `(
      select 'D' || id as record_id, 'deposit' as type, id, asset, network, address, null::text as memo, amount, 0::numeric as fee,
        status, tx_hash, confirmations_required, seen_at as since, created_at, completed_at
      from wallet_deposits where user_id = $1 and kind = 'coin'
      union all
      select 'W' || id, 'withdraw', id, asset, network, address, memo, amount, fee, status, tx_hash, confirmations_required,
        broadcast_at, created_at, completed_at
      from wallet_withdrawals where user_id = $1 and kind = 'coin' and status <> 'unconfirmed'
    ) r`,
    // A record id names one record (the id the page shows and the messages quote): the other conditions do not apply.
    where: `case when $7::text is null
      then created_at >= $2 and created_at < $6 and ($3::text is null or asset = $3) and ($4::text is null or status = $4) and ($5::text is null or type = $5)
      else record_id = $7 end`,
    params: [userId, since, filter.asset ?? null, filter.status ?? null, filter.type ?? null, until, filter.recordId ?? null],
  };
}

/** Where an export has got to in each table: the last (created_at, id) it wrote. */
export interface RecordCursor {
  deposit: { createdAt: Date; id: string } | null;
  withdraw: { createdAt: Date; id: string } | null;
}

type BatchRow = CoinRecordRow & { id: string };

/**
 * The next `limit` records after `cursor`, newest first, for the export: each table is read on its own index
 * (user, kind, created_at, id) from its own cursor, and the two sorted runs are merged here, so a batch costs
 * what it returns however many records the user has (one query over the union would sort them all each time).
 */
export async function coinRecordBatch(
  db: Queryable,
  userId: number,
  filter: CoinRecordFilter,
  now: Date,
  cursor: RecordCursor,
  limit: number,
): Promise<{ rows: CoinRecordRow[]; cursor: RecordCursor; done: boolean }> {
  const { since, until } = timeWindow(filter, now);
  const read = (type: 'deposit' | 'withdraw'): Promise<BatchRow[]> => {
    if (filter.type && filter.type !== type) return Promise.resolve([]);
    const at = cursor[type];
    const table =
      type === 'deposit'
        ? `select id, 'D' || id as record_id, 'deposit' as type, asset, network, address, null::text as memo, amount::text as amount, '0' as fee,
             status, tx_hash, confirmations_required, seen_at as since, created_at, completed_at
           from wallet_deposits where user_id = $1 and kind = 'coin'`
        : `select id, 'W' || id as record_id, 'withdraw' as type, asset, network, address, memo, amount::text as amount, fee::text as fee,
             status, tx_hash, confirmations_required, broadcast_at as since, created_at, completed_at
           from wallet_withdrawals where user_id = $1 and kind = 'coin' and status <> 'unconfirmed'`;
    return db.query<BatchRow>(
      `${table} and created_at >= $2 and created_at < $8 and ($3::text is null or asset = $3) and ($4::text is null or status = $4)
         and ($5::timestamptz is null or (created_at, id) < ($5::timestamptz, $6::bigint))
       order by created_at desc, id desc limit $7`,
      [userId, since, filter.asset ?? null, filter.status ?? null, at?.createdAt ?? null, at?.id ?? null, limit, until],
    );
  };
  const [deposits, withdrawals] = [await read('deposit'), await read('withdraw')];
  const rows: BatchRow[] = [];
  let d = 0;
  let w = 0;
  while (rows.length < limit && (d < deposits.length || w < withdrawals.length)) {
    const a = deposits[d];
    const b = withdrawals[w];
    // Newest first; at the same instant withdrawals before deposits (the page's order: type desc).
    const takeDeposit = !b || (a !== undefined && a.created_at > b.created_at);
    rows.push(takeDeposit ? deposits[d++]! : withdrawals[w++]!);
  }
  const lastOf = (type: 'deposit' | 'withdraw') => {
    const last = rows.findLast((r) => r.type === type);
    return last ? { createdAt: last.created_at, id: last.id } : cursor[type];
  };
  return { rows, cursor: { deposit: lastOf('deposit'), withdraw: lastOf('withdraw') }, done: rows.length < limit };
}

export const COIN_RECORD_COLUMNS = `record_id, type, asset, network, address, memo, amount::text as amount, fee::text as fee, status, tx_hash,
  confirmations_required, since, created_at, completed_at`;

export function coinRecordView(r: CoinRecordRow, now: Date): CoinRecordView {
  return {
    ...columns(r, ['record_id', 'type', 'asset', 'network', 'address', 'memo']),
    ...columns(r, ['amount', 'fee'], decimalText),
    ...columns(r, ['status', 'tx_hash']),
    confirmations:
      r.status === 'deposit_complete' || r.status === 'withdraw_complete'
        ? r.confirmations_required
        : confirmationsAt(r.network, r.since, r.confirmations_required, now),
    confirmationsRequired: r.confirmations_required,
    createdAt: r.created_at.toISOString(),
    completedAt: r.completed_at?.toISOString() ?? null,
  };
}

/** The coin records page: deposits and withdrawals, newest first, with spec §4 fund states. */
export function recordHandlers(ctx: ApiContext): Pick<Handlers<WalletCalls>, '/account/block/pageBlockDepositWithdraw'> {
  return {
    '/account/block/pageBlockDepositWithdraw': async ({ body, auth }) => {
      await sweep(ctx);
      const now = nowDate(ctx);
      const filter = body.queryCondition ?? {};
      const { pageNum, pageSize } = body.pageCondition;
      // In time order, and for one record id, a page is read per table on its index (coin-page.ts); by amount, the union.
      const byTime = body.sort?.field !== 'amount' || filter.recordId !== undefined;
      const { rows, total } = byTime
        ? await coinRecordPage(ctx.db, auth.user.id, filter, now, body.sort?.order ?? 'desc', body.pageCondition)
        : await pageQuery<CoinRecordRow>(
            ctx.db,
            { select: COIN_RECORD_COLUMNS, ...coinRecordSource(auth.user.id, filter, now), order: recordOrder(body.sort, 'amount', 'type, id') },
            body.pageCondition,
          );
      return { list: rows.map((r) => coinRecordView(r, now)), total, pageNum, pageSize };
    },
  };
}
