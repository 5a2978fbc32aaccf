import { describe, expect, it } from 'vitest';
import type { Kline } from '../../workers/contract.ts';
import { drawnAfter, planKlines } from './kline-feed.ts';

const bar = (openTime: number): Kline => ({ openTime, closeTime: openTime + 59_999, open: 1, high: 1, low: 1, close: 1, volume: 1, closed: false });
const bars = (...times: number[]) => times.map(bar);

describe('planKlines', () => {
  it('sets the whole series first, then only updates from the last drawn bar', () => {
    expect(planKlines(null, bars(0, 60, 120))).toEqual({ kind: 'set' });
    expect(planKlines({ first: 0, last: 120 }, bars(0, 60, 120))).toEqual({ kind: 'update', from: 2 });
    expect(planKlines({ first: 0, last: 120 }, bars(0, 60, 120, 180))).toEqual({ kind: 'update', from: 2 });
  });
  it('sets again when the series was replaced', () => {
    expect(planKlines({ first: 60, last: 120 }, bars(0, 60, 120, 180))).toEqual({ kind: 'set' }); // older history
    expect(planKlines({ first: 0, last: 180 }, bars(0, 60))).toEqual({ kind: 'set' }); // went back
    expect(planKlines({ first: 0, last: 120 }, bars(180, 240))).toEqual({ kind: 'set' }); // a gap after the drawn bars
    expect(planKlines({ first: 0, last: 0 }, [])).toEqual({ kind: 'none' });
  });
  it('updates a series whose oldest bars were trimmed (KLINES_MAX), and the chart keeps the bars it drew', () => {
    const plan = planKlines({ first: 0, last: 120 }, bars(60, 120, 180));
    expect(plan).toEqual({ kind: 'update', from: 1 });
    expect(drawnAfter({ first: 0, last: 120 }, plan, bars(60, 120, 180))).toEqual({ first: 0, last: 180 });
    expect(drawnAfter({ first: 0, last: 120 }, { kind: 'set' }, bars(60, 120, 180))).toEqual({ first: 60, last: 180 });
    expect(drawnAfter(null, { kind: 'set' }, bars(60, 120))).toEqual({ first: 60, last: 120 });
  });
});
