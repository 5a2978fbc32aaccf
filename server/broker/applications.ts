import type { Static } from 'typebox';
import type { BrokerExchange, BrokerWallet } from '../../contract/broker-rules.ts';
import { type ApplicationType, OPERATION_KIND_OF } from '../../contract/broker-funds-rules.ts';
import type { Application } from '../../contract/broker-funds.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Queryable } from '../platform/db/client.ts';
import { D } from '../platform/decimal.ts';
import { checkIdRange } from './accounts.ts';
import { type OrgRow, orgRowOf } from './lists.ts';
import { plain } from './valuation.ts';

/**
 * Broker applications (migration 027; funds.ts): the row as the lists and the decisions read it, and its reply view.
 */

type ApplicationView = Static<typeof Application>;

export interface ApplicationRow {
  id: string;
  org_id: string;
  type: ApplicationType;
  status: 'applying' | 'approved' | 'rejected' | 'done';
  exchange_code: BrokerExchange;
  from_account_id: string;
  from_name: string;
  from_wallet: BrokerWallet;
  to_account_id: string | null;
  to_name: string | null;
  to_wallet: BrokerWallet | null;
  asset: string;
  amount: string;
  fee: string;
  address_id: string | null;
  address_type: 'broker' | 'master' | null;
  address_name: string | null;
  network: string | null;
  address: string | null;
  memo: string | null;
  remark: string;
  reject_reason: string | null;
  applicant_id: number;
  applicant: string;
  approver: string | null;
  request_id: string;
  decision_request_id: string | null;
  approver_id: number | null;
  created_at: Date;
  decided_at: Date | null;
  completed_at: Date | null;
}

export const APPLICATION_FROM = `broker_applications x
  join broker_accounts fa on fa.id = x.from_account_id
  left join broker_accounts ta on ta.id = x.to_account_id
  join users au on au.id = x.applicant_id
  left join users pu on pu.id = x.approver_id`;

export const APPLICATION_COLUMNS = `x.id::text as id, x.org_id::text as org_id, x.type, x.status, fa.exchange_code,
  x.from_account_id::text as from_account_id, fa.name as from_name, x.from_wallet, x.to_account_id::text as to_account_id,
  ta.name as to_name, x.to_wallet, x.asset, x.amount::text as amount, x.fee::text as fee, x.address_id::text as address_id,
  x.address_type, x.address_name, x.network, x.address, x.memo, x.remark, x.reject_reason, x.applicant_id, au.email as applicant,
  pu.email as approver, x.request_id, x.decision_request_id, x.approver_id, x.created_at, x.decided_at, x.completed_at`;

export function applicationView(r: ApplicationRow, userId: number): ApplicationView {
  const amount = new D(r.amount);
  const fee = new D(r.fee);
  return {
    ...applicationHead(r, OPERATION_KIND_OF),
    exchangeCode: r.exchange_code,
    fromAccountId: r.from_account_id,
    fromSubAccountName: r.from_name,
    fromWallet: r.from_wallet,
    toAccountId: r.to_account_id,
    toSubAccountName: r.to_name,
    toWallet: r.to_wallet,
    asset: r.asset,
    amount: plain(amount),
    fee: plain(fee),
    receiveAmount: plain(amount.sub(fee)),
    addressId: r.address_id,
    addressName: r.address_name,
    addressType: r.address_type,
    network: r.network,
    address: r.address,
    memo: r.memo,
    ...decisionView(r, userId),
  };
}

/** An application's identity: its id, type and state, and the operation log's kind of its type. */
export function applicationHead<T extends string, K>(r: { id: string; type: T; status: DecisionRow['status'] }, kinds: Readonly<Record<T, K>>) {
  return { applicationId: r.id, type: r.type, status: r.status, operationKind: kinds[r.type] };
}

/** What an application's decision reads of its row (a transfer's or withdrawal's, and a profit application's). */
export interface DecisionRow {
  status: 'applying' | 'approved' | 'rejected' | 'done';
  remark: string;
  reject_reason: string | null;
  applicant_id: number;
  applicant: string;
  approver: string | null;
  created_at: Date;
  decided_at: Date | null;
  completed_at: Date | null;
}

/**
 * An application's maker-checker fields (spec §4 "Broker states"): its remark, who applied and who decided, and
 * whether the caller may decide it (while it is applying, any member but the applicant).
 */
export function decisionView(r: DecisionRow, userId: number) {
  return {
    remark: r.remark,
    rejectReason: r.reject_reason,
    applicant: r.applicant,
    approver: r.approver,
    canDecide: r.status === 'applying' && r.applicant_id !== userId,
    createdAt: r.created_at.toISOString(),
    decidedAt: r.decided_at?.toISOString() ?? null,
    completedAt: r.completed_at?.toISOString() ?? null,
  };
}

/** A broker application as lists.ts orgRowOf reads it. */
export const APPLICATION: OrgRow = { table: 'broker_applications', alias: 'x', key: 'id', columns: APPLICATION_COLUMNS, from: APPLICATION_FROM, field: 'applicationId' };

/** The organisation's application, or 404 (another organisation's is as unknown as a missing one). */
export async function applicationOf(db: Queryable, orgId: string, id: string, lock = false): Promise<ApplicationRow> {
  checkIdRange(id, 'applicationId');
  return orgRowOf<ApplicationRow>(db, APPLICATION, orgId, id, lock);
}

/**
 * Withdrawals approved on chain are done once the chain has confirmed them (the network's confirmations × its block
 * time after approval, on the sandbox clock). Run before the organisation's records are read.
 */
export async function settleApproved(ctx: ApiContext, orgId: string): Promise<void> {
  await ctx.db.query(
    `update broker_applications set status = 'done', completed_at = completes_at
     where org_id = $1 and status = 'approved' and completes_at <= $2`,
    [orgId, nowDate(ctx)],
  );
}

