import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  annualise,
  assetStamp,
  chainReturns,
  dailyReturns,
  dailyStamp,
  drawdownSeries,
  inRange,
  isDay,
  maxDrawdown,
  moneyWeightedReturn,
  selectRange,
  timeWeightedReturn,
  volumeStamp,
} from './broker-performance.ts';
import { addDays, daysBetween, hkDay as dayOf, hkMidnight } from './broker-projects-rules.ts';

const dayStart = (day: string) => hkMidnight(day).getTime();

const hk = (local: string): number => Date.parse(`${local}+08:00`);

describe('broker performance: days and refresh times (UTC+8, spec §9)', () => {
  it('has no schema library in it, so the app may import its values', () => {
    const source = readFileSync(fileURLToPath(new URL('./broker-performance.ts', import.meta.url)), 'utf8');
    expect(source.match(/^import .*$/gm)).toEqual(["import Decimal from 'decimal.js';", "import { addDays, daysBetween, hkDay, hkMidnight } from './broker-projects-rules.ts';"]);
    expect(readFileSync(fileURLToPath(new URL('./broker-projects-rules.ts', import.meta.url)), 'utf8')).not.toMatch(/^import /m);
  });

  it('takes the Hong Kong calendar day of an instant', () => {
    expect(dayOf(hk('2026-11-26T23:59:59'))).toBe('2026-11-26');
    expect(dayOf(hk('2026-11-27T00:00:00'))).toBe('2026-11-27');
    expect(dayOf(Date.parse('2026-11-26T16:00:00Z'))).toBe('2026-11-27');
    expect(dayStart('2026-11-27')).toBe(Date.parse('2026-11-26T16:00:00Z'));
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2025-11-26', '2026-11-26')).toBe(365);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-1-01')).toBe(false);
  });

  it('stamps real-time assets to 10 minutes, others to 00:00, volume to 10:00 the day after the trades', () => {
    expect(assetStamp(hk('2026-11-26T14:29:59.999'))).toBe(hk('2026-11-26T14:20:00'));
    expect(assetStamp(hk('2026-11-26T14:30:00'))).toBe(hk('2026-11-26T14:30:00'));
    expect(dailyStamp(hk('2026-11-26T00:00:00'))).toBe(hk('2026-11-26T00:00:00'));
    expect(dailyStamp(hk('2026-11-26T23:59:00'))).toBe(hk('2026-11-26T00:00:00'));
    expect(volumeStamp(hk('2026-11-26T09:59:59'))).toEqual({ refreshedAt: hk('2026-11-25T10:00:00'), lastTradeDay: '2026-11-24' });
    expect(volumeStamp(hk('2026-11-26T10:00:00'))).toEqual({ refreshedAt: hk('2026-11-26T10:00:00'), lastTradeDay: '2026-11-25' });
  });
});

describe('broker performance: range selection (spec §9 7/30/90/180/365 and custom)', () => {
  it('ends a fixed range today and covers that many daily returns', () => {
    expect(selectRange({ days: 7 }, '2026-11-26')).toEqual({ ok: true, range: { from: '2026-11-19', to: '2026-11-26' } });
    expect(selectRange({ days: 365 }, '2026-11-26')).toEqual({ ok: true, range: { from: '2025-11-26', to: '2026-11-26' } });
    expect(selectRange({ days: 14 as 7 }, '2026-11-26')).toEqual({ ok: false, error: 'badChoice' });
  });

  it('checks a custom range', () => {
    expect(selectRange({ from: '2026-10-01', to: '2026-10-31' }, '2026-11-26')).toEqual({ ok: true, range: { from: '2026-10-01', to: '2026-10-31' } });
    expect(selectRange({ from: '2026-10-01', to: '2026-10-01' }, '2026-11-26').ok).toBe(true);
    expect(selectRange({ from: '2026-10-32', to: '2026-11-01' }, '2026-11-26')).toEqual({ ok: false, error: 'badDay' });
    expect(selectRange({ from: '2026-11-02', to: '2026-11-01' }, '2026-11-26')).toEqual({ ok: false, error: 'reversed' });
    expect(selectRange({ from: '2026-11-02', to: '2026-11-27' }, '2026-11-26')).toEqual({ ok: false, error: 'future' });
    expect(selectRange({ from: '2010-01-01', to: '2026-11-26' }, '2026-11-26')).toEqual({ ok: false, error: 'tooLong' });
  });

  it('picks the points of a range, both ends included', () => {
    const days = ['2026-11-18', '2026-11-19', '2026-11-25', '2026-11-26'].map((day) => ({ day, nav: 1 }));
    expect(inRange(days, { from: '2026-11-19', to: '2026-11-26' }).map((p) => p.day)).toEqual(['2026-11-19', '2026-11-25', '2026-11-26']);
  });
});

