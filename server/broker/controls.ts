import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { type BrokerControlCalls, brokerControlCalls, type ControlKind, type ControlRequest, type ControlState } from '../../contract/broker-controls.ts';
import type { ApiKeyPermission, BrokerExchange, BrokerWallet } from '../../contract/broker-rules.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { type Handlers, serveCalls } from '../platform/contract.ts';
import type { Queryable } from '../platform/db/client.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import type { Operation } from '../identity/operations.ts';
import { accountOf, checkIdRange } from './accounts.ts';
import { checkApproval, checkRejection } from './checker.ts';
import { brokerMember } from './org.ts';
import { unbindAccount } from './sub-accounts.ts';
import { plain } from './valuation.ts';

/**
 * The maker-checker requests that are not money applications (contract/broker-controls.ts; server/broker/README.md
 * "Maker-checker controls"): a pending API key that can move money (keys.ts) and unbinding a sub-account that
 * holds money (sub-accounts.ts). Another member than the applicant decides (10451), under the checker rule
 * (checker.ts: advanced KYC, a bound authenticator, the current Google code; approving also an e-mail code of
 * business type brokerApprove). The request row is locked before its state is read, so of racing decisions one wins
 * (10450 for the others).
 */

type View = Static<typeof ControlRequest>;

interface Row {
  id: string;
  kind: ControlKind;
  status: ControlState;
  account_id: string;
  exchange_code: BrokerExchange;
  account_name: string;
  key_id: string | null;
  api_key: string | null;
  permissions: ApiKeyPermission[] | null;
  applicant_id: number;
  applicant: string;
  approver: string | null;
  reject_reason: string | null;
  created_at: Date;
  decided_at: Date | null;
}

const COLUMNS = `r.id::text as id, r.kind, r.status, r.account_id::text as account_id, a.exchange_code, a.name as account_name,
  r.key_id::text as key_id, k.api_key, k.permissions, r.applicant_id, ua.email as applicant, uc.email as approver, r.reject_reason, r.created_at, r.decided_at`;
const FROM = `broker_control_requests r join broker_accounts a on a.id = r.account_id left join broker_exchange_keys k on k.id = r.key_id
  join users ua on ua.id = r.applicant_id left join users uc on uc.id = r.approver_id`;

export async function requestOf(db: Queryable, orgId: string, id: string, lock = false): Promise<Row> {
  checkIdRange(id, 'approvalId');
  const rows = await db.query<Row>(`select ${COLUMNS} from ${FROM} where r.id = $1 and r.org_id = $2${lock ? ' for update of r' : ''}`, [id, orgId]);
  if (!rows[0]) throw new ApiError(Code.notFound, { field: 'approvalId' });
  return rows[0];
}

/**
 * Approving one API key or unbinding request (control/approve): what a brokerApprove code sent with
 * `operation: { kind: 'approveControl', approvalId }` approves (code-operations.ts), and what its mail lists.
 */
export function controlDecisionOperation(row: Row): Operation {
  const what = row.kind === 'api_key' ? `the API key ${row.api_key ?? ''} (${(row.permissions ?? []).join(', ')})` : 'unbinding the sub-account';
  return {
    kind: 'brokerApproveControl',
    title: `approving request ${row.id}: ${what} of sub-account ${row.account_id}`,
    fields: [
      ['Request id', row.id],
      ['Kind', row.kind],
      ['Sub-account', `${row.account_id} (${row.account_name}) on ${row.exchange_code}`],
      ['API key', row.api_key],
      ['Permissions', row.permissions ? row.permissions.join(', ') : null],
    ],
  };
}

async function views(db: Queryable, rows: Row[], userId: number): Promise<View[]> {
  const unbinds = rows.filter((r) => r.kind === 'unbind').map((r) => r.account_id);
  const held = unbinds.length
    ? await db.query<{ account_id: string; wallet: BrokerWallet; asset: string; amount: string }>(
        `select account_id::text as account_id, wallet, asset, (free + locked)::text as amount from broker_balances
         where account_id = any($1::bigint[]) and (free <> 0 or locked <> 0) order by wallet, asset`,
        [unbinds],
      )
    : [];
  return rows.map((r) => ({
    approvalId: r.id,
    kind: r.kind,
    status: r.status,
    brokerAccountId: r.account_id,
    exchangeCode: r.exchange_code,
    subAccountName: r.account_name,
    keyId: r.key_id,
    apiKey: r.api_key,
    permissions: r.permissions ?? [],
    balances: r.kind === 'unbind' && r.status === 'applying' ? held.filter((b) => b.account_id === r.account_id).map((b) => ({ wallet: b.wallet, asset: b.asset, amount: plain(b.amount) })) : [],
    applicant: r.applicant,
    approver: r.approver,
    rejectReason: r.reject_reason,
    canDecide: r.status === 'applying' && r.applicant_id !== userId,
    createdAt: r.created_at.toISOString(),
    decidedAt: r.decided_at?.toISOString() ?? null,
  }));
}

