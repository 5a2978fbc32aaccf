import type { ApiContext } from '../platform/context.ts';
import { timeWindow } from '../platform/time-window.ts';
import { coinRecordBatch, coinRecordView, type CoinRecordFilter, type RecordCursor } from './records.ts';
import type { Queryable } from '../platform/db/client.ts';
import { D, out } from '../platform/decimal.ts';
import { amountCell } from '../platform/xlsx.ts';
import { DIRECTIONS } from '../ledger/ledger.ts';
import { type Cell, EXPORT_BATCH, type ExportSource, type FIAT_STATUSES, fill, rangeText, TEXTS, type WriteJob } from './export-job.ts';
import { ACCOUNT_KIND_OF, type AccountType } from '../../contract/accounts.ts';

/** The export's sources, one per kind: the header texts, the columns, and the rows read in keyset-paged batches. */

export function coinSource(ctx: ApiContext, job: WriteJob): ExportSource {
  const { record, wallet } = TEXTS[job.lang];
  const x = record.export;
  const c = x.columns;
  const all = record.filters.all;
  const filter = job.filter as CoinRecordFilter;
  return {
    title: x.title,
    filters: fill(x.filters, {
      asset: filter.asset ?? all,
      type: filter.type ? record.types[filter.type] : all,
      status: filter.status ? wallet.status[filter.status] : all,
      days: rangeText(job),
    }),
    columns: [c.recordId, c.time, c.type, c.asset, c.network, c.amount, c.fee, c.address, c.memo, c.txHash, c.status, c.confirmations, c.completedAt],
    next: async (cursor) => {
      const batch = await coinRecordBatch(ctx.db, job.userId, filter, job.now, (cursor as RecordCursor | null) ?? { deposit: null, withdraw: null }, EXPORT_BATCH);
      const rows = batch.rows.map((row) => {
        const v = coinRecordView(row, job.now);
        return [
          v.recordId,
          job.zoned.time(row.created_at),
          record.types[v.type],
          v.asset,
          v.network,
          amountCell(v.amount),
          amountCell(v.fee),
          v.address,
          v.memo ?? '',
          v.txHash ?? '',
          wallet.status[v.status],
          v.confirmations,
          row.completed_at ? job.zoned.time(row.completed_at) : '',
        ];
      });
      return { rows, cursor: batch.cursor, done: batch.done };
    },
  };
}

interface Keyset {
  createdAt: Date;
  id: string;
}

/** One table read newest first on (created_at, id), `EXPORT_BATCH` rows after the keyset at a time. */
async function keysetBatch<R extends { id: string; created_at: Date }>(
  db: Queryable,
  sql: string,
  params: unknown[],
  cursor: unknown,
): Promise<{ rows: R[]; cursor: Keyset | null; done: boolean }> {
  const at = cursor as Keyset | null;
  const n = params.length;
  const rows = await db.query<R>(
    `${sql} and ($${n + 1}::timestamptz is null or (created_at, id) < ($${n + 1}::timestamptz, $${n + 2}::bigint))
     order by created_at desc, id desc limit $${n + 3}`,
    [...params, at?.createdAt ?? null, at?.id ?? null, EXPORT_BATCH],
  );
  const last = rows.at(-1);
  return { rows, cursor: last ? { createdAt: last.created_at, id: String(last.id) } : at, done: rows.length < EXPORT_BATCH };
}

export function fiatSource(ctx: ApiContext, job: WriteJob, type: 'deposit' | 'withdraw'): ExportSource {
  const { record, wallet } = TEXTS[job.lang];
  const x = record.export;
  const c = x.columns;
  const kind = type === 'deposit' ? 'fiatDeposit' : 'fiatWithdraw';
  const { since, until } = timeWindow(job.filter, job.now);
  const filterParams = [job.userId, since, until, job.filter.asset ?? null, job.filter.status ?? null];
  const where = `user_id = $1 and kind = 'fiat' and created_at >= $2 and created_at < $3 and ($4::text is null or asset = $4) and ($5::text is null or status = $5)`;
  type Row = { id: string; created_at: Date; completed_at: Date | null; asset: string; amount: string; fee: string; status: (typeof FIAT_STATUSES)[number] } & Record<string, string | null>;
  const status = (s: Row['status']) => wallet.fiat.status[s];
  return {
    title: x.kinds[kind].title,
    filters: fill(x.kinds[kind].filters, { asset: job.filter.asset ?? record.filters.all, status: job.filter.status ? status(job.filter.status as Row['status']) : record.filters.all, days: rangeText(job) }),
    columns:
      type === 'deposit'
        ? [c.recordId, c.time, c.currency, c.sum, c.reference, c.bankReference, c.status, c.completedAt]
        : [c.recordId, c.time, c.currency, c.sum, c.fee, c.beneficiary, c.bank, c.accountNumber, c.status, c.completedAt],
    next: async (cursor) => {
      // Raw ids (bigint) so the keyset's order is numeric; a subquery so the join's columns are unambiguous.
      const sql =
        type === 'deposit'
          ? `select id, created_at, completed_at, asset, amount::text as amount, '0' as fee, status, reference, bank_reference
             from wallet_deposits where ${where}`
          : `select * from (
               select w.id, w.user_id, w.kind, w.created_at, w.completed_at, w.asset, w.amount::text as amount, w.fee::text as fee, w.status,
                 b.beneficiary, b.bank_name, b.account_number
               from wallet_withdrawals w join address_book b on b.id = w.address_book_id where w.status <> 'unconfirmed'
             ) r where ${where}`;
      const batch = await keysetBatch<Row>(ctx.db, sql, filterParams, cursor);
      const rows = batch.rows.map((r): Cell[] =>
        type === 'deposit'
          ? [`FD${String(r.id)}`, job.zoned.time(r.created_at), r.asset, amountCell(out(new D(r.amount))), r['reference'] ?? '', r['bank_reference'] ?? '', status(r.status), r.completed_at ? job.zoned.time(r.completed_at) : '']
          : [
              `FW${String(r.id)}`,
              job.zoned.time(r.created_at),
              r.asset,
              amountCell(out(new D(r.amount))),
              amountCell(out(new D(r.fee))),
              r['beneficiary'] ?? '',
              r['bank_name'] ?? '',
              r['account_number'] ?? '',
              status(r.status),
              r.completed_at ? job.zoned.time(r.completed_at) : '',
            ],
      );
      return { rows, cursor: batch.cursor, done: batch.done };
    },
  };
}

