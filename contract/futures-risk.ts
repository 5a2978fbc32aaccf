import Decimal from 'decimal.js';
import { type Bracket, bracketOf, jointLiquidationPrice, liquidationPriceOf } from './futures-brackets.ts';

/**
 * USD-M order and position risk, one implementation for the sandbox (server/trade: order checks, fills, the
 * position query) and the app (the order form's cost and estimated liquidation price before submitting, spec §2
 * "Futures trading"). Binance's definitions ("How to Calculate Liquidation Price of USDⓈ-M Futures Contracts",
 * "Leverage and Margin of USDⓈ-M Futures"), USDT single-asset mode:
 * - an order first closes what it can of the position it trades against and opens only the rest; the closing
 *   part needs no margin. One-way: a buy against a short (a sell against a long) closes. Hedge: the position
 *   side decides — a sell on LONG or a buy on SHORT closes, a buy on LONG or a sell on SHORT adds;
 * - cost = initial margin of the opening part (qty × price / leverage) + the taker fee of the whole order;
 * - maintenance margin = notional × MMR − cum, of the bracket the notional falls in (contract/futures-brackets.ts);
 * - liquidation price with WB − TMM1 + UPNL1: isolated → the position's isolated margin; cross → the cross wallet
 *   less the other cross positions' maintenance margin plus their PnL; hedge mode on cross with both sides of
 *   the symbol open → both sides together at one price (jointLiquidationPrice).
 * Plain values and decimal.js only, so the app may import this at run time (contract/bundle-boundary.test.ts).
 * Every result is computed from its inputs, so it keeps the decimal.js precision of the caller's values.
 */

export type PositionSide = 'BOTH' | 'LONG' | 'SHORT';
export type MarginType = 'cross' | 'isolated';
export type OrderSide = 'buy' | 'sell';

/** One open position as risk sees it; `upnl` and `mm` at the position's own mark. */
export interface RiskPosition {
  symbol: string;
  positionSide: PositionSide;
  marginType: MarginType;
  /** signed: long > 0, short < 0 */
  size: Decimal;
  entry: Decimal;
  /** isolated positions: the margin set aside for it (0 on cross) */
  isolatedMargin: Decimal;
  upnl: Decimal;
  mm: Decimal;
}

/** The USD-M account: the cross wallet (the USDT wallet less the isolated margins) and every open position. */
export interface RiskAccount {
  crossWallet: Decimal;
  positions: readonly RiskPosition[];
}

/** What the position query answers of a position (contract/futures.ts PositionView), as decimal strings. */
export interface PositionFields {
  instrumentId: string;
  positionSide: PositionSide;
  marginType: MarginType;
  positionAmt: string;
  entryPrice: string;
  margin: string;
  unrealizedProfitLoss: string;
  maintMargin: string;
}

/**
 * The account from what the app reads (the capital snapshot's wallet `balance` and the position query): the cross
 * wallet is the wallet balance less the isolated margins. `Dec` is the decimal.js constructor to read with.
 */
export function riskAccountFromViews(balance: string | null, positions: readonly PositionFields[], Dec: Decimal.Constructor = Decimal): RiskAccount {
  const open = positions
    .filter((p) => !new Dec(p.positionAmt).isZero())
    .map(
      (p): RiskPosition => ({
        symbol: p.instrumentId,
        positionSide: p.positionSide,
        marginType: p.marginType,
        size: new Dec(p.positionAmt),
        entry: new Dec(p.entryPrice),
        isolatedMargin: new Dec(p.marginType === 'isolated' ? p.margin : 0),
        upnl: new Dec(p.unrealizedProfitLoss),
        mm: new Dec(p.maintMargin),
      }),
    );
  const isolated = open.reduce((sum, p) => sum.add(p.isolatedMargin), new Dec(0));
  return { crossWallet: new Dec(balance ?? 0).sub(isolated), positions: open };
}

const zeroLike = (x: Decimal): Decimal => x.mul(0);
// Decimal.max/min would answer in the default constructor's precision; these keep the caller's values.
const larger = (a: Decimal, b: Decimal): Decimal => (a.gte(b) ? a : b);
const smaller = (a: Decimal, b: Decimal): Decimal => (a.lte(b) ? a : b);

/** The position side an order of the form trades in hedge mode: opening buys LONG, opening sells SHORT; reduce-only names the side it closes. */
export function hedgeSideOf(side: OrderSide, reduceOnly: boolean): 'LONG' | 'SHORT' {
  return (side === 'buy') !== reduceOnly ? 'LONG' : 'SHORT';
}

