import { ASK, BID, OrderBook, type Side } from './book.ts';
import type { Instrument } from './instruments.ts';
import { FUNDING_MS, FundingBook, fundingRate, openInterest, type Liquidation } from './futures.ts';
import { Makers } from './makers.ts';
import { Prng } from './prng.ts';
import { KlineSeries } from './kline-series.ts';
import { SPOT_INTERVALS, USDM_INTERVALS, bucketOpen, type Interval, type Kline } from './klines.ts';
import { averagePrice, windowStats, type Ticker } from './stats.ts';

export { MAX_LEVELS, MIN_LEVELS } from './makers.ts';
const TRADES_CAP = 1000;

export interface Trade {
  id: number;
  px: number;
  qty: number;
  quote: number;
  time: number;
  buyerMaker: boolean;
}

export interface AggTrade {
  a: number;
  px: number;
  qty: number;
  f: number;
  l: number;
  time: number;
  buyerMaker: boolean;
}

/** What one engine event did; arrays are reused by the next event (copy what you keep). */
export interface EngineEvent {
  U: number;
  u: number;
  time: number;
  trades: Trade[];
  aggTrades: AggTrade[];
  topChanged: boolean;
}

export type { Ticker } from './stats.ts';

/**
 * One listing: its book, the generator that moves it, its trades, klines and 24 h statistics.
 * Each symbol has its own PRNG (seed, market, symbol) so activating one symbol never changes another.
 */
export class SymbolMarket {
  readonly book = new OrderBook();
  lastUpdateId: number;
  /** Time of the last engine event (futures `T`). */
  lastEventTime: number;
  readonly startTime: number;
  readonly startTicks: number;
  private readonly prng: Prng;
  private readonly histSeed: string;
  private fair: number;
  /** Typical distance between levels, in ticks. */
  readonly unit: number;
  private readonly tickValue: number;
  private readonly stepValue: number;
  private nextTradeId: number;
  private nextAggId: number;
  private readonly firstTradeId: number;
  readonly trades: Trade[] = [];
  readonly aggTrades: AggTrade[] = [];
  /** Live klines and the synthetic history before the start. */
  private readonly klineSeries: KlineSeries;
  private readonly intervals: readonly Interval[];
  private readonly event: EngineEvent;
  private readonly makers: Makers;
  lastPrice: number;
  lastQty = 0;
  /** Changed since the last ticker emission (for the `!…@arr` streams, which carry changed symbols only). */
  tickerDirty = true;
  /** USD-M: the latest liquidation order (a sweep flagged as one by its own PRNG, so books never depend on it). */
  lastLiquidation: Liquidation | undefined;
  private readonly liquidations: Prng | undefined;
  /** USD-M funding records (settled by the simulator's clock every 8 h). */
  readonly funding: FundingBook | undefined;
  /** What the last sweep filled: quantity (steps), quantity × price (steps × ticks), worst price. */
  private swept = 0;
  private sweptValue = 0;
  private sweptWorst = 0;

  constructor(
    readonly inst: Instrument,
    seed: number,
    now: number,
  ) {
    this.prng = new Prng(`${seed}:${inst.market}:${inst.symbol}`);
    this.histSeed = `${seed}:${inst.market}:${inst.symbol}:history`;
    this.tickValue = 10 ** -inst.tickDecimals;
    this.stepValue = 10 ** -inst.stepDecimals;
    this.startTime = now;
    this.lastEventTime = now;
    this.startTicks = Math.round(inst.price / this.tickValue);
    this.fair = this.startTicks;
    this.lastPrice = this.startTicks;
    this.unit = Math.max(1, Math.round(this.startTicks * 0.00002));
    this.lastUpdateId = inst.market === 'spot' ? this.prng.int(1e9, 9e9) : this.prng.int(1e12, 9e12);
    this.nextTradeId = this.prng.int(1e7, 9e8);
    this.firstTradeId = this.nextTradeId;
    this.nextAggId = Math.floor(this.nextTradeId * 0.6);
    this.intervals = inst.market === 'spot' ? SPOT_INTERVALS : USDM_INTERVALS;
    this.event = { U: 0, u: 0, time: now, trades: [], aggTrades: [], topChanged: false };
    this.makers = new Makers(this.book, this.prng, this.unit, this.startTicks * 0.00002, () => this.levelQty());
    this.makers.seed(this.fair);
    this.book.log.clear();
    this.klineSeries = new KlineSeries(inst, this.intervals, this.histSeed, now, this.startTicks, this.tickValue, this.stepValue, this.firstTradeId);
    if (inst.market === 'usdm') {
      this.liquidations = new Prng(`${seed}:usdm:${inst.symbol}:liquidations`);
      this.funding = new FundingBook(this.histSeed, now, inst.tickDecimals, (time) => this.klineAt('8h', time - FUNDING_MS)?.c);
    }
  }