describe('broker performance: returns', () => {
  it('gives each day its return against the day before', () => {
    const r = dailyReturns([
      { day: '2026-01-01', nav: '1' },
      { day: '2026-01-02', nav: '1.02' },
      { day: '2026-01-03', nav: '0.9996' },
      { day: '2026-01-04', nav: '0.9996' },
    ]);
    // 1.02/1 − 1 = 0.02; 0.9996/1.02 − 1 = −0.02; unchanged → 0
    expect(r.map((x) => [x.day, x.rate.toString()])).toEqual([
      ['2026-01-02', '0.02'],
      ['2026-01-03', '-0.02'],
      ['2026-01-04', '0'],
    ]);
    // 1/3 rounds to RATE_DECIMALS (10) half up
    expect(dailyReturns([{ day: 'a', nav: 3 }, { day: 'b', nav: 4 }])[0]!.rate.toString()).toBe('0.3333333333');
  });

  it('chains daily returns into the NAV ratio', () => {
    const navs = ['1', '1.0131', '0.99874', '1.2', '1.19999999', '1.31415926'];
    const points = navs.map((nav, i) => ({ day: addDays('2026-01-01', i), nav }));
    // 1.31415926 / 1 − 1
    expect(timeWeightedReturn(points)!.toString()).toBe('0.31415926');
    expect(timeWeightedReturn(points.slice(3))!.toString()).toBe(new Decimal('1.31415926').div('1.2').sub(1).toDecimalPlaces(10).toString());
    expect(timeWeightedReturn(points.slice(0, 1))).toBeNull();
  });

  it('annualises over a 365-day year', () => {
    // 1.1^(365/73) − 1 = 1.1^5 − 1 = 0.61051
    expect(annualise('0.1', 73)!.toString()).toBe('0.61051');
    // 1.21^(365/730) − 1 = 1.1 − 1
    expect(annualise('0.21', 730)!.toString()).toBe('0.1');
    expect(annualise('0.1', 365)!.toString()).toBe('0.1');
    expect(annualise('-1', 30)).toBeNull();
    expect(annualise('0.1', 0)).toBeNull();
  });
});

