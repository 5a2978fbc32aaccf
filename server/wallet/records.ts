import type { Network } from '../../contract/chains.ts';
import type { ReplyOf } from '../../contract/call.ts';
import { type ApiContext, nowDate } from '../api/context.ts';
import { D, out } from '../trade/decimal.ts';
import { confirmationsAt, sweep } from './chain.ts';
import type { Handlers } from '../api/contract.ts';
import type { WalletCalls } from '../../contract/wallet.ts';



/** The coin records page: deposits and withdrawals, newest first, with spec §4 fund states. */
export function recordHandlers(ctx: ApiContext): Pick<Handlers<WalletCalls>, '/account/block/pageBlockDepositWithdraw'> {
  return {
    '/account/block/pageBlockDepositWithdraw': async ({ body, auth }) => {
      await sweep(ctx);
      const q = body.queryCondition ?? {};
      const now = nowDate(ctx);
      const since = q.days ? new Date(now.getTime() - q.days * 86_400_000) : new Date(0);
      const params: unknown[] = [auth.user.id, since, q.asset ?? null, q.status ?? null, q.type ?? null];
      const records = `(
        select 'D' || id as record_id, 'deposit' as type, id, asset, network, address, null::text as memo, amount, 0::numeric as fee,
          status, tx_hash, confirmations_required, seen_at as since, created_at, completed_at
        from wallet_deposits where user_id = $1 and kind = 'coin'
        union all
        select 'W' || id, 'withdraw', id, asset, network, address, memo, amount, fee, status, tx_hash, confirmations_required,
          broadcast_at, created_at, completed_at
        from wallet_withdrawals where user_id = $1 and kind = 'coin' and status <> 'unconfirmed'
      ) r`;
      const where = `created_at >= $2 and ($3::text is null or asset = $3) and ($4::text is null or status = $4) and ($5::text is null or type = $5)`;
      const total = await ctx.db.query<{ n: string }>(`select count(*)::text as n from ${records} where ${where}`, params);
      const { pageNum, pageSize } = body.pageCondition;
      const rows = await ctx.db.query<{
        record_id: string;
        type: 'deposit' | 'withdraw';
        asset: string;
        network: Network;
        address: string;
        memo: string | null;
        amount: string;
        fee: string;
        status: ReplyOf<WalletCalls['/account/block/pageBlockDepositWithdraw']>['list'][number]['status'];
        tx_hash: string | null;
        confirmations_required: number;
        since: Date | null;
        created_at: Date;
        completed_at: Date | null;
      }>(
        `select record_id, type, asset, network, address, memo, amount::text as amount, fee::text as fee, status, tx_hash,
           confirmations_required, since, created_at, completed_at
         from ${records} where ${where} order by created_at desc, id desc limit $6 offset $7`,
        [...params, pageSize, (pageNum - 1) * pageSize],
      );
      return {
        list: rows.map((r) => ({
          recordId: r.record_id,
          type: r.type,
          asset: r.asset,
          network: r.network,
          address: r.address,
          memo: r.memo,
          amount: out(new D(r.amount)),
          fee: out(new D(r.fee)),
          status: r.status,
          txHash: r.tx_hash,
          confirmations:
            r.status === 'deposit_complete' || r.status === 'withdraw_complete'
              ? r.confirmations_required
              : confirmationsAt(r.network, r.since, r.confirmations_required, now),
          confirmationsRequired: r.confirmations_required,
          createdAt: r.created_at.toISOString(),
          completedAt: r.completed_at?.toISOString() ?? null,
        })),
        total: Number(total[0]?.n ?? 0),
        pageNum,
        pageSize,
      };
    },

  };
}