  private levelQty(): number {
    const price = this.fair * this.tickValue;
    const base = this.inst.levelNotional / (price * this.stepValue);
    return Math.max(1, Math.round(base * Math.exp(0.8 * this.prng.normal() - 0.3)));
  }

  /**
   * One matching-engine event at `now`: the fair price walks, takers cross it, makers add and cancel.
   * Returns undefined when nothing changed (no update id is used then).
   * `volScale` keeps the volatility per second constant whatever the event rate is.
   */
  step(now: number, volScale: number): EngineEvent | undefined {
    const book = this.book;
    const log = book.log;
    const ev = this.event;
    log.clear();
    ev.trades.length = 0;
    ev.aggTrades.length = 0;
    const bb0 = book.bestBid();
    const ba0 = book.bestAsk();
    const bq0 = book.bestBidQty();
    const aq0 = book.bestAskQty();
    const r = this.prng;

    this.fair += r.normal() * 0.6 * this.unit * volScale;
    if (this.fair < 10 * this.unit) this.fair = 10 * this.unit;

    if (book.asks.length > 0 && this.fair >= ba0 + 0.5) {
      this.sweep(BID, Math.floor(this.fair), now);
      this.maybeLiquidation(BID, now);
    } else if (book.bids.length > 0 && this.fair <= bb0 - 0.5) {
      this.sweep(ASK, Math.ceil(this.fair), now);
      this.maybeLiquidation(ASK, now);
    }
    else if (r.chance(0.35)) {
      const takerBuys = r.chance(0.5);
      const top = takerBuys ? book.asks : book.bids;
      if (top.length > 0) this.sweep(takerBuys ? BID : ASK, top.px[0]!, now, r.next() * 1.2);
    }

    this.makers.step(this.fair);

    if (log.length === 0) return undefined;
    const n = log.distinct();
    const U = this.lastUpdateId + 1 + (this.inst.market === 'usdm' ? r.int(0, 40) : 0);
    this.lastUpdateId = U + n - 1;
    this.lastEventTime = now;
    ev.U = U;
    ev.u = this.lastUpdateId;
    ev.time = now;
    ev.topChanged = book.bestBid() !== bb0 || book.bestAsk() !== ba0 || book.bestBidQty() !== bq0 || book.bestAskQty() !== aq0;
    if (ev.trades.length > 0) this.tickerDirty = true;
    return ev;
  }

  /**
   * Developer control (server/loans: the loans' liquidation demo): the fair price jumps by `factor` (0.75 is
   * a 25 % drop) and the makers withdraw and lay the book again around it, as one engine event, so depth
   * streams see every level change. The last price follows at once; no trade is printed.
   */
  jump(factor: number, now: number): EngineEvent | undefined {
    const book = this.book;
    const ev = this.event;
    book.log.clear();
    ev.trades.length = 0;
    ev.aggTrades.length = 0;
    const bb0 = book.bestBid();
    const ba0 = book.bestAsk();
    for (const side of [BID, ASK] as const) {
      for (const tick of book.sideOf(side).levels().px) book.set(side, tick, 0);
    }
    this.fair = Math.max(10 * this.unit, Math.round(this.fair * factor));
    this.makers.seed(this.fair);
    this.lastPrice = Math.round(this.fair);
    this.tickerDirty = true;
    if (book.log.length === 0) return undefined;
    const U = this.lastUpdateId + 1;
    this.lastUpdateId = U + book.log.distinct() - 1;
    this.lastEventTime = now;
    ev.U = U;
    ev.u = this.lastUpdateId;
    ev.time = now;
    ev.topChanged = book.bestBid() !== bb0 || book.bestAsk() !== ba0;
    return ev;
  }

  /**
   * A taker order: `takerSide` BID buys from the asks up to `limitTick`. `fraction` of the eligible
   * quantity is taken (a fraction above 1 empties the eligible levels).
   */
  private sweep(takerSide: Side, limitTick: number, now: number, fraction = 0.6 + 0.4 * this.prng.next()): void {
    const side = takerSide === BID ? this.book.asks : this.book.bids;
    let eligible = 0;
    let levels = 0;
    for (let i = 0; i < side.length && levels < 6; i++, levels++) {
      const px = side.px[i]!;
      if (takerSide === BID ? px > limitTick : px < limitTick) break;
      eligible += side.qty[i]!;
    }
    if (eligible === 0) return;
    let remaining = Math.max(1, Math.min(eligible, Math.round(eligible * fraction)));
    const buyerMaker = takerSide === ASK;
    this.swept = 0;
    this.sweptValue = 0;
    while (remaining > 0 && side.length > 0) {
      const px = side.px[0]!;
      const q = side.qty[0]!;
      const fill = Math.min(q, remaining);
      this.fill(px, fill, now, buyerMaker);
      this.book.set(side.side, px, q - fill);
      remaining -= fill;
      this.swept += fill;
      this.sweptValue += fill * px;
      this.sweptWorst = px;
    }
  }

