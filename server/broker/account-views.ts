import type { Static } from 'typebox';
import type { BrokerAccount, BrokerBalance } from '../../contract/broker.ts';
import type { ApiContext } from '../platform/context.ts';
import { ZERO } from '../platform/decimal.ts';
import { type AccountRow, loginEmail } from './accounts.ts';
import { plain, sumBy, type ValuedRow, type Valuer } from './valuation.ts';

/** The replies' views of sub-accounts (with their key counts and values) and of valued balance rows. */

export type AccountView = Static<typeof BrokerAccount>;
export type BalanceView = Static<typeof BrokerBalance>;

/** Account views with their key counts and values, in the order given. */
export const accountViews = async (ctx: ApiContext, valuer: Valuer, orgId: string, rows: AccountRow[]): Promise<AccountView[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const keys = await ctx.db.query<{ id: string; n: number }>(
    `select account_id::text as id, count(*)::int as n from broker_exchange_keys where account_id = any($1::bigint[]) and deleted_at is null group by 1`,
    [ids],
  );
  const keyCount = new Map(keys.map((k) => [k.id, k.n]));
  const values = sumBy(rows.length === 1 ? await valuer.rows(ctx.db, orgId, { accountId: rows[0]!.id }) : await valuer.rows(ctx.db, orgId), (r) => r.accountId);
  return rows.map((r) => ({
    brokerAccountId: r.id,
    exchangeCode: r.exchange_code,
    accountType: r.kind,
    subAccountName: r.name,
    subAccountUid: r.uid,
    loginEmail: loginEmail(r),
    remark: r.remark,
    apiKeyCount: keyCount.get(r.id) ?? 0,
    totalValueUsdt: plain(values.get(r.id) ?? ZERO),
    createdBy: r.created_by_email,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }));
};
export const accountView = async (ctx: ApiContext, valuer: Valuer, orgId: string, row: AccountRow) => (await accountViews(ctx, valuer, orgId, [row]))[0]!;

export const balanceView = (r: ValuedRow): BalanceView => ({
  brokerAccountId: r.accountId,
  exchangeCode: r.exchange,
  subAccountName: r.name,
  wallet: r.wallet,
  asset: r.asset,
  free: plain(r.free),
  locked: plain(r.locked),
  total: plain(r.total),
  price: plain(r.price),
  valueUsdt: plain(r.value),
});
