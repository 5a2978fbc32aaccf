// W4: fan-out to N MessagePorts. Our publisher (one batched message per tab per tick, typed arrays,
// ticker and trade deltas) against the naive way (one message per topic per tab, arrays of arrays, full ticker map
// and trade list).
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { serialize } from 'node:v8';
import type { MiniTicker, Subscription, TopicPayload } from '../workers/contract.ts';
import { OrderBook } from '../workers/book/order-book.ts';
import { BookViews } from '../workers/book/book-views.ts';
import { Publisher, type SentState, type TabSink, type TopicSource } from '../workers/publisher.ts';
import { TradeList, tradesPayload } from '../workers/topics/trade-list.ts';
import { TickerMap } from '../workers/topics/ticker-map.ts';
import { makeReplay } from './replay.ts';
import { measure, ms, ratio } from './harness.ts';

export interface W4Result {
  tabs: number;
  bookDepth: number;
  tickers: number;
  usPerTick: { ours: number; naive: number };
  bytesPerTick: { ours: number; naive: number };
  messagesPerTick: { ours: number; naive: number };
  ratioTime: number;
  ratioBytes: number;
}

interface World {
  book: OrderBook;
  trades: TradeList;
  tickers: TickerMap;
  step(): void;
}

function makeWorld(tickerCount: number): World {
  const replay = makeReplay({ events: 2000, symbols: 1, seed: 9 });
  const book = new OrderBook('BTCUSDT', 'spot');
  book.beginSync();
  const bids = replay.snapshotBids[0] as Float64Array;
  const asks = replay.snapshotAsks[0] as Float64Array;
  book.onSnapshot({ lastUpdateId: 1, bidCount: bids.length / 2, askCount: asks.length / 2, bids, asks });
  const trades = new TradeList();
  const tickers = new TickerMap();
  const all: MiniTicker[] = [];
  for (let i = 0; i < tickerCount; i++) all.push({ s: `S${i}USDT`, c: 1 + i, o: 1, h: 2, l: 0.5, v: 1000, q: 2000, E: 1 });
  tickers.update(all);
  let event = 0;
  let id = 2;
  return {
    book,
    trades,
    tickers,
    // One tick of market activity: a depth diff, a few trades, 5% of the tickers.
    step() {
      const at = (event % replay.events) * replay.changes * 4;
      for (let c = 0; c < replay.changes; c++) book.bids.set(replay.levels[at + 2 * c] as number, replay.levels[at + 2 * c + 1] as number);
      event++;
      book.version++;
      book.lastUpdateId = id++;
      for (let t = 0; t < 5; t++) trades.add(id * 10 + t, id, 100, 1, (t & 1) === 0);
      const changed: MiniTicker[] = [];
      for (let i = 0; i < tickerCount / 20; i++) {
        const s = (event * 7 + i * 13) % tickerCount;
        changed.push({ s: `S${s}USDT`, c: 1 + s + event / 100, o: 1, h: 2, l: 0.5, v: 1000, q: 2000, E: id });
      }
      tickers.update(changed);
    },
  };
}

function source(world: World): TopicSource {
  const views = new BookViews();
  return {
    key: (sub: Subscription): string => sub.topic,
    version(key: string): number {
      if (key === 'book') return world.book.version;
      if (key === 'trades') return world.trades.version;
      return world.tickers.version;
    },
    payload(id: string, _key: string, sub: Subscription, sent: SentState, full: boolean, transfer: Transferable[]): TopicPayload | null {
      if (sub.topic === 'book') return views.payload(id, 'book:spot:BTCUSDT', world.book, '0.01', sub.depth, 1, transfer);
      if (sub.topic === 'trades') return tradesPayload(world.trades, id, 'spot', 'BTCUSDT', sent, full);
      const tickers = world.tickers.changedSince(full ? 0 : sent.cursor);
      sent.cursor = world.tickers.version;
      return { type: 'tickers', key: id, market: 'spot', tickers, full };
    },
  };
}

const SUBS: [string, Subscription][] = [
  ['b', { topic: 'book', market: 'spot', symbol: 'BTCUSDT', depth: 50 }],
  ['t', { topic: 'trades', market: 'spot', symbol: 'BTCUSDT' }],
  // every tick here, so both sides send the tickers each tick
  ['m', { topic: 'tickers', market: 'spot', intervalMs: 100 }],
];

