// W6: the OKX, Bybit and Bitget book paths, each in two rows, peers side by side (bench/README.md "W6"):
// - kernel: our venue sequencer applying already-read events to the OrderBook (OKX: its CRC32 checksum verified on
//   every update, Bitget likewise over its fixed-decimal texts) against ccxt's own pro okx / bybit / bitget handleOrderBook on already-parsed messages (JSON.parse outside
//   the timed loop for both sides, as W1 does for Binance);
// - ingest: text → book (the venue's frame reader — its depth scanner, no JSON.parse — and the kernel) against
//   JSON.parse alone on the same texts (as W2 does for Binance).
import ccxt from 'ccxt';
import { copyDepthEvent, createDepthEvent, type DepthEvent } from '../workers/book/depth-event.ts';
import { okxDepth } from '../workers/venues/okx/okx-book.ts';
import { OkxFrameReader } from '../workers/venues/okx/okx-reader.ts';
import { OkxInstruments } from '../workers/venues/okx/okx-symbols.ts';
import { bybitDepth } from '../workers/venues/bybit/bybit-book.ts';
import { BybitFrameReader } from '../workers/venues/bybit/bybit-reader.ts';
import { bitgetDepth } from '../workers/venues/bitget/bitget-book.ts';
import { BitgetFrameReader } from '../workers/venues/bitget/bitget-reader.ts';
import { BitgetBookFeed } from '../server/sim/bitget/book-feed.ts';
import { bitgetListings } from '../server/sim/bitget/listings.ts';
import { streamBook, type StreamDepth, type VenueFrameReader } from '../workers/venues/venue.ts';
import { INSTRUMENTS } from '../server/sim/instruments.ts';
import { SymbolMarket } from '../server/sim/market.ts';
import { BookFeed, withChecksum } from '../server/sim/okx/book-feed.ts';
import { consume, measure, ms, ratio } from './harness.ts';
import { runW6Gate } from './w6-gate.ts';

export interface VenueBench {
  messages: number;
  levels: number;
  /** mean levels (bids + asks) per update */
  levelsPerUpdate: number;
  avgUpdateBytes: number;
  kernel: { nsPerMessage: { ours: number; ccxt: number }; ratioVsCcxt: number };
  ingest: { nsPerMessage: { ours: number; jsonParse: number }; ratioVsJsonParse: number };
}

export interface W6Result {
  okx: VenueBench;
  bybit: VenueBench;
  bitget: VenueBench;
  gate: VenueBench;
}

/**
 * OKX `books` as the simulator's OKX sends them (server/sim/okx/book-feed.ts, its checksums built with CRC32.str over
 * the very strings sent): BTC-USDT's 400-level snapshot, then one update per 100 ms of book events every 20 ms.
 */
function okxMessages(messages: number): string[] {
  const inst = INSTRUMENTS.spot.find((i) => i.symbol === 'BTCUSDT');
  if (inst === undefined) throw new Error('W6: no BTCUSDT');
  let now = 1700000000000;
  const market = new SymbolMarket({ ...inst, venueSymbol: 'BTC-USDT' }, 6, now);
  const feed = new BookFeed(market, now, 25_000);
  const out = [withChecksum(feed.snapshot(now), false)];
  for (let step = 0; out.length <= messages; step++) {
    now += 20;
    market.step(now, 1);
    if (step % 5 !== 4) continue;
    const push = feed.update(now);
    if (push !== undefined) out.push(withChecksum(push, false));
  }
  return out;
}

/**
 * Bitget `books` as the simulator's Bitget sends them (server/sim/bitget/book-feed.ts, checksums over the very
 * fixed-decimal strings sent): spot BTCUSDT's 400-level snapshot, then one update per 200 ms of book events every 20 ms.
 */
function bitgetMessages(messages: number): string[] {
  const inst = bitgetListings().spot.find((i) => i.symbol === 'BTCUSDT');
  if (inst === undefined) throw new Error('W6: no BTCUSDT');
  let now = 1700000000000;
  const market = new SymbolMarket(inst, 8, now);
  const feed = new BitgetBookFeed(market);
  const out = [withChecksum(feed.snapshot(now), false)];
  for (let step = 0; out.length <= messages; step++) {
    now += 20;
    market.step(now, 1);
    if (step % 10 !== 9) continue;
    const push = feed.update(now);
    if (push !== undefined) out.push(withChecksum(push, false));
  }
  return out;
}

/** Bybit `orderbook.200`: a seeded walk, a 200-level snapshot then updates of 10 + 10 levels, mostly near the top. */
function bybitMessages(messages: number): string[] {
  let s = 11;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const levels = 200;
  const price = (i: number, bid: boolean) => String(Math.round((30000 + (bid ? -0.1 * (i + 1) : 0.1 * i)) * 10) / 10);
  const size = () => String((Math.round(rnd() * 5000) + 1) / 1000); // up to 3 decimals, as a venue writes them
  const rows = (n: number, bid: boolean, near: boolean) =>
    Array.from({ length: n }, (_, i) => {
      const at = near ? Math.floor(rnd() * rnd() * levels) : i;
      return [price(at, bid), near && rnd() < 0.15 ? '0' : size()];
    });
  const topic = 'orderbook.200.BTCUSDT';
  const out = [JSON.stringify({ topic, type: 'snapshot', ts: 1700000000000, data: { s: 'BTCUSDT', b: rows(levels, true, false), a: rows(levels, false, false), u: 1, seq: 5 }, cts: 1 })];
  for (let i = 0; i < messages; i++) {
    out.push(JSON.stringify({ topic, type: 'delta', ts: 1700000000000 + i, data: { s: 'BTCUSDT', b: rows(10, true, true), a: rows(10, false, true), u: i + 2, seq: 6 + i }, cts: 1 }));
  }
  return out;
}

