import type { Static } from 'typebox';
import type { BrokerExchange, BrokerWallet } from '../../contract/broker-rules.ts';
import type { PageSize } from '../../contract/rules.ts';
import type { BillRecord, BrokerFundCalls, CapitalRecord, OperationRecord } from '../../contract/broker-funds.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import type { Queryable } from '../platform/db/client.ts';
import { D } from '../platform/decimal.ts';
import { pageQuery } from '../platform/records.ts';
import { accountOf, checkIdRange, subAccountRef } from './accounts.ts';
import { APPLICATION_COLUMNS, APPLICATION_FROM, type ApplicationRow, applicationOf, applicationView, settleApproved } from './applications.ts';
import { type ListQuery, orgList, orgWhere, type TimeFilter } from './lists.ts';
import { brokerMember } from './org.ts';
import { plain } from './valuation.ts';

/**
 * The records of the broker's money (spec §4 "Broker states", operation log types): applications
 * (transfer/pageBrokerTransferRecord), the operation log (pageBrokerFinancingAction), the asset flow
 * (pageBrokerCapitalRecord, its sums and one record's detail) and the deposit-withdraw records (account/bill/page).
 * Each list is one query builder (`*Query`), shared with its export (fund-export.ts), so an export's rows are the
 * page's rows for the same filters. Only the caller's organisation's rows are ever read; a named sub-account of another
 * organisation is 404.
 */

export type OperationFilter = { operationType?: string | undefined; brokerAccountId?: string | undefined; exchangeCode?: string | undefined; asset?: string | undefined } & TimeFilter;
export type BillFilter = { type?: string | undefined; status?: string | undefined; brokerAccountId?: string | undefined; exchangeCode?: string | undefined; asset?: string | undefined } & TimeFilter;

export function operationQuery(orgId: string, f: OperationFilter, now: Date): ListQuery {
  return orgList(orgId, f, {
    org: 'o.org_id = $1',
    on: { operationType: 'o.operation_type = ?', brokerAccountId: 'o.account_id = ?', exchangeCode: 'a.exchange_code = ?', asset: 'o.asset = ?' },
    time: { column: 'o.created_at', now },
    select: `o.id::text as id, o.operation_type, o.application_id::text as application_id, u.email as operator, o.account_id::text as account_id,
      a.exchange_code, a.name as account_name, o.counterparty, o.asset, o.amount::text as amount, o.fee::text as fee, o.remark, o.created_at`,
    from: 'broker_operations o join users u on u.id = o.operator_id left join broker_accounts a on a.id = o.account_id',
    order: 'o.created_at desc, o.id desc',
  });
}

export interface OperationRow {
  id: string;
  operation_type: Static<typeof OperationRecord>['operationType'];
  application_id: string | null;
  operator: string;
  account_id: string | null;
  exchange_code: BrokerExchange | null;
  account_name: string | null;
  counterparty: string | null;
  asset: string;
  amount: string;
  fee: string;
  remark: string;
  created_at: Date;
}

export const operationView = (r: OperationRow): Static<typeof OperationRecord> => ({
  id: r.id,
  operationType: r.operation_type,
  applicationId: r.application_id,
  operator: r.operator,
  ...subAccountRef(r),
  counterparty: r.counterparty,
  asset: r.asset,
  amount: plain(r.amount),
  fee: plain(r.fee),
  remark: r.remark,
  createdAt: r.created_at.toISOString(),
});

/**
 * Deposits (the ledger's `broker_deposit` transactions, one row per sub-account and asset) and withdrawal
 * applications, as one list: the union is a subquery `r`, filtered on its columns.
 */
