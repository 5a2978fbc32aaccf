import { describe, expect, it } from 'vitest';
import { addDays, hkDay, hkMidnight, projectStatus } from '../../contract/broker-projects-rules.ts';
import { simulateDay } from '../../server/broker/projects/simulate.ts';
import { D, ZERO } from '../../server/platform/decimal.ts';

/** The projects' simulated trading (server/broker/projects/simulate.ts) and the UTC+8 day rules, pure. */
describe('simulated trading of a project day', () => {
  it('is deterministic per project and day, and differs between days', () => {
    const a = simulateDay('P202601050001', '2026-01-05', new D('100000'));
    const b = simulateDay('P202601050001', '2026-01-05', new D('100000'));
    expect(b).toEqual(a);
    expect(simulateDay('P202601050001', '2026-01-06', new D('100000')).pnl.eq(a.pnl)).toBe(false);
    expect(simulateDay('P202601050002', '2026-01-05', new D('100000')).pnl.eq(a.pnl)).toBe(false);
  });

  it('keeps r within ±5 %, makes 3–12 trades inside the day whose realised P&L minus fees is the P&L exactly', () => {
    const balance = new D('123456.789');
    let up = 0;
    for (let i = 0; i < 400; i++) {
      const day = addDays('2025-01-01', i);
      const sim = simulateDay('P202501010001', day, balance);
      expect(Math.abs(sim.ret)).toBeLessThanOrEqual(0.05);
      expect(sim.pnl.abs().lte(balance.mul('0.05'))).toBe(true);
      expect(sim.pnl.decimalPlaces()).toBeLessThanOrEqual(8);
      expect(sim.trades.length).toBeGreaterThanOrEqual(3);
      expect(sim.trades.length).toBeLessThanOrEqual(12);
      const net = sim.trades.reduce((s, t) => s.add(t.realizedPnl).sub(t.fee), ZERO);
      expect(net.eq(sim.pnl), day).toBe(true);
      expect(sim.volume.eq(sim.trades.reduce((s, t) => s.add(t.quoteVolume), ZERO))).toBe(true);
      for (const t of sim.trades) {
        expect(hkDay(t.time)).toBe(day);
        expect(t.qty.gt(0) && t.price.gt(0) && t.fee.gte(0)).toBe(true);
        expect(t.quoteVolume.eq(t.qty.mul(t.price).toDecimalPlaces(8, D.ROUND_DOWN))).toBe(true);
      }
      expect(sim.trades.map((t) => t.time.getTime())).toEqual([...sim.trades.map((t) => t.time.getTime())].sort((x, y) => x - y));
      if (sim.ret > 0) up++;
    }
    // Mean +0.04 %, sd 1.2 %: about half the days are up.
    expect(up).toBeGreaterThan(150);
    expect(up).toBeLessThan(250);
  });

  it('trades nothing on an empty balance', () => {
    const sim = simulateDay('P202601050001', '2026-01-05', ZERO);
    expect(sim.pnl.isZero()).toBe(true);
    expect(sim.trades).toEqual([]);
  });
});

describe('UTC+8 days and project states', () => {
  it('cuts days at 00:00 UTC+8 (16:00 UTC the day before)', () => {
    expect(hkDay(Date.UTC(2026, 0, 5, 15, 59, 59, 999))).toBe('2026-01-05');
    expect(hkDay(Date.UTC(2026, 0, 5, 16, 0, 0))).toBe('2026-01-06');
    expect(hkMidnight('2026-01-06').toISOString()).toBe('2026-01-05T16:00:00.000Z');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });

  it('is not started before the start day, in progress until the end day, completed from it', () => {
    const state = (iso: string) => projectStatus('2026-02-01', '2026-03-01', new Date(iso));
    expect(state('2026-01-31T15:59:59.999Z')).toBe('not_started');
    expect(state('2026-01-31T16:00:00.000Z')).toBe('in_progress');
    expect(state('2026-02-28T15:59:59.999Z')).toBe('in_progress');
    expect(state('2026-02-28T16:00:00.000Z')).toBe('completed');
  });
});
