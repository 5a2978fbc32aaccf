import type { Queryable } from '../db/client.ts';
import type { Instrument } from '../sim/instruments.ts';
import { ZERO } from './decimal.ts';
import { applyFill } from './futures-math.ts';
import { feeOf, type Fill } from './matching.ts';
import { feeRate, insertFill, spotFee, type OrderRow } from './orders.ts';
import { Account, adjust, positions, savePosition } from './store.ts';

/**
 * What one fill does to the user's money and position, inside the order's transaction. A balance that
 * would go below zero refuses the whole transaction ('Insufficient Balance').
 */
export async function applySpotFill(tx: Queryable, o: OrderRow, inst: Instrument, fill: Fill, at: Date): Promise<void> {
  const fee = spotFee(o.side, fill);
  if (o.side === 'buy') {
    // A limit buy held limit × qty; it pays the fill's quote and frees the difference (price improvement).
    const release = o.priceType === 'limit' ? fill.qty.mul(o.price!) : ZERO;
    await adjust(tx, o.userId, Account.trade, inst.quote, release.sub(fill.quote), release.neg());
    await adjust(tx, o.userId, Account.trade, inst.base, fill.qty.sub(fee));
    o.lockedAmount = o.lockedAmount.sub(release);
  } else {
    if (o.priceType === 'limit') await adjust(tx, o.userId, Account.trade, inst.base, ZERO, fill.qty.neg());
    else await adjust(tx, o.userId, Account.trade, inst.base, fill.qty.neg());
    await adjust(tx, o.userId, Account.trade, inst.quote, fill.quote.sub(fee));
    if (o.priceType === 'limit') o.lockedAmount = o.lockedAmount.sub(fill.qty);
  }
  await insertFill(tx, o, { fill, fee, realized: ZERO }, at);
}

export async function applyFuturesFill(tx: Queryable, o: OrderRow, fill: Fill, at: Date): Promise<void> {
  const held = (await positions(tx, o.userId, o.symbol)).find((p) => p.positionSide === o.positionSide);
  const before = held ?? { symbol: o.symbol, positionSide: o.positionSide, size: ZERO, entry: ZERO, isolatedMargin: ZERO };
  const effect = applyFill(before, o.side === 'buy' ? fill.qty : fill.qty.neg(), fill.price);
  const fee = feeOf(fill.quote, feeRate('usdm', fill.maker));
  // The order's hold shrinks with what it filled.
  const remaining = o.quantity.sub(o.filledQty);
  const release = fill.qty.gte(remaining) ? o.lockedAmount : o.lockedAmount.mul(fill.qty).div(remaining);
  o.lockedAmount = o.lockedAmount.sub(release);
  let freeDelta = release.add(effect.realized).sub(fee);
  let isolated = before.isolatedMargin;
  if (o.marginType === 'isolated') {
    const freed = before.size.isZero() ? ZERO : isolated.mul(effect.closed).div(before.size.abs());
    const added = effect.opened.mul(fill.price).div(o.leverage ?? 1);
    isolated = isolated.sub(freed).add(added);
    freeDelta = freeDelta.add(freed).sub(added);
  }
  if (effect.position.size.isZero()) {
    freeDelta = freeDelta.add(isolated);
    isolated = ZERO;
  }
  await adjust(tx, o.userId, Account.swap, 'USDT', freeDelta, release.neg());
  await savePosition(tx, o.userId, { ...before, size: effect.position.size, entry: effect.position.entry, isolatedMargin: isolated }, at);
  await insertFill(tx, o, { fill, fee, realized: effect.realized }, at);
}