export function billQuery(orgId: string, f: BillFilter, now: Date): ListQuery {
  const from = `(
    select 'D' || t.id || '-' || p.broker_account_id || '-' || p.asset as record_id, 'deposit' as type, p.broker_account_id as account_id,
      a.exchange_code, a.name as account_name, p.broker_wallet as wallet, p.asset, null::text as network, null::text as address,
      sum(p.amount) as amount, 0::numeric as fee, 'deposit_complete' as status, t.created_at, t.created_at as completed_at, t.id as sort_id
    from ledger_transactions t join ledger_postings p on p.tx_id = t.id join broker_accounts a on a.id = p.broker_account_id
    where t.kind = 'broker_deposit' and a.org_id = $1
    group by t.id, p.broker_account_id, a.exchange_code, a.name, p.broker_wallet, p.asset, t.created_at
    union all
    select 'W' || x.id, 'withdraw', x.from_account_id, a.exchange_code, a.name, x.from_wallet, x.asset, x.network, x.address, x.amount, x.fee,
      case x.status when 'done' then 'withdraw_complete' when 'rejected' then 'cancelled' else 'withdraw_pending' end,
      x.created_at, x.completed_at, x.id
    from broker_applications x join broker_accounts a on a.id = x.from_account_id
    where x.type = 'withdraw' and x.org_id = $1
  ) r`;
  return orgList(orgId, f, {
    org: 'true',
    on: { type: 'r.type = ?', status: 'r.status = ?', brokerAccountId: 'r.account_id = ?', exchangeCode: 'r.exchange_code = ?', asset: 'r.asset = ?' },
    time: { column: 'r.created_at', now },
    select: `r.record_id, r.type, r.account_id::text as account_id, r.exchange_code, r.account_name, r.wallet, r.asset, r.network, r.address,
      r.amount::text as amount, r.fee::text as fee, r.status, r.created_at, r.completed_at`,
    from,
    order: 'r.created_at desc, r.record_id desc',
  });
}

export interface BillRow {
  record_id: string;
  type: 'deposit' | 'withdraw';
  account_id: string;
  exchange_code: BrokerExchange;
  account_name: string;
  wallet: BrokerWallet;
  asset: string;
  network: string | null;
  address: string | null;
  amount: string;
  fee: string;
  status: Static<typeof BillRecord>['status'];
  created_at: Date;
  completed_at: Date | null;
}

export const billView = (r: BillRow): Static<typeof BillRecord> => ({
  recordId: r.record_id,
  type: r.type,
  ...subAccountRef(r),
  wallet: r.wallet,
  asset: r.asset,
  network: r.network,
  address: r.address,
  amount: plain(r.amount),
  fee: plain(r.fee),
  status: r.status,
  createdAt: r.created_at.toISOString(),
  completedAt: r.completed_at?.toISOString() ?? null,
});

/** The applications' filters are the deposit-withdraw records' fields. */
type TransferFilter = BillFilter;

/** The applications (transfer/pageBrokerTransferRecord): a named sub-account is either side of a transfer. */
function transferQuery(orgId: string, f: TransferFilter, now: Date): ListQuery {
  return orgList(orgId, f, {
    org: 'x.org_id = $1',
    on: { type: 'x.type = ?', status: 'x.status = ?', brokerAccountId: '(x.from_account_id = ? or x.to_account_id = ?)', exchangeCode: 'fa.exchange_code = ?', asset: 'x.asset = ?' },
    time: { column: 'x.created_at', now },
    select: APPLICATION_COLUMNS,
    from: APPLICATION_FROM,
    order: 'x.created_at desc, x.id desc',
  });
}

type CapitalFilter = { brokerAccountId?: string | undefined; exchangeCode?: string | undefined; wallet?: string | undefined; asset?: string | undefined; kind?: string | undefined } & TimeFilter;

