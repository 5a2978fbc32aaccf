import { describe, expect, it } from 'vitest';
import { D } from './decimal.ts';
import {
  applyFill,
  initialMargin,
  liquidationPrice,
  maintenanceMargin,
  marginRatio,
  unrealizedPnl,
} from './futures-math.ts';

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
  const mmr = new D('0.005');

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
