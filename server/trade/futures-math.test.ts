import { describe, expect, it } from 'vitest';
import { D } from '../platform/decimal.ts';
import {
  applyFill,
  initialMargin,
  liquidationPrice,
  maintenanceMargin,
  makeBrackets,
  marginRatio,
  unrealizedPnl,
} from './futures-math.ts';
import { maintenanceBrackets, pairOf } from './markets.ts';

const flat = { size: new D(0), entry: new D(0) };

describe('applyFill', () => {
  it('opens and averages the entry price', () => {
    const a = applyFill(flat, new D('1'), new D('100'));
    const b = applyFill(a.position, new D('3'), new D('104'));
    expect(b.position.size.toFixed()).toBe('4');
    expect(b.position.entry.toFixed()).toBe('103');
    expect(b.opened.toFixed()).toBe('3');
    expect(b.realized.toFixed()).toBe('0');
  });

  it('reduces a long with realised PnL and keeps the entry', () => {
    const r = applyFill({ size: new D('2'), entry: new D('100') }, new D('-0.5'), new D('110'));
    expect(r.position.size.toFixed()).toBe('1.5');
    expect(r.position.entry.toFixed()).toBe('100');
    expect(r.realized.toFixed()).toBe('5');
    expect(r.closed.toFixed()).toBe('0.5');
  });

  it('closes a short at a loss', () => {
    const r = applyFill({ size: new D('-1'), entry: new D('100') }, new D('1'), new D('103'));
    expect(r.position.size.isZero()).toBe(true);
    expect(r.realized.toFixed()).toBe('-3');
  });

  it('flips: the rest opens at the fill price', () => {
    const r = applyFill({ size: new D('1'), entry: new D('100') }, new D('-3'), new D('90'));
    expect(r.position.size.toFixed()).toBe('-2');
    expect(r.position.entry.toFixed()).toBe('90');
    expect(r.realized.toFixed()).toBe('-10');
    expect(r.opened.toFixed()).toBe('2');
  });
});

describe('PnL, margins and liquidation', () => {
  const long = { size: new D('2'), entry: new D('100') };
  const short = { size: new D('-2'), entry: new D('100') };
  const mmr = makeBrackets([['0', '0.005']]);

  it('unrealised PnL follows the mark', () => {
    expect(unrealizedPnl(long, new D('101.5')).toFixed()).toBe('3');
    expect(unrealizedPnl(short, new D('101.5')).toFixed()).toBe('-3');
  });

  it('initial and maintenance margin from the mark', () => {
    expect(initialMargin(long, new D('100'), 20).toFixed()).toBe('10');
    expect(maintenanceMargin(short, new D('100'), mmr).toFixed()).toBe('1');
    expect(marginRatio(new D('1'), new D('40')).toFixed()).toBe('0.025');
    expect(marginRatio(new D('1'), new D('-1')).toFixed()).toBe('1');
    expect(marginRatio(new D('0'), new D('0')).toFixed()).toBe('0');
  });

  it('liquidation price of an isolated long and short (margin 10 on 2 × 100)', () => {
    // long: (10 − 200) / (2 × 0.005 − 2) = 95.4773…
    const lpLong = liquidationPrice(long, new D('10'), mmr);
    expect(lpLong.toDecimalPlaces(4).toFixed()).toBe('95.4774');
    // At that mark the margin balance equals the maintenance margin.
    const balance = new D('10').add(unrealizedPnl(long, lpLong));
    expect(balance.sub(maintenanceMargin(long, lpLong, mmr)).abs().lt('1e-20')).toBe(true);
    const lpShort = liquidationPrice(short, new D('10'), mmr);
    expect(lpShort.toDecimalPlaces(4).toFixed()).toBe('104.4776');
  });

  it('no reachable liquidation price is 0', () => {
    expect(liquidationPrice(long, new D('1000'), mmr).toFixed()).toBe('0');
    expect(liquidationPrice({ size: new D(0), entry: new D(0) }, new D('1'), mmr).toFixed()).toBe('0');
  });
});

/**
 * An independent computation: Binance's published BTCUSDT table with its maintenance amounts as printed
 * (not derived), and the liquidation price found by bisection on the mark where the margin balance meets the
 * maintenance margin, instead of the closed form.
 */
