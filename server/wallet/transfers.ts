import type { ReplyOf } from '../../contract/call.ts';
import type { TransferCalls } from '../../contract/wallet.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { D, out } from '../platform/decimal.ts';
import { DIRECTIONS } from '../ledger/ledger.ts';
import { pageQuery, recordOrder } from '../platform/records.ts';
import { rankedPage, rankGroup } from '../platform/record-ranks.ts';
import { timeWindow } from '../platform/time-window.ts';

type TransferRow = ReplyOf<TransferCalls['/account/wallet/transfer/page']>['list'][number];

/** spec §2 record/transfer: the user's transfers between their own accounts (trade_transfers, on the ledger). */
export function transferHandlers(ctx: ApiContext): Handlers<TransferCalls> {
  return {
    '/account/wallet/transfer/page': async ({ body, auth }) => {
      const q = body.queryCondition ?? {};
      const { since, until } = timeWindow(q, nowDate(ctx));
      const where = `user_id = $1 and created_at >= $2 and created_at < $3 and ($4::text is null or asset = $4) and ($5::text is null or direction = $5)`;
      const params = [auth.user.id, since, until, q.asset ?? null, q.type ?? null];
      const { pageNum, pageSize } = body.pageCondition;
      const ranked = rankedPage('transfer', auth.user.id, rankGroup([['asset', q.asset], ['direction', q.type]]), { since, until }, body.sort);
      const { rows, total } = await pageQuery<{ id: number; asset: string; amount: string; direction: TransferRow['type']; created_at: Date }>(
        ctx.db,
        { select: 'id, asset, amount::text as amount, direction, created_at', from: 'trade_transfers', where, order: recordOrder(body.sort), params, key: 'id', ranked },
        body.pageCondition,
      );
      return {
        list: rows.map((r) => {
          const [from, to] = DIRECTIONS[r.direction]!;
          return { transferId: String(r.id), asset: r.asset, amount: out(new D(r.amount)), type: r.direction, from, to, createdAt: r.created_at.toISOString() };
        }),
        total,
        pageNum,
        pageSize,
      };
    },
  };
}
