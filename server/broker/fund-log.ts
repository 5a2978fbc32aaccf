import type Decimal from 'decimal.js';
import { BROKER_EXPORT_TIME_ZONE, OPERATION_KIND_OF } from '../../contract/broker-funds-rules.ts';
import zh from '../../locales/zh-HK/broker-export.json' with { type: 'json' };
import type { ApiContext } from '../platform/context.ts';
import { writeOutbox } from '../identity/outbox.ts';
import type { Queryable } from '../platform/db/client.ts';
import { D, db as dbAmount } from '../platform/decimal.ts';
import { zonedFormatter } from '../platform/xlsx.ts';
import type { ApplicationRow } from './applications.ts';
import { plain } from './valuation.ts';

/** The organisation's operation log and its notification e-mails: what every money step of the broker leaves behind. */

interface OperationInput {
  orgId: string;
  type: string;
  applicationId: string | null;
  operatorId: number;
  accountId: string | null;
  counterparty: string | null;
  asset: string;
  amount: Decimal | string;
  fee?: Decimal | string;
  remark?: string;
}

/** One operation log row, in the caller's transaction (spec §4 operation log types). */
export async function logOperation(tx: Queryable, op: OperationInput, at: Date): Promise<void> {
  await tx.query(
    `insert into broker_operations (org_id, operation_type, application_id, operator_id, account_id, counterparty, asset, amount, fee, remark, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [op.orgId, op.type, op.applicationId, op.operatorId, op.accountId, op.counterparty, op.asset, dbAmount(new D(op.amount)), dbAmount(new D(op.fee ?? 0)), op.remark ?? '', at],
  );
}

/** The operation log row of a decision on an application (spec §4 `<kind>_approved` / `<kind>_rejected`). */
export function logDecision(tx: Queryable, row: ApplicationRow, outcome: 'approved' | 'rejected', operatorId: number, remark: string, at: Date): Promise<void> {
  return logOperation(
    tx,
    {
      orgId: row.org_id,
      type: `${OPERATION_KIND_OF[row.type]}_${outcome}`,
      applicationId: row.id,
      operatorId,
      accountId: row.from_account_id,
      counterparty: row.type === 'transfer' ? `${row.to_name}/${row.to_wallet}` : `${row.address_name} (${row.network})`,
      asset: row.asset,
      amount: row.amount,
      fee: row.fee,
      remark,
    },
    at,
  );
}

/**
 * The organisation's notification e-mails (messageConfig/*, confirmed and subscribed to the event): `application`
 * when a member applies, `decision` when an application is approved or rejected. Written to the outbox in the
 * action's own transaction, in zh-HK (locales/zh-HK/broker-export.json `notify`).
 */
export async function notifyMembers(ctx: ApiContext, tx: Queryable, row: ApplicationRow, event: 'application' | 'decision', outcome: 'approved' | 'rejected' | null, at: Date): Promise<void> {
  const targets = await tx.query<{ email_lower: string }>(
    `select email_lower from broker_message_configs where org_id = $1 and status = 'active' and deleted_at is null and $2 = any(events) order by id`,
    [row.org_id, event],
  );
  if (targets.length === 0) return;
  const n = zh.notify;
  const values = {
    type: n.types[row.type],
    amount: plain(row.amount),
    asset: row.asset,
    applicant: row.applicant,
    approver: row.approver ?? '',
    outcome: outcome ? n.outcomes[outcome] : '',
    time: zonedFormatter(BROKER_EXPORT_TIME_ZONE).time(at),
    from: `${row.from_name}/${row.from_wallet}`,
    to: row.type === 'transfer' ? `${row.to_name}/${row.to_wallet}` : `${row.address_name} (${row.network})`,
    id: row.id,
  };
  const fill = (template: string) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k as keyof typeof values] ?? ''));
  const text = event === 'application' ? n.application : n.decision;
  for (const target of targets) {
    await writeOutbox(ctx, tx, { channel: 'email', destination: target.email_lower, businessType: event === 'application' ? 'brokerApplication' : 'brokerDecision', subject: fill(text.subject), body: fill(text.body), userId: null });
  }
}
