import { INSTRUMENTS, spotInstruments, type Instrument, type MarketKind } from './instruments.ts';
import { SymbolMarket, type EngineEvent } from './market.ts';
import { FUNDING_MS, fundingRate, type FundingRecord } from './futures.ts';
import type { Entry } from './frames.ts';
import { levelsJson } from './payloads.ts';
import { dispatchEvent, emitPeriodicFrames } from './stream-dispatch.ts';
import { realScheduler, type Scheduler } from './scheduler.ts';
import type { StreamDesc } from './streams.ts';
import type { SimulatorOptions, Subscriber } from './simulator-options.ts';
import type { SimMarketVenue } from './venues.ts';

export type { SimulatorOptions, Subscriber } from './simulator-options.ts';

interface SymbolState {
  market: SymbolMarket;
  entries: Set<Entry>;
  refs: number;
  lastTouch: number;
  acc: number;
}

export class Simulator {
  readonly scheduler: Scheduler;
  readonly seed: number;
  readonly venue: SimMarketVenue;
  rate: number;
  load: boolean;
  paused = false;
  /** The listings of this simulator: INSTRUMENTS, plus made-up spot pairs with the `symbols` option. */
  readonly instruments: Record<MarketKind, readonly Instrument[]>;
  private readonly bySymbol: Record<MarketKind, Map<string, Instrument>>;
  private readonly tickMs: number;
  private readonly idleMs: number;
  private readonly states: Record<MarketKind, Map<string, SymbolState>> = { spot: new Map(), usdm: new Map() };
  private readonly live = new Set<SymbolState>();
  private readonly entries = new Map<string, Entry>();
  private readonly periodic = new Map<number, Set<Entry>>();
  private readonly marketWide: Record<MarketKind, Set<Entry>> = { spot: new Set(), usdm: new Set() };
  private readonly allRefs: Record<MarketKind, number> = { spot: 0, usdm: 0 };
  private readonly cancels: (() => void)[] = [];
  private lastTick: number;
  /** Engine events generated so far (all symbols). */
  events = 0;
  private readonly eventListeners = new Set<(market: SymbolMarket, ev: EngineEvent) => void>();
  private readonly fundingListeners = new Set<(time: number) => void>();
  /** Frames of one periodic emission (reused). */
  private readonly frames: string[] = [];

  constructor(options: SimulatorOptions = {}) {
    this.scheduler = options.scheduler ?? realScheduler;
    this.seed = options.seed ?? 1;
    this.venue = options.venue ?? 'binance';
    this.rate = options.rate ?? 10;
    this.load = options.load ?? false;
    this.instruments = options.instruments ?? {
      spot: options.symbols !== undefined ? spotInstruments(options.symbols, this.seed) : INSTRUMENTS.spot,
      usdm: INSTRUMENTS.usdm,
    };
    this.bySymbol = { spot: new Map(this.instruments.spot.map((i) => [i.symbol, i])), usdm: new Map(this.instruments.usdm.map((i) => [i.symbol, i])) };
    this.tickMs = options.tickMs ?? 10;
    this.idleMs = options.idleMs ?? 60_000;
    this.lastTick = this.scheduler.now();
    this.cancels.push(this.scheduler.every(this.tickMs, () => this.tick()));
    // USD-M funding every 8 h (00:00, 08:00, 16:00 UTC) on the simulator's clock.
    const now = this.scheduler.now();
    const firstFunding = Math.floor(now / FUNDING_MS) * FUNDING_MS + FUNDING_MS;
    this.cancels.push(
      this.scheduler.after(firstFunding - now, () => {
        this.settleFunding();
        this.cancels.push(this.scheduler.every(FUNDING_MS, () => this.settleFunding()));
      }),
    );
    if (this.load) this.setLoad(true);
  }

  private settleFunding(): void {
    const time = Math.round(this.scheduler.now() / FUNDING_MS) * FUNDING_MS;
    for (const st of this.states.usdm.values()) st.market.settleFunding(time);
    for (const listener of this.fundingListeners) listener(time);
  }

  /**
   * Called at every 8 h funding boundary, after the live symbols' funding records were settled, with the
   * boundary's time; the trading sandbox pays and charges the positions' funding from it. Returns the unsubscribe.
   */
  onFunding(listener: (time: number) => void): () => void {
    this.fundingListeners.add(listener);
    return () => this.fundingListeners.delete(listener);
  }

  /** The funding record of a USD-M symbol at the 8 h boundary `time` (what `/fapi/v1/fundingRate` answers for it). */
  fundingRecord(symbol: string, time: number): FundingRecord | undefined {
    const m = this.state('usdm', symbol)?.market;
    if (!m?.funding || time % FUNDING_MS !== 0) return undefined;
    return m.funding.records(this.scheduler.now(), 1, () => m.markTicks(), (t) => fundingRate(symbol, t), time, time)[0];
  }

