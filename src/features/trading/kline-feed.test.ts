import { describe, expect, it } from 'vitest';
import type { Kline } from '../../market/index.ts';
import { planKlines } from './kline-feed.ts';

const bar = (openTime: number): Kline => ({ openTime, closeTime: openTime + 59_999, open: 1, high: 1, low: 1, close: 1, volume: 1, closed: false });
const bars = (...times: number[]) => times.map(bar);

describe('planKlines', () => {
  it('sets the whole series first, then only updates from the last drawn bar', () => {
    expect(planKlines(null, bars(0, 60, 120))).toEqual({ kind: 'set' });
    expect(planKlines({ first: 0, last: 120 }, bars(0, 60, 120))).toEqual({ kind: 'update', from: 2 });
    expect(planKlines({ first: 0, last: 120 }, bars(0, 60, 120, 180))).toEqual({ kind: 'update', from: 2 });
  });
  it('sets again when the series was replaced', () => {
    expect(planKlines({ first: 0, last: 120 }, bars(60, 120, 180))).toEqual({ kind: 'set' });
    expect(planKlines({ first: 0, last: 180 }, bars(0, 60))).toEqual({ kind: 'set' });
    expect(planKlines({ first: 0, last: 0 }, [])).toEqual({ kind: 'none' });
  });
});