export async function runW4(options: { tabs: number; tickers: number; time: number; rounds: number }): Promise<W4Result> {
  const ports: { send: MessagePort; receive: MessagePort }[] = [];
  for (let i = 0; i < options.tabs * 2; i++) {
    const { port1, port2 } = new MessageChannel();
    port2.on('message', () => {}); // drained by the event loop between tinybench iterations
    port2.unref();
    port1.unref();
    ports.push({ send: port1, receive: port2 });
  }

  // ours
  const oursWorld = makeWorld(options.tickers);
  const publisher = new Publisher(source(oursWorld));
  let oursBytes = 0;
  let oursMessages = 0;
  let sampleBytes = -1;
  for (let t = 0; t < options.tabs; t++) {
    const port = (ports[t] as { send: MessagePort }).send;
    const sink: TabSink = {
      postMessage(message, transfer) {
        oursMessages++;
        // Bytes: V8's structured-clone serialisation (what postMessage uses), measured once, before the
        // transfer detaches the arrays.
        if (sampleBytes < 0 && !message.full) sampleBytes = serialize(message).length;
        port.postMessage(message, transfer as ArrayBuffer[]);
      },
    };
    publisher.addTab(`tab${t}`, sink);
    for (const [id, sub] of SUBS) publisher.subscribe(`tab${t}`, id, sub);
  }
  let now = 0;
  publisher.tick(now); // the full snapshots
  oursMessages = 0;
  const ours = (): void => {
    oursWorld.step();
    now += 100;
    publisher.tick(now);
  };

  // naive
  const naiveWorld = makeWorld(options.tickers);
  let naiveMessages = 0;
  let naiveBytes = 0;
  const naive = (): void => {
    naiveWorld.step();
    const { book, trades, tickers } = naiveWorld;
    for (let t = 0; t < options.tabs; t++) {
      const port = (ports[options.tabs + t] as { send: MessagePort }).send;
      const bids: number[][] = [];
      const asks: number[][] = [];
      for (let i = 0; i < 50 && i < book.bids.size; i++) bids.push([book.bids.priceAt(i), book.bids.qtyAt(i)]);
      for (let i = 0; i < 50 && i < book.asks.size; i++) asks.push([book.asks.priceAt(i), book.asks.qtyAt(i)]);
      port.postMessage({ type: 'book', symbol: 'BTCUSDT', bids, asks });
      port.postMessage({ type: 'trades', symbol: 'BTCUSDT', trades: trades.toArray() });
      port.postMessage({ type: 'tickers', tickers: tickers.changedSince(0) });
      naiveMessages += 3;
    }
  };

  const rounds = await measure('W4 fan-out', { ours, naive }, { time: options.time, iterations: 10, rounds: options.rounds });
  const oursCalls = Math.max(1, now / 100);
  oursBytes = sampleBytes * options.tabs;
  const { book, trades, tickers } = naiveWorld;
  const bids: number[][] = [];
  for (let i = 0; i < 50; i++) bids.push([book.bids.priceAt(i), book.bids.qtyAt(i)]);
  naiveBytes =
    (serialize({ type: 'book', symbol: 'BTCUSDT', bids, asks: bids }).length +
      serialize({ type: 'trades', symbol: 'BTCUSDT', trades: trades.toArray() }).length +
      serialize({ type: 'tickers', tickers: tickers.changedSince(0) }).length) *
    options.tabs;
  for (const p of ports) {
    p.send.close();
    p.receive.close();
  }
  const us = (name: string): number => ms(rounds, name) * 1000;
  const naiveCalls = naiveMessages / (3 * options.tabs);
  return {
    tabs: options.tabs,
    bookDepth: 50,
    tickers: options.tickers,
    usPerTick: { ours: us('ours'), naive: us('naive') },
    bytesPerTick: { ours: oursBytes, naive: naiveBytes },
    messagesPerTick: { ours: oursMessages / oursCalls, naive: naiveMessages / Math.max(1, naiveCalls) },
    ratioTime: ratio(rounds, 'naive', 'ours'),
    ratioBytes: naiveBytes / Math.max(1, oursBytes),
  };
}
