// W2: ingest. Raw combined-stream depth frames → read (validate + parse) → apply to the book, against
// JSON.parse alone on the same frames.
import { OrderBook } from '../workers/book/order-book.ts';
import { FrameReader } from '../workers/parse/frame-reader.ts';
import { makeReplay, type Replay } from './replay.ts';
import { consume, measure, ms, ratio } from './harness.ts';

export interface W2Result {
  frames: number;
  avgFrameBytes: number;
  nsPerFrame: { jsonParseOnly: number; ours: number; jsonParseThenApply: number };
  /** our throughput / JSON.parse-only throughput (target ≥ 0.75) */
  ratioVsJsonParse: number;
  /** share of frames taken by the allocation-free scanner */
  scannerShare: number;
}

/** Frames exactly as Binance sends them on /stream: strings, prices with the symbol's decimals, qty with 8. */
export function makeFrames(replay: Replay): string[] {
  const frames: string[] = [];
  const nextId = replay.snapshotBids.map(() => 1001);
  let at = 0;
  for (let e = 0; e < replay.events; e++) {
    const s = replay.eventSymbol[e] as number;
    const decimals = replay.tickDecimals[s] as number;
    const b: string[][] = [];
    const a: string[][] = [];
    for (let c = 0; c < replay.changes; c++, at += 2) {
      b.push([(replay.levels[at] as number).toFixed(decimals), (replay.levels[at + 1] as number).toFixed(8)]);
    }
    for (let c = 0; c < replay.changes; c++, at += 2) {
      a.push([(replay.levels[at] as number).toFixed(decimals), (replay.levels[at + 1] as number).toFixed(8)]);
    }
    const U = nextId[s] as number;
    const u = U + 3;
    nextId[s] = u + 1;
    const symbol = `SYM${s}USDT`;
    frames.push(
      JSON.stringify({
        stream: `${symbol.toLowerCase()}@depth@100ms`,
        data: { e: 'depthUpdate', E: 1_700_000_000_000 + e, s: symbol, U, u, b, a },
      }),
    );
  }
  return frames;
}

function syncedBooks(replay: Replay): Map<string, OrderBook> {
  const books = new Map<string, OrderBook>();
  replay.snapshotBids.forEach((bids, s) => {
    const book = new OrderBook(`SYM${s}USDT`, 'spot');
    book.beginSync();
    const asks = replay.snapshotAsks[s] as Float64Array;
    book.onSnapshot({ lastUpdateId: 1000, bidCount: bids.length / 2, askCount: asks.length / 2, bids, asks });
    books.set(`sym${s}usdt@depth@100ms`, book);
  });
  return books;
}

export async function runW2(options: { events: number; time: number; rounds: number }): Promise<W2Result> {
  const replay = makeReplay({ events: options.events, seed: 7 });
  const frames = makeFrames(replay);
  const bytes = frames.reduce((sum, f) => sum + f.length, 0);

  const reader = new FrameReader();
  // Every pass replays the same frames: rewind each book's sequence so the frames apply again.
  const oursBooks = syncedBooks(replay);
  const viaJsonBooks = syncedBooks(replay);
  const rewind = (books: Map<string, OrderBook>): void => {
    for (const book of books.values()) book.lastUpdateId = 1000;
  };

  const ours = (): void => {
    rewind(oursBooks);
    let applied = 0;
    for (let i = 0; i < frames.length; i++) {
      const frame = reader.read(frames[i]);
      if (frame === null || frame.kind !== 'depth') continue;
      const book = oursBooks.get(frame.stream);
      if (book !== undefined && book.onDiff(frame.event) === 'applied') applied++;
    }
    if (applied !== frames.length) throw new Error(`W2: applied ${applied} of ${frames.length}`);
    consume(applied);
  };

  const jsonParseOnly = (): void => {
    let sum = 0;
    for (let i = 0; i < frames.length; i++) {
      const msg = JSON.parse(frames[i] as string) as { data: { u: number } };
      sum += msg.data.u;
    }
    consume(sum);
  };

  // The usual way, for reference: JSON.parse, then Number() every string into the same book.
  const scratch = { bids: new Float64Array(200), asks: new Float64Array(200) };
  const jsonParseThenApply = (): void => {
    rewind(viaJsonBooks);
    for (let i = 0; i < frames.length; i++) {
      const msg = JSON.parse(frames[i] as string) as {
        stream: string;
        data: { E: number; U: number; u: number; b: string[][]; a: string[][] };
      };
      const d = msg.data;
      for (let j = 0; j < d.b.length; j++) {
        const level = d.b[j] as string[];
        scratch.bids[2 * j] = Number(level[0]);
        scratch.bids[2 * j + 1] = Number(level[1]);
      }
      for (let j = 0; j < d.a.length; j++) {
        const level = d.a[j] as string[];
        scratch.asks[2 * j] = Number(level[0]);
        scratch.asks[2 * j + 1] = Number(level[1]);
      }
      viaJsonBooks.get(msg.stream)?.onDiff({
        symbol: '',
        time: d.E,
        U: d.U,
        u: d.u,
        pu: -1,
        snapshot: false,
        checksum: 0,
        seq: 0,
        priceDecimals: -1,
        qtyDecimals: -1,
        bidCount: d.b.length,
        askCount: d.a.length,
        bids: scratch.bids,
        asks: scratch.asks,
      });
    }
  };

  const rounds = await measure(
    'W2 ingest',
    { jsonParseOnly, ours, jsonParseThenApply },
    { time: options.time, iterations: 3, rounds: options.rounds },
  );
  const ns = (name: string): number => (ms(rounds, name) * 1e6) / frames.length;
  return {
    frames: frames.length,
    avgFrameBytes: Math.round(bytes / frames.length),
    nsPerFrame: { jsonParseOnly: ns('jsonParseOnly'), ours: ns('ours'), jsonParseThenApply: ns('jsonParseThenApply') },
    // throughput ratio = time ratio inverted
    ratioVsJsonParse: ratio(rounds, 'jsonParseOnly', 'ours'),
    scannerShare: reader.scanned / Math.max(1, reader.scanned + reader.rejected),
  };
}