export function transferSource(ctx: ApiContext, job: WriteJob): ExportSource {
  const { record, wallet } = TEXTS[job.lang];
  const x = record.export;
  const c = x.columns;
  const { since, until } = timeWindow(job.filter, job.now);
  const accountName = (type: number) => wallet.accounts[ACCOUNT_KIND_OF[type as AccountType] ?? 'swap'];
  const types = record.transfer.types as Record<string, string>;
  return {
    title: x.kinds.transfer.title,
    filters: fill(x.kinds.transfer.filters, { asset: job.filter.asset ?? record.filters.all, type: job.filter.type ? types[job.filter.type]! : record.filters.all, days: rangeText(job) }),
    columns: [c.transferId, c.time, c.asset, c.amount, c.from, c.to],
    next: async (cursor) => {
      const batch = await keysetBatch<{ id: string; created_at: Date; asset: string; amount: string; direction: string }>(
        ctx.db,
        `select id, created_at, asset, amount::text as amount, direction from trade_transfers
         where user_id = $1 and created_at >= $2 and created_at < $3 and ($4::text is null or asset = $4) and ($5::text is null or direction = $5)`,
        [job.userId, since, until, job.filter.asset ?? null, job.filter.type ?? null],
        cursor,
      );
      const rows = batch.rows.map((r): Cell[] => {
        const [from, to] = DIRECTIONS[r.direction] ?? [0, 0];
        return [String(r.id), job.zoned.time(r.created_at), r.asset, amountCell(out(new D(r.amount))), accountName(from), accountName(to)];
      });
      return { rows, cursor: batch.cursor, done: batch.done };
    },
  };
}

/** record/convert: the user's filled converts (convert_orders), with the page's tab and pair filters. */
export function convertSource(ctx: ApiContext, job: WriteJob): ExportSource {
  const { record } = TEXTS[job.lang];
  const x = record.export;
  const c = x.columns;
  const all = record.filters.all;
  const { since, until } = timeWindow(job.filter, job.now);
  const types = record.convert.types as Record<string, string>;
  return {
    title: x.kinds.convert.title,
    filters: fill(x.kinds.convert.filters, {
      type: job.filter.type ? types[job.filter.type]! : all,
      from: job.filter.fromAsset ?? all,
      to: job.filter.toAsset ?? all,
      days: rangeText(job),
    }),
    columns: [c.orderId, c.time, c.type, c.fromAsset, c.fromAmount, c.toAsset, c.toAmount, c.price, c.spread, c.quoteId],
    next: async (cursor) => {
      const batch = await keysetBatch<{ id: string; created_at: Date; kind: string; from_asset: string; to_asset: string; from_amount: string; to_amount: string; price: string; spread: string; quote_id: string }>(
        ctx.db,
        `select id, created_at, kind, from_asset, to_asset, from_amount::text as from_amount, to_amount::text as to_amount, price::text as price,
           spread::text as spread, quote_id
         from convert_orders
         where user_id = $1 and created_at >= $2 and created_at < $3 and ($4::text is null or kind = $4)
           and ($5::text is null or from_asset = $5) and ($6::text is null or to_asset = $6)`,
        [job.userId, since, until, job.filter.type ?? null, job.filter.fromAsset ?? null, job.filter.toAsset ?? null],
        cursor,
      );
      const rows = batch.rows.map((r): Cell[] => [
        String(r.id),
        job.zoned.time(r.created_at),
        types[r.kind] ?? r.kind,
        r.from_asset,
        amountCell(new D(r.from_amount).toFixed()),
        r.to_asset,
        amountCell(new D(r.to_amount).toFixed()),
        amountCell(new D(r.price).toFixed()),
        `${new D(r.spread).mul(100).toFixed()} %`,
        r.quote_id,
      ]);
      return { rows, cursor: batch.cursor, done: batch.done };
    },
  };
}
