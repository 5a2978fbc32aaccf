/**
 * Hours of simulated market on the simulator's own clock (issue 20): each book keeps its shape around the fair
 * price (spread, depth within ±1 % and ±5 %, level count, span of the first 1000 levels), and a client that
 * followed Binance's snapshot-plus-diffs procedure in the first seconds still equals the true book every ten
 * minutes, to the end (USD-M: the top 500 of a 1000-level snapshot; spot: the whole book).
 * In process (no sockets, which would take minutes): the diffs are the frames the simulator publishes to a
 * subscriber, the snapshot its REST reply.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookSide } from '../../server/sim/book.ts';
import { simPlugin } from '../../server/sim/index.ts';
import type { MarketKind } from '../../server/sim/instruments.ts';
import { ManualScheduler } from '../../server/sim/scheduler.ts';
import { Simulator, type Subscriber } from '../../server/sim/simulator.ts';
import { parseStream } from '../../server/sim/streams.ts';
import { LocalBook, type DepthEvent, type Snapshot } from './local-book.ts';

const HOURS = 3;
const RATE = 40;
const SAMPLE_MS = 10 * 60_000;

interface Case {
  market: MarketKind;
  symbol: string;
  stream: string;
  /** Binance's largest snapshot: spot 5000 (the whole book here), USD-M 1000. */
  snapshotLimit: number;
  /** Levels a side compared at the end (USD-M: the 500 a 1000-level snapshot keeps exact). */
  compare: number;
}

const CASES: Case[] = [
  { market: 'spot', symbol: 'BTCUSDT', stream: 'btcusdt@depth@100ms', snapshotLimit: 5000, compare: Infinity },
  { market: 'spot', symbol: 'XRPUSDT', stream: 'xrpusdt@depth', snapshotLimit: 5000, compare: Infinity },
  { market: 'spot', symbol: 'ETHBTC', stream: 'ethbtc@depth', snapshotLimit: 5000, compare: Infinity },
  { market: 'usdm', symbol: 'BTCUSDT', stream: 'btcusdt@depth@100ms', snapshotLimit: 1000, compare: 500 },
  { market: 'usdm', symbol: 'ETHUSDT', stream: 'ethusdt@depth', snapshotLimit: 1000, compare: 500 },
  { market: 'usdm', symbol: 'ADAUSDT', stream: 'adausdt@depth@500ms', snapshotLimit: 1000, compare: 500 },
];

interface Shape {
  /** Best ask − best bid, in ticks and as a fraction of the mid. */
  spreadTicks: number;
  spread: number;
  /** Quote notional within ±1 % and ±5 % of the mid, both sides. */
  depth1: number;
  depth5: number;
  levels: [number, number];
  /** Distance of the 1000th level from the mid, as a fraction of the mid (worst side). */
  span: number;
}

function notionalWithin(side: BookSide, mid: number, fraction: number, tickValue: number, stepValue: number): number {
  let sum = 0;
  for (let k = 0; k < side.length; k++) {
    const px = side.px[k]!;
    if (Math.abs(px - mid) > mid * fraction) break;
    sum += px * tickValue * side.qty[k]! * stepValue;
  }
  return sum;
}

function shape(sim: Simulator, c: Case): Shape {
  const m = sim.market(c.market, c.symbol)!;
  const { bids, asks } = m.book;
  const bb = bids.px[0]!;
  const ba = asks.px[0]!;
  const mid = (bb + ba) / 2;
  const tv = 10 ** -m.inst.tickDecimals;
  const sv = 10 ** -m.inst.stepDecimals;
  const deepest = (s: BookSide): number => Math.abs(s.px[Math.min(999, s.length - 1)]! - mid) / mid;
  return {
    spreadTicks: ba - bb,
    spread: (ba - bb) / mid,
    depth1: notionalWithin(bids, mid, 0.01, tv, sv) + notionalWithin(asks, mid, 0.01, tv, sv),
    depth5: notionalWithin(bids, mid, 0.05, tv, sv) + notionalWithin(asks, mid, 0.05, tv, sv),
    levels: [bids.length, asks.length],
    span: Math.max(deepest(bids), deepest(asks)),
  };
}

class Follower implements Subscriber {
  readonly id: number;
  readonly tier = 'all' as const;
  readonly combined = false;
  readonly book: LocalBook;
  frames = 0;
  constructor(id: number, market: MarketKind) {
    this.id = id;
    this.book = new LocalBook(market);
  }
  deliver(frame: string): void {
    this.frames++;
    this.book.onEvent(JSON.parse(frame) as DepthEvent);
  }
}

