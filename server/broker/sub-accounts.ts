import type { BrokerAccountCalls } from '../../contract/broker.ts';
import type { BrokerWallet } from '../../contract/broker-rules.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import { Entry, post } from '../ledger/ledger.ts';
import { D } from '../platform/decimal.ts';
import { ACCOUNT_COLUMNS, type AccountRow, accountOf, openBrokerAccount } from './accounts.ts';
import { verifyStepUp } from '../identity/step-up.ts';
import type { Queryable } from '../platform/db/client.ts';
import { accountView, accountViews } from './account-views.ts';
import { projectOfAccount } from './projects/store.ts';
import { brokerMember } from './org.ts';
import { plain, type Valuer } from './valuation.ts';

type SubAccountCalls =
  | '/broker/account/pageBrokerAccount'
  | '/broker/account/list'
  | '/broker/account/insertBrokerAccount'
  | '/broker/account/getBrokerAccountId'
  | '/broker/account/updateBrokerAccount'
  | '/broker/account/delete';

/** The organisation's sub-accounts: pages and lists, opening one, its remark, and unbinding it (contract/broker.ts). */
export function subAccountHandlers(ctx: ApiContext, valuer: Valuer): Pick<Handlers<BrokerAccountCalls>, SubAccountCalls> {
  const member = (userId: number) => brokerMember(ctx.db, userId);
  return {
    '/broker/account/pageBrokerAccount': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const q = body.queryCondition ?? {};
      const where = ['a.org_id = $1', 'a.deleted_at is null'];
      const params: unknown[] = [orgId];
      if (q.exchangeCode) where.push(`a.exchange_code = $${params.push(q.exchangeCode)}`);
      if (q.accountType) where.push(`a.kind = $${params.push(q.accountType)}`);
      if (q.keyword) {
        const n = params.push(`%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`);
        where.push(`(lower(a.name) like $${n} or lower(a.remark) like $${n} or a.uid like $${n})`);
      }
      const total = (await ctx.db.query<{ n: number }>(`select count(*)::int as n from broker_accounts a where ${where.join(' and ')}`, params))[0]!.n;
      const { pageNum, pageSize } = body.pageCondition;
      const rows = await ctx.db.query<AccountRow>(
        `select ${ACCOUNT_COLUMNS} from broker_accounts a where ${where.join(' and ')} order by a.id desc limit ${pageSize} offset ${(pageNum - 1) * pageSize}`,
        params,
      );
      return { list: await accountViews(ctx, valuer, orgId, rows), total, pageNum, pageSize };
    },

    '/broker/account/list': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const rows = await ctx.db.query<AccountRow>(
        `select ${ACCOUNT_COLUMNS} from broker_accounts a where a.org_id = $1 and a.deleted_at is null and ($2::text is null or a.exchange_code = $2)
         order by a.id`,
        [orgId, body.exchangeCode ?? null],
      );
      return rows.map((r, i) => ({ brokerAccountId: r.id, exchangeCode: r.exchange_code, accountType: r.kind, subAccountName: r.name, remark: r.remark, sortIndex: i + 1 }));
    },

    '/broker/account/insertBrokerAccount': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      const { account } = await ctx.db.transaction((tx) =>
        openBrokerAccount(
          tx,
          { orgId, userId: auth.user.id, exchange: body.exchangeCode, kind: body.accountType, name: body.subAccountName, remark: body.remark ?? '', requestId: body.requestId },
          at,
        ),
      );
      return accountView(ctx, valuer, orgId, account);
    },

    '/broker/account/getBrokerAccountId': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      return accountView(ctx, valuer, orgId, await accountOf(ctx.db, orgId, body.brokerAccountId));
    },

    '/broker/account/updateBrokerAccount': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const row = await ctx.db.transaction(async (tx) => {
        await accountOf(tx, orgId, body.brokerAccountId, true);
        await tx.query('update broker_accounts set remark = $2, updated_at = $3 where id = $1', [body.brokerAccountId, body.remark, nowDate(ctx)]);
        return accountOf(tx, orgId, body.brokerAccountId);
      });
      return accountView(ctx, valuer, orgId, row);
    },

    '/broker/account/delete': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const at = nowDate(ctx);
      const funded = async (db: Queryable) => {
        const row = await accountOf(db, orgId, body.brokerAccountId);
        return (await unbindable(db, row)).length > 0;
      };
      // One that holds money is a request a second member approves, after the step-up (server/broker/README.md
      // "Maker-checker controls"): nothing moves now.
      const stepUp = (await funded(ctx.db)) ? await verifyStepUp(ctx, auth, body, 'brokerUnbind') : null;
      return ctx.db.transaction(async (tx) => {
        const row = await accountOf(tx, orgId, body.brokerAccountId, true);
        const balances = await unbindable(tx, row);
        if (balances.length === 0) return { ...(await unbindAccount(tx, row, auth.user.id, at)), status: 'unbound' as const, approvalId: null };
        if (!stepUp) throw new ApiError(Code.walletState, { brokerAccountId: row.id });
        await stepUp.consume(tx);
        const open = await tx.query<{ id: string }>(`select id::text as id from broker_control_requests where account_id = $1 and kind = 'unbind' and status = 'applying'`, [row.id]);
        const approvalId =
          open[0]?.id ??
          (
            await tx.query<{ id: string }>(
              `insert into broker_control_requests (org_id, kind, status, account_id, applicant_id, created_at) values ($1, 'unbind', 'applying', $2, $3, $4) returning id::text as id`,
              [orgId, row.id, auth.user.id, at],
            )
          )[0]!.id;
        return { brokerAccountId: row.id, status: 'applying' as const, approvalId, released: [], deletedKeys: 0 };
      });
    },
  };
}

