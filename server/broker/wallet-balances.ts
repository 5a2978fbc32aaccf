import type Decimal from 'decimal.js';
import { BROKER_EXCHANGES, BROKER_WALLETS, type BrokerWallet } from '../../contract/broker-rules.ts';
import type { BrokerAccountCalls } from '../../contract/broker.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { ZERO } from '../platform/decimal.ts';
import { ACCOUNT_COLUMNS, type AccountRow, accountOf } from './accounts.ts';
import { balanceView } from './account-views.ts';
import { brokerMember } from './org.ts';
import { plain, sumBy, type ValuedRow, type Valuer } from './valuation.ts';

type BalanceCalls =
  | '/broker/account/capital/spotPage'
  | '/broker/account/capital/fundingPage'
  | '/broker/account/capital/earnPage'
  | '/broker/account/capital/futuresPage'
  | '/broker/account/capital/spotFuturesTotalBalance';

/** The sub-accounts' balances per wallet, valued in USDT, and their totals by wallet, account, exchange and asset. */
export function balanceHandlers(ctx: ApiContext, valuer: Valuer): Pick<Handlers<BrokerAccountCalls>, BalanceCalls> {
  const member = (userId: number) => brokerMember(ctx.db, userId);

  /** One wallet's balance page (account/capital/*Page): a sub-account's, or with none named every one's. */
  const walletPage = (wallet: BrokerWallet) =>
    (async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      const q = body.queryCondition ?? {};
      if (q.brokerAccountId) await accountOf(ctx.db, orgId, q.brokerAccountId);
      const rows = await valuer.rows(ctx.db, orgId, { wallet, accountId: q.brokerAccountId, exchange: q.exchangeCode, asset: q.asset, hideZero: q.hideZero });
      const { pageNum, pageSize } = body.pageCondition;
      return {
        list: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize).map(balanceView),
        total: rows.length,
        pageNum,
        pageSize,
        totalValueUsdt: plain(rows.reduce((sum, r) => sum.add(r.value), ZERO)),
      };
    }) satisfies Handlers<BrokerAccountCalls>['/broker/account/capital/spotPage'];

  return {
    '/broker/account/capital/spotPage': walletPage('spot'),
    '/broker/account/capital/fundingPage': walletPage('funding'),
    '/broker/account/capital/earnPage': walletPage('earn'),
    '/broker/account/capital/futuresPage': walletPage('futures'),

    '/broker/account/capital/spotFuturesTotalBalance': async ({ body, auth }) => {
      const { orgId } = await member(auth.user.id);
      if (body.brokerAccountId) await accountOf(ctx.db, orgId, body.brokerAccountId);
      const at = nowDate(ctx);
      const rows = await valuer.rows(ctx.db, orgId, { accountId: body.brokerAccountId, exchange: body.exchangeCode });
      const accounts = await ctx.db.query<AccountRow>(
        `select ${ACCOUNT_COLUMNS} from broker_accounts a where a.org_id = $1 and a.deleted_at is null
         and ($2::bigint is null or a.id = $2) and ($3::text is null or a.exchange_code = $3) order by a.id`,
        [orgId, body.brokerAccountId ?? null, body.exchangeCode ?? null],
      );
      const byWallet = (subset: readonly ValuedRow[]) => {
        const sums = sumBy(subset, (r) => r.wallet);
        return BROKER_WALLETS.map((wallet) => ({ wallet, valueUsdt: plain(sums.get(wallet) ?? ZERO) }));
      };
      const total = rows.reduce((sum, r) => sum.add(r.value), ZERO);
      const byExchange = sumBy(rows, (r) => r.exchange);
      const byAsset = new Map<string, { total: Decimal; price: Decimal; value: Decimal }>();
      for (const r of rows) {
        const a = byAsset.get(r.asset) ?? { total: ZERO, price: r.price, value: ZERO };
        byAsset.set(r.asset, { total: a.total.add(r.total), price: r.price, value: a.value.add(r.value) });
      }
      return {
        totalValueUsdt: plain(total),
        wallets: byWallet(rows),
        accounts: accounts.map((a) => {
          const own = rows.filter((r) => r.accountId === a.id);
          return {
            brokerAccountId: a.id,
            exchangeCode: a.exchange_code,
            subAccountName: a.name,
            accountType: a.kind,
            totalValueUsdt: plain(own.reduce((sum, r) => sum.add(r.value), ZERO)),
            wallets: byWallet(own),
          };
        }),
        exchanges: BROKER_EXCHANGES.filter((e) => byExchange.has(e)).map((e) => ({ exchangeCode: e, totalValueUsdt: plain(byExchange.get(e)!) })),
        assets: [...byAsset.entries()]
          .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
          .map(([asset, a]) => ({ asset, total: plain(a.total), price: plain(a.price), valueUsdt: plain(a.value) })),
        valuedAt: at.toISOString(),
      };
    },
  };
}