let clock: ManualScheduler;
let sim: Simulator;
let app: FastifyInstance;
beforeAll(async () => {
  clock = new ManualScheduler();
  sim = new Simulator({ seed: 3, rate: RATE, scheduler: clock, tickMs: 50 });
  app = Fastify();
  await app.register(simPlugin, { prefix: '/sim', simulator: sim, control: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  sim.stop();
});

describe(`books over ${HOURS} simulated hours at MARKET_RATE=${RATE}`, () => {
  it('keep their shape around the fair price, and a snapshot-plus-diffs follower equals the truth', async () => {
    const followers = CASES.map((c, k) => {
      const f = new Follower(1000 + k, c.market);
      sim.subscribe(f, parseStream(c.market, c.stream)!);
      return f;
    });
    // Binance's procedure: buffer the stream, then take the snapshot in the middle of a diff window.
    clock.advance(1330);
    for (const [k, c] of CASES.entries()) {
      const path = c.market === 'spot' ? 'api.binance.com/api/v3' : 'fapi.binance.com/fapi/v1';
      const res = await app.inject(`/sim/${path}/depth?symbol=${c.symbol}&limit=${c.snapshotLimit}`);
      expect(res.statusCode).toBe(200);
      expect(followers[k]!.book.applySnapshot(res.json<Snapshot>())).toBe(true);
    }
    const problems: string[] = [];
    /** Pauses the generator until every diff stream has flushed, then compares each follower with the truth. */
    const compare = (minute: number): void => {
      sim.paused = true;
      clock.advance(1000);
      for (const [k, c] of CASES.entries()) {
        const name = `${c.market} ${c.symbol} at ${minute} min`;
        const f = followers[k]!;
        const truth = sim.book(c.market, c.symbol)!;
        if (f.book.broken) problems.push(`${name}: follower broken: ${f.book.broken}`);
        else if (f.book.lastUpdateId !== truth.lastUpdateId) problems.push(`${name}: follower at ${f.book.lastUpdateId}, truth at ${truth.lastUpdateId}`);
        else {
          const n = Math.min(c.compare, truth.bids.length, truth.asks.length);
          const mine = f.book.top(n);
          for (const side of ['bids', 'asks'] as const) {
            const want = truth[side].slice(0, n);
            const bad = want.findIndex((lv, i) => mine[side][i]?.[0] !== lv[0] || mine[side][i]?.[1] !== lv[1]);
            if (bad >= 0) problems.push(`${name}: the follower's ${side} differ from rank ${bad + 1} (${JSON.stringify(mine[side][bad])} vs ${JSON.stringify(want[bad])})`);
          }
        }
      }
      sim.paused = false;
    };
    const samples = CASES.map((c) => [shape(sim, c)]);
    for (let t = SAMPLE_MS; t <= HOURS * 3_600_000; t += SAMPLE_MS) {
      clock.advance(SAMPLE_MS);
      for (const [k, c] of CASES.entries()) samples[k]!.push(shape(sim, c));
      compare(t / 60_000);
    }

    for (const [k, c] of CASES.entries()) {
      const name = `${c.market} ${c.symbol}`;
      const s = samples[k]!;
      const first = s[0]!;
      for (const [n, x] of s.entries()) {
        const at = `${name} at ${(n * SAMPLE_MS) / 60_000} min`;
        const ratio1 = x.depth1 / first.depth1;
        const ratio5 = x.depth5 / first.depth5;
        if (!(ratio1 > 0.5 && ratio1 < 2)) problems.push(`${at}: depth ±1 % ${ratio1.toFixed(2)}× the start`);
        if (!(ratio5 > 0.6 && ratio5 < 1.6)) problems.push(`${at}: depth ±5 % ${ratio5.toFixed(2)}× the start`);
        // Wide enough for a sweep that just emptied the top; a one-tick spread on coarse ticks is 2 bp.
        if (x.spreadTicks < 1 || (x.spreadTicks > 8 && x.spread > 0.0002)) problems.push(`${at}: spread ${x.spreadTicks} ticks (${(x.spread * 1e4).toFixed(1)} bp)`);
        if (x.levels[0] < 1000 || x.levels[1] < 1000 || x.levels[0] > 1200 || x.levels[1] > 1200) problems.push(`${at}: ${x.levels.join('/')} levels`);
        if (x.span > 1.3 * first.span || x.span < first.span / 1.3) problems.push(`${at}: 1000 levels span ${(x.span * 100).toFixed(1)} % (start ${(first.span * 100).toFixed(1)} %)`);
      }
    }
    // One line per symbol and kind of problem is enough to see what went wrong.
    const seen = new Set<string>();
    const shown = problems.filter((p) => {
      const key = p.replace(/ at \d+ min/, '').replace(/[\d.]+/g, '#');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    expect(shown, `${problems.length} problems`).toEqual([]);
    for (const f of followers) expect(f.frames).toBeGreaterThan(1000);
  }, 120_000);
});
