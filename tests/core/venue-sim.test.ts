import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simPlugin } from '../../server/sim/index.ts';
import { ManualScheduler } from '../../server/sim/scheduler.ts';
import { Simulator } from '../../server/sim/simulator.ts';
import { SimVenues } from '../../server/sim/venues.ts';
import { sandboxEndpoints } from '../../src/market/endpoints.ts';
import type { SocketLike } from '../../workers/connection.ts';
import type { BatchMessage, Market, Subscription, TopicPayload, VenueCode } from '../../workers/contract.ts';
import { MarketCore } from '../../workers/market-core.ts';
import { FakeClock } from '../../workers/testing/fake-clock.ts';
import { coreTop, settle } from './sim-core.ts';

// The core in Node (the `ws` package as its WebSocket) against the simulator's OKX v5 and Bybit v5 protocols on
// loopback, with the app's own sandbox endpoints: each venue's book syncs by its own sequencing (OKX seqId + CRC32
// checksum, Bybit u + 1), equals the venue's true book in its wire units, and after every fault the simulator scripts
// on that venue the book is back in sync and equal again; trades, klines, mark price and tickers arrive; one socket
// per venue endpoint. The keep-alive is exercised by the run itself: OKX drops a client silent for 30 s.

type Venue = Extract<VenueCode, 'okx' | 'bybit'>;
const DEPTH = 20;
const BOOKS: { venue: Venue; market: Market; symbol: string; id: string }[] = [
  { venue: 'okx', market: 'spot', symbol: 'BTCUSDT', id: 'okx-spot-btc' },
  { venue: 'okx', market: 'usdm', symbol: 'ETHUSDT', id: 'okx-swap-eth' },
  { venue: 'bybit', market: 'spot', symbol: 'BTCUSDT', id: 'bybit-spot-btc' },
  { venue: 'bybit', market: 'usdm', symbol: 'ETHUSDT', id: 'bybit-linear-eth' },
];

let app: FastifyInstance;
let sim: Simulator;
let venues: SimVenues;
let simClock: ManualScheduler;
let clock: FakeClock;
let core: MarketCore;
let base: string;
const inbox: BatchMessage[] = [];

