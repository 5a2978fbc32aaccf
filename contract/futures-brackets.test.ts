import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { bracketOf, jointLiquidationPrice, liquidationPriceOf, makeBrackets, MAJOR_TIERS, MINOR_TIERS, tiersFor } from './futures-brackets.ts';

const D = (v: Decimal.Value) => new Decimal(v);
const btc = makeBrackets(MAJOR_TIERS);

/** Margin balance less maintenance margin at price p, each side in the bracket of its own notional: zero at liquidation. */
function slack(legs: { size: Decimal; entry: Decimal }[], backing: Decimal, p: Decimal): Decimal {
  return legs.reduce((acc, l) => {
    const notional = l.size.abs().mul(p);
    const b = bracketOf(btc, notional);
    return acc.add(l.size.mul(p.sub(l.entry))).sub(notional.mul(b.mmr).sub(b.cum));
  }, backing);
}

describe('maintenance-margin brackets and liquidation prices', () => {
  it('picks the table by base asset and derives the maintenance amounts', () => {
    expect(tiersFor('ETH')).toBe(MAJOR_TIERS);
    expect(tiersFor('SOL')).toBe(MINOR_TIERS);
    // Binance's printed BTCUSDT maintenance amounts: 0, 50, 1,300, 16,300.
    expect(btc.slice(0, 4).map((b) => b.cum.toFixed())).toEqual(['0', '50', '1300', '16300']);
  });

  it('one leg: the joint formula is the single-position one', () => {
    for (const [size, wallet] of [
      ['2', '5000'],
      ['-3', '20000'],
      ['10', '30000'],
    ] as const) {
      const single = liquidationPriceOf(D(size), D(60000), D(wallet), btc);
      expect(jointLiquidationPrice([{ size: D(size), entry: D(60000), brackets: btc }], D(wallet), D(60000))?.toFixed(8)).toBe(single?.toFixed(8));
    }
  });

  it('hedge mode: a long and a smaller short liquidate together, below the mark, where margin meets maintenance', () => {
    const legs = [
      { size: D(1), entry: D(60000), brackets: btc },
      { size: D(-0.5), entry: D(61000), brackets: btc },
    ];
    const p = jointLiquidationPrice(legs, D(5000), D(60500))!;
    expect(p.lt(60500)).toBe(true);
    expect(slack(legs, D(5000), p).abs().lt('1e-9')).toBe(true);
    // Treating the short as just another position at today's mark (the old way) gives a different price.
    const short = legs[1]!;
    const otherAtMark = short.size.mul(D(60500).sub(short.entry)).sub(short.size.abs().mul(60500).mul('0.004'));
    const old = liquidationPriceOf(D(1), D(60000), D(5000).add(otherAtMark), btc)!;
    expect(old.sub(p).abs().gt(100)).toBe(true);
  });

  it('hedge mode: with a fall and a rise both able to exhaust the margin, the root nearest the mark is the one shown', () => {
    const legs = [
      { size: D(10), entry: D(60000), brackets: btc },
      { size: D(-9), entry: D(60000), brackets: btc },
    ];
    const fall = jointLiquidationPrice(legs, D(20000), D(60000))!;
    const rise = jointLiquidationPrice(legs, D(20000), D(1e8))!;
    expect(fall.lt(60000)).toBe(true);
    expect(rise.gt(1e6)).toBe(true);
    for (const p of [fall, rise]) expect(slack(legs, D(20000), p).abs().lt('1e-6')).toBe(true);
  });

  it('no price liquidates a position its margin covers outright', () => {
    expect(jointLiquidationPrice([{ size: D(1), entry: D(60000), brackets: btc }], D(60000), D(60000))).toBeNull();
    expect(jointLiquidationPrice([], D(1), D(1))).toBeNull();
  });
});