  /**
   * USD-M: a sweep that followed the price through the book is now and then a liquidation order (Binance's
   * forceOrder: IOC at the bankruptcy price, filled at the book's prices).
   */
  private maybeLiquidation(takerSide: Side, now: number): void {
    const r = this.liquidations;
    if (!r || this.swept === 0 || !r.chance(0.04)) return;
    const off = 0.002 + 0.013 * r.next();
    const px = takerSide === BID ? Math.ceil(this.sweptWorst * (1 + off)) : Math.max(1, Math.floor(this.sweptWorst * (1 - off)));
    const seq = (this.lastLiquidation?.seq ?? 0) + 1;
    this.lastLiquidation = { seq, side: takerSide === BID ? 'BUY' : 'SELL', px, avg: this.sweptValue / this.swept, qty: this.swept, time: now };
  }

  /** USD-M: records the funding of the 8 h boundary `time` from the current mark price. */
  settleFunding(time: number): void {
    this.funding?.settle(time, this.markTicks(), fundingRate(this.inst.symbol, time));
  }

  /** USD-M open interest in steps. */
  openInterest(now: number): number {
    return openInterest(this.inst.symbol, now, this.inst.levelNotional / (this.startTicks * this.tickValue * this.stepValue));
  }

  /** One aggregate trade at one price, made of 1–3 trades against distinct maker orders. */
  private fill(px: number, qty: number, now: number, buyerMaker: boolean): void {
    const parts = Math.min(qty, this.prng.int(1, 3));
    const agg: AggTrade = { a: this.nextAggId++, px, qty, f: this.nextTradeId, l: this.nextTradeId + parts - 1, time: now, buyerMaker };
    let left = qty;
    for (let p = 0; p < parts; p++) {
      const q = p === parts - 1 ? left : Math.max(1, Math.floor(left / (parts - p)));
      left -= q;
      const t: Trade = { id: this.nextTradeId++, px, qty: q, quote: px * this.tickValue * q * this.stepValue, time: now, buyerMaker };
      this.event.trades.push(t);
      this.recordTrade(t);
    }
    this.event.aggTrades.push(agg);
    this.aggTrades.push(agg);
    if (this.aggTrades.length > 2 * TRADES_CAP) this.aggTrades.splice(0, TRADES_CAP);
  }

  private recordTrade(t: Trade): void {
    this.trades.push(t);
    if (this.trades.length > 2 * TRADES_CAP) this.trades.splice(0, TRADES_CAP);
    this.lastPrice = t.px;
    this.lastQty = t.qty;
    this.klineSeries.add(t);
  }

  /** Closes klines whose time is over (flat klines fill idle buckets, as Binance shows them). */
  roll(now: number): Kline[] | undefined {
    return this.klineSeries.roll(now);
  }

  /** The kline being built for `interval`. */
  currentKline(interval: Interval): Kline {
    return this.klineSeries.current(interval);
  }

  /** Klines in [start, end] (open times), oldest first, at most `limit`, newest when no start is given. */
  klines(interval: Interval, limit: number, start?: number, end?: number): Kline[] {
    return this.klineSeries.klines(interval, limit, start, end);
  }

  /** The kline that opens at `open`, if kept. */
  klineAt(interval: Interval, open: number): Kline | undefined {
    return this.klineSeries.klineAt(interval, open);
  }

  /** 24 h rolling statistics from the 1m klines (history before the start, live after). */
  ticker(now: number): Ticker {
    this.roll(now);
    return windowStats(this.klineSeries.windows('1m'), now - 86_400_000, now, { price: this.lastPrice, qty: this.lastQty }, this.startTicks);
  }

  /**
   * Binance's rolling-window statistics (`/api/v3/ticker`, `@ticker_<window>`): the window opens on a minute
   * (on an hour beyond one day, from the 1h klines, which reach further back than the 1m ones).
   */
  windowTicker(now: number, windowMs: number): Ticker {
    this.roll(now);
    const interval: Interval = windowMs <= 86_400_000 ? '1m' : '1h';
    const from = bucketOpen(interval, now - windowMs);
    return windowStats(this.klineSeries.windows(interval), from, now, { price: this.lastPrice, qty: this.lastQty }, this.startTicks);
  }

  /** Binance's current average price: the trades of the last 5 minutes (the last price without any), in quote units. */
  averagePrice(now: number): number {
    this.roll(now);
    return averagePrice(this.klineSeries.windows('1m'), now - 300_000, this.stepValue) ?? this.lastPrice * this.tickValue;
  }

  /** Time of the last trade (the start when there was none yet). */
  lastTradeTime(): number {
    return this.trades.length > 0 ? this.trades[this.trades.length - 1]!.time : this.startTime;
  }

  /** USD-M mark price in ticks: the mid price. */
  markTicks(): number {
    const bb = this.book.bestBid();
    const ba = this.book.bestAsk();
    return bb > 0 && ba > 0 ? (bb + ba) / 2 : this.lastPrice;
  }
}
