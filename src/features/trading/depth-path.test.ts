import { describe, expect, it } from 'vitest';
import { depthAxisTicks, depthGeometry, depthY, type DepthGeometry } from './depth-path.ts';

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

describe('depthAxisTicks (the Y axis)', () => {
  it('marks round cumulative totals up to the deepest one', () => {
    expect(depthAxisTicks(6)).toEqual({ values: [2, 4, 6], decimals: 0 });
    expect(depthAxisTicks(1234)).toEqual({ values: [500, 1000], decimals: 0 });
    expect(depthAxisTicks(0.35)).toEqual({ values: [0.1, 0.2, 0.3], decimals: 1 });
    expect(depthAxisTicks(0.0042)).toEqual({ values: [0.001, 0.002, 0.003, 0.004], decimals: 3 });
    expect(depthAxisTicks(89.99999)).toEqual({ values: [20, 40, 60, 80], decimals: 0 });
    expect(depthAxisTicks(0)).toEqual({ values: [], decimals: 0 });
  });
  it('places a total where the depth line draws it', () => {
    const g = depthGeometry(new Float64Array([99, 1, 98, 3]), new Float64Array([101, 4]), 200, 100, fresh())!;
    expect(g.maxTotal).toBe(4);
    expect(depthY(4, g.maxTotal, 100)).toBe(g.asks[5]); // the ask step's top
    expect(depthY(0, g.maxTotal, 100)).toBe(100);
  });
});