/** The frames read once by the venue's reader, outside any timed loop: the kernel's input. */
function readEvents(frames: string[], reader: VenueFrameReader): DepthEvent[] {
  return frames.map((text) => {
    const frame = reader.read(text);
    if (frame?.kind !== 'depth') throw new Error('W6: unreadable depth frame');
    return copyDepthEvent(frame.event, createDepthEvent(Math.max(frame.event.bidCount, frame.event.askCount, 1)));
  });
}

function kernelPeer(events: DepthEvent[], depth: StreamDepth): () => void {
  const book = streamBook('BTCUSDT', 'spot', depth);
  return () => {
    book.beginSync();
    for (const ev of events) if (depth.apply(book, ev) === 'gap') throw new Error('W6: our book broke');
    consume(book.bids.size);
  };
}

function ingestPeer(frames: string[], makeReader: () => VenueFrameReader, depth: StreamDepth): () => void {
  const reader = makeReader();
  const book = streamBook('BTCUSDT', 'spot', depth);
  return () => {
    book.beginSync();
    for (const text of frames) {
      const frame = reader.read(text);
      if (frame?.kind !== 'depth' || depth.apply(book, frame.event) === 'gap') throw new Error('W6: our book broke');
    }
    consume(book.bids.size);
  };
}

function ccxtPeer(frames: string[], venue: 'okx' | 'bybit' | 'bitget'): () => void {
  const Klass = (ccxt as unknown as { pro: Record<string, new (o: object) => Record<string, unknown>> }).pro[venue] as new (o: object) => Record<string, unknown>;
  const exchange = new Klass({}) as unknown as { handleOrderBook(client: unknown, message: unknown): void; orderbooks: Record<string, unknown> };
  const client = {
    url: 'wss://stream.bybit.com/v5/public/spot',
    subscriptions: { 'books:BTC-USDT': true, 'orderbook:BTCUSDT': true } as Record<string, unknown>,
    resolve: () => undefined,
    reject: () => undefined,
  };
  const parsed = frames.map((text) => JSON.parse(text) as unknown); // outside the timed loop, as for ours
  return () => {
    exchange.orderbooks = {};
    for (const msg of parsed) exchange.handleOrderBook(client, msg);
  };
}

export function jsonPeer(frames: string[]): () => void {
  return () => {
    let n = 0;
    for (const text of frames) n += (JSON.parse(text) as { data: unknown }) === null ? 0 : 1;
    consume(n);
  };
}

async function one(
  name: 'okx' | 'bybit' | 'bitget',
  frames: string[],
  makeReader: () => VenueFrameReader,
  depth: StreamDepth,
  options: { time: number; rounds: number },
): Promise<VenueBench> {
  const events = readEvents(frames, makeReader());
  const runs = { time: options.time, iterations: 5, rounds: options.rounds };
  const kernel = await measure(`W6 ${name} kernel`, { ours: kernelPeer(events, depth), ccxt: ccxtPeer(frames, name) }, runs);
  const ingest = await measure(`W6 ${name} ingest`, { ours: ingestPeer(frames, makeReader, depth), jsonParse: jsonPeer(frames) }, runs);
  const per = (rounds: Record<string, number[]>, task: string) => (ms(rounds, task) * 1e6) / frames.length;
  const updates = events.slice(1);
  return {
    messages: frames.length,
    levels: depth.levels('spot'),
    levelsPerUpdate: updates.reduce((n, ev) => n + ev.bidCount + ev.askCount, 0) / updates.length,
    avgUpdateBytes: Math.round(frames.slice(1).reduce((n, f) => n + f.length, 0) / updates.length),
    kernel: { nsPerMessage: { ours: per(kernel, 'ours'), ccxt: per(kernel, 'ccxt') }, ratioVsCcxt: ratio(kernel, 'ccxt', 'ours') },
    ingest: { nsPerMessage: { ours: per(ingest, 'ours'), jsonParse: per(ingest, 'jsonParse') }, ratioVsJsonParse: ratio(ingest, 'jsonParse', 'ours') },
  };
}

export async function runW6(options: { messages: number; time: number; rounds: number }): Promise<W6Result> {
  const instruments = new OkxInstruments(() => Promise.reject(new Error('unused')));
  return {
    okx: await one('okx', okxMessages(options.messages), () => new OkxFrameReader(instruments), okxDepth, options),
    bybit: await one('bybit', bybitMessages(options.messages), () => new BybitFrameReader(), bybitDepth, options),
    bitget: await one('bitget', bitgetMessages(options.messages), () => new BitgetFrameReader(), bitgetDepth, options),
    gate: await runW6Gate(options),
  };
}
