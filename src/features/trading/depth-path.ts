/**
 * Depth-chart geometry: cumulative steps of both sides over a price window centred on the mid price,
 * in canvas pixels. Float sums are fine here: they only place pixels.
 */
export interface DepthGeometry {
  bids: number[];
  asks: number[];
  minPrice: number;
  maxPrice: number;
  maxTotal: number;
}

/** Writes [x, y, x, y, ...] of each side's step line into reused arrays; null when a side is empty. */
export function depthGeometry(bids: Float64Array, asks: Float64Array, width: number, height: number, out: DepthGeometry): DepthGeometry | null {
  const nb = bids.length / 2;
  const na = asks.length / 2;
  if (nb === 0 || na === 0 || width <= 0 || height <= 0) return null;
  const bestBid = bids[0] as number;
  const bestAsk = asks[0] as number;
  const mid = (bestBid + bestAsk) / 2;
  // Show as far as the shallower side reaches, so both sides use the same price scale.
  const half = Math.min(mid - (bids[(nb - 1) * 2] as number), (asks[(na - 1) * 2] as number) - mid);
  const minPrice = mid - half;
  const maxPrice = mid + half;
  let maxTotal = 0;
  let total = 0;
  for (let i = 0; i < nb && (bids[i * 2] as number) >= minPrice; i++) total += bids[i * 2 + 1] as number;
  maxTotal = total;
  total = 0;
  for (let i = 0; i < na && (asks[i * 2] as number) <= maxPrice; i++) total += asks[i * 2 + 1] as number;
  maxTotal = Math.max(maxTotal, total);
  if (!(maxTotal > 0) || !(half > 0)) return null;
  const x = (price: number) => ((price - minPrice) / (maxPrice - minPrice)) * width;
  const y = (t: number) => depthY(t, maxTotal, height);
  const line = (levels: Float64Array, n: number, target: number[], inside: (p: number) => boolean) => {
    target.length = 0; // reused (CONVENTIONS.md "Hot paths")
    let sum = 0;
    let prevX = x(levels[0] as number);
    target.push(prevX, height);
    for (let i = 0; i < n; i++) {
      const price = levels[i * 2] as number;
      if (!inside(price)) break;
      const px = x(price);
      target.push(px, y(sum));
      sum += levels[i * 2 + 1] as number;
      target.push(px, y(sum));
      prevX = px;
    }
    return prevX;
  };
  line(bids, nb, out.bids, (p) => p >= minPrice);
  out.bids.push(0, out.bids[out.bids.length - 1] as number);
  line(asks, na, out.asks, (p) => p <= maxPrice);
  out.asks.push(width, out.asks[out.asks.length - 1] as number);
  out.minPrice = minPrice;
  out.maxPrice = maxPrice;
  out.maxTotal = maxTotal;
  return out;
}

/** The share of the height the deepest cumulative total reaches (room above it for the line). */
const TOP_SHARE = 0.92;

/** The y (canvas pixels, 0 at the top) of a cumulative total on a chart of `height` scaled to `maxTotal`. */
export function depthY(total: number, maxTotal: number, height: number): number {
  return height - (total / maxTotal) * height * TOP_SHARE;
}

/**
 * The Y axis of the depth chart: cumulative totals (in the base asset) at the finest round step (1, 2 or 5 × 10ⁿ) that
 * gives at most `count` marks above the baseline, up to the deepest total; with the decimals the step needs.
 */
export function depthAxisTicks(maxTotal: number, count = 4): { values: number[]; decimals: number } {
  if (!(maxTotal > 0) || count < 1) return { values: [], decimals: 0 };
  const raw = maxTotal / count;
  const power = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => Math.floor(maxTotal / s + 1e-9) <= count) ?? 10 * power;
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const values: number[] = [];
  // Rounded at the step's decimals: float steps (0.1 × 3) must not print 0.30000000000000004.
  for (let i = 1; i * step <= maxTotal * (1 + 1e-9); i++) values.push(Number((i * step).toFixed(decimals)));
  return { values, decimals };
}
