import { type ApiContext, nowDate } from '../platform/context.ts';
import { type DeskPricer, NoLiquidity, priceConvert } from '../convert/index.ts';
import { Entry, post } from '../ledger/ledger.ts';
import { D } from '../platform/decimal.ts';
import { Account } from '../ledger/ledger.ts';
import { OTC_DESK, otcPair } from './desk.ts';
import { deskHours } from './hours.ts';
import { close, fillLimit, notifyOtc, ORDER_COLUMNS, type OrderRow } from './orders.ts';

/** The desk's work on the sandbox clock: settlement of what is due, delegated orders' fills and expiry. */
export function otcSweep(ctx: ApiContext, pricer: DeskPricer): () => Promise<void> {
  return async () => {
    const now = nowDate(ctx);
    const due = await ctx.db.query<{ id: string }>(
      `select id::text as id from otc_orders where status = 'pendingSettlement' and settles_at <= $1 order by id limit 500`,
      [now],
    );
    for (const { id } of due) {
      await ctx.db.transaction(async (tx) => {
        const row = (await tx.query<OrderRow>(
          `update otc_orders set status = 'settled', settled_at = $2 where id = $1 and status = 'pendingSettlement' returning ${ORDER_COLUMNS}`,
          [id, now],
        ))[0];
        if (!row) return;
        const fromAmount = new D(row.from_amount);
        const toAmount = new D(row.to_amount);
        await post(
          tx,
          new Entry('otc_settle', `otc:${row.id}`, row.user_id)
            .user(row.user_id, Account.capital, row.from_asset, fromAmount.neg(), 'locked')
            .provider('desk', row.from_asset, fromAmount)
            .user(row.user_id, Account.capital, row.to_asset, toAmount)
            .provider('desk', row.to_asset, toAmount.neg()),
          now,
        );
        await notifyOtc(tx, 'otcSettled', row, now);
      });
    }
    const open = await ctx.db.query<OrderRow>(`select ${ORDER_COLUMNS} from otc_orders where status = 'open' order by id limit 500`);
    for (const row of open) {
      if (row.expires_at && row.expires_at <= now) {
        await close(ctx, row.id, 'expired', ['open'], null);
        continue;
      }
      // The desk fills while it is open, when its own price for this size is at least the limit.
      if (!deskHours(now).open) continue;
      try {
        const { from, to } = otcPair(row.from_asset, row.to_asset);
        const priced = priceConvert(pricer, OTC_DESK.spread, from, to, { side: 'from', amount: new D(row.from_amount) });
        if (priced.price.gte(row.price)) await fillLimit(ctx, row.id);
      } catch (error) {
        if (!(error instanceof NoLiquidity)) throw error;
      }
    }
  };
}