export interface OrderSplit {
  /** whether the order trades against the position (closes it first) */
  closing: boolean;
  /** how much the order can close: |size| when closing, else 0 */
  closable: Decimal;
  /** the part that opens or adds */
  opening: Decimal;
}

/** How an order of `qty` on `positionSide` splits against the position of signed `size` held on that side. */
export function orderSplit(size: Decimal, side: OrderSide, positionSide: PositionSide, qty: Decimal): OrderSplit {
  const closing = positionSide === 'BOTH' ? !size.isZero() && size.isPositive() === (side === 'sell') : (positionSide === 'LONG') === (side === 'sell');
  const closable = closing ? size.abs() : zeroLike(qty);
  return { closing, closable, opening: larger(zeroLike(qty), qty.sub(closable)) };
}

/** The taker fee of a notional, to 8 decimals rounded up (what the sandbox charges). */
export function feeOf(notional: Decimal, rate: Decimal): Decimal {
  return notional.mul(rate).toDecimalPlaces(8, Decimal.ROUND_UP);
}

/** What an order needs of the available balance: the initial margin of its opening part plus the taker fee of the whole. */
export function orderCost(opening: Decimal, qty: Decimal, price: Decimal, leverage: number, takerFeeRate: Decimal): Decimal {
  return opening.mul(price).div(leverage).add(feeOf(qty.mul(price), takerFeeRate));
}

export function maintenanceMarginOf(size: Decimal, mark: Decimal, brackets: readonly Bracket[]): Decimal {
  const notional = size.abs().mul(mark);
  if (notional.isZero()) return notional;
  const b = bracketOf(brackets, notional);
  return notional.mul(b.mmr).sub(b.cum);
}

export interface FillEffect {
  size: Decimal;
  entry: Decimal;
  /** PnL realised by the part that reduced the position */
  realized: Decimal;
  /** base quantity that reduced the position */
  closed: Decimal;
  /** base quantity that opened or increased it */
  opened: Decimal;
}

/** A fill of `signedQty` (buy > 0, sell < 0) at `price` on a position: adding averages the entry, reducing realises PnL, a flip opens the rest at the price. */
export function applyFill(position: { size: Decimal; entry: Decimal }, signedQty: Decimal, price: Decimal): FillEffect {
  const { size, entry } = position;
  const zero = zeroLike(size);
  if (size.isZero() || size.isPositive() === signedQty.isPositive()) {
    const newSize = size.add(signedQty);
    const newEntry = size.abs().mul(entry).add(signedQty.abs().mul(price)).div(newSize.abs());
    return { size: newSize, entry: newEntry, realized: zero, closed: zero, opened: signedQty.abs() };
  }
  const closedQty = smaller(size.abs(), signedQty.abs());
  const realized = closedQty.mul(price.sub(entry)).mul(size.isPositive() ? 1 : -1);
  const newSize = size.add(signedQty);
  const opened = signedQty.abs().sub(closedQty);
  if (newSize.isZero()) return { size: zero, entry: zero, realized, closed: closedQty, opened: zero };
  return { size: newSize, entry: opened.gt(0) ? price : entry, realized, closed: closedQty, opened };
}

/** The isolated margin after a fill: the closed share of it is freed, the opened part adds its initial margin; none once the position is flat. */
export function isolatedMarginAfter(margin: Decimal, sizeBefore: Decimal, effect: FillEffect, price: Decimal, leverage: number): { margin: Decimal; freed: Decimal; added: Decimal } {
  const freed = sizeBefore.isZero() ? zeroLike(margin) : margin.mul(effect.closed).div(sizeBefore.abs());
  const added = effect.opened.mul(price).div(leverage);
  return { margin: effect.size.isZero() ? zeroLike(margin) : margin.sub(freed).add(added), freed, added };
}

const samePosition = (a: { symbol: string; positionSide: PositionSide }, b: { symbol: string; positionSide: PositionSide }) =>
  a.symbol === b.symbol && a.positionSide === b.positionSide;

/**
 * The mark price at which `position` is liquidated (null: none reaches it). `brackets` are the symbol's, `mark`
 * its mark price (with both hedge sides open the margin can run out on a fall and on a rise: the root nearest
 * the mark is the one met first).
 */