describe('broker performance: flows — time-weighted against money-weighted', () => {
  /*
   * Hand computation. One investor, 20 days.
   *   Day 0  (2026-01-01): 100 units at NAV 1.00 → value 100.
   *   Day 10 (2026-01-11): NAV has risen to 1.50 (value 150). A capital increase of 1500 at NAV 1.50 buys
   *                        1500 / 1.5 = 1000 units → 1100 units, value 1650. The fund's NAV per unit stays 1.50.
   *   Day 20 (2026-01-21): NAV falls to 1.20 → value 1100 × 1.2 = 1320.
   * TWR = NAV_end / NAV_start − 1 = 1.2 / 1 − 1 = +20 %.
   *   (The same as chaining the sub-periods between flows on values: 150/100 − 1 = +50 %, 1320/1650 − 1 = −20 %,
   *    1.5 × 0.8 − 1 = +20 %.)
   * MWR: the investor paid 100 + 1500 = 1600 and holds 1320, so money-weighted it is a loss. With g = 1 + R over
   *   the 20 days and y = g^(1/2) (the deposit is half-way): −100 − 1500 / y + 1320 / y² = 0
   *   ⇔ 100 y² + 1500 y − 1320 = 0 ⇔ y² + 15 y − 13.2 = 0 ⇔ y = (−15 + √277.8) / 2 = 0.8336666…
   *   R = y² − 1 = 0.695000… − 1 ≈ −30.50 %. Annual: (1 + R)^(365/20) − 1 ≈ −99.87 %.
   * TWR > 0 > MWR: the fund did well per unit, the investor added money at the top.
   */
  const navs = [
    { day: '2026-01-01', nav: '1' },
    { day: '2026-01-11', nav: '1.5' },
    { day: '2026-01-21', nav: '1.2' },
  ];
  const y = new Decimal(277.8).sqrt().sub(15).div(2);
  const R = y.pow(2).sub(1);

  it('a deposit at a NAV peak then a loss: TWR +20 %, MWR about −30.5 %', () => {
    const twr = timeWeightedReturn(navs)!;
    expect(twr.toString()).toBe('0.2');
    expect(chainReturns(['0.5', '-0.2']).toString()).toBe('0.2');
    const mwr = moneyWeightedReturn({ startDay: '2026-01-01', startValue: 100, flows: [{ day: '2026-01-11', amount: 1500 }], endDay: '2026-01-21', endValue: 1320 })!;
    expect(mwr.period.sub(R).abs().lt('1e-10')).toBe(true);
    expect(mwr.period.toFixed(4)).toBe('-0.3050');
    expect(mwr.annual.sub(R.add(1).pow(365 / 20).sub(1)).abs().lt('1e-9')).toBe(true);
    expect(twr.s).toBe(1);
    expect(mwr.period.s).toBe(-1);
  });

  /*
   * The mirror case. 1000 units at NAV 1.00 (value 1000). Day 10: NAV 0.80 (value 800); the investor redeems
   * 500 units = 400 (500 units left, value 400). Day 20: NAV 1.00 → value 500.
   * TWR = 1.0 / 1.0 − 1 = 0 %. MWR: −1000 + 400 / y + 500 / y² = 0 ⇔ 1000 y² − 400 y − 500 = 0
   *   ⇔ y = (400 + √(160000 + 2000000)) / 2000 = (400 + √2160000) / 2000 = 0.934846…; R = y² − 1 ≈ −12.61 %:
   *   the investor sold at the low and so lost money though the fund ended flat.
   */
  it('a redemption at a low then a recovery: TWR 0, MWR negative', () => {
    expect(timeWeightedReturn([{ day: '2026-01-01', nav: 1 }, { day: '2026-01-11', nav: '0.8' }, { day: '2026-01-21', nav: 1 }])!.toString()).toBe('0');
    const mwr = moneyWeightedReturn({ startDay: '2026-01-01', startValue: 1000, flows: [{ day: '2026-01-11', amount: -400 }], endDay: '2026-01-21', endValue: 500 })!;
    const yy = new Decimal(2160000).sqrt().add(400).div(2000);
    expect(mwr.period.sub(yy.pow(2).sub(1)).abs().lt('1e-10')).toBe(true);
    expect(mwr.period.toFixed(4)).toBe('-0.1261');
  });

  it('equals TWR without flows', () => {
    // 1000 → 1100 over 73 days: R = 10 %, annual 1.1^5 − 1 = 61.051 %
    const mwr = moneyWeightedReturn({ startDay: '2026-01-01', startValue: 1000, flows: [], endDay: addDays('2026-01-01', 73), endValue: 1100 })!;
    expect(mwr.period.toString()).toBe('0.1');
    expect(mwr.annual.toString()).toBe('0.61051');
  });

  it('is XIRR: the worked example of the spreadsheet function (0.373362535)', () => {
    // −10000 on 2008-01-01, then 2750 (03-01), 4250 (10-30), 3250 (2009-02-15), 2750 (2009-04-01). The
    // spreadsheet stops at its 1e-8 tolerance and shows 0.373362535; the root is 0.37336253352 (its NPV at
    // 0.3733625335 is about 1e-7 on 10000).
    const mwr = moneyWeightedReturn({
      startDay: '2008-01-01',
      startValue: 10000,
      flows: [
        { day: '2008-03-01', amount: -2750 },
        { day: '2008-10-30', amount: -4250 },
        { day: '2009-02-15', amount: -3250 },
      ],
      endDay: '2009-04-01',
      endValue: 2750,
    })!;
    expect(mwr.annual.sub('0.373362535').abs().lt('1e-8')).toBe(true);
    expect(mwr.annual.toString()).toBe('0.3733625335');
  });

  it('counts an investor who joins inside the range from the day of the deposit', () => {
    // start value 0; 1000 in on day 10 of 20, 1050 at the end: R over the whole range with y = g^(1/2):
    // −1000 / y + 1050 / y² = 0 ⇔ y = 1.05 ⇔ R = 1.05² − 1 = 10.25 %
    const mwr = moneyWeightedReturn({ startDay: '2026-01-01', startValue: 0, flows: [{ day: '2026-01-11', amount: 1000 }], endDay: '2026-01-21', endValue: 1050 })!;
    expect(mwr.period.toString()).toBe('0.1025');
  });

  it('has no solution when the money only goes one way', () => {
    expect(moneyWeightedReturn({ startDay: '2026-01-01', startValue: 0, flows: [], endDay: '2026-01-21', endValue: 100 })).toBeNull();
    expect(moneyWeightedReturn({ startDay: '2026-01-01', startValue: 100, flows: [], endDay: '2026-01-21', endValue: 0 })).toBeNull();
    expect(moneyWeightedReturn({ startDay: '2026-01-01', startValue: 0, flows: [], endDay: '2026-01-21', endValue: 0 })).toBeNull();
    expect(moneyWeightedReturn({ startDay: '2026-01-01', startValue: 100, flows: [], endDay: '2026-01-01', endValue: 100 })).toBeNull();
  });

  it('a deposit never shows as a daily return: NAV per unit does not move at a flow', () => {
    // The fund: 100 units, NAV 1.5; 1500 in buys 1000 units; net asset 150 + 1500 = 1650; NAV 1650 / 1100 = 1.5.
    const navAfter = new Decimal(150).add(1500).div(new Decimal(100).add(1000));
    expect(dailyReturns([{ day: 'before', nav: '1.5' }, { day: 'after', nav: navAfter }])[0]!.rate.isZero()).toBe(true);
  });
});

