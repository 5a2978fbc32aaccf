import type { OtcCalls } from '../../contract/otc.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { pageQuery } from '../platform/records.ts';
import { rankedPage, rankGroup } from '../platform/record-ranks.ts';
import { timeWindow } from '../platform/time-window.ts';
import { ORDER_COLUMNS, orderView, type OrderRow } from './orders.ts';

/** The user's OTC orders, newest first, in a spec §9 time range. */
export function recordHandlers(ctx: ApiContext): Pick<Handlers<OtcCalls>, '/institution/block/pageBlockOrderRecord'> {
  return {
    '/institution/block/pageBlockOrderRecord': async ({ body, auth }) => {
      const q = body.queryCondition ?? {};
      const { since, until } = timeWindow(q, nowDate(ctx));
      const where = `user_id = $1 and requested_at >= $2 and requested_at < $3 and ($4::text is null or mode = $4) and ($5::text is null or status = $5)`;
      const { pageNum, pageSize } = body.pageCondition;
      const ranked = rankedPage('otc', auth.user.id, rankGroup([['mode', q.mode], ['status', q.status]]), { since, until });
      const { rows, total } = await pageQuery<OrderRow>(
        ctx.db,
        { select: ORDER_COLUMNS, from: 'otc_orders', where, order: 'requested_at desc, id desc', params: [auth.user.id, since, until, q.mode ?? null, q.status ?? null], key: 'id', ranked },
        body.pageCondition,
      );
      return { list: rows.map(orderView), total, pageNum, pageSize };
    },
  };
}
