import type { BrokerProjectCalls } from '../../../contract/broker-projects.ts';
import { MAX_LINKED_ACCOUNTS } from '../../../contract/broker-projects-rules.ts';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import type { Handlers } from '../../platform/contract.ts';
import { ApiError, Code } from '../../platform/envelope.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { ACCOUNT_COLUMNS, type AccountRow, accountOf, checkIdRange } from '../accounts.ts';
import { brokerMember } from '../org.ts';
import { plain } from '../valuation.ts';
import { type ProjectRow, projectOf } from './store.ts';
import { accountHoldings, relationViews } from './views.ts';

/** The organisation's live sub-account linked to nothing, same exchange as the project, holding nothing: or 10460 with the reason. */
async function checkLinkable(db: Queryable, project: ProjectRow, account: AccountRow): Promise<void> {
  if (account.exchange_code !== project.exchange_code) throw new ApiError(Code.relationRefused, { reason: 'otherExchange' });
  const current = await db.query<{ project_no: string }>('select project_no from broker_project_accounts where account_id = $1 and unlinked_at is null', [account.id]);
  if (current[0]) throw new ApiError(Code.relationRefused, { reason: 'inProject', projectNo: current[0].project_no });
  if (!(await accountHoldings(db, [account.id])).get(account.id)!.empty) throw new ApiError(Code.relationRefused, { reason: 'notEmpty' });
}

interface RelationRow {
  id: string;
  project_no: string;
  account_id: string;
  role: 'primary' | 'linked';
}

async function relationOf(db: Queryable, orgId: string, relationId: string, lock = false): Promise<RelationRow> {
  checkIdRange(relationId, 'relationId');
  const rows = await db.query<RelationRow>(
    `select r.id::text as id, r.project_no, r.account_id::text as account_id, r.role from broker_project_accounts r join broker_projects p on p.project_no = r.project_no
     where r.id = $1 and p.org_id = $2 and r.unlinked_at is null${lock ? ' for update of r' : ''}`,
    [relationId, orgId],
  );
  if (!rows[0]) throw new ApiError(Code.notFound, { field: 'relationId' });
  return rows[0];
}

type RelationCalls =
  | '/broker/account/project/relation/queryBrokerAccount'
  | '/broker/account/project/relation/querySelectBrokerAccount'
  | '/broker/account/project/relation/add'
  | '/broker/account/project/relation/update'
  | '/broker/account/project/relation/delete';

/** A project's sub-accounts: the candidates, linking an empty one, its remark, and unlinking it once empty again. */
export function relationHandlers(ctx: ApiContext): Pick<Handlers<BrokerProjectCalls>, RelationCalls> {
  const member = (userId: number) => brokerMember(ctx.db, userId);
  return {
    '/broker/account/project/relation/queryBrokerAccount': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      await projectOf(ctx.db, orgId, body.projectNo);
      return relationViews(ctx.db, body.projectNo);
    },

    '/broker/account/project/relation/querySelectBrokerAccount': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const project = await projectOf(ctx.db, orgId, body.projectNo);
      const accounts = await ctx.db.query<AccountRow>(
        `select ${ACCOUNT_COLUMNS} from broker_accounts a where a.org_id = $1 and a.exchange_code = $2 and a.deleted_at is null
           and not exists (select 1 from broker_project_accounts r where r.account_id = a.id and r.unlinked_at is null)
         order by a.id`,
        [orgId, project.exchange_code],
      );
      const held = await accountHoldings(ctx.db, accounts.map((a) => a.id));
      // Valued in USDT: the sandbox's other assets are counted through the broker valuation elsewhere; here what
      // matters is whether the account holds anything at all.
      return accounts.map((a) => {
        const h = held.get(a.id)!;
        return { brokerAccountId: a.id, exchangeCode: a.exchange_code, subAccountName: a.name, accountType: a.kind, valueUsdt: plain(h.usdt), selectable: h.empty, reason: h.empty ? null : ('notEmpty' as const) };
      });
    },

    '/broker/account/project/relation/add': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      const relationId = await ctx.db.transaction(async (tx) => {
        const project = await projectOf(tx, orgId, body.projectNo, true);
        const account = await accountOf(tx, orgId, body.brokerAccountId, true);
        await checkLinkable(tx, project, account);
        const linked = await tx.query<{ n: number }>(`select count(*)::int as n from broker_project_accounts where project_no = $1 and role = 'linked' and unlinked_at is null`, [project.project_no]);
        if ((linked[0]?.n ?? 0) >= MAX_LINKED_ACCOUNTS) throw new ApiError(Code.projectLimit, { max: MAX_LINKED_ACCOUNTS });
        const rows = await tx.query<{ id: string }>(
          `insert into broker_project_accounts (project_no, account_id, role, remark, created_by, created_at, updated_at) values ($1, $2, 'linked', $3, $4, $5, $5)
           on conflict do nothing returning id::text as id`,
          [project.project_no, account.id, body.remark ?? '', auth.user.id, at],
        );
        if (!rows[0]) throw new ApiError(Code.relationRefused, { reason: 'inProject' });
        return rows[0].id;
      });
      return (await relationViews(ctx.db, body.projectNo)).find((r) => r.relationId === relationId)!;
    },

    '/broker/account/project/relation/update': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const relation = await relationOf(ctx.db, orgId, body.relationId);
      await ctx.db.query('update broker_project_accounts set remark = $2, updated_at = $3 where id = $1', [relation.id, body.remark.trim(), nowDate(ctx)]);
      return (await relationViews(ctx.db, relation.project_no)).find((r) => r.relationId === relation.id)!;
    },

    '/broker/account/project/relation/delete': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      await ctx.db.transaction(async (tx) => {
        const relation = await relationOf(tx, orgId, body.relationId);
        // The project row first (as every change of a project's money), then the link.
        await projectOf(tx, orgId, relation.project_no, true);
        await relationOf(tx, orgId, body.relationId, true);
        if (relation.role === 'primary') throw new ApiError(Code.relationRefused, { reason: 'primary' });
        const held = (await accountHoldings(tx, [relation.account_id])).get(relation.account_id)!;
        if (!held.empty) throw new ApiError(Code.relationNotEmpty, { usdt: plain(held.usdt) });
        await tx.query('update broker_project_accounts set unlinked_at = $2, updated_at = $2 where id = $1', [relation.id, at]);
      });
      return { relationId: body.relationId };
    },
  };
}
