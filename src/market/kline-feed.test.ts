import { describe, expect, it } from 'vitest';
import type { Kline } from '../../workers/contract.ts';
import { drawnAfter, KLINES_CHART_SLACK, planKlines, type DrawnRange } from './kline-feed.ts';

const bar = (openTime: number): Kline => ({ openTime, closeTime: openTime + 59_999, open: 1, high: 1, low: 1, close: 1, volume: 1, closed: false });
const bars = (...times: number[]) => times.map(bar);

describe('planKlines', () => {
  it('sets the whole series first, then only updates from the last drawn bar', () => {
    expect(planKlines(null, bars(0, 60, 120))).toEqual({ kind: 'set' });
    expect(planKlines({ first: 0, last: 120, count: 3 }, bars(0, 60, 120))).toEqual({ kind: 'update', from: 2 });
    expect(planKlines({ first: 0, last: 120, count: 3 }, bars(0, 60, 120, 180))).toEqual({ kind: 'update', from: 2 });
  });
  it('sets again when the series was replaced', () => {
    expect(planKlines({ first: 60, last: 120, count: 2 }, bars(0, 60, 120, 180))).toEqual({ kind: 'set' }); // older history
    expect(planKlines({ first: 0, last: 180, count: 4 }, bars(0, 60))).toEqual({ kind: 'set' }); // went back
    expect(planKlines({ first: 0, last: 120, count: 3 }, bars(180, 240))).toEqual({ kind: 'set' }); // a gap after the drawn bars
    expect(planKlines({ first: 0, last: 0, count: 1 }, [])).toEqual({ kind: 'none' });
  });
  it('updates a series whose oldest bars were trimmed (KLINES_MAX); the chart keeps the bars it drew and counts them', () => {
    const drawn: DrawnRange = { first: 0, last: 120, count: 3 };
    const plan = planKlines(drawn, bars(60, 120, 180));
    expect(plan).toEqual({ kind: 'update', from: 1 });
    // 120 is drawn again in place, 180 is new.
    expect(drawnAfter(drawn, plan, bars(60, 120, 180))).toEqual({ first: 0, last: 180, count: 4 });
    expect(drawnAfter(drawn, { kind: 'set' }, bars(60, 120, 180))).toEqual({ first: 60, last: 180, count: 3 });
    expect(drawnAfter(null, { kind: 'set' }, bars(60, 120))).toEqual({ first: 60, last: 120, count: 2 });
  });
  it('sets the series again once the chart would hold more than the slack beyond it, so it stays bounded however long it runs', () => {
    const size = 10; // a series that keeps its size, as KLINES_MAX does
    let series = bars(...Array.from({ length: size }, (_, i) => i * 60));
    let drawn = drawnAfter(null, { kind: 'set' }, series);
    const kinds: string[] = [];
    let most = 0;
    for (let minute = size; minute < size + 3 * KLINES_CHART_SLACK; minute++) {
      // A new bar opens; the oldest goes past the cap.
      series = [...series.slice(1), bar(minute * 60)];
      const plan = planKlines(drawn, series);
      kinds.push(plan.kind);
      drawn = drawnAfter(drawn, plan, series);
      most = Math.max(most, drawn!.count);
      expect(drawn).toMatchObject({ last: minute * 60 });
    }
    // Updates, then one set every KLINES_CHART_SLACK bars; never more than the series and the slack.
    expect(kinds.filter((k) => k === 'set')).toHaveLength(2);
    expect(kinds.indexOf('set')).toBe(KLINES_CHART_SLACK);
    expect(most).toBe(size + KLINES_CHART_SLACK);
  });
});