describe('broker performance: drawdown (retreat rate)', () => {
  /*
   * NAV        1     1.2   0.9    1.1          1.25  1.0
   * peak       1     1.2   1.2    1.2          1.25  1.25
   * retreat    0     0     0.25   1 − 1.1/1.2  0     0.2
   *                               = 0.0833333333
   * Max: 25 % from 01-02 to 01-03, back at 1.2 or above on 01-05.
   */
  const points = ['1', '1.2', '0.9', '1.1', '1.25', '1.0'].map((nav, i) => ({ day: addDays('2026-01-01', i), nav }));

  it('measures each day against the running high', () => {
    expect(drawdownSeries(points).map((p) => [p.peak.toString(), p.retreat.toString()])).toEqual([
      ['1', '0'],
      ['1.2', '0'],
      ['1.2', '0.25'],
      ['1.2', '0.0833333333'],
      ['1.25', '0'],
      ['1.25', '0.2'],
    ]);
  });

  it('finds the deepest fall with its days', () => {
    expect(maxDrawdown(points)).toEqual({ rate: new Decimal('0.25'), peakDay: '2026-01-02', troughDay: '2026-01-03', recoveryDay: '2026-01-05' });
    expect(maxDrawdown(points.slice(4))).toEqual({ rate: new Decimal('0.2'), peakDay: '2026-01-05', troughDay: '2026-01-06', recoveryDay: null });
    expect(maxDrawdown(points.slice(0, 2))).toEqual({ rate: new Decimal(0), peakDay: null, troughDay: null, recoveryDay: null });
  });
});
