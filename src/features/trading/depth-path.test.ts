import { describe, expect, it } from 'vitest';
import { depthGeometry, type DepthGeometry } from './depth-path.ts';

const fresh = (): DepthGeometry => ({ bids: [], asks: [], minPrice: 0, maxPrice: 0, maxTotal: 0 });

describe('depthGeometry', () => {
  it('centres on the mid price and scales to the deeper side within the window', () => {
    const bids = new Float64Array([99, 1, 98, 1, 97, 2]);
    const asks = new Float64Array([101, 2, 102, 2]);
    const g = depthGeometry(bids, asks, 200, 100, fresh())!;
    expect(g.minPrice).toBe(98);
    expect(g.maxPrice).toBe(102);
    expect(g.maxTotal).toBe(4); // asks: 2 + 2 within the window; bids: 1 + 1 (97 is outside)
    // bids start at the best bid's x on the baseline and end at the left edge
    expect(g.bids.slice(0, 2)).toEqual([50, 100]);
    expect(g.bids[g.bids.length - 2]).toBe(0);
    expect(g.asks[g.asks.length - 2]).toBe(200);
  });
  it('draws nothing for an empty side', () => {
    expect(depthGeometry(new Float64Array(0), new Float64Array([1, 1]), 100, 100, fresh())).toBeNull();
  });
});
