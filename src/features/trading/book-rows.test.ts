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
  const flags = (t: FlashTracker, n: number) => Array.from({ length: n }, (_, i) => t.changedAt(i));

  it('marks new and changed levels of bids (prices falling) but nothing on the first snapshot', () => {
    const tracker = new FlashTracker();
    tracker.update(new Float64Array([100, 1, 99, 2]));
    expect(flags(tracker, 2)).toEqual([false, false]);
    tracker.update(new Float64Array([100, 1, 99, 3, 98, 1]));
    expect(flags(tracker, 3)).toEqual([false, true, true]); // 99 changed, 98 is new
    tracker.update(new Float64Array([100, 1.5, 98, 1]));
    expect(flags(tracker, 2)).toEqual([true, false]); // 99 gone; 98 unchanged since the last snapshot
    tracker.update(new Float64Array([101, 1, 100, 1.5, 97.5, 2, 97, 1]));
    expect(flags(tracker, 4)).toEqual([true, false, true, true]);
  });

  it('marks asks (prices rising) the same way', () => {
    const tracker = new FlashTracker();
    tracker.update(new Float64Array([100, 1, 101, 2, 103, 1]));
    tracker.update(new Float64Array([99.5, 4, 100, 1, 102, 5, 103, 2]));
    expect(flags(tracker, 4)).toEqual([true, false, true, true]);
  });

  it('tells the direction from the previous snapshot when the new one has a single level', () => {
    const tracker = new FlashTracker();
    tracker.update(new Float64Array([100, 1, 99, 2]));
    tracker.update(new Float64Array([99, 2]));
    expect(flags(tracker, 1)).toEqual([false]);
    tracker.update(new Float64Array([99, 3]));
    expect(flags(tracker, 1)).toEqual([true]);
  });

  it('does not flash the whole book again after a reset, nor a level beyond the book', () => {
    const tracker = new FlashTracker();
    tracker.update(new Float64Array([100, 1]));
    tracker.reset();
    tracker.update(new Float64Array([100, 2]));
    expect(flags(tracker, 1)).toEqual([false]);
    expect(tracker.changedAt(5)).toBe(false);
  });
});
