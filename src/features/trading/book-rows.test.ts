import { describe, expect, it } from 'vitest';
import { cumulative, FlashTracker } from './book-rows.ts';

describe('cumulative', () => {
  it('sums quantities exactly in step units', () => {
    const levels = new Float64Array([100, 0.1, 99, 0.2, 98, 0.7]);
    const out = cumulative(levels, 3, new Float64Array(0));
    expect(Array.from(out.subarray(0, 3))).toEqual([0.1, 0.3, 1]);
    expect(out.length).toBeGreaterThanOrEqual(512);
  });

  it('reuses the given array when it is large enough', () => {
    const out = new Float64Array(4);
    expect(cumulative(new Float64Array([1, 2, 0.5, 3]), 0, out)).toBe(out);
    expect(Array.from(out.subarray(0, 2))).toEqual([2, 5]);
  });
});

describe('FlashTracker', () => {
  it('stamps new and changed levels but nothing on the first snapshot', () => {
    const tracker = new FlashTracker();
    tracker.update(new Float64Array([100, 1, 99, 2]));
    expect(tracker.stamp(100)).toBe(0);
    expect(tracker.stamp(99)).toBe(0);
    const v = tracker.update(new Float64Array([100, 1, 99, 3, 98, 1]));
    expect(tracker.stamp(100)).toBe(0);
    expect(tracker.stamp(99)).toBe(v);
    expect(tracker.stamp(98)).toBe(v);
    const v2 = tracker.update(new Float64Array([100, 1.5, 98, 1]));
    expect(tracker.stamp(100)).toBe(v2);
    expect(tracker.stamp(98)).toBe(v);
    expect(tracker.stamp(99)).toBe(0); // gone from the book
    expect(tracker.changed(100)).toBe(true);
    expect(tracker.changed(98)).toBe(false); // changed a snapshot earlier
  });

  it('does not flash the whole book again after a reset', () => {
    const tracker = new FlashTracker();
    tracker.update(new Float64Array([100, 1]));
    tracker.reset();
    tracker.update(new Float64Array([100, 2]));
    expect(tracker.stamp(100)).toBe(0);
  });
});