export function controlHandlers(ctx: ApiContext): Handlers<BrokerControlCalls> {
  const member = (userId: number) => brokerMember(ctx.db, userId);
  const viewOf = async (orgId: string, id: string, userId: number) => (await views(ctx.db, [await requestOf(ctx.db, orgId, id)], userId))[0]!;
  /** Who may decide, before any factor is checked: not the applicant (10451), and only an applying request (10450). */
  const decidable = (row: Row, userId: number) => {
    if (row.applicant_id === userId) throw new ApiError(Code.brokerSelfApproval);
    if (row.status !== 'applying') throw new ApiError(Code.brokerApplicationState, { status: row.status });
  };

  return {
    '/broker/control/page': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const q = body.queryCondition ?? {};
      const where = 'r.org_id = $1 and ($2::text is null or r.kind = $2) and ($3::text is null or r.status = $3)';
      const params = [orgId, q.kind ?? null, q.status ?? null];
      const total = (await ctx.db.query<{ n: number }>(`select count(*)::int as n from broker_control_requests r where ${where}`, params))[0]!.n;
      const { pageNum, pageSize } = body.pageCondition;
      const rows = await ctx.db.query<Row>(`select ${COLUMNS} from ${FROM} where ${where} order by r.id desc limit ${pageSize} offset ${(pageNum - 1) * pageSize}`, params);
      return { list: await views(ctx.db, rows, auth.user.id), total, pageNum, pageSize };
    },

    '/broker/control/approve': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const asked = await requestOf(ctx.db, orgId, body.approvalId);
      decidable(asked, auth.user.id);
      // The e-mail code must have been sent for approving this request (controlDecisionOperation).
      const factors = await checkApproval(ctx, auth, body, controlDecisionOperation(asked));
      const at = nowDate(ctx);
      await ctx.db.transaction(async (tx) => {
        // The sub-account first (as unbinding and key creation lock it), then the request.
        const current = await requestOf(tx, orgId, body.approvalId);
        const account = await accountOf(tx, orgId, current.account_id, true);
        const row = await requestOf(tx, orgId, body.approvalId, true);
        decidable(row, auth.user.id);
        await factors.consume(tx);
        if (row.kind === 'api_key') {
          const live = await tx.query(`update broker_exchange_keys set status = 'active', updated_at = $2 where id = $1 and status = 'pending' and deleted_at is null returning id`, [row.key_id, at]);
          if (live.length !== 1) throw new ApiError(Code.notFound, { field: 'keyId' });
        } else {
          // The approved transfer out: what the sub-account still holds goes back to the exchange, and it is unbound.
          await unbindAccount(tx, account, auth.user.id, at);
        }
        await tx.query(`update broker_control_requests set status = 'approved', approver_id = $2, decided_at = $3 where id = $1`, [row.id, auth.user.id, at]);
      });
      return viewOf(orgId, body.approvalId, auth.user.id);
    },

    '/broker/control/reject': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      decidable(await requestOf(ctx.db, orgId, body.approvalId), auth.user.id);
      await checkRejection(ctx, auth, body.gaCode);
      const at = nowDate(ctx);
      await ctx.db.transaction(async (tx) => {
        const row = await requestOf(tx, orgId, body.approvalId, true);
        decidable(row, auth.user.id);
        // A rejected key is deleted (it never went live); a rejected unbind leaves the sub-account as it was.
        if (row.kind === 'api_key') await tx.query(`update broker_exchange_keys set status = 'rejected', deleted_at = $2, updated_at = $2 where id = $1`, [row.key_id, at]);
        await tx.query(`update broker_control_requests set status = 'rejected', approver_id = $2, decided_at = $3, reject_reason = $4 where id = $1`, [
          row.id,
          auth.user.id,
          at,
          body.reason ?? null,
        ]);
      });
      return viewOf(orgId, body.approvalId, auth.user.id);
    },
  };
}

export function brokerControlRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, brokerControlCalls, controlHandlers(ctx));
}