const BTC_TABLE: [cap: number, mmr: string, cum: string][] = [
  [50_000, '0.004', '0'],
  [250_000, '0.005', '50'],
  [1_000_000, '0.01', '1300'],
  [10_000_000, '0.025', '16300'],
  [20_000_000, '0.05', '266300'],
  [50_000_000, '0.1', '1266300'],
  [100_000_000, '0.125', '2516300'],
  [200_000_000, '0.15', '5016300'],
  [300_000_000, '0.25', '25016300'],
  [Infinity, '0.5', '100016300'],
];

function mmByTable(notionalValue: InstanceType<typeof D>): InstanceType<typeof D> {
  const row = BTC_TABLE.find(([cap]) => notionalValue.lt(cap)) ?? BTC_TABLE[BTC_TABLE.length - 1]!;
  return notionalValue.mul(row[1]).sub(row[2]);
}

/** Bisection of margin balance − maintenance margin over the mark (others: fixed PnL and MM of other cross positions). */
function bisect(size: string, entry: string, wallet: string, others = { upnl: '0', mm: '0' }): string {
  const q = new D(size);
  const e = new D(entry);
  const gap = (p: InstanceType<typeof D>) =>
    new D(wallet).add(others.upnl).sub(others.mm).add(q.mul(p.sub(e))).sub(mmByTable(q.abs().mul(p)));
  let lo = new D('0.0000001');
  let hi = new D('10000000');
  // long: the gap grows with the price; short: it shrinks
  const rising = q.isPositive();
  for (let i = 0; i < 200; i++) {
    const mid = lo.add(hi).div(2);
    if (gap(mid).isNegative() === rising) lo = mid;
    else hi = mid;
  }
  return lo.toDecimalPlaces(4).toFixed();
}

describe('maintenance-margin brackets (Binance USDⓈ-M)', () => {
  const btc = maintenanceBrackets(pairOf('usdm', 'BTCUSDT').inst);

  it('derives the printed maintenance amounts of BTCUSDT from the floors', () => {
    expect(btc.map((b) => b.cum.toFixed())).toEqual(BTC_TABLE.map(([, , cum]) => cum));
    expect(btc.map((b) => b.mmr.toFixed())).toEqual(BTC_TABLE.map(([, mmr]) => mmr));
  });

  it('maintenance margin uses the tier of the notional', () => {
    // 2 BTC at 60 000 = 120 000 notional: tier 2, 120 000 × 0.5 % − 50 = 550 (one tier would say 480)
    expect(maintenanceMargin({ size: new D(2), entry: new D(60000) }, new D(60000), btc).toFixed()).toBe('550');
    expect(maintenanceMargin({ size: new D('0.5'), entry: new D(60000) }, new D(60000), btc).toFixed()).toBe('120');
  });

  it.each([
    ['isolated long, tier 1', '0.5', '60000', '3000'],
    ['isolated short, tier 1', '-0.5', '60000', '3000'],
    ['isolated long, tier 2', '3', '60000', '12000'],
    ['isolated short, tier 2', '-3', '60000', '12000'],
    ['isolated long, tier 3', '20', '60000', '120000'],
    ['isolated short, tier 4', '-20', '60000', '240000'],
  ])('%s equals the independent computation', (_name, size, entry, margin) => {
    const lp = liquidationPrice({ size: new D(size), entry: new D(entry) }, new D(margin), btc);
    expect(lp.toDecimalPlaces(4).toFixed()).toBe(bisect(size, entry, margin));
  });

  it('cross: the wallet with the other cross positions\' PnL and maintenance margin backs the position', () => {
    // wallet 20 000; another cross position has PnL −1 500 and maintenance margin 300
    const others = { upnl: '-1500', mm: '300' };
    const backing = new D('20000').add(others.upnl).sub(others.mm);
    for (const size of ['2', '-2', '5', '-5']) {
      const lp = liquidationPrice({ size: new D(size), entry: new D('60000') }, backing, btc);
      expect(lp.toDecimalPlaces(4).toFixed()).toBe(bisect(size, '60000', '20000', others));
    }
  });

  it('a cross long the wallet covers outright has no liquidation price (0)', () => {
    expect(liquidationPrice({ size: new D('0.1'), entry: new D('60000') }, new D('10000'), btc).toFixed()).toBe('0');
  });
});
