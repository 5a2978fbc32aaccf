// Test helpers: the real simulator (in process, time under test control) and the real core in Node with
// the `ws` package as its WebSocket, both on loopback, their clocks advanced in lockstep.
import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { simPlugin } from '../../server/sim/index.ts';
import { ManualScheduler } from '../../server/sim/scheduler.ts';
import { Simulator } from '../../server/sim/simulator.ts';
import { parseStream } from '../../server/sim/streams.ts';
import { MarketCore } from '../../workers/market-core.ts';
import type { SocketLike } from '../../workers/connection.ts';
import type { BatchMessage, BookPayload, Market, MarketEndpoints } from '../../workers/contract.ts';
import { OrderBook } from '../../workers/book/order-book.ts';
import { FrameReader, readDepthSnapshot } from '../../workers/parse/frame-reader.ts';
import { FakeClock } from '../../workers/testing/fake-clock.ts';

export interface SimCore {
  app: FastifyInstance;
  sim: Simulator;
  simClock: ManualScheduler;
  clock: FakeClock;
  core: MarketCore;
  base: string;
  /** every batch the tab received (book arrays copied) */
  inbox: BatchMessage[];
  run(ms: number, step?: number): Promise<void>;
  fault(spec: Record<string, unknown>): Promise<number[]>;
  close(): Promise<void>;
}

export const settle = (ms = 2): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function startSimCore(options: { seed?: number; rate?: number } = {}): Promise<SimCore> {
  const simClock = new ManualScheduler();
  const sim = new Simulator({ seed: options.seed ?? 11, rate: options.rate ?? 40, scheduler: simClock });
  const app = Fastify();
  await app.register(simPlugin, { prefix: '/sim', simulator: sim });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  const http = `http://127.0.0.1:${address.port}/sim`;
  const ws = `ws://127.0.0.1:${address.port}/sim`;
  const endpoints: MarketEndpoints = {
    spot: { ws: `${ws}/stream.binance.com`, maxMessagesPerSecond: 5 },
    usdmPublic: { ws: `${ws}/fstream.binance.com/public`, maxMessagesPerSecond: 10 },
    usdmMarket: { ws: `${ws}/fstream.binance.com/market`, maxMessagesPerSecond: 10 },
    spotRest: `${http}/api.binance.com`,
    usdmRest: `${http}/fapi.binance.com`,
  };
  const clock = new FakeClock(simClock.now());
  const core = new MarketCore({
    clock,
    endpoints,
    socketFactory: (url) => new WebSocket(url, { perMessageDeflate: false }) as unknown as SocketLike,
    fetch: (url) => fetch(url),
  });
  core.start();
  const inbox: BatchMessage[] = [];
  core.attachTab('tab', {
    postMessage(message) {
      // Typed arrays are transferred in the browser; keep our own copies here.
      inbox.push({
        ...message,
        items: message.items.map((i) => (i.type === 'book' ? { ...i, bids: i.bids.slice(), asks: i.asks.slice() } : i)),
      });
    },
  });
  return {
    app,
    sim,
    simClock,
    clock,
    core,
    base: http,
    inbox,
    async run(ms: number, step = 50) {
      for (let t = 0; t < ms; t += step) {
        simClock.advance(step);
        clock.advance(step);
        await settle(1);
      }
      await settle(5);
    },
    async fault(spec) {
      const response = await fetch(`${http}/_control/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(spec),
      });
      const body = (await response.json()) as { applied: number[] };
      return body.applied;
    },
    async close() {
      core.dispose();
      await app.close();
      sim.stop();
    },
  };
}

export function pairs(flat: ArrayLike<number>, n = Infinity): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < flat.length && out.length < n; i += 2) out.push([flat[i] as number, flat[i + 1] as number]);
  return out;
}

export function coreTop(book: OrderBook, n: number): { bids: [number, number][]; asks: [number, number][] } {
  const side = (s: OrderBook['bids']) => {
    const out: [number, number][] = [];
    for (let i = 0; i < Math.min(n, s.size); i++) out.push([s.priceAt(i), s.qtyAt(i)]);
    return out;
  };
  return { bids: side(book.bids), asks: side(book.asks) };
}

/**
 * The truth: a subscriber inside the simulator (behind every fault, which act on connections) feeding
 * our own book, recording its top levels at every update id.
 */
export class TruthTap {
  readonly byId = new Map<number, string>();
  readonly book: OrderBook;
  private readonly reader = new FrameReader();

  constructor(sim: Simulator, market: Market, symbol: string, readonly depth: number) {
    this.book = new OrderBook(symbol, market);
    const name = `${symbol.toLowerCase()}@depth@100ms`;
    const desc = parseStream(market, name);
    if (!desc) throw new Error(`no stream ${name}`);
    sim.subscribe(
      {
        id: 1_000_000 + Math.floor(Math.random() * 1e6),
        tier: 'all',
        combined: false,
        deliver: (frame) => {
          const parsed = this.reader.read(`{"stream":"${name}","data":${frame}}`);
          if (parsed?.kind !== 'depth') throw new Error('truth: unreadable frame');
          if (this.book.onDiff(parsed.event) === 'gap') throw new Error('truth: gap');
          this.record();
        },
      },
      desc,
    );
    const snapshot = readDepthSnapshot(sim.book(market, symbol, 1000));
    if (!snapshot) throw new Error('truth: no snapshot');
    this.book.beginSync();
    this.book.onSnapshot(snapshot);
    this.record();
  }

  private record(): void {
    if (this.book.state !== 'synced') return;
    this.byId.set(this.book.lastUpdateId, JSON.stringify(coreTop(this.book, this.depth)));
  }
}

export function publishedBooks(inbox: BatchMessage[], key: string): BookPayload[] {
  return inbox.flatMap((m) => m.items).filter((i): i is BookPayload => i.type === 'book' && i.key === key);
}

export function payloadKey(p: BookPayload, depth: number): string {
  return JSON.stringify({ bids: pairs(p.bids, depth), asks: pairs(p.asks, depth) });
}
