// W6: the OKX and Bybit book paths on the same messages: our reader + the venue's sequencer (OKX: CRC32 checksum
// on every update) against ccxt's own pro okx / bybit handleOrderBook (after JSON.parse), and against JSON.parse alone.
import ccxt from 'ccxt';
import { OrderBook } from '../workers/book/order-book.ts';
import { okxChecksum, okxDepth } from '../workers/venues/okx/okx-book.ts';
import { OkxFrameReader } from '../workers/venues/okx/okx-reader.ts';
import { OkxInstruments } from '../workers/venues/okx/okx-symbols.ts';
import { bybitDepth } from '../workers/venues/bybit/bybit-book.ts';
import { BybitFrameReader } from '../workers/venues/bybit/bybit-reader.ts';
import type { StreamDepth, VenueFrameReader } from '../workers/venues/venue.ts';
import { consume, measure, ms, ratio } from './harness.ts';

export interface VenueBench {
  messages: number;
  levels: number;
  nsPerMessage: { ours: number; ccxt: number; jsonParse: number };
  /** ccxt ÷ ours (kernel: the whole book path per message) */
  ratioVsCcxt: number;
  /** JSON.parse alone ÷ ours */
  ratioVsJsonParse: number;
}

export interface W6Result {
  okx: VenueBench;
  bybit: VenueBench;
}

/** A seeded walk of a book: a snapshot of `levels` a side, then updates of `changes` levels near the top. */
function walk(levels: number, messages: number, changes: number, seed: number) {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const tick = 0.1;
  const mid = 30000;
  const round = (n: number) => Math.round(n * 10) / 10;
  // sizes as a venue writes them: up to 3 decimals, no float noise ("1.234", never "1.2340000000000002")
  const size = () => String((Math.round(rnd() * 5000) + 1) / 1000);
  const snapshot = {
    bids: Array.from({ length: levels }, (_, i) => [String(round(mid - tick * (i + 1))), size()]),
    asks: Array.from({ length: levels }, (_, i) => [String(round(mid + tick * i)), size()]),
  };
  const updates: { bids: string[][]; asks: string[][] }[] = [];
  for (let m = 0; m < messages; m++) {
    const side = () =>
      Array.from({ length: changes }, () => {
        const at = Math.floor(rnd() * rnd() * levels); // mostly near the top
        return [String(at), rnd() < 0.15 ? '0' : size()];
      });
    const b = side().map(([i, q]) => [String(round(mid - tick * (Number(i) + 1))), q as string]);
    const a = side().map(([i, q]) => [String(round(mid + tick * Number(i))), q as string]);
    updates.push({ bids: b, asks: a });
  }
  return { snapshot, updates };
}

function okxMessages(messages: number): string[] {
  const { snapshot, updates } = walk(400, messages, 10, 7);
  // the checksums come from a reference book fed the same levels (generation only, not measured)
  const ref = new OrderBook('BTCUSDT', 'spot', 400);
  const reader = new OkxFrameReader(new OkxInstruments(() => Promise.reject(new Error('unused'))));
  const arg = { channel: 'books', instId: 'BTC-USDT' };
  const out: string[] = [];
  let seq = 100;
  const push = (action: string, d: { bids: string[][]; asks: string[][] }, prev: number) => {
    const quad = (l: string[][]) => l.map(([p, q]) => [p, q, '0', '1']);
    const body = (checksum: number) =>
      JSON.stringify({ arg, action, data: [{ asks: quad(d.asks), bids: quad(d.bids), ts: '1700000000000', checksum, prevSeqId: prev, seqId: seq }] });
    const frame = reader.read(body(0));
    if (frame?.kind !== 'depth') throw new Error('W6: unreadable OKX message');
    if (action === 'snapshot') ref.loadEvent(frame.event);
    else ref.applyEvent(frame.event);
    out.push(body(okxChecksum(ref)));
  };
  push('snapshot', snapshot, -1);
  for (const u of updates) {
    const prev = seq;
    seq += 1 + (u.bids.length % 3);
    push('update', u, prev);
  }
  return out;
}

function bybitMessages(messages: number): string[] {
  const { snapshot, updates } = walk(200, messages, 10, 11);
  const topic = 'orderbook.200.BTCUSDT';
  const out = [JSON.stringify({ topic, type: 'snapshot', ts: 1700000000000, data: { s: 'BTCUSDT', b: snapshot.bids, a: snapshot.asks, u: 1, seq: 5 }, cts: 1 })];
  updates.forEach((d, i) => out.push(JSON.stringify({ topic, type: 'delta', ts: 1700000000000 + i, data: { s: 'BTCUSDT', b: d.bids, a: d.asks, u: i + 2, seq: 6 + i }, cts: 1 })));
  return out;
}

function oursPeer(frames: string[], makeReader: () => VenueFrameReader, depth: StreamDepth): () => void {
  return () => {
    const reader = makeReader();
    const book = new OrderBook('BTCUSDT', 'spot', depth.levels('spot'));
    book.beginSync();
    for (const text of frames) {
      const frame = reader.read(text);
      if (frame?.kind === 'depth' && depth.apply(book, frame.event) === 'gap') throw new Error('W6: our book broke');
    }
    consume(book.bids.size);
  };
}

function ccxtPeer(frames: string[], venue: 'okx' | 'bybit'): () => void {
  const Klass = (ccxt as unknown as { pro: Record<string, new (o: object) => Record<string, unknown>> }).pro[venue] as new (o: object) => Record<string, unknown>;
  const exchange = new Klass({}) as unknown as { handleOrderBook(client: unknown, message: unknown): void; orderbooks: Record<string, unknown> };
  const client = {
    url: 'wss://stream.bybit.com/v5/public/spot',
    subscriptions: { 'books:BTC-USDT': true, 'orderbook:BTCUSDT': true } as Record<string, unknown>,
    resolve: () => undefined,
    reject: () => undefined,
  };
  return () => {
    exchange.orderbooks = {};
    for (const text of frames) exchange.handleOrderBook(client, JSON.parse(text));
  };
}

function jsonPeer(frames: string[]): () => void {
  return () => {
    let n = 0;
    for (const text of frames) n += (JSON.parse(text) as { data: unknown }) === null ? 0 : 1;
    consume(n);
  };
}

async function one(name: string, frames: string[], ours: () => void, ccxtFn: () => void, options: { time: number; rounds: number }): Promise<VenueBench> {
  const rounds = await measure(name, { ours, ccxt: ccxtFn, jsonParse: jsonPeer(frames) }, { time: options.time, iterations: 5, rounds: options.rounds });
  const per = (task: string) => (ms(rounds, task) * 1e6) / frames.length;
  return {
    messages: frames.length,
    levels: name === 'okx' ? 400 : 200,
    nsPerMessage: { ours: per('ours'), ccxt: per('ccxt'), jsonParse: per('jsonParse') },
    ratioVsCcxt: ratio(rounds, 'ccxt', 'ours'),
    ratioVsJsonParse: ratio(rounds, 'jsonParse', 'ours'),
  };
}

export async function runW6(options: { messages: number; time: number; rounds: number }): Promise<W6Result> {
  const okx = okxMessages(options.messages);
  const bybit = bybitMessages(options.messages);
  const instruments = new OkxInstruments(() => Promise.reject(new Error('unused')));
  return {
    okx: await one('okx', okx, oursPeer(okx, () => new OkxFrameReader(instruments), okxDepth), ccxtPeer(okx, 'okx'), options),
    bybit: await one('bybit', bybit, oursPeer(bybit, () => new BybitFrameReader(), bybitDepth), ccxtPeer(bybit, 'bybit'), options),
  };
}