/** The asset flow: the broker postings of one transaction grouped by sub-account, wallet and asset. */
function capitalQuery(orgId: string, f: CapitalFilter, now: Date): ListQuery {
  const w = orgWhere(
    orgId,
    'a.org_id = $1',
    f,
    { brokerAccountId: 'p.broker_account_id = ?', exchangeCode: 'a.exchange_code = ?', wallet: 'p.broker_wallet = ?', asset: 'p.asset = ?', kind: 't.kind = ?' },
    { column: 't.created_at', now },
  );
  const from = `(
    select t.id as tx_id, p.broker_account_id as account_id, a.exchange_code, a.name as account_name, p.broker_wallet as wallet, p.asset,
      t.kind, t.ref, t.created_at, sum(p.amount) as amount,
      coalesce(sum(p.amount) filter (where p.bucket = 'free'), 0) as free_change,
      coalesce(sum(p.amount) filter (where p.bucket = 'locked'), 0) as locked_change
    from ledger_postings p join ledger_transactions t on t.id = p.tx_id join broker_accounts a on a.id = p.broker_account_id
    where p.broker_account_id is not null and ${w.sql}
    group by t.id, p.broker_account_id, a.exchange_code, a.name, p.broker_wallet, p.asset, t.kind, t.ref, t.created_at
  ) r`;
  return {
    select: `r.tx_id::text as tx_id, r.account_id::text as account_id, r.exchange_code, r.account_name, r.wallet, r.asset, r.kind, r.ref,
      r.created_at, r.amount::text as amount, r.free_change::text as free_change, r.locked_change::text as locked_change`,
    from,
    where: 'true',
    order: 'r.created_at desc, r.tx_id desc, r.account_id, r.wallet, r.asset',
    params: w.params,
  };
}

interface CapitalRow {
  tx_id: string;
  account_id: string;
  exchange_code: BrokerExchange;
  account_name: string;
  wallet: BrokerWallet;
  asset: string;
  kind: string;
  ref: string | null;
  created_at: Date;
  amount: string;
  free_change: string;
  locked_change: string;
}

const applicationIdOf = (ref: string | null) => (ref?.startsWith('broker_application:') ? ref.slice('broker_application:'.length) : null);
const signed = (v: string) => plain(new D(v));

const capitalView = (r: CapitalRow): Static<typeof CapitalRecord> => ({
  recordId: `${r.tx_id}-${r.account_id}-${r.wallet}-${r.asset}`,
  kind: r.kind,
  ...subAccountRef(r),
  wallet: r.wallet,
  asset: r.asset,
  amount: signed(r.amount),
  freeChange: signed(r.free_change),
  lockedChange: signed(r.locked_change),
  applicationId: applicationIdOf(r.ref),
  createdAt: r.created_at.toISOString(),
});

/** A filter naming a sub-account: it must be the organisation's (404 otherwise, as a missing one). */
export async function checkAccountFilter(db: Queryable, orgId: string, accountId: string | undefined): Promise<void> {
  if (accountId !== undefined) await accountOf(db, orgId, accountId);
}

type ListHandlers = Pick<
  Handlers<BrokerFundCalls>,
  | '/broker/transfer/pageBrokerTransferRecord'
  | '/broker/pageBrokerCapitalRecord'
  | '/broker/queryBrokerCapitalInfo'
  | '/broker/queryBrokerCapitalRecordDetail'
  | '/broker/account/bill/page'
  | '/broker/pageBrokerFinancingAction'
>;

