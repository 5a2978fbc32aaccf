/**
 * What OKX's and Bitget's stream fronts share on top of SocketFront: their topics (one a channel and instrument, the
 * market retained while it has subscribers; the trades topics also by market, for the engine-event listener), the
 * per-IP window of upgrade requests, the changed-ticker and candle pushes' bookkeeping, the true book in the venue's
 * texts and the release of it all on close.
 */
import type { Instrument, MarketKind } from './instruments.ts';
import type { Interval, Kline } from './klines.ts';
import type { SymbolMarket } from './market.ts';
import type { Simulator } from './simulator.ts';
import { SocketFront, type FrontSocket } from './shared-front.ts';
import type { WireBook } from './venue-front.ts';

export interface TopicArg {
  channel: string;
  kind: MarketKind;
  symbol: string;
}

/** Subscribers of one (channel, instrument) and what the channel last pushed. */
export interface Topic<A extends TopicArg, C, F> {
  arg: A;
  market: SymbolMarket;
  subs: Set<C>;
  release: () => void;
  feed?: F;
  /** candles: the interval */
  interval?: Interval;
  /** tickers: the market's lastUpdateId and trade count at the last push; candles: the open time and trade count */
  lastA: number;
  lastB: number;
}

type Text = (i: Instrument, n: number) => string;

export abstract class TopicFront<C extends FrontSocket, A extends TopicArg, F> extends SocketFront<C> {
  protected readonly topics = new Map<string, Topic<A, C, F>>();
  /** trades topics by market: the engine-event listener finds one without building a key per event */
  protected readonly tradeTopics = new Map<SymbolMarket, Topic<A, C, F>>();
  protected readonly cancels: (() => void)[] = [];
  private readonly upgrades = new Map<string, number[]>();

  constructor(
    protected readonly sim: Simulator,
    private readonly keyOf: (arg: A) => string,
    private readonly tradeChannel: string,
    options: ConstructorParameters<typeof SocketFront>[0],
  ) {
    super(options);
  }

  /** Puts `conn` on the topic of `arg`; a new topic retains its market and `open` gives it its feed or interval. */
  protected join(conn: C, arg: A, open: (t: Topic<A, C, F>) => void): Topic<A, C, F> {
    const key = this.keyOf(arg);
    let t = this.topics.get(key);
    if (!t) {
      const release = this.sim.retain(arg.kind, arg.symbol)!;
      const market = this.sim.market(arg.kind, arg.symbol)!;
      t = { arg, market, subs: new Set(), release, lastA: -1, lastB: -1 };
      open(t);
      if (arg.channel === this.tradeChannel) this.tradeTopics.set(market, t);
      this.topics.set(key, t);
    }
    t.subs.add(conn);
    return t;
  }

  unsubscribe(conn: C, arg: A): void {
    const key = this.keyOf(arg);
    const t = this.topics.get(key);
    if (!t || !t.subs.delete(conn) || t.subs.size > 0) return;
    this.topics.delete(key);
    if (this.tradeTopics.get(t.market) === t) this.tradeTopics.delete(t.market);
    t.release();
  }

  closed(conn: C): void {
    this.connections.delete(conn.id);
  }

  /** One more upgrade request of `ip`, unless it made `max` within the last `windowMs` of simulated time. */
  protected admits(ip: string, windowMs: number, max: number): boolean {
    const now = this.sim.scheduler.now();
    const w = this.upgrades.get(ip) ?? [];
    while (w.length > 0 && w[0]! <= now - windowMs) w.shift();
    if (w.length >= max) return false;
    w.push(now);
    this.upgrades.set(ip, w);
    return true;
  }

  /** The topics of a ticker channel whose market traded or whose book changed since their last push (now marked pushed). */
  protected *changedTickers(channel: string): Generator<Topic<A, C, F>> {
    for (const t of this.topics.values()) {
      if (t.arg.channel !== channel) continue;
      const m = t.market;
      if (m.lastUpdateId === t.lastA && m.trades.length === t.lastB) continue;
      t.lastA = m.lastUpdateId;
      t.lastB = m.trades.length;
      yield t;
    }
  }

  /** Each candle topic with what it pushes now: the closed candle once its time is over, the current one when it changed. */
  protected *candleUpdates(now: number): Generator<[Topic<A, C, F>, { k: Kline; closed: boolean }[]]> {
    for (const t of this.topics.values()) {
      if (!t.interval) continue;
      const m = t.market;
      m.roll(now);
      const cur = m.currentKline(t.interval);
      const rows: { k: Kline; closed: boolean }[] = [];
      if (t.lastA >= 0 && cur.t !== t.lastA) {
        const closed = m.klineAt(t.interval, t.lastA);
        if (closed) rows.push({ k: closed, closed: true });
      }
      if (cur.t !== t.lastA || cur.n !== t.lastB) rows.push({ k: cur, closed: false });
      t.lastA = cur.t;
      t.lastB = cur.n;
      if (rows.length > 0) yield [t, rows];
    }
  }

  /** The true book in the venue's texts, `limit` levels a side; its update id the venue's (the market's by default). */
  protected wireBook(kind: MarketKind, symbol: string, limit: number, px: Text, sz: Text, updateId?: (m: SymbolMarket) => number): WireBook | undefined {
    const m = this.sim.market(kind, symbol);
    if (!m) return undefined;
    const side = (s: typeof m.book.bids): [string, string][] => {
      const n = Math.min(limit, s.length);
      const out: [string, string][] = [];
      for (let k = 0; k < n; k++) out.push([px(m.inst, s.px[k]!), sz(m.inst, s.qty[k]!)]);
      return out;
    };
    return { lastUpdateId: updateId?.(m) ?? m.lastUpdateId, bids: side(m.book.bids), asks: side(m.book.asks) };
  }

  protected override released(): void {
    for (const cancel of this.cancels) cancel();
    this.cancels.length = 0;
    for (const t of this.topics.values()) t.release();
    this.topics.clear();
    this.tradeTopics.clear();
  }
}

/** What a connection asks of its front's topics. */
export interface TopicHub<C, A> {
  subscribe(conn: C, arg: A): void;
  unsubscribe(conn: C, arg: A): void;
  closed(conn: C): void;
}

/**
 * A connection's subscribe or unsubscribe of `arg` (keyed `key` in its `subs`), after its answer went out: subscribing
 * again to a channel already subscribed gets its first pushes again (a books snapshot), how a client that found a gap
 * resyncs on the same connection (ccxt does).
 */
export function switchTopic<C, A>(hub: TopicHub<C, A>, conn: C, subs: Map<string, A>, op: 'subscribe' | 'unsubscribe', key: string, arg: A): void {
  if (op === 'subscribe') {
    if (subs.has(key)) hub.unsubscribe(conn, arg);
    subs.set(key, arg);
    hub.subscribe(conn, arg);
  } else if (subs.delete(key)) hub.unsubscribe(conn, arg);
}

/** A closed connection leaves every topic it held and the front's registry. */
export function leaveTopics<C, A>(hub: TopicHub<C, A>, conn: C, subs: Map<string, A>): void {
  for (const a of subs.values()) hub.unsubscribe(conn, a);
  subs.clear();
  hub.closed(conn);
}
