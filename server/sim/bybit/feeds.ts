/**
 * One feed per subscribed Bybit topic, shared by every socket that holds it (so `u` and the book it numbers are the
 * same for all of them, as on Bybit). Each feed holds its listing live (Simulator.retain) while it has subscribers.
 */
import type { SymbolMarket } from '../market.ts';
import type { Simulator } from '../simulator.ts';
import { klineWs, px, qty, takerSide, tickerFields } from './format.ts';
import { KLINE_INTERVALS } from './rest.ts';
import type { Topic, TopicKind } from './topics.ts';

/** A socket as a feed sees it; `delta` marks an order-book delta (what the gap fault drops). */
export interface Sink {
  readonly id: number;
  deliver(frame: string, kind: TopicKind, topic: string, delta: boolean): void;
}

export abstract class Feed {
  readonly subs = new Set<Sink>();
  protected readonly cancels: (() => void)[] = [];
  protected readonly m: SymbolMarket;

  constructor(
    protected readonly sim: Simulator,
    readonly topic: Topic,
  ) {
    const release = sim.retain(topic.market, topic.symbol);
    if (release) this.cancels.push(release);
    this.m = sim.market(topic.market, topic.symbol)!;
  }

  protected get now(): number {
    return this.sim.scheduler.now();
  }

  /** A new subscriber; feeds that start with a snapshot send it here. */
  add(sub: Sink): void {
    this.subs.add(sub);
  }

  protected publish(frame: string, delta = false): void {
    for (const s of this.subs) s.deliver(frame, this.topic.kind, this.topic.name, delta);
  }

  stop(): void {
    for (const c of this.cancels) c();
    this.cancels.length = 0;
  }
}

/** `publicTrade.<symbol>`: every engine event's trades in one push, as they happen. */
export class TradeFeed extends Feed {
  constructor(sim: Simulator, topic: Topic) {
    super(sim, topic);
    this.cancels.push(
      sim.onEvent((m, ev) => {
        if (m !== this.m || ev.trades.length === 0 || this.subs.size === 0) return;
        const i = m.inst;
        const s = i.venueSymbol ?? i.symbol;
        const linear = i.market === 'usdm';
        const rows = ev.trades.map((t) => {
          const row: Record<string, unknown> = { T: t.time, s, S: takerSide(t), v: qty(i, t.qty), p: px(i, t.px) };
          if (linear) row['L'] = 'ZeroPlusTick';
          row['i'] = String(t.id);
          row['BT'] = false;
          row['RPI'] = false;
          row['seq'] = m.lastUpdateId;
          return row;
        });
        this.publish(JSON.stringify({ topic: this.topic.name, type: 'snapshot', ts: this.now, data: rows }));
      }),
    );
  }
}

/**
 * `tickers.<symbol>`: spot pushes a snapshot every 50 ms when something changed; linear every 100 ms, a snapshot
 * to a new subscriber and then deltas of the changed fields (https://bybit-exchange.github.io/docs/v5/websocket/public/ticker).
 */
export class TickerFeed extends Feed {
  private last: Record<string, string> | undefined;
  private lastSeq = -1;
  private lastAt = 0;

  constructor(sim: Simulator, topic: Topic) {
    super(sim, topic);
    this.cancels.push(sim.scheduler.every(topic.market === 'spot' ? 50 : 100, () => this.tick()));
  }

  private fields(): Record<string, string> {
    return tickerFields(this.m, this.m.ticker(this.now), this.now, true);
  }

  private frame(type: 'snapshot' | 'delta', data: Record<string, string>): string {
    return JSON.stringify({ topic: this.topic.name, type, data, cs: this.m.lastUpdateId, ts: this.now });
  }

  override add(sub: Sink): void {
    super.add(sub);
    this.last ??= this.fields();
    sub.deliver(this.frame('snapshot', this.last), 'tickers', this.topic.name, false);
  }

  private tick(): void {
    if (this.subs.size === 0) return;
    // Between events only the mark, index and funding drift: recompute at most once a second then.
    if (this.m.lastUpdateId === this.lastSeq && this.now - this.lastAt < 1000) return;
    this.lastSeq = this.m.lastUpdateId;
    this.lastAt = this.now;
    const next = this.fields();
    const prev = this.last ?? {};
    const changed: Record<string, string> = {};
    let any = false;
    for (const [k, v] of Object.entries(next)) {
      if (prev[k] !== v) {
        changed[k] = v;
        any = true;
      }
    }
    this.last = next;
    if (!any) return;
    if (this.topic.market === 'spot') this.publish(this.frame('snapshot', next));
    else this.publish(this.frame('delta', { symbol: next['symbol']!, ...changed }));
  }
}

/** `kline.<interval>.<symbol>`: the open candle every second, and the closed one (`confirm: true`) when it ends. */
export class KlineFeed extends Feed {
  private open: number | undefined;

  constructor(sim: Simulator, topic: Topic) {
    super(sim, topic);
    this.cancels.push(sim.scheduler.every(1000, () => this.tick()));
  }

  private tick(): void {
    if (this.subs.size === 0) return;
    const iv = KLINE_INTERVALS[this.topic.interval]!;
    const now = this.now;
    this.m.roll(now);
    const cur = this.m.currentKline(iv);
    const i = this.m.inst;
    const data: Record<string, unknown>[] = [];
    if (this.open !== undefined && cur.t !== this.open) {
      const closed = this.m.klineAt(iv, this.open);
      if (closed) data.push(klineWs(i, this.topic.interval, closed, true, now));
    }
    this.open = cur.t;
    data.push(klineWs(i, this.topic.interval, cur, false, now));
    this.publish(JSON.stringify({ topic: this.topic.name, data, ts: now, type: 'snapshot' }));
  }
}