type Balance = { wallet: BrokerWallet; asset: string; free: string; locked: string };

/**
 * What stands in the way of unbinding a sub-account: a project's sub-account stays bound while it is the project's
 * (10459), one holding money for an application cannot be unbound until it is decided (10208); otherwise its non-zero
 * balances (empty: it may be unbound at once).
 */
export async function unbindable(db: Queryable, row: AccountRow): Promise<Balance[]> {
  const projectNo = await projectOfAccount(db, row.id);
  if (projectNo) throw new ApiError(Code.projectAccountLocked, { projectNo });
  const balances = await db.query<Balance>(
    `select wallet, asset, free::text as free, locked::text as locked from broker_balances
     where account_id = $1 and (free <> 0 or locked <> 0) order by wallet, asset`,
    [row.id],
  );
  if (balances.some((b) => !new D(b.locked).isZero())) throw new ApiError(Code.walletState, { brokerAccountId: row.id });
  return balances;
}

/**
 * Unbinds a sub-account (its row locked by the caller, unbindable checked): what it still holds goes back to
 * `exchange:<code>` — only an approved unbind request gets here with money (controls.ts) — its keys are deleted
 * and its open key requests closed.
 */
export async function unbindAccount(tx: Queryable, row: AccountRow, userId: number, at: Date) {
  const balances = await unbindable(tx, row);
  if (balances.length > 0) {
    const entry = new Entry('broker_account_unbind', `broker_account:${row.id}`, userId, row.id);
    for (const b of balances) entry.broker(row.id, b.wallet, b.asset, new D(b.free).neg()).provider(`exchange:${row.exchange_code}`, b.asset, new D(b.free));
    await post(tx, entry, at);
  }
  const keys = await tx.query('update broker_exchange_keys set deleted_at = $2, updated_at = $2 where account_id = $1 and deleted_at is null returning id', [row.id, at]);
  await tx.query(`update broker_control_requests set status = 'rejected', reject_reason = 'unbound', decided_at = $2 where account_id = $1 and kind = 'api_key' and status = 'applying'`, [row.id, at]);
  await tx.query('update broker_accounts set deleted_at = $2, updated_at = $2 where id = $1', [row.id, at]);
  return { brokerAccountId: row.id, released: balances.map((b) => ({ wallet: b.wallet, asset: b.asset, amount: plain(b.free) })), deletedKeys: keys.length };
}
