import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { exactNav, navPerUnit, netAssetOf, principalShare, redeemAmount, unitsFor, unitsForRedemption } from './broker-nav.ts';

/** Hand-computed cases of the NAV arithmetic (contract/broker-nav.ts). */
describe('NAV per unit', () => {
  it('is 1 without units, else net / units rounded half-up to 8 decimals', () => {
    expect(navPerUnit('0', '0').toFixed()).toBe('1');
    expect(navPerUnit('12345', '0').toFixed()).toBe('1');
    expect(navPerUnit('1000', '1000').toFixed()).toBe('1');
    // 1000 / 3 = 333.333333333… → 333.33333333
    expect(navPerUnit('1000', '3').toFixed()).toBe('333.33333333');
    // 2 / 3 = 0.6666666666… → 0.66666667 (half-up)
    expect(navPerUnit('2', '3').toFixed()).toBe('0.66666667');
  });

  it('nets the two liabilities off the gross asset', () => {
    expect(netAssetOf('1050.5', '10.25', '0.25').toFixed()).toBe('1040');
  });

  it('buys units rounded down and pays redemptions rounded down', () => {
    // 100 / 1.03 = 97.0873786407… → 97.08737864
    expect(unitsFor('100', '1.03').toFixed()).toBe('97.08737864');
    // 97.08737864 × 1.03 = 99.9999999992 → 99.99999999
    expect(redeemAmount('97.08737864', '1.03').toFixed()).toBe('99.99999999');
    // The fewest units that pay 100 at 1.03: 97.08737865 (× 1.03 = 100.0000000095 → 100.00000000)
    expect(unitsForRedemption('100', '1.03').toFixed()).toBe('97.08737865');
    expect(redeemAmount(unitsForRedemption('100', '1.03'), '1.03').gte(100)).toBe(true);
    expect(() => unitsFor('1', '0')).toThrow(RangeError);
  });

  it('never lowers the NAV at a flow: the residues stay in the fund', () => {
    // A fund of 1000 units at net 1234.56789 (NAV 1.23456789).
    let net = new Decimal('1234.56789');
    let units = new Decimal('1000');
    const nav = navPerUnit(net, units);
    expect(nav.toFixed()).toBe('1.23456789');
    const bought = unitsFor('777.77', nav);
    net = net.add('777.77');
    units = units.add(bought);
    const after = navPerUnit(net, units);
    expect(after.gte(nav)).toBe(true);
    expect(after.sub(nav).abs().lt('1e-8')).toBe(true);
    const paid = redeemAmount('500', after);
    net = net.sub(paid);
    units = units.sub('500');
    const afterRedeem = navPerUnit(net, units);
    expect(afterRedeem.gte(after)).toBe(true);
    expect(afterRedeem.sub(after).abs().lt('1e-8')).toBe(true);
  });

  it('priced at the exact ratio, the NAV never drops at a flow, even where the rounded one would tip', () => {
    // net / units = 0.9891663851…: published 0.98916639 (half-up), above the exact value.
    let net = new Decimal('9891.663851');
    let units = new Decimal('10000');
    const published = navPerUnit(net, units);
    expect(published.toFixed()).toBe('0.98916639');
    // Priced at the published NAV, redeeming 1500 units five times takes more than their share: the NAV tips down.
    let n2 = net;
    let u2 = units;
    for (let i = 0; i < 5; i++) {
      n2 = n2.sub(redeemAmount('1500', navPerUnit(n2, u2)));
      u2 = u2.sub('1500');
    }
    expect(navPerUnit(n2, u2).toFixed()).toBe('0.98916638');
    // Priced at the exact ratio, it does not.
    for (let i = 0; i < 5; i++) {
      const before = exactNav(net, units);
      net = net.sub(redeemAmount('1500', before));
      units = units.sub('1500');
      expect(exactNav(net, units).gte(before)).toBe(true);
    }
    expect(navPerUnit(net, units).toFixed()).toBe('0.98916639');
    const before = exactNav(net, units);
    const bought = unitsFor('1234.56', before);
    expect(exactNav(net.add('1234.56'), units.add(bought)).gte(before)).toBe(true);
    expect(exactNav('5', '0').toFixed()).toBe('1');
  });

  it('takes the cost share of redeemed units pro rata, all of it with the whole holding', () => {
    // 1000 principal over 800 units: 200 units carry 250.
    expect(principalShare('200', '800', '1000').toFixed()).toBe('250');
    // 1/3 of 100 = 33.333333333 → 33.33333333 (down)
    expect(principalShare('1', '3', '100').toFixed()).toBe('33.33333333');
    expect(principalShare('3', '3', '100').toFixed()).toBe('100');
  });
});
