import { PROFIT_ASSET } from '../../contract/broker-profit-rules.ts';
import type { Operation } from '../identity/operations.ts';
import { D, type Dec } from '../platform/decimal.ts';
import type { ApplicationRow } from './applications.ts';
import type { ProfitApplicationRow } from './profit/applications.ts';
import type { Planned } from './profit/plan.ts';

/**
 * What a broker money code approves (server/identity/operations.ts; server/broker/README.md "Second factor"): a
 * withdrawal application by its request id AND its content (the source, the amount, the whitelisted address), a
 * decision by the one application it decides, a profit withdrawal or allocation by its request id and its plan.
 * A code sent for one confirms no other. Amounts are canonical (`1.50` and `1.5` are one amount).
 */

/** A withdrawal application (fundTransfer/apply, type withdraw), before its row exists: its request id and content. */
export function brokerWithdrawOperation(
  requestId: string,
  body: { fromAccountId: string; fromWallet: string; asset: string },
  checked: { amount: Dec; fee: Dec; address: { id: string; network: string; address: string; memo: string | null } | null },
): Operation {
  const amount = checked.amount.toFixed();
  return {
    kind: 'brokerWithdraw',
    title: `a withdrawal application of ${amount} ${body.asset} from sub-account ${body.fromAccountId}`,
    fields: [
      ['Request id', requestId],
      ['From sub-account', body.fromAccountId],
      ['Wallet', body.fromWallet],
      ['Amount', amount],
      ['Asset', body.asset],
      ['Fee', checked.fee.toFixed()],
      ['Whitelisted address id', checked.address?.id ?? null],
      ['Network', checked.address?.network ?? null],
      ['Address', checked.address?.address ?? null],
      ['Memo', checked.address?.memo ?? null],
    ],
  };
}

/** Approving one transfer or withdrawal application (fundTransfer/approve): its id and what it moves. */
export function applicationDecisionOperation(row: ApplicationRow): Operation {
  const amount = new D(row.amount).toFixed();
  return {
    kind: 'brokerApproveApplication',
    title: `approving application ${row.id}: a ${row.type} of ${amount} ${row.asset}`,
    fields: [
      ['Application id', row.id],
      ['Type', row.type],
      ['From sub-account', `${row.from_account_id} (${row.from_name}) / ${row.from_wallet}`],
      ['Amount', amount],
      ['Asset', row.asset],
      ['To sub-account', row.to_account_id ? `${row.to_account_id} (${row.to_name ?? ''}) / ${row.to_wallet ?? ''}` : null],
      ['Network', row.network],
      ['Address', row.address],
      ['Memo', row.memo],
    ],
  };
}

/** Approving one profit application (profitAccrual/approve): its id and what it moves. */
export function profitDecisionOperation(row: ProfitApplicationRow): Operation {
  const amount = new D(row.amount).toFixed();
  return {
    kind: 'brokerApproveProfit',
    title: `approving profit application ${row.id}: a ${row.type} of ${amount} ${row.asset} (project ${row.project_no})`,
    fields: [
      ['Application id', row.id],
      ['Project', row.project_no],
      ['Type', row.type],
      ['Amount', amount],
      ['Asset', row.asset],
    ],
  };
}

/** A profit withdrawal or allocation (project/addExtractInferiorRecord, profitAccrual/apply): its request id and plan. */
export function profitPlanOperation(requestId: string, plan: Planned): Operation {
  const amount = plan.amount.toFixed();
  return {
    kind: plan.type === 'allot' ? 'brokerProfitAllot' : 'brokerProfitWithdraw',
    title: `a profit ${plan.type === 'allot' ? 'allocation' : 'withdrawal'} of ${amount} ${PROFIT_ASSET} from project ${plan.project.project_no}`,
    fields: [
      ['Request id', requestId],
      ['Project', plan.project.project_no],
      ['Amount', amount],
      ['Asset', PROFIT_ASSET],
      ['Split', plan.allotMode],
      ...plan.legs.map((leg, i) => [`To sub-account ${i + 1}`, `${leg.account.id} (${leg.account.name}): ${leg.amount.toFixed()}`] as const),
    ],
  };
}
