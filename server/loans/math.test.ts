import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { COLLATERAL_CONFIG, LOAN_ASSET_CONFIG, LOAN_DESK } from './config.ts';
import {
  accrue,
  allocate,
  collateralValue,
  dailyInterest,
  hourInterest,
  liquidationPrice,
  liquidationTarget,
  ltvOf,
  maxLoan,
  settleLiquidation,
  zoneOf,
} from './math.ts';

const d = (v: string | number) => new Decimal(v);
const BTC = COLLATERAL_CONFIG.BTC;
const USDT = LOAN_ASSET_CONFIG.USDT;

describe('loan arithmetic (decimal.js, rounded at each step)', () => {
  it('values the collateral rounded down to 6 decimals and cuts the LTV to 4', () => {
    expect(collateralValue(d('0.25'), d('65000.01')).toFixed()).toBe('16250.0025');
    // 0.12345678 × 65000.03 = 8024.69440...370 → cut to 6 decimals, never up.
    expect(collateralValue(d('0.12345678'), d('65000.03')).toFixed()).toBe('8024.694403');
    // 10,000 / 16,250 = 0.615384… → 0.6153.
    expect(ltvOf(d(10000), d(16250)).toFixed()).toBe('0.6153');
    expect(ltvOf(d(8300), d(10000)).toFixed()).toBe('0.83');
    // A hair under the level is shown under it (and is not liquidated); a cent over is at it.
    expect(ltvOf(d('8299.99'), d(10000)).toFixed()).toBe('0.8299');
    expect(ltvOf(d('8300.01'), d(10000)).toFixed()).toBe('0.83');
    expect(ltvOf(d(0), d(0)).toFixed()).toBe('0');
    expect(ltvOf(d(1), d(0)).gt(1)).toBe(true);
  });

  it('gives the liquidation price rounded down to the cent, at or below which the LTV is at the level', () => {
    // 10,000 / (0.25 × 0.83) = 48,192.771… → 48,192.77.
    const price = liquidationPrice(d(10000), d('0.25'), BTC.liquidationLtv);
    expect(price.toFixed()).toBe('48192.77');
    expect(ltvOf(d(10000), collateralValue(d('0.25'), price)).gte(BTC.liquidationLtv)).toBe(true);
    // Two cents above it the loan is short of the level.
    expect(ltvOf(d(10000), collateralValue(d('0.25'), price.add('0.02'))).lt(BTC.liquidationLtv)).toBe(true);
  });

  it('charges each hour rounded up to the loan asset’s decimals, and the late rate after the due time', () => {
    // 12,345.67 × 0.000008 = 0.09876536 → 0.098766 an hour; a day is 24 rounded hours.
    expect(hourInterest(d('12345.67'), USDT.hourlyRate, 6).toFixed()).toBe('0.098766');
    expect(dailyInterest(d('12345.67'), USDT.hourlyRate, 6).toFixed()).toBe('2.370384');
    const borrowedAt = new Date('2026-11-01T00:00:00Z');
    const dueAt = new Date('2026-11-01T03:00:00Z');
    const loan = { borrowedAt, dueAt, hoursCharged: 0, principalOutstanding: d('12345.67'), hourlyRate: USDT.hourlyRate, lateHourlyRate: USDT.lateHourlyRate };
    // 59 minutes: nothing yet.
    const early = accrue(loan, new Date('2026-11-01T00:59:00Z'), 6);
    expect([early.hoursCharged, early.interest.toFixed()]).toEqual([0, '0']);
    // 5 h: 3 normal hours and 2 late ones (12,345.67 × 0.00003 = 0.3703701 → 0.370371).
    const five = accrue(loan, new Date('2026-11-01T05:00:00Z'), 6);
    expect(five.hoursCharged).toBe(5);
    expect(five.interest.toFixed()).toBe(d('0.098766').mul(3).add(d('0.370371').mul(2)).toFixed());
    // Hours already charged are not charged again.
    expect(accrue({ ...loan, hoursCharged: 5 }, new Date('2026-11-01T05:30:00Z'), 6).interest.toFixed()).toBe('0');
  });

  it('limits a loan to the initial LTV of the collateral’s value, rounded down', () => {
    // 0.25 × 65,000 × 0.65 = 10,562.5
    expect(maxLoan(d('0.25'), d(65000), BTC.initialLtv, 6).toFixed()).toBe('10562.5');
    // The value is cut first (21,666.6697833… → 21,666.669783), then × 0.65 = 14,083.33535895 → 14,083.335358.
    expect(maxLoan(d('0.33333333'), d('65000.01'), BTC.initialLtv, 6).toFixed()).toBe('14083.335358');
  });

  it('pays interest first, then principal', () => {
    const paid = allocate(d(100), d('0.4'), d(10000));
    expect([paid.interest.toFixed(), paid.principal.toFixed(), paid.rest.toFixed()]).toEqual(['0.4', '99.6', '0']);
    const over = allocate(d(10001), d('0.4'), d(10000));
    expect(over.rest.toFixed()).toBe('0.6');
  });

  it('a loan crossing the liquidation level between two price ticks is liquidated at the later one: debt, fee and remainder', () => {
    const debt = d('10000.4');
    const collateral = d('0.25');
    const zones = ['65000', '48750', '48192.77', '43875'].map((p) => zoneOf(ltvOf(debt, collateralValue(collateral, d(p))), BTC.marginCallLtv, BTC.liquidationLtv));
    // 61.54 %: safe; −25 %: 82.05 % margin call; the ticks below the liquidation price: liquidation.
    expect(zones).toEqual(['safe', 'marginCall', 'liquidation', 'liquidation']);
    expect(liquidationPrice(debt, collateral, BTC.liquidationLtv).toFixed()).toBe('48194.69');

    // Sold at 43,875 (the book's average): the sale must raise debt + 2 % fee.
    const { fee, target } = liquidationTarget(debt, LOAN_DESK.liquidationFee, 6);
    expect(fee.toFixed()).toBe('200.008');
    expect(target.toFixed()).toBe('10200.408');
    const sold = target.div(43875).toDecimalPlaces(8, Decimal.ROUND_UP);
    // 10,200.408 / 43,875 = 0.232487931… → up to the satoshi, so the sale covers the target.
    expect(sold.toFixed()).toBe('0.23248794');
    const proceeds = sold.mul(43875).toDecimalPlaces(6, Decimal.ROUND_DOWN);
    expect(proceeds.toFixed()).toBe('10200.408367');
    const s = settleLiquidation(proceeds, d('0.4'), d(10000), fee);
    expect([s.interest, s.principal, s.fee, s.refund, s.shortfall].map((x) => x.toFixed())).toEqual(['0.4', '10000', '200.008', '0.000367', '0']);
    expect(collateral.sub(sold).toFixed()).toBe('0.01751206');
    // Every unit of the proceeds goes somewhere.
    expect(s.interest.add(s.principal).add(s.fee).add(s.refund).eq(proceeds)).toBe(true);
  });

  it('a sale that cannot cover the debt leaves a shortfall and no refund', () => {
    const s = settleLiquidation(d(9000), d('0.4'), d(10000), d(200));
    expect([s.interest, s.principal, s.fee, s.refund, s.shortfall].map((x) => x.toFixed())).toEqual(['0.4', '8999.6', '0', '0', '1200.4']);
  });
});
