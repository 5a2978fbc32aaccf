// W6's Gate rows (bench/README.md "W6"), beside OKX's and Bybit's in w6-venues.ts. Gate's book is a REST base book
// (with its id) then `spot.order_book_update` pushes sequenced by U/u, so both peers start each round from the same
// base book:
// - kernel: our OrderBook (beginSync, onSnapshot, onDiff by Gate's U/u rules) on already-read events, against ccxt's
//   pro gate handleOrderBook on already-parsed messages over the same base book (JSON.parse outside the loop);
// - ingest: the texts → book (GateFrameReader — its depth scanner, no JSON.parse — and the kernel) against
//   JSON.parse alone on the same texts.
import ccxt from 'ccxt';
import { copyDepthEvent, createDepthEvent, type DepthEvent, type DepthSnapshot } from '../workers/book/depth-event.ts';
import { OrderBook } from '../workers/book/order-book.ts';
import { GateContracts } from '../workers/venues/gate/gate-contracts.ts';
import { GateFrameReader } from '../workers/venues/gate/gate-reader.ts';
import { INSTRUMENTS } from '../server/sim/instruments.ts';
import { SymbolMarket } from '../server/sim/market.ts';
import { amount, px } from '../server/sim/gate/format.ts';
import { consume, measure, ms, ratio } from './harness.ts';
import { jsonPeer, type VenueBench } from './w6-venues.ts';

interface GateFrames {
  base: { id: number; bids: [string, string][]; asks: [string, string][] };
  frames: string[];
}

/**
 * BTC_USDT as the simulator's Gate pushes it (server/sim/gate/feeds.ts DiffFeed): the base book at its id, then one
 * push per 100 ms of the levels the engine's events (every 20 ms) touched, with their U/u.
 */
function gateFrames(messages: number): GateFrames {
  const inst = INSTRUMENTS.spot.find((i) => i.symbol === 'BTCUSDT');
  if (inst === undefined) throw new Error('W6: no BTCUSDT');
  let now = 1700000000000;
  const i = { ...inst, venueSymbol: 'BTC_USDT' };
  const m = new SymbolMarket(i, 6, now);
  const side = (s: typeof m.book.bids): [string, string][] => Array.from({ length: s.length }, (_, k) => [px(i, s.px[k]!), amount(i, s.qty[k]!)]);
  const base = { id: m.lastUpdateId, bids: side(m.book.bids), asks: side(m.book.asks) };
  const frames: string[] = [];
  const touched = new Map<number, number>();
  let U = -1;
  let u = -1;
  for (let step = 0; frames.length < messages; step++) {
    now += 20;
    const ev = m.step(now, 1);
    if (ev !== undefined) {
      const log = m.book.log;
      for (let k = 0; k < log.length; k++) touched.set(log.tick[k]! * 2 + log.side[k]!, log.qty[k]!);
      if (U < 0) U = ev.U;
      u = ev.u;
    }
    if (step % 5 !== 4 || U < 0) continue;
    const rows = (bid: number) =>
      [...touched]
        .filter(([key]) => key % 2 === bid)
        .sort((x, y) => (bid === 0 ? y[0] - x[0] : x[0] - y[0]))
        .map(([key, q]) => `["${px(i, Math.floor(key / 2))}","${amount(i, q)}"]`)
        .join(',');
    const result = `{"t":${now},"e":"depthUpdate","E":${Math.floor(now / 1000)},"s":"BTC_USDT","U":${U},"u":${u},"b":[${rows(0)}],"a":[${rows(1)}]}`;
    frames.push(`{"time":${Math.floor(now / 1000)},"time_ms":${now},"channel":"spot.order_book_update","event":"update","result":${result}}`);
    touched.clear();
    U = u = -1;
  }
  return { base, frames };
}

