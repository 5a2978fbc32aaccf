import type Decimal from 'decimal.js';
import type { Queryable } from '../platform/db/client.ts';
import { futuresAccount } from './account.ts';
import { D, ZERO } from '../platform/decimal.ts';
import { TradeCode, insufficient, tradeError } from '../platform/refusals.ts';
import type { Pair } from './markets.ts';
import { Entry, post } from '../ledger/ledger.ts';
import { positions, savePosition, settings, symbolSettings, type PositionSide } from './store.ts';
import { ledgerAccounts, type TradeAcct } from './venue-accounts.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import { initialMargin, unrealizedPnl } from './futures-math.ts';
import type { OrderLifecycle } from './lifecycle.ts';
import { resolvePositionSide } from './order-checks.ts';

/** A change of a position's isolated margin: the position, how much and which way, and its request id (idempotency). */
export interface MarginChange {
  pair: Pair;
  positionSide: PositionSide | null;
  amount: Decimal;
  kind: 'add' | 'remove';
  requestId: string | undefined;
}

/** Isolated margin added to or removed from a position (TradeEngine.adjustMargin), inside the engine's transaction. */
export async function changeMargin(lc: OrderLifecycle, tx: Queryable, a: TradeAcct, change: MarginChange): Promise<{ positionSide: PositionSide; margin: Decimal }> {
  const { pair, positionSide, amount, kind, requestId } = change;
  const symbol = pair.inst.symbol;
  if (requestId) {
    const rows = await tx.query<{ id: number; symbol: string; kind: string; amount: string; position_side: PositionSide }>(
      'select id, symbol, kind, amount, position_side from futures_margin_changes where user_id = $1 and venue = $2 and request_id = $3',
      [a.userId, a.venue, requestId],
    );
    const prior = rows[0];
    if (prior) {
      if (prior.symbol !== symbol || prior.kind !== kind || !new D(prior.amount).eq(amount)) throw new ApiError(Code.requestIdReused, { id: String(prior.id) });
      const now = (await positions(tx, a, symbol)).find((p) => p.positionSide === prior.position_side);
      return { positionSide: prior.position_side, margin: now?.isolatedMargin ?? ZERO };
    }
  }
  const mode = (await settings(tx, a)).positionSide;
  const side = resolvePositionSide(mode, positionSide);
  const held = (await positions(tx, a, symbol)).find((p) => p.positionSide === side);
  if (!held || held.size.isZero()) throw tradeError(TradeCode.positionState);
  const { leverage, marginType } = await symbolSettings(tx, a, symbol);
  if (marginType !== 'isolated') throw tradeError(TradeCode.modeState, null, 'Margin can be added or removed on isolated positions only');
  if (kind === 'add') {
    const account = await futuresAccount(tx, lc.view, a, true);
    if (amount.gt(account.available)) throw insufficient('USDT');
  } else {
    const mark = lc.view.mark(pair.inst);
    const loss = D.min(ZERO, unrealizedPnl(held, mark));
    const removable = D.max(ZERO, held.isolatedMargin.add(loss).sub(initialMargin(held, mark, leverage))).toDecimalPlaces(8, D.ROUND_DOWN);
    if (amount.gt(removable)) {
      throw tradeError(TradeCode.positionState, { removable: removable.toFixed() }, `At most ${removable.toFixed()} USDT can be removed`);
    }
  }
  const delta = kind === 'add' ? amount : amount.neg();
  const at = lc.now();
  const inserted = await tx.query<{ id: number }>(
    `insert into futures_margin_changes (user_id, symbol, position_side, kind, amount, request_id, created_at, venue)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [a.userId, symbol, side, kind, amount.toFixed(), requestId ?? null, at, a.venue],
  );
  await post(
    tx,
    new Entry('futures_margin', `margin:${inserted[0]!.id}`, a.userId)
      .user(a.userId, ledgerAccounts(a.venue).swap, 'USDT', delta.neg())
      .user(a.userId, ledgerAccounts(a.venue).swap, 'USDT', delta, 'margin'),
    at,
  );
  const margin = held.isolatedMargin.add(delta);
  await savePosition(tx, a, { ...held, isolatedMargin: margin }, at);
  return { positionSide: side, margin };
}
