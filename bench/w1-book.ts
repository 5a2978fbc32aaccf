// W1: book kernel. The same replay through our BookSide, ccxt's OrderBook (numbers) and a naive book.
import { BookSide, Side } from '../workers/book/book-side.ts';
// ccxt's package exports do not expose its ws OrderBook; import the file itself (the one the issue names).
import { OrderBook as CcxtOrderBook } from '../node_modules/ccxt/js/src/base/ws/OrderBook.js';
import { makeReplay, type Replay } from './replay.ts';
import { consume, measure, ms, ratio } from './harness.ts';

export interface W1Result {
  events: number;
  changesPerEvent: number;
  symbols: number;
  depth: number;
  rounds: number;
  nsPerChange: { ours: number; ccxt: number; naive: number };
  /** ccxt ns per change / ours */
  ratioVsCcxt: number;
  ratioVsNaive: number;
}

interface Level {
  price: number;
  qty: number;
}

/** The naive book: a sorted array of objects, full sort after every change. */
class NaiveSide {
  levels: Level[] = [];
  constructor(
    private readonly bid: boolean,
    private readonly depth: number,
  ) {}
  set(price: number, qty: number): void {
    const at = this.levels.findIndex((l) => l.price === price);
    if (qty === 0) {
      if (at >= 0) this.levels.splice(at, 1);
      return;
    }
    if (at >= 0) (this.levels[at] as Level).qty = qty;
    else this.levels.push({ price, qty });
    this.levels.sort(this.bid ? (a, b) => b.price - a.price : (a, b) => a.price - b.price);
    if (this.levels.length > this.depth) this.levels.length = this.depth;
  }
}

function oursPeer(replay: Replay): () => void {
  const books = replay.snapshotBids.map((bids, s) => {
    const b = new BookSide(Side.Bid, replay.depth);
    const a = new BookSide(Side.Ask, replay.depth);
    b.load(bids, replay.depth);
    a.load(replay.snapshotAsks[s] as Float64Array, replay.depth);
    return { b, a };
  });
  const { levels, eventSymbol, changes, events } = replay;
  return () => {
    let at = 0;
    for (let e = 0; e < events; e++) {
      const book = books[eventSymbol[e] as number] as { b: BookSide; a: BookSide };
      for (let c = 0; c < changes; c++, at += 2) book.b.set(levels[at] as number, levels[at + 1] as number);
      for (let c = 0; c < changes; c++, at += 2) book.a.set(levels[at] as number, levels[at + 1] as number);
    }
    consume(books[0]?.b.size ?? 0);
  };
}

function ccxtPeer(replay: Replay): () => void {
  const toPairs = (flat: Float64Array): number[][] => {
    const out: number[][] = [];
    for (let i = 0; i < flat.length; i += 2) out.push([flat[i] as number, flat[i + 1] as number]);
    return out;
  };
  const books = replay.snapshotBids.map(
    (bids, s) =>
      new CcxtOrderBook({ bids: toPairs(bids), asks: toPairs(replay.snapshotAsks[s] as Float64Array) }, replay.depth),
  );
  const { levels, eventSymbol, changes, events } = replay;
  return () => {
    let at = 0;
    for (let e = 0; e < events; e++) {
      const book = books[eventSymbol[e] as number] as CcxtOrderBook;
      // ccxt keeps the delta array it is given, so each change is a fresh [price, amount] pair, as its
      // exchange handlers produce them.
      for (let c = 0; c < changes; c++, at += 2) book.bids.storeArray([levels[at] as number, levels[at + 1] as number]);
      for (let c = 0; c < changes; c++, at += 2) book.asks.storeArray([levels[at] as number, levels[at + 1] as number]);
      book.limit(); // what ccxt does before handing a book to the caller
    }
    consume(books[0]?.bids.length ?? 0);
  };
}

function naivePeer(replay: Replay): () => void {
  const books = replay.snapshotBids.map((bids, s) => {
    const b = new NaiveSide(true, replay.depth);
    const a = new NaiveSide(false, replay.depth);
    const asks = replay.snapshotAsks[s] as Float64Array;
    for (let i = 0; i < bids.length; i += 2) b.levels.push({ price: bids[i] as number, qty: bids[i + 1] as number });
    for (let i = 0; i < asks.length; i += 2) a.levels.push({ price: asks[i] as number, qty: asks[i + 1] as number });
    return { b, a };
  });
  const { levels, eventSymbol, changes, events } = replay;
  return () => {
    let at = 0;
    for (let e = 0; e < events; e++) {
      const book = books[eventSymbol[e] as number] as { b: NaiveSide; a: NaiveSide };
      for (let c = 0; c < changes; c++, at += 2) book.b.set(levels[at] as number, levels[at + 1] as number);
      for (let c = 0; c < changes; c++, at += 2) book.a.set(levels[at] as number, levels[at + 1] as number);
    }
    consume(books[0]?.b.levels.length ?? 0);
  };
}

/**
 * `events` diff events are replayed per call (a chunk); tinybench repeats calls for `time` ms, so the
 * total number of events measured is events × calls. The naive book gets a smaller chunk (it is
 * ~3 orders of magnitude slower); ns per change is normalised per chunk size.
 */
export async function runW1(options: { events: number; naiveEvents: number; time: number; rounds: number }): Promise<W1Result> {
  const replay = makeReplay({ events: options.events });
  const naiveReplay = makeReplay({ events: options.naiveEvents });
  const rounds = await measure(
    'W1 book kernel',
    { ours: oursPeer(replay), ccxt: ccxtPeer(replay), naive: naivePeer(naiveReplay) },
    { time: options.time, iterations: 3, rounds: options.rounds },
  );
  const changes = replay.changes * 2;
  const perChange = (task: string, events: number): number => (ms(rounds, task) * 1e6) / (events * changes);
  return {
    events: options.events,
    changesPerEvent: changes,
    symbols: replay.symbols,
    depth: replay.depth,
    rounds: options.rounds,
    nsPerChange: {
      ours: perChange('ours', options.events),
      ccxt: perChange('ccxt', options.events),
      naive: perChange('naive', options.naiveEvents),
    },
    ratioVsCcxt: ratio(rounds, 'ccxt', 'ours'),
    // the naive book replays fewer events per call
    ratioVsNaive: ratio(rounds, 'naive', 'ours', options.events / options.naiveEvents),
  };
}