  stop(): void {
    for (const c of this.cancels) c();
    this.cancels.length = 0;
  }

  setLoad(on: boolean): void {
    this.load = on;
    for (const kind of ['spot', 'usdm'] as const) for (const i of this.instruments[kind]) this.state(kind, i.symbol);
    this.refreshLive();
  }

  /** A listing of this simulator, undefined if not listed. */
  instrument(kind: MarketKind, symbol: string): Instrument | undefined {
    return this.bySymbol[kind].get(symbol);
  }

  /** The listing's market, created (with its seeded book) on first use; undefined if not listed. */
  market(kind: MarketKind, symbol: string): SymbolMarket | undefined {
    return this.state(kind, symbol)?.market;
  }

  /** A REST request for a symbol: its book goes live for `idleMs`. */
  touch(kind: MarketKind, symbol: string): SymbolMarket | undefined {
    const st = this.state(kind, symbol);
    if (!st) return undefined;
    st.lastTouch = this.scheduler.now();
    this.live.add(st);
    st.market.roll(st.lastTouch);
    return st.market;
  }

  /**
   * Another venue's protocol (venues.ts: OKX, Bybit) holds a listing live while a stream of it is subscribed, as a
   * Binance stream does; `symbol` undefined holds the whole market (tickers). Returns the release, or undefined when
   * the symbol is not listed.
   */
  retain(kind: MarketKind, symbol?: string): (() => void) | undefined {
    if (symbol === undefined) {
      this.allRefs[kind]++;
      for (const i of this.instruments[kind]) this.state(kind, i.symbol);
      this.refreshLive();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        this.allRefs[kind]--;
        this.refreshLive();
      };
    }
    const st = this.state(kind, symbol);
    if (!st) return undefined;
    st.refs++;
    this.live.add(st);
    st.market.roll(this.scheduler.now());
    let released = false;
    return () => {
      if (released) return;
      released = true;
      st.refs--;
      this.refreshLive();
    };
  }

  markets(kind: MarketKind): SymbolMarket[] {
    return this.instruments[kind].map((i) => this.state(kind, i.symbol)!.market);
  }

  private state(kind: MarketKind, symbol: string): SymbolState | undefined {
    let st = this.states[kind].get(symbol);
    if (!st) {
      const inst = this.instrument(kind, symbol);
      if (!inst) return undefined;
      st = { market: new SymbolMarket(inst, this.seed, this.scheduler.now()), entries: new Set(), refs: 0, lastTouch: -Infinity, acc: 0 };
      this.states[kind].set(symbol, st);
      if (this.load) this.live.add(st);
    }
    return st;
  }

  private isLive(st: SymbolState): boolean {
    return this.load || st.refs > 0 || this.allRefs[st.market.inst.market] > 0 || this.scheduler.now() - st.lastTouch < this.idleMs;
  }

  private refreshLive(): void {
    for (const kind of ['spot', 'usdm'] as const) {
      for (const st of this.states[kind].values()) {
        if (this.isLive(st)) this.live.add(st);
        else this.live.delete(st);
      }
    }
  }

  // ---- subscriptions -------------------------------------------------------------------------

  subscribe(sub: Subscriber, desc: StreamDesc): void {
    const key = `${desc.market}|${desc.name}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { key, desc, subs: new Set() };
      this.entries.set(key, entry);
      if (desc.symbol === undefined) {
        this.allRefs[desc.market]++;
        for (const i of this.instruments[desc.market]) this.state(desc.market, i.symbol);
        this.marketWide[desc.market].add(entry);
        // Only liquidations after the subscription.
        if (desc.kind === 'allForceOrder') entry.liquidationSeq = new Map([...this.states.usdm.values()].map((x) => [x.market.inst.symbol, x.market.lastLiquidation?.seq ?? 0]));
        this.refreshLive();
      } else {
        const st = this.state(desc.market, desc.symbol);
        if (st) {
          st.entries.add(entry);
          st.refs++;
          this.live.add(st);
          st.market.roll(this.scheduler.now());
          if (desc.kind === 'forceOrder') entry.liquidationSeq = new Map([[desc.symbol, st.market.lastLiquidation?.seq ?? 0]]);
          if (desc.kind === 'depthDiff' || desc.kind === 'depthPartial') {
            entry.agg = { levels: new Map(), U: -1, u: st.market.lastUpdateId, T: st.market.lastEventTime, lastU: st.market.lastUpdateId };
          }
        }
      }
      if (desc.speed > 0) this.periodicSet(desc.speed).add(entry);
    }
    entry.subs.add(sub);
  }

  unsubscribe(sub: Subscriber, desc: StreamDesc): void {
    const key = `${desc.market}|${desc.name}`;
    const entry = this.entries.get(key);
    if (!entry || !entry.subs.delete(sub) || entry.subs.size > 0) return;
    this.entries.delete(key);
    this.periodic.get(desc.speed)?.delete(entry);
    if (desc.symbol === undefined) {
      this.allRefs[desc.market]--;
      this.marketWide[desc.market].delete(entry);
    } else {
      const st = this.states[desc.market].get(desc.symbol);
      if (st) {
        st.entries.delete(entry);
        st.refs--;
      }
    }
    this.refreshLive();
  }

  private periodicSet(speed: number): Set<Entry> {
    let set = this.periodic.get(speed);
    if (!set) {
      const created = new Set<Entry>();
      set = created;
      this.periodic.set(speed, created);
      this.cancels.push(this.scheduler.every(speed, () => this.emitPeriodic(speed, created)));
    }
    return set;
  }

  // ---- the engine ------------------------------------------------------------------------------

  private tick(): void {
    const now = this.scheduler.now();
    const dt = now - this.lastTick;
    this.lastTick = now;
    if (this.paused || this.live.size === 0) return;
    const cap = Math.max(1, Math.ceil(this.rate * 0.25));
    const volScale = Math.sqrt(10 / Math.max(0.001, this.rate));
    for (const st of this.live) {
      if (!this.isLive(st)) {
        this.live.delete(st);
        continue;
      }
      st.acc += (this.rate * dt) / 1000;
      let n = Math.floor(st.acc);
      st.acc -= n;
      if (n > cap) n = cap;
      while (n-- > 0) this.stepOne(st, now, volScale);
    }
  }

  /**
   * Called synchronously after every engine event, with the market (its book as the event left it) and the
   * event (reused by the next one: copy what you keep). The trading sandbox fills resting orders from it.
   * Returns the unsubscribe.
   */
  onEvent(listener: (market: SymbolMarket, ev: EngineEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Runs `count` engine events on one symbol now (control plane `step`, tests). */
  step(kind: MarketKind, symbol: string, count: number): number {
    const st = this.state(kind, symbol);
    if (!st) return 0;
    const now = this.scheduler.now();
    const volScale = Math.sqrt(10 / Math.max(0.001, this.rate));
    for (let k = 0; k < count; k++) this.stepOne(st, now, volScale);
    return st.market.lastUpdateId;
  }

  /**
   * Moves one listing's price by `factor` at once (developer control: `/api/_dev/market/move`); returns the
   * new last price in ticks, or undefined when the symbol is not listed.
   */
  jump(kind: MarketKind, symbol: string, factor: number): number | undefined {
    const st = this.state(kind, symbol);
    if (!st) return undefined;
    const now = this.scheduler.now();
    this.emit(st, st.market.jump(factor, now), now);
    return st.market.lastPrice;
  }

  private stepOne(st: SymbolState, now: number, volScale: number): void {
    this.emit(st, st.market.step(now, volScale), now);
  }

  private emit(st: SymbolState, ev: EngineEvent | undefined, now: number): void {
    if (!ev) return;
    this.events++;
    dispatchEvent(st.market, st.entries, this.marketWide[st.market.inst.market], ev, now);
    for (const listener of this.eventListeners) listener(st.market, ev);
  }

  private emitPeriodic(speed: number, set: Set<Entry>): void {
    if (set.size === 0) return;
    const arraysSent = emitPeriodicFrames(set, (kind) => this.states[kind], this.scheduler.now(), this.frames);
    if (arraysSent && speed === 1000) {
      for (const kind of ['spot', 'usdm'] as const) for (const st of this.states[kind].values()) st.market.tickerDirty = false;
    }
  }

  /** The simulator's true book (control plane). */
  book(kind: MarketKind, symbol: string, limit = Infinity): { lastUpdateId: number; bids: [string, string][]; asks: [string, string][] } | undefined {
    const m = this.market(kind, symbol);
    if (!m) return undefined;
    const lim = Math.min(limit, Math.max(m.book.bids.length, m.book.asks.length));
    return {
      lastUpdateId: m.lastUpdateId,
      bids: JSON.parse(levelsJson(m.inst, m.book.bids, lim)) as [string, string][],
      asks: JSON.parse(levelsJson(m.inst, m.book.asks, lim)) as [string, string][],
    };
  }

  liveSymbols(): string[] {
    return [...this.live].map((s) => `${s.market.inst.market}:${s.market.inst.symbol}`);
  }
}
