/**
 * One feed per subscribed Gate channel and argument (a pair or contract), shared by every socket that holds it, so
 * the book ids it pushes are the same for all of them, as on Gate. Each feed holds its listing live
 * (Simulator.retain) while it has subscribers. Every push is Gate's envelope
 * `{"time":s,"time_ms":ms,"channel":…,"event":"update","result":…}`.
 */
import { BID } from '../book.ts';
import type { Interval } from '../klines.ts';
import type { SymbolMarket } from '../market.ts';
import type { Simulator } from '../simulator.ts';
import type { GateBookIds } from './book-ids.ts';
import { amount, candlePush, futuresTicker, futuresTrade, px, spotTicker, spotTrade } from './format.ts';

/** A socket as a feed sees it; `diff` marks an order-book update (what the gap fault drops). */
export interface Sink {
  readonly id: number;
  deliver(frame: string, key: string, diff: boolean): void;
}

export function envelope(channel: string, now: number, result: string): string {
  return `{"time":${Math.floor(now / 1000)},"time_ms":${now},"channel":"${channel}","event":"update","result":${result}}`;
}

export abstract class Feed {
  readonly subs = new Set<Sink>();
  protected readonly cancels: (() => void)[] = [];
  readonly m: SymbolMarket;

  constructor(
    protected readonly sim: Simulator,
    readonly key: string,
    readonly channel: string,
    market: SymbolMarket,
  ) {
    const release = sim.retain(market.inst.market, market.inst.symbol);
    if (release) this.cancels.push(release);
    this.m = market;
  }

  protected get now(): number {
    return this.sim.scheduler.now();
  }

  add(sub: Sink): void {
    this.subs.add(sub);
  }

  protected publish(result: string, diff = false): void {
    const frame = envelope(this.channel, this.now, result);
    for (const s of this.subs) s.deliver(frame, this.key, diff);
  }

  stop(): void {
    for (const c of this.cancels) c();
    this.cancels.length = 0;
  }
}

/**
 * `spot.order_book_update` / `futures.order_book_update`: every `periodMs` the levels the engine touched since the
 * last push, each at its size now ("0" / 0: gone), with U the first and u the last book id of the engines' events in
 * between: the ids the REST book's `id` counts, so Gate's procedure (REST snapshot with_id, then U ≤ id + 1 ≤ u)
 * rebuilds the book exactly. The pushes carry the whole book's changes whatever the futures `level` asked.
 */
export class DiffFeed extends Feed {
  private readonly touched = new Map<number, number>();
  private U = -1;
  private u = -1;

  constructor(sim: Simulator, key: string, channel: string, market: SymbolMarket, periodMs: number, ids: GateBookIds) {
    super(sim, key, channel, market);
    this.cancels.push(
      sim.onEvent((m, ev) => {
        if (m !== this.m) return;
        const log = m.book.log;
        for (let k = 0; k < log.length; k++) this.touched.set(log.tick[k]! * 2 + log.side[k]!, log.qty[k]!);
        if (this.U < 0) this.U = ids.of(m, ev.U);
        this.u = ids.of(m, ev.u);
      }),
    );
    this.cancels.push(sim.scheduler.every(periodMs, () => this.flush()));
  }

  private flush(): void {
    if (this.U < 0) return;
    const i = this.m.inst;
    const spot = i.market === 'spot';
    const rows = [...this.touched].map(([key, qty]) => ({ tick: Math.floor(key / 2), bid: key % 2 === BID, qty }));
    const side = (bid: boolean): string =>
      rows
        .filter((r) => r.bid === bid)
        .sort(bid ? (x, y) => y.tick - x.tick : (x, y) => x.tick - y.tick)
        .map((r) => (spot ? `["${px(i, r.tick)}","${amount(i, r.qty)}"]` : `{"p":"${px(i, r.tick)}","s":${r.qty}}`))
        .join(',');
    const now = this.now;
    const id = i.venueSymbol!;
    const result = spot
      ? `{"t":${now},"e":"depthUpdate","E":${Math.floor(now / 1000)},"s":"${id}","U":${this.U},"u":${this.u},"b":[${side(true)}],"a":[${side(false)}]}`
      : `{"t":${now},"s":"${id}","U":${this.U},"u":${this.u},"b":[${side(true)}],"a":[${side(false)}],"l":"100"}`;
    this.touched.clear();
    this.U = this.u = -1;
    this.publish(result, true);
  }
}

/**
 * `spot.obu` (order book v2, `ob.<pair>.<depth>`: 400 levels every 100 ms, 50 every 20 ms): a full book
 * (`"full":true`, its id `u`) to a new subscriber, then the changes within the top `depth` (a level pushed out is
 * "0", one coming in is added) with U = the last u + 1.
 */
export class ObuFeed extends Feed {
  private sent: [Map<number, number>, Map<number, number>] = [new Map(), new Map()];
  private u: number;

