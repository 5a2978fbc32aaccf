import Decimal from 'decimal.js';

/**
 * Binance's USDⓈ-M maintenance-margin brackets and the liquidation price they give, shared by the sandbox
 * (server/trade/futures-math.ts prices positions with them) and the app (the order form's estimate before
 * submitting, server/trade/README.md "Order types"). Plain values and decimal.js only, so the app may import this at
 * run time (contract/bundle-boundary.test.ts).
 *
 * Tiers are (notional floor in USDT, maintenance margin rate): BTC and ETH on the BTCUSDT table, the other
 * listings on Binance's common table for smaller contracts. The maintenance amounts follow from the floors.
 */
export const MAJOR_TIERS = [
  ['0', '0.004'],
  ['50000', '0.005'],
  ['250000', '0.01'],
  ['1000000', '0.025'],
  ['10000000', '0.05'],
  ['20000000', '0.1'],
  ['50000000', '0.125'],
  ['100000000', '0.15'],
  ['200000000', '0.25'],
  ['300000000', '0.5'],
] as const;
export const MINOR_TIERS = [
  ['0', '0.01'],
  ['5000', '0.025'],
  ['25000', '0.05'],
  ['100000', '0.1'],
  ['250000', '0.125'],
  ['1000000', '0.5'],
] as const;

export type Tiers = readonly (readonly [floor: string, mmr: string])[];

/** The tier table of a listing by its base asset. */
export function tiersFor(baseAsset: string): Tiers {
  return baseAsset === 'BTC' || baseAsset === 'ETH' ? MAJOR_TIERS : MINOR_TIERS;
}

/** One maintenance-margin tier: notionals in [floor, cap) (cap null: no upper bound). */
export interface Bracket {
  floor: Decimal;
  cap: Decimal | null;
  /** maintenance margin rate */
  mmr: Decimal;
  /** maintenance amount: makes the margin continuous across tiers */
  cum: Decimal;
}

/**
 * Brackets from their floors and rates, each tier's maintenance amount derived as Binance does:
 * cum(i) = cum(i − 1) + floor(i) × (MMR(i) − MMR(i − 1)). `Dec` is the decimal.js constructor to compute
 * with (the sandbox's works at 40 digits).
 */
export function makeBrackets(tiers: Tiers, Dec: Decimal.Constructor = Decimal): Bracket[] {
  const out: Bracket[] = [];
  tiers.forEach(([floor, mmr], i) => {
    const prev = out[i - 1];
    const f = new Dec(floor);
    const rate = new Dec(mmr);
    out.push({ floor: f, cap: tiers[i + 1] ? new Dec(tiers[i + 1]![0]) : null, mmr: rate, cum: prev ? prev.cum.add(f.mul(rate.sub(prev.mmr))) : new Dec(0) });
  });
  return out;
}

export function inBracket(b: Bracket, value: Decimal): boolean {
  return value.gte(b.floor) && (b.cap === null || value.lt(b.cap));
}

/** The tier a notional falls in (the last for anything above the table). */
export function bracketOf(brackets: readonly Bracket[], value: Decimal): Bracket {
  return brackets.find((b) => inBracket(b, value)) ?? brackets[brackets.length - 1]!;
}

/**
 * The mark price at which a position of signed `size` entered at `entry` meets its maintenance margin, with
 * `backingMargin` = WB − TMM1 + UPNL1 (the isolated margin, or for cross the cross wallet less the other cross
 * positions' maintenance margin plus their PnL): (backing + cum − size × entry) / (|size| × MMR − size) for the
 * bracket the notional at that price falls in. Each tier gives a candidate; the margin is continuous across
 * tiers, so at most one lies in the tier it was computed with. Null when no price liquidates the position.
 */
export function liquidationPriceOf(size: Decimal, entry: Decimal, backingMargin: Decimal, brackets: readonly Bracket[]): Decimal | null {
  if (size.isZero()) return null;
  for (const b of brackets) {
    const price = backingMargin.add(b.cum).sub(size.mul(entry)).div(size.abs().mul(b.mmr).sub(size));
    if (price.gt(0) && inBracket(b, size.abs().mul(price))) return price;
  }
  return null;
}

/** One side of a symbol's positions for the joint liquidation price (hedge mode's long and short together). */
export interface Leg {
  /** signed size: long > 0, short < 0 */
  size: Decimal;
  entry: Decimal;
  brackets: readonly Bracket[];
}

/**
 * Hedge mode on cross margin (Binance's formula with Position1LONG and Position1SHORT): both sides of a symbol
 * move with the same mark, so they liquidate at one price P where
 *   backing + Σ size × (P − entry) = Σ (|size| × P × MMR − cum),
 * each side's MMR and cum from the bracket its own notional |size| × P falls in; `backingMargin` is the cross
 * wallet less the other symbols' maintenance margin plus their PnL. Every pair of tiers gives a candidate; one
 * whose notionals lie in the tiers it was computed with is a root. With both sides open the margin can run out
 * on a fall and on a rise: the root nearest `mark` is the one the price meets first. Null when none exists.
 */
export function jointLiquidationPrice(legs: readonly Leg[], backingMargin: Decimal, mark: Decimal): Decimal | null {
  const open = legs.filter((l) => !l.size.isZero());
  if (open.length === 0) return null;
  let best: Decimal | null = null;
  const choose = (i: number, picked: Bracket[]): void => {
    if (i === open.length) {
      let numerator = backingMargin;
      let denominator = open[0]!.size.mul(0);
      open.forEach((l, k) => {
        numerator = numerator.add(picked[k]!.cum).sub(l.size.mul(l.entry));
        denominator = denominator.add(l.size.abs().mul(picked[k]!.mmr)).sub(l.size);
      });
      if (denominator.isZero()) return;
      const price = numerator.div(denominator);
      if (!price.gt(0) || !open.every((l, k) => inBracket(picked[k]!, l.size.abs().mul(price)))) return;
      if (best === null || price.sub(mark).abs().lt(best.sub(mark).abs())) best = price;
      return;
    }
    for (const b of open[i]!.brackets) choose(i + 1, [...picked, b]);
  };
  choose(0, []);
  return best;
}
