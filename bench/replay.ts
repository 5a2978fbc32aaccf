/**
 * A deterministic depth replay shared by the benchmarks: `symbols` books of `depth` levels a side, and
 * `events` diff events of `changes` level changes a side each, round-robin over the symbols.
 * Changes follow what a live Binance depth stream looks like: most land near the top of the book
 * (exponential distance from the best price, mean `meanDistance` ticks, long tail to the whole depth),
 * about a third are deletions (qty 0), the rest new quantities on existing or new price levels, and the
 * mid price drifts by a tick now and then.
 */
export interface Replay {
  symbols: number;
  depth: number;
  changes: number;
  events: number;
  /** per symbol: its snapshot, best first, flat [price, qty, ...] */
  snapshotBids: Float64Array[];
  snapshotAsks: Float64Array[];
  tickDecimals: number[];
  /** per event: symbol index */
  eventSymbol: Uint16Array;
  /** per event: changes*2 bid numbers then changes*2 ask numbers */
  levels: Float64Array;
}

/** The seeded generator (mulberry32) of the benchmarks and of the market core's randomised tests in workers/. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ReplayOptions {
  symbols?: number;
  depth?: number;
  changes?: number;
  events: number;
  meanDistance?: number;
  seed?: number;
}

export function makeReplay(options: ReplayOptions): Replay {
  const symbols = options.symbols ?? 50;
  const depth = options.depth ?? 500;
  const changes = options.changes ?? 20;
  const events = options.events;
  const meanDistance = options.meanDistance ?? 25;
  const random = mulberry32(options.seed ?? 42);
  const snapshotBids: Float64Array[] = [];
  const snapshotAsks: Float64Array[] = [];
  const tickDecimals: number[] = [];
  const mids: number[] = [];
  const scales: number[] = [];
  for (let s = 0; s < symbols; s++) {
    const decimals = 1 + (s % 4); // ticks 0.1 .. 0.0001
    const scale = 10 ** decimals;
    const mid = Math.round((10 + random() * 60_000) * scale); // in ticks
    tickDecimals.push(decimals);
    scales.push(scale);
    mids.push(mid);
    const bids = new Float64Array(depth * 2);
    const asks = new Float64Array(depth * 2);
    for (let i = 0; i < depth; i++) {
      // A level on about 3 ticks out of 4.
      const gap = i + Math.floor(i / 3);
      bids[2 * i] = (mid - 1 - gap) / scale;
      bids[2 * i + 1] = qty(random);
      asks[2 * i] = (mid + 1 + gap) / scale;
      asks[2 * i + 1] = qty(random);
    }
    snapshotBids.push(bids);
    snapshotAsks.push(asks);
  }
  const eventSymbol = new Uint16Array(events);
  const levels = new Float64Array(events * changes * 4);
  let at = 0;
  const reach = Math.floor(depth * 1.35);
  for (let e = 0; e < events; e++) {
    const s = e % symbols;
    eventSymbol[e] = s;
    if (random() < 0.05) mids[s] = (mids[s] as number) + (random() < 0.5 ? -1 : 1);
    const mid = mids[s] as number;
    const scale = scales[s] as number;
    for (let side = 0; side < 2; side++) {
      for (let c = 0; c < changes; c++) {
        const distance = Math.min(reach, Math.floor(-Math.log(1 - random()) * meanDistance));
        const ticks = side === 0 ? mid - 1 - distance : mid + 1 + distance;
        levels[at++] = ticks / scale;
        levels[at++] = random() < 0.33 ? 0 : qty(random);
      }
    }
  }
  return { symbols, depth, changes, events, snapshotBids, snapshotAsks, tickDecimals, eventSymbol, levels };
}

function qty(random: () => number): number {
  return Math.round(random() * 5_000_000) / 1000 + 0.001;
}

/** Binance-formatted strings for a number with the given decimals (what the wire carries). */
export function fixed(value: number, decimals: number): string {
  return value.toFixed(decimals);
}