function snapshotOf(base: GateFrames['base']): DepthSnapshot {
  const flat = (levels: [string, string][]) => Float64Array.from(levels.flatMap(([p, q]) => [Number(p), Number(q)]));
  return { lastUpdateId: base.id, bidCount: base.bids.length, askCount: base.asks.length, bids: flat(base.bids), asks: flat(base.asks) };
}

function kernelPeer(snapshot: DepthSnapshot, events: DepthEvent[]): () => void {
  const book = new OrderBook('BTCUSDT', 'spot');
  return () => {
    book.beginSync();
    book.onSnapshot(snapshot);
    for (const ev of events) if (book.onDiff(ev) === 'gap') throw new Error('W6: our Gate book broke');
    consume(book.bids.size);
  };
}

function ingestPeer(snapshot: DepthSnapshot, frames: string[], reader: GateFrameReader): () => void {
  const book = new OrderBook('BTCUSDT', 'spot');
  return () => {
    book.beginSync();
    book.onSnapshot(snapshot);
    for (const text of frames) {
      const frame = reader.read(text);
      if (frame?.kind !== 'depth' || book.onDiff(frame.event) === 'gap') throw new Error('W6: our Gate book broke');
    }
    consume(book.bids.size);
  };
}

function ccxtPeer(base: GateFrames['base'], frames: string[]): () => void {
  type Ex = { handleOrderBook(client: unknown, message: unknown): void; orderBook(snapshot: object): unknown; orderbooks: Record<string, unknown> };
  const exchange = new ccxt.pro.gate({}) as unknown as Ex;
  const client = { subscriptions: {} as Record<string, unknown>, resolve: () => undefined, reject: () => undefined };
  const parsed = frames.map((text) => JSON.parse(text) as unknown); // outside the timed loop, as for ours
  const bids = base.bids.map(([p, q]) => [Number(p), Number(q)]);
  const asks = base.asks.map(([p, q]) => [Number(p), Number(q)]);
  return () => {
    exchange.orderbooks = { 'BTC/USDT': exchange.orderBook({ bids, asks, nonce: base.id }) };
    for (const msg of parsed) exchange.handleOrderBook(client, msg);
  };
}

export async function runW6Gate(options: { messages: number; time: number; rounds: number }): Promise<VenueBench> {
  const { base, frames } = gateFrames(options.messages);
  const snapshot = snapshotOf(base);
  const contracts = new GateContracts(() => Promise.reject(new Error('unused')));
  const reader = new GateFrameReader(contracts);
  const events = frames.map((text) => {
    const frame = reader.read(text);
    if (frame?.kind !== 'depth') throw new Error('W6: unreadable Gate depth frame');
    return copyDepthEvent(frame.event, createDepthEvent(Math.max(frame.event.bidCount, frame.event.askCount, 1)));
  });
  const runs = { time: options.time, iterations: 5, rounds: options.rounds };
  const kernel = await measure('W6 gate kernel', { ours: kernelPeer(snapshot, events), ccxt: ccxtPeer(base, frames) }, runs);
  const ingest = await measure('W6 gate ingest', { ours: ingestPeer(snapshot, frames, new GateFrameReader(contracts)), jsonParse: jsonPeer(frames) }, runs);
  const per = (rounds: Record<string, number[]>, task: string) => (ms(rounds, task) * 1e6) / frames.length;
  return {
    messages: frames.length,
    levels: base.bids.length,
    levelsPerUpdate: events.reduce((n, ev) => n + ev.bidCount + ev.askCount, 0) / events.length,
    avgUpdateBytes: Math.round(frames.reduce((n, f) => n + f.length, 0) / frames.length),
    kernel: { nsPerMessage: { ours: per(kernel, 'ours'), ccxt: per(kernel, 'ccxt') }, ratioVsCcxt: ratio(kernel, 'ccxt', 'ours') },
    ingest: { nsPerMessage: { ours: per(ingest, 'ours'), jsonParse: per(ingest, 'jsonParse') }, ratioVsJsonParse: ratio(ingest, 'jsonParse', 'ours') },
  };
}
