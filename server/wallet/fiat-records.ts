import type { ReplyOf } from '../../contract/call.ts';
import type { FiatCalls } from '../../contract/fiat.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { decimalText } from '../platform/decimal.ts';
import { columns } from '../platform/rows.ts';
import { pageQuery, recordOrder } from '../platform/records.ts';
import { timeWindow } from '../platform/time-window.ts';
import type { Queryable } from '../platform/db/client.ts';
import { walletRecordPage, type WalletRecordFilter } from './coin-page.ts';

export type FiatRecordReply = ReplyOf<FiatCalls['/account/block/submitBlockFiatDeposit']>;

export interface RecordRow {
  record_id: string;
  type: 'deposit' | 'withdraw';
  asset: string;
  amount: string;
  fee: string;
  status: FiatRecordReply['status'];
  reference: string | null;
  bank_reference: string | null;
  beneficiary: string | null;
  bank_name: string | null;
  account_number: string | null;
  created_at: Date;
  completed_at: Date | null;
}

export function recordView(row: RecordRow): FiatRecordReply {
  return {
    ...columns(row, ['record_id', 'type', 'asset']),
    ...columns(row, ['amount', 'fee'], decimalText),
    ...columns(row, ['status', 'reference', 'bank_reference', 'beneficiary', 'bank_name', 'account_number']),
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

/** The fiat records of a user, both kinds, newest first (one query for the page; `$1` user). */
export const recordSource = `(
  select 'FD' || d.id as record_id, 'deposit' as type, d.id, d.asset, d.amount, 0::numeric as fee, d.status, d.reference,
    d.bank_reference, null::text as beneficiary, null::text as bank_name, null::text as account_number, d.created_at, d.completed_at
  from wallet_deposits d where d.user_id = $1 and d.kind = 'fiat'
  union all
  select 'FW' || w.id, 'withdraw', w.id, w.asset, w.amount, w.fee, w.status, null, null, b.beneficiary, b.bank_name, b.account_number,
    w.created_at, w.completed_at
  from wallet_withdrawals w join address_book b on b.id = w.address_book_id
  where w.user_id = $1 and w.kind = 'fiat' and w.status <> 'unconfirmed'
) r`;

/** The fiat records' rows by id (coin-page.ts walletRecordPage): `$1` deposit ids, `$2` withdrawal ids. */
const RECORDS_BY_ID = `
  select 'FD' || d.id as record_id, 'deposit' as type, d.id, d.asset, d.amount::text as amount, '0' as fee, d.status, d.reference,
    d.bank_reference, null::text as beneficiary, null::text as bank_name, null::text as account_number, d.created_at, d.completed_at
  from wallet_deposits d where d.id = any($1::bigint[])
  union all
  select 'FW' || w.id, 'withdraw', w.id, w.asset, w.amount::text, w.fee::text, w.status, null, null, b.beneficiary, b.bank_name, b.account_number,
    w.created_at, w.completed_at
  from wallet_withdrawals w join address_book b on b.id = w.address_book_id where w.id = any($2::bigint[])`;

/** A page of the fiat records in time order, or the one record a record id names: read per table (coin-page.ts). */
export function fiatRecordPage(
  db: Queryable,
  userId: number,
  filter: WalletRecordFilter,
  now: Date,
  order: 'asc' | 'desc',
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: RecordRow[]; total: number }> {
  return walletRecordPage<RecordRow>(db, 'fiat', RECORDS_BY_ID, userId, filter, now, order, page);
}

/** The fiat records page: deposits and withdrawals of one kind, in a spec §9 time range. */
export function fiatRecordHandlers(ctx: ApiContext): Pick<Handlers<FiatCalls>, '/account/block/fiat/pageTransaction'> {
  return {
    '/account/block/fiat/pageTransaction': async ({ body, auth }) => {
      const q = body.queryCondition;
      const now = nowDate(ctx);
      const { pageNum, pageSize } = body.pageCondition;
      // In time order, and for one record id, the page is read per table on its index (coin-page.ts); by amount, the union.
      if (body.sort?.field !== 'amount' || q.recordId !== undefined) {
        const { rows, total } = await fiatRecordPage(ctx.db, auth.user.id, q, now, body.sort?.order ?? 'desc', body.pageCondition);
        return { list: rows.map(recordView), total, pageNum, pageSize };
      }
      const { since, until } = timeWindow(q, now);
      const where = `type = $2 and created_at >= $3 and created_at < $6 and ($4::text is null or asset = $4) and ($5::text is null or status = $5)`;
      const params = [auth.user.id, q.type, since, q.asset ?? null, q.status ?? null, until];
      const { rows, total } = await pageQuery<RecordRow>(
        ctx.db,
        {
          select: `record_id, type, asset, amount::text as amount, fee::text as fee, status, reference, bank_reference, beneficiary, bank_name,
            account_number, created_at, completed_at`,
          from: recordSource,
          where,
          order: recordOrder(body.sort),
          params,
        },
        body.pageCondition,
      );
      return { list: rows.map(recordView), total, pageNum, pageSize };
    },
  };
}
