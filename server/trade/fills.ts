import type Decimal from 'decimal.js';
import type { Queryable } from '../platform/db/client.ts';
import { Entry, post } from '../ledger/ledger.ts';
import type { Instrument } from '../sim/index.ts';
import { D, ZERO } from '../platform/decimal.ts';
import { applyFill } from './futures-math.ts';
import { isolatedMarginAfter } from '../../contract/futures-risk.ts';
import { feeOf, type Fill } from './matching.ts';
import { feeRate, insertFill, spotFee, type OrderRow } from './orders.ts';
import { recordPositionFill } from './position-history.ts';
import { positions, savePosition } from './store.ts';
import { acctOf, ledgerAccounts } from './venue-accounts.ts';

/** Amounts that reach the ledger keep the columns' 18 decimals; derived legs then sum to zero exactly. */
function r18(value: Decimal): Decimal {
  return value.toDecimalPlaces(18, D.ROUND_DOWN);
}

/**
 * What one fill does to the user's money and position, inside the order's transaction: one ledger entry
 * against the provider's `market` account (the exchange side of the fill) and `fees`. A balance that would
 * go below zero refuses the whole transaction ('Insufficient Balance').
 */
export async function applySpotFill(tx: Queryable, o: OrderRow, inst: Instrument, fill: Fill, at: Date): Promise<void> {
  const fee = r18(spotFee(o.side, fill));
  const quote = r18(fill.quote);
  const entry = new Entry('spot_fill', `order:${o.id}`, o.userId);
  const trade = ledgerAccounts(o.venue).trade;
  // Limit and stop-limit orders fill from their hold; market orders spend at once.
  const held = o.priceType !== 'market';
  if (o.side === 'buy') {
    // A limit buy held limit × qty; it pays the fill's quote and frees the difference (price improvement).
    const release = held ? r18(fill.qty.mul(o.price!)) : ZERO;
    entry
      .user(o.userId, trade, inst.quote, release.sub(quote))
      .user(o.userId, trade, inst.quote, release.neg(), 'locked')
      .provider('market', inst.quote, quote)
      .user(o.userId, trade, inst.base, fill.qty.sub(fee))
      .provider('market', inst.base, fill.qty.neg())
      .provider('fees', inst.base, fee);
    o.lockedAmount = o.lockedAmount.sub(release);
  } else {
    entry
      .user(o.userId, trade, inst.base, fill.qty.neg(), held ? 'locked' : 'free')
      .provider('market', inst.base, fill.qty)
      .user(o.userId, trade, inst.quote, quote.sub(fee))
      .provider('market', inst.quote, quote.neg())
      .provider('fees', inst.quote, fee);
    if (held) o.lockedAmount = o.lockedAmount.sub(fill.qty);
  }
  await post(tx, entry, at);
  await insertFill(tx, o, { fill, fee, realized: ZERO }, at);
}

/**
 * A USD-M fill: the order's hold shrinks, realised PnL comes from (or goes to) the market, the fee goes to
 * fee income, and isolated margin moves between the free and margin buckets of the swap account. Answers the
 * position's signed size before and after the fill (the caller ends the TP/SL of a position it closed).
 */
export async function applyFuturesFill(tx: Queryable, o: OrderRow, fill: Fill, at: Date): Promise<{ before: Decimal; after: Decimal }> {
  const held = (await positions(tx, acctOf(o), o.symbol)).find((p) => p.positionSide === o.positionSide);
  const before = held ?? { symbol: o.symbol, positionSide: o.positionSide, size: ZERO, entry: ZERO, isolatedMargin: ZERO };
  const effect = applyFill(before, o.side === 'buy' ? fill.qty : fill.qty.neg(), fill.price);
  const realized = r18(effect.realized);
  const fee = r18(feeOf(fill.quote, feeRate('usdm', fill.maker)));
  // The order's hold shrinks with what it filled.
  const remaining = o.quantity.sub(o.filledQty);
  const release = fill.qty.gte(remaining) ? o.lockedAmount : r18(o.lockedAmount.mul(fill.qty).div(remaining));
  o.lockedAmount = o.lockedAmount.sub(release);
  let freeDelta = release.add(realized).sub(fee);
  let isolated = before.isolatedMargin;
  if (o.marginType === 'isolated') {
    // contract/futures-risk.ts: the order form's estimate moves the margin the same way.
    const moved = isolatedMarginAfter(isolated, before.size, { ...effect, ...effect.position }, fill.price, o.leverage ?? 1);
    const freed = r18(moved.freed);
    const added = r18(moved.added);
    isolated = isolated.sub(freed).add(added);
    freeDelta = freeDelta.add(freed).sub(added);
  }
  if (effect.position.size.isZero()) {
    freeDelta = freeDelta.add(isolated);
    isolated = ZERO;
  }
  const swap = ledgerAccounts(o.venue).swap;
  await post(
    tx,
    new Entry('futures_fill', `order:${o.id}`, o.userId)
      .user(o.userId, swap, 'USDT', freeDelta)
      .user(o.userId, swap, 'USDT', release.neg(), 'locked')
      .user(o.userId, swap, 'USDT', isolated.sub(before.isolatedMargin), 'margin')
      .provider('market', 'USDT', realized.neg())
      .provider('fees', 'USDT', fee),
    at,
  );
  await savePosition(tx, acctOf(o), { ...before, size: effect.position.size, entry: effect.position.entry, isolatedMargin: isolated }, at);
  await insertFill(tx, o, { fill, fee, realized }, at);
  await recordPositionFill(tx, o, before, effect, fill.price, realized, fee, at);
  return { before: before.size, after: effect.position.size };
}