beforeAll(async () => {
  simClock = new ManualScheduler();
  sim = new Simulator({ seed: 23, rate: 40, scheduler: simClock });
  venues = new SimVenues(sim);
  app = Fastify();
  await app.register(simPlugin, { prefix: '/sim', simulator: sim, venues });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${address.port}/sim`;
  clock = new FakeClock(simClock.now());
  core = new MarketCore({
    clock,
    endpoints: sandboxEndpoints({ protocol: 'http:', host: `127.0.0.1:${address.port}` }),
    socketFactory: (url) => new WebSocket(url, { perMessageDeflate: false }) as unknown as SocketLike,
    fetch: (url) => fetch(url),
  });
  core.start();
  core.attachTab('tab', {
    postMessage(message) {
      inbox.push({ ...message, items: message.items.map((i) => (i.type === 'book' ? { ...i, bids: i.bids.slice(), asks: i.asks.slice() } : i)) });
    },
  });
  const subs: [string, Subscription][] = [];
  for (const b of BOOKS) {
    subs.push([b.id, { topic: 'book', venue: b.venue, market: b.market, symbol: b.symbol, depth: DEPTH }]);
    subs.push([`${b.id}-trades`, { topic: 'trades', venue: b.venue, market: b.market, symbol: b.symbol }]);
    subs.push([`${b.id}-klines`, { topic: 'klines', venue: b.venue, market: b.market, symbol: b.symbol, interval: '1m' }]);
    if (b.market === 'usdm') subs.push([`${b.id}-mark`, { topic: 'mark', venue: b.venue, symbol: b.symbol }]);
  }
  for (const venue of ['okx', 'bybit'] as const) subs.push([`${venue}-tickers`, { topic: 'tickers', venue, market: 'spot' }]);
  for (const [id, sub] of subs) core.subscribe('tab', id, sub);
  await run(4000);
}, 60_000);

afterAll(async () => {
  core?.dispose();
  await app?.close();
  venues?.stop();
  sim?.stop();
});

async function run(ms: number, step = 50): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    simClock.advance(step);
    clock.advance(step);
    await settle(1);
  }
  await settle(5);
}

async function post(route: string, body: Record<string, unknown>): Promise<{ applied?: number[] }> {
  const response = await fetch(`${base}/_control/${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status, route).toBe(200);
  return (await response.json()) as { applied?: number[] };
}

const synced = (b: (typeof BOOKS)[number]) => core.book(b.market, b.symbol, b.venue)?.state === 'synced';

async function recover(which: typeof BOOKS, maxMs = 40_000): Promise<void> {
  for (let t = 0; t < maxMs; t += 500) {
    await run(500);
    if (which.every(synced)) return;
  }
  throw new Error(`not recovered: ${JSON.stringify(core.health())}`);
}

/** Pause the venue's market, let what is in flight land, and compare the core's books with the venue's true book. */
async function expectEqualTruth(which: typeof BOOKS): Promise<void> {
  const venue = which[0]!.venue;
  await post('pause', { venue });
  await run(800);
  for (const b of which) {
    const book = core.book(b.market, b.symbol, b.venue);
    expect(book?.state, `${b.id} synced`).toBe('synced');
    const truth = (await (await fetch(`${base}/_control/book?venue=${b.venue}&market=${b.market}&symbol=${b.symbol}&limit=100`)).json()) as {
      lastUpdateId: number;
      bids: [string, string][];
      asks: [string, string][];
    };
    expect(book?.lastUpdateId, `${b.id} sequence`).toBe(truth.lastUpdateId);
    const mine = coreTop(book!, 100);
    const num = (levels: [string, string][]) => levels.map(([p, q]) => [Number(p), Number(q)]);
    expect(mine.bids, `${b.id} bids`).toEqual(num(truth.bids));
    expect(mine.asks, `${b.id} asks`).toEqual(num(truth.asks));
  }
  await post('resume', { venue });
}

const items = (key: string): TopicPayload[] => inbox.flatMap((m) => m.items).filter((i) => i.key === key);

describe('market core on OKX and Bybit (the simulator on loopback)', () => {
  it('syncs every book by the venue’s own sequencing and each equals the venue’s true book', async () => {
    await recover(BOOKS);
    for (const venue of ['okx', 'bybit'] as const) await expectEqualTruth(BOOKS.filter((b) => b.venue === venue));
    // A book never goes out with levels while unsynced.
    for (const b of BOOKS) {
      const books = items(b.id).filter((p) => p.type === 'book');
      expect(books.length, b.id).toBeGreaterThan(5);
      for (const p of books) if (p.type === 'book' && !p.synced) expect(p.bids.length + p.asks.length).toBe(0);
    }
  }, 60_000);

  it('shows each venue’s trades, klines, mark price and tickers', async () => {
    await run(3000);
    for (const b of BOOKS) {
      const trades = items(`${b.id}-trades`).flatMap((p) => (p.type === 'trades' ? p.trades : []));
      expect(trades.length, `${b.id} trades`).toBeGreaterThan(0);
      for (const t of trades.slice(0, 20)) expect(t.price > 0 && t.qty > 0, `${b.id} trade`).toBe(true);
      const klines = items(`${b.id}-klines`).flatMap((p) => (p.type === 'klines' ? p.klines : []));
      expect(klines.length, `${b.id} klines`).toBeGreaterThan(10);
      // The last trade sits inside the book's spread neighbourhood of the same venue (not Binance's book).
      const book = core.book(b.market, b.symbol, b.venue)!;
      const mid = (book.bids.priceAt(0) + book.asks.priceAt(0)) / 2;
      expect(Math.abs(trades[0]!.price / mid - 1), `${b.id} trade near its book`).toBeLessThan(0.01);
    }
    for (const b of BOOKS.filter((x) => x.market === 'usdm')) {
      const marks = items(`${b.id}-mark`).flatMap((p) => (p.type === 'mark' && p.mark ? [p.mark] : []));
      expect(marks.length, `${b.id} mark`).toBeGreaterThan(0);
      const m = marks[marks.length - 1]!;
      expect(m.markPrice > 0 && m.indexPrice > 0 && Number.isFinite(m.fundingRate) && m.nextFundingTime > clock.now(), `${b.id} mark fields`).toBe(true);
    }
    for (const venue of ['okx', 'bybit'] as const) {
      const tickers = items(`${venue}-tickers`).flatMap((p) => (p.type === 'tickers' ? p.tickers : []));
      expect(tickers.some((t) => t.s === 'BTCUSDT' && t.c > 0), `${venue} tickers`).toBe(true);
    }
  }, 60_000);

  it('holds one socket per venue endpoint', () => {
    const ids = core.health().endpoints.filter((e) => e.venue === 'okx' || e.venue === 'bybit').map((e) => e.id);
    expect(ids.sort()).toEqual(['bybit:linear', 'bybit:spot', 'okx:business', 'okx:public']);
  });

  const faults: { venue: Venue; spec: Record<string, unknown>; resyncs?: boolean; reconnect?: boolean }[] = [
    { venue: 'okx', spec: { type: 'gap', count: 1 }, resyncs: true },
    { venue: 'okx', spec: { type: 'checksum', count: 1 }, resyncs: true },
    { venue: 'okx', spec: { type: 'duplicate', count: 3 } },
    { venue: 'okx', spec: { type: 'malformed', count: 2 } },
    { venue: 'okx', spec: { type: 'cut' }, reconnect: true },
    { venue: 'okx', spec: { type: 'silence' }, reconnect: true },
    { venue: 'bybit', spec: { type: 'gap', count: 1 }, resyncs: true },
    { venue: 'bybit', spec: { type: 'duplicate', count: 3 } },
    { venue: 'bybit', spec: { type: 'restart' } },
    { venue: 'bybit', spec: { type: 'malformed', count: 2 } },
    { venue: 'bybit', spec: { type: 'cut' }, reconnect: true },
    { venue: 'bybit', spec: { type: 'silence' }, reconnect: true },
  ];

  for (const f of faults) {
    it(`${f.venue}: recovers from '${String(f.spec['type'])}'`, async () => {
      const which = BOOKS.filter((b) => b.venue === f.venue);
      const reconnects = () => core.health().endpoints.filter((e) => e.venue === f.venue).reduce((n, e) => n + e.reconnects, 0);
      const before = reconnects();
      const resyncsBefore = core.resyncs;
      const { applied } = await post('faults', { venue: f.venue, ...f.spec });
      expect(applied?.length, 'sockets the fault applied to').toBeGreaterThan(0);
      await run(f.spec['type'] === 'silence' ? 40_000 : 3000);
      await post('faults', { venue: f.venue, type: 'clear' });
      await recover(which);
      await expectEqualTruth(which);
      if (f.resyncs) expect(core.resyncs).toBeGreaterThan(resyncsBefore);
      if (f.reconnect) expect(reconnects()).toBeGreaterThan(before);
      else expect(reconnects()).toBe(before);
    }, 120_000);
  }
});