export function brokerFundLists(ctx: ApiContext): ListHandlers {
  const member = (userId: number) => brokerMember(ctx.db, userId);
  /** One page of a list: the organisation's rows for the filters (a named sub-account must be the organisation's). */
  const listPage = async <F extends { brokerAccountId?: string | undefined }, R, V>(
    userId: number,
    body: { pageCondition: { pageNum: number; pageSize: PageSize }; queryCondition?: F | undefined },
    query: (orgId: string, filter: F, now: Date) => ListQuery,
    view: (row: R) => V,
    settle = false,
  ) => {
    const { orgId } = await member(userId);
    const f = body.queryCondition ?? ({} as F);
    await checkAccountFilter(ctx.db, orgId, f.brokerAccountId);
    if (settle) await settleApproved(ctx, orgId);
    const { rows, total } = await pageQuery<R>(ctx.db, query(orgId, f, nowDate(ctx)), body.pageCondition);
    return { list: rows.map(view), total, ...body.pageCondition };
  };
  return {
    '/broker/transfer/pageBrokerTransferRecord': async ({ body, auth }) => listPage(auth.user.id, body, transferQuery, (r: ApplicationRow) => applicationView(r, auth.user.id), true),
    '/broker/pageBrokerFinancingAction': async ({ body, auth }) => listPage(auth.user.id, body, operationQuery, operationView),
    '/broker/account/bill/page': async ({ body, auth }) => listPage(auth.user.id, body, billQuery, billView, true),
    '/broker/pageBrokerCapitalRecord': async ({ body, auth }) => listPage(auth.user.id, body, capitalQuery, capitalView),

    '/broker/queryBrokerCapitalInfo': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      await checkAccountFilter(ctx.db, orgId, body.brokerAccountId);
      const q = capitalQuery(orgId, body, nowDate(ctx));
      const sums = await ctx.db.query<{ asset: string; inflow: string; outflow: string; n: number }>(
        `select r.asset, coalesce(sum(r.amount) filter (where r.amount > 0), 0)::text as inflow,
           coalesce(-sum(r.amount) filter (where r.amount < 0), 0)::text as outflow, count(*)::int as n
         from ${q.from} group by r.asset order by r.asset`,
        q.params,
      );
      const held = await ctx.db.query<{ asset: string; held: string; n: number }>(
        `select x.asset, sum(x.amount)::text as held, count(*)::int as n from broker_applications x join broker_accounts a on a.id = x.from_account_id
         where x.org_id = $1 and x.status = 'applying' and ($2::bigint is null or x.from_account_id = $2) and ($3::text is null or a.exchange_code = $3)
           and ($4::text is null or x.from_wallet = $4) and ($5::text is null or x.asset = $5)
         group by x.asset`,
        [orgId, body.brokerAccountId ?? null, body.exchangeCode ?? null, body.wallet ?? null, body.asset ?? null],
      );
      const assets = [...new Set([...sums.map((s) => s.asset), ...held.map((h) => h.asset)])].sort();
      return {
        records: sums.reduce((n, s) => n + s.n, 0),
        assets: assets.map((asset) => {
          const s = sums.find((x) => x.asset === asset);
          return { asset, inflow: plain(s?.inflow ?? '0'), outflow: plain(s?.outflow ?? '0'), held: plain(held.find((h) => h.asset === asset)?.held ?? '0') };
        }),
        applying: held.reduce((n, h) => n + h.n, 0),
      };
    },

    '/broker/queryBrokerCapitalRecordDetail': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const [txId, accountId, wallet, asset] = body.recordId.split('-') as [string, string, BrokerWallet, string];
      checkIdRange(txId, 'recordId');
      checkIdRange(accountId, 'recordId');
      const q = capitalQuery(orgId, { brokerAccountId: accountId, wallet, asset }, nowDate(ctx));
      const rows = await ctx.db.query<CapitalRow>(`select ${q.select} from ${q.from} where r.tx_id = $${q.params.length + 1}`, [...q.params, txId]);
      const row = rows[0];
      if (!row) throw new ApiError(Code.notFound, { field: 'recordId' });
      // The transaction's legs on this organisation's sub-accounts, and its provider side (never another organisation's).
      const legs = await ctx.db.query<{ account_id: string; name: string; wallet: BrokerWallet; bucket: 'free' | 'locked'; asset: string; amount: string }>(
        `select p.broker_account_id::text as account_id, a.name, p.broker_wallet as wallet, p.bucket, p.asset, p.amount::text as amount
         from ledger_postings p join broker_accounts a on a.id = p.broker_account_id where p.tx_id = $1 and a.org_id = $2 order by p.id`,
        [txId, orgId],
      );
      const providers = await ctx.db.query<{ provider_account: string; asset: string; amount: string }>(
        'select provider_account, asset, amount::text as amount from ledger_postings where tx_id = $1 and provider_account is not null order by id',
        [txId],
      );
      const appId = applicationIdOf(row.ref);
      return {
        record: capitalView(row),
        legs: legs.map((l) => ({ brokerAccountId: l.account_id, subAccountName: l.name, wallet: l.wallet, bucket: l.bucket, asset: l.asset, amount: signed(l.amount) })),
        counterparties: providers.map((p) => ({ account: p.provider_account, asset: p.asset, amount: signed(p.amount) })),
        application: appId ? applicationView(await applicationOf(ctx.db, orgId, appId), auth.user.id) : null,
      };
    },
  };
}