  constructor(
    sim: Simulator,
    key: string,
    market: SymbolMarket,
    private readonly depth: number,
    private readonly stream: string,
    private readonly ids: GateBookIds,
  ) {
    super(sim, key, 'spot.obu', market);
    this.u = ids.id(market);
    this.sent = [this.top(true), this.top(false)];
    this.cancels.push(sim.scheduler.every(depth === 50 ? 20 : 100, () => this.tick()));
  }

  private top(bid: boolean): Map<number, number> {
    const s = bid ? this.m.book.bids : this.m.book.asks;
    const out = new Map<number, number>();
    for (let k = 0; k < Math.min(this.depth, s.length); k++) out.set(s.px[k]!, s.qty[k]!);
    return out;
  }

  private rows(levels: Iterable<[number, number]>): string {
    const i = this.m.inst;
    return [...levels].map(([p, q]) => `["${px(i, p)}","${amount(i, q)}"]`).join(',');
  }

  override add(sub: Sink): void {
    super.add(sub);
    const result = `{"t":${this.now},"full":true,"s":"${this.stream}","u":${this.u},"b":[${this.rows(this.sent[0])}],"a":[${this.rows(this.sent[1])}]}`;
    sub.deliver(envelope(this.channel, this.now, result), this.key, false);
  }

  private tick(): void {
    const id = this.ids.id(this.m);
    if (id === this.u) return;
    const next: [Map<number, number>, Map<number, number>] = [this.top(true), this.top(false)];
    const changes = next.map((cur, s) => {
      const was = this.sent[s]!;
      const out: [number, number][] = [];
      for (const [p, q] of cur) if (was.get(p) !== q) out.push([p, q]);
      for (const p of was.keys()) if (!cur.has(p)) out.push([p, 0]);
      return out.sort(s === 0 ? (x, y) => y[0] - x[0] : (x, y) => x[0] - y[0]);
    });
    const U = this.u + 1;
    this.u = id;
    this.sent = next;
    if (changes[0]!.length === 0 && changes[1]!.length === 0) return; // only levels below the depth changed
    this.publish(`{"t":${this.now},"s":"${this.stream}","U":${U},"u":${this.u},"b":[${this.rows(changes[0]!)}],"a":[${this.rows(changes[1]!)}]}`, true);
  }
}

/** `spot.trades` (one push a trade) / `futures.trades` (an engine event's trades in one array), as they happen. */
export class TradeFeed extends Feed {
  constructor(sim: Simulator, key: string, channel: string, market: SymbolMarket) {
    super(sim, key, channel, market);
    this.cancels.push(
      sim.onEvent((m, ev) => {
        if (m !== this.m || ev.trades.length === 0 || this.subs.size === 0) return;
        if (m.inst.market === 'spot') for (const t of ev.trades) this.publish(JSON.stringify(spotTrade(m.inst, t, true)));
        else this.publish(JSON.stringify(ev.trades.map((t) => futuresTrade(m.inst, t, true))));
      }),
    );
  }
}

/** `spot.tickers` (the ticker object) / `futures.tickers` (an array of one) every second. */
export class TickerFeed extends Feed {
  constructor(sim: Simulator, key: string, channel: string, market: SymbolMarket) {
    super(sim, key, channel, market);
    this.cancels.push(sim.scheduler.every(1000, () => this.tick()));
  }

  override add(sub: Sink): void {
    super.add(sub);
    this.tick();
  }

  private tick(): void {
    if (this.subs.size === 0) return;
    const spot = this.m.inst.market === 'spot';
    this.publish(spot ? JSON.stringify(spotTicker(this.m, this.now)) : JSON.stringify([futuresTicker(this.m, this.now)]));
  }
}

/** `*.candlesticks` (`[interval, pair]`): the open candle every 2 s, and the closed one when it ends. */
export class CandleFeed extends Feed {
  private open: number | undefined;

  constructor(
    sim: Simulator,
    key: string,
    channel: string,
    market: SymbolMarket,
    private readonly interval: Interval,
    private readonly gateInterval: string,
  ) {
    super(sim, key, channel, market);
    this.cancels.push(sim.scheduler.every(2000, () => this.tick()));
  }

  private tick(): void {
    if (this.subs.size === 0) return;
    const now = this.now;
    this.m.roll(now);
    const cur = this.m.currentKline(this.interval);
    const i = this.m.inst;
    const spot = i.market === 'spot';
    const push = (k: typeof cur): void => {
      const c = candlePush(i, this.gateInterval, k, now);
      this.publish(JSON.stringify(spot ? c : [c]));
    };
    if (this.open !== undefined && cur.t !== this.open) {
      const closed = this.m.klineAt(this.interval, this.open);
      if (closed) push(closed);
    }
    this.open = cur.t;
    push(cur);
  }
}
