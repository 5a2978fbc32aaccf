/**
 * A depth diff as it comes off the wire, already validated, in a reusable shape (flat [price, qty, ...]
 * Float64Arrays that grow when needed). The parser fills one scratch instance per frame; the book copies
 * an event only when it has to keep it (while waiting for a snapshot).
 */
export interface DepthEvent {
  symbol: string;
  /** event time (E) */
  time: number;
  /** first update id in the event */
  U: number;
  /** last update id in the event */
  u: number;
  /** futures: last update id of the previous event; -1 on spot */
  pu: number;
  bidCount: number;
  askCount: number;
  bids: Float64Array;
  asks: Float64Array;
  /** venues whose stream carries the snapshot (OKX `action:"snapshot"`, Bybit `type:"snapshot"`): it replaces the book */
  snapshot: boolean;
  /** OKX: the signed CRC32 of the top 25 levels after this event; 0 elsewhere */
  checksum: number;
  /** Bybit: the cross sequence `seq` (kept, not gated on); 0 elsewhere */
  seq: number;
  /**
   * The most decimals among the event's prices / sizes as written on the wire (-1: not known, e.g. a reader that
   * does not count them). OKX's checksum writes the book's numbers back to their wire text with them.
   */
  priceDecimals: number;
  qtyDecimals: number;
}

export function createDepthEvent(capacity = 64): DepthEvent {
  return {
    symbol: '',
    time: 0,
    U: 0,
    u: 0,
    pu: -1,
    bidCount: 0,
    askCount: 0,
    bids: new Float64Array(capacity * 2),
    asks: new Float64Array(capacity * 2),
    snapshot: false,
    checksum: 0,
    seq: 0,
    priceDecimals: -1,
    qtyDecimals: -1,
  };
}

/** Grow a flat level array so it holds `levels` levels (deliberate allocation, rare: only on a bigger frame). */
export function ensureLevels(array: Float64Array, levels: number): Float64Array {
  if (array.length >= levels * 2) return array;
  const grown = new Float64Array(Math.max(levels * 2, array.length * 2));
  grown.set(array);
  return grown;
}

export function copyDepthEvent(from: DepthEvent, to: DepthEvent): DepthEvent {
  to.symbol = from.symbol;
  to.time = from.time;
  to.U = from.U;
  to.u = from.u;
  to.pu = from.pu;
  to.bidCount = from.bidCount;
  to.askCount = from.askCount;
  to.snapshot = from.snapshot;
  to.checksum = from.checksum;
  to.seq = from.seq;
  to.priceDecimals = from.priceDecimals;
  to.qtyDecimals = from.qtyDecimals;
  to.bids = ensureLevels(to.bids, from.bidCount);
  to.asks = ensureLevels(to.asks, from.askCount);
  to.bids.set(from.bids.subarray(0, from.bidCount * 2));
  to.asks.set(from.asks.subarray(0, from.askCount * 2));
  return to;
}

/** A REST depth snapshot, parsed. */
export interface DepthSnapshot {
  lastUpdateId: number;
  bidCount: number;
  askCount: number;
  bids: Float64Array;
  asks: Float64Array;
}