export function positionLiquidation(account: RiskAccount, position: RiskPosition, brackets: readonly Bracket[], mark: Decimal): Decimal | null {
  if (position.size.isZero()) return null;
  if (position.marginType === 'isolated') return liquidationPriceOf(position.size, position.entry, position.isolatedMargin, brackets);
  // Cross: the legs liquidating together are the symbol's open cross positions (one in one-way mode, up to two in hedge mode).
  const legs = account.positions.filter((p) => p.symbol === position.symbol && p.marginType === 'cross' && !p.size.isZero());
  if (!legs.some((p) => samePosition(p, position))) legs.push(position);
  let backing = account.crossWallet;
  for (const other of account.positions) {
    if (other.marginType !== 'cross' || legs.includes(other)) continue;
    backing = backing.add(other.upnl).sub(other.mm);
  }
  if (legs.length === 1) return liquidationPriceOf(position.size, position.entry, backing, brackets);
  return jointLiquidationPrice(
    legs.map((l) => ({ size: l.size, entry: l.entry, brackets })),
    backing,
    mark,
  );
}

/** An order to estimate: the symbol, its side and position side, size and price, and the symbol's settings. */
export interface OrderIntent {
  symbol: string;
  side: OrderSide;
  positionSide: PositionSide;
  qty: Decimal;
  price: Decimal;
  leverage: number;
  /** the symbol's margin mode (a held position's own mode wins: Binance refuses a change with a position open) */
  marginType: MarginType;
  takerFeeRate: Decimal;
  brackets: readonly Bracket[];
  /** the symbol's mark price (the order's price when not known) */
  mark?: Decimal;
}

export interface OrderEstimate extends OrderSplit {
  /** initial margin of the opening part plus the taker fee of the whole order */
  cost: Decimal;
  fee: Decimal;
  /** the position on the order's side once the order has filled at its price */
  position: RiskPosition;
  /** its liquidation price then; null when flat or out of reach */
  liquidation: Decimal | null;
}

/**
 * What an order does once it fills at its price: the cost it needs now and the position with its liquidation
 * price after it. The wallet pays the fee and takes the PnL the closing part realises; isolated margin moves
 * between the cross wallet and the position as the sandbox's fills move it (server/trade/fills.ts).
 */
export function estimateOrder(account: RiskAccount, o: OrderIntent): OrderEstimate {
  const held = account.positions.find((p) => p.symbol === o.symbol && p.positionSide === o.positionSide);
  const zero = zeroLike(o.qty);
  const before: RiskPosition = held ?? {
    symbol: o.symbol,
    positionSide: o.positionSide,
    marginType: o.marginType,
    size: zero,
    entry: zero,
    isolatedMargin: zero,
    upnl: zero,
    mm: zero,
  };
  const marginType = held && !held.size.isZero() ? held.marginType : o.marginType;
  const split = orderSplit(before.size, o.side, o.positionSide, o.qty);
  const fee = feeOf(o.qty.mul(o.price), o.takerFeeRate);
  const cost = orderCost(split.opening, o.qty, o.price, o.leverage, o.takerFeeRate);
  const effect = applyFill(before, o.side === 'buy' ? o.qty : o.qty.neg(), o.price);
  const mark = o.mark ?? o.price;
  let crossWallet = account.crossWallet.add(effect.realized).sub(fee);
  let isolatedMargin = zero;
  if (marginType === 'isolated') {
    const moved = isolatedMarginAfter(before.isolatedMargin, before.size, effect, o.price, o.leverage);
    isolatedMargin = moved.margin;
    crossWallet = crossWallet.add(before.isolatedMargin).sub(moved.margin);
  }
  const after: RiskPosition = {
    symbol: o.symbol,
    positionSide: o.positionSide,
    marginType,
    size: effect.size,
    entry: effect.entry,
    isolatedMargin,
    upnl: effect.size.mul(mark.sub(effect.entry)),
    mm: maintenanceMarginOf(effect.size, mark, o.brackets),
  };
  const positions = account.positions.filter((p) => !samePosition(p, after));
  if (!after.size.isZero()) positions.push(after);
  const liquidation = positionLiquidation({ crossWallet, positions }, after, o.brackets, mark);
  return { ...split, cost, fee, position: after, liquidation };
}

/** A price at the tick, rounded to the safe side of a liquidation price: up for a long (liquidated no lower than shown), down for a short. */
export function liquidationAtTick(price: Decimal, tick: Decimal.Value, long: boolean): Decimal {
  return price.div(tick).toDecimalPlaces(0, long ? Decimal.ROUND_UP : Decimal.ROUND_DOWN).mul(tick);
}
