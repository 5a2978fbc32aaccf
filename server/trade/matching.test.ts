import { describe, expect, it } from 'vitest';
import { D } from '../platform/decimal.ts';
import {
  averagePrice,
  closedStatus,
  crossingLiquidity,
  feeOf,
  openStatus,
  spotStatus,
  sumQty,
  walkBook,
  type Level,
} from './matching.ts';

const lv = (price: string, qty: string): Level => ({ price: new D(price), qty: new D(qty) });
const asks = [lv('100.00', '0.5'), lv('100.10', '1.2'), lv('100.50', '3')];
const bids = [lv('99.90', '0.4'), lv('99.50', '1'), lv('99.00', '2')];

describe('walkBook (market and marketable limit orders)', () => {
  it('walks asks level by level for a market buy, one fill per level', () => {
    const fills = walkBook('buy', asks, new D('1.0'), null);
    expect(fills.map((f) => [f.price.toFixed(), f.qty.toFixed(), f.quote.toFixed()])).toEqual([
      ['100', '0.5', '50'],
      ['100.1', '0.5', '50.05'],
    ]);
    expect(averagePrice(fills)?.toFixed()).toBe('100.05');
    expect(fills.every((f) => !f.maker)).toBe(true);
  });

  it('stops at the end of the book: the rest is not filled', () => {
    const fills = walkBook('sell', bids, new D('10'), null);
    expect(sumQty(fills).toFixed()).toBe('3.4');
  });

  it('stops at the limit price for a marketable limit order', () => {
    const fills = walkBook('buy', asks, new D('5'), new D('100.10'));
    expect(sumQty(fills).toFixed()).toBe('1.7');
    const sells = walkBook('sell', bids, new D('5'), new D('99.60'));
    expect(sumQty(sells).toFixed()).toBe('0.4');
  });

  it('a limit away from the book fills nothing', () => {
    expect(walkBook('buy', asks, new D('1'), new D('99.99'))).toEqual([]);
  });

  it('keeps exact decimals (no float noise)', () => {
    const fills = walkBook('buy', [lv('0.1', '0.3'), lv('0.2', '0.3')], new D('0.6'), null);
    expect(fills.reduce((a, f) => a.add(f.quote), new D(0)).toFixed()).toBe('0.09');
  });
});

describe('crossingLiquidity (resting orders filling when the market crosses them)', () => {
  const t = (price: string, qty: string, buyerMaker: boolean) => ({ price: new D(price), qty: new D(qty), buyerMaker });

  it('counts sell-taker trades at or below a resting buy, not buy-taker trades or trades above', () => {
    const trades = [t('99.80', '0.3', true), t('99.70', '0.2', true), t('99.95', '5', true), t('99.60', '7', false)];
    expect(crossingLiquidity('buy', new D('99.80'), trades, []).toFixed()).toBe('0.5');
  });

  it('counts buy-taker trades at or above a resting sell', () => {
    const trades = [t('100.2', '0.3', false), t('100.1', '1', false), t('100.3', '1', true)];
    expect(crossingLiquidity('sell', new D('100.2'), trades, []).toFixed()).toBe('0.3');
  });

  it('adds opposite levels that now cross the order', () => {
    expect(crossingLiquidity('buy', new D('100.10'), [], asks).toFixed()).toBe('1.7');
    expect(crossingLiquidity('sell', new D('99.95'), [], bids).toFixed()).toBe('0');
  });
});

describe('order states (spec §4)', () => {
  it('open orders: running, partial_filled, filled', () => {
    expect(openStatus(new D(2), new D(0))).toBe('running');
    expect(openStatus(new D(2), new D('0.5'))).toBe('partial_filled');
    expect(openStatus(new D(2), new D(2))).toBe('filled');
  });

  it('cancelled after a partial fill is partial_canceled; before any fill cancelled', () => {
    expect(closedStatus(new D(2), new D('0.5'), 'cancel')).toBe('partial_canceled');
    expect(closedStatus(new D(2), new D(0), 'cancel')).toBe('cancelled');
    expect(closedStatus(new D(2), new D(0), 'expire')).toBe('expired');
    expect(closedStatus(new D(2), new D(2), 'cancel')).toBe('filled');
  });

  it('spot spelling uses hyphens', () => {
    expect(spotStatus('partial_filled')).toBe('partial-filled');
    expect(spotStatus('partial_canceled')).toBe('partial-canceled');
    expect(spotStatus('running')).toBe('running');
  });
});

describe('fees', () => {
  it('rounds up to 8 decimals', () => {
    expect(feeOf(new D('50.05'), new D('0.001')).toFixed()).toBe('0.05005');
    expect(feeOf(new D('0.000000123'), new D('0.001')).toFixed()).toBe('0.00000001');
  });
});
