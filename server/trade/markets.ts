import type Decimal from 'decimal.js';
import { badInput } from '../platform/envelope.ts';
import { filterLimits, tradingVenue } from '../sim/index.ts';
import { instrument, INSTRUMENTS, type Instrument, type MarketKind } from '../sim/index.ts';
import type { SymbolMarket } from '../sim/index.ts';
import type { SimVenue, Simulator } from '../sim/index.ts';
import { D, unit } from '../platform/decimal.ts';
import { MAJOR_TIERS, MINOR_TIERS, makeBrackets, type Bracket } from '../../contract/futures-brackets.ts';
import { TOP_LEVERAGE } from '../../contract/futures.ts';
import type { Level } from './matching.ts';

/**
 * The listings traded by the sandbox are the simulator's (exchangeInfo): tick and step sizes from its
 * PRICE_FILTER / LOT_SIZE, minimum quantity one step, minimum notional from its NOTIONAL / MIN_NOTIONAL,
 * and the upper bounds of the same filters (maxPrice, maxQty, MARKET_LOT_SIZE maxQty, spot maxNotional).
 */
export interface Pair {
  inst: Instrument;
  tick: Decimal;
  step: Decimal;
  minQty: Decimal;
  minNotional: Decimal;
  maxPrice: Decimal;
  maxQty: Decimal;
  marketMaxQty: Decimal;
  /** Spot NOTIONAL maxNotional, limit orders only; null for USD-M (no such filter). */
  maxNotional: Decimal | null;
}

/** Finds a listing by market and symbol: Binance's table by default, a venue's through its MarketView. */
export type Listing = (market: MarketKind, symbol: string) => Instrument | undefined;

export function pairOf(market: MarketKind, symbol: unknown, field = 'symbol', listing: Listing = instrument): Pair {
  const inst = typeof symbol === 'string' ? listing(market, symbol.toUpperCase()) : undefined;
  if (!inst) throw badInput(field, 'symbol', `Unknown ${market === 'spot' ? 'spot' : 'futures'} pair`);
  const limits = filterLimits(inst);
  return {
    inst,
    tick: unit(inst.tickDecimals),
    step: unit(inst.stepDecimals),
    minQty: unit(inst.stepDecimals),
    minNotional: new D(String(inst.minNotional)),
    maxPrice: new D(limits.maxPrice),
    maxQty: new D(limits.maxQty),
    marketMaxQty: new D(limits.marketMaxQty),
    maxNotional: limits.maxNotional === null ? null : new D(limits.maxNotional),
  };
}

/**
 * An order's price and quantity against the upper bounds of the pair's exchangeInfo filters, where they
 * enter (spec §5 amount ranges: an out-of-range number gets a 400 and never reaches the database): PRICE_FILTER maxPrice,
 * LOT_SIZE maxQty (limit) or MARKET_LOT_SIZE maxQty (market), and spot NOTIONAL maxNotional for limit orders.
 * The lower bounds (tick, step, minNotional) are checked by parseAmount and the engine.
 */
export function checkFilterMaxima(pair: Pair, priceType: 'limit' | 'market', price: Decimal | null, quantity: Decimal | null): void {
  if (price !== null && price.gt(pair.maxPrice)) {
    throw badInput('price', 'maxPrice', `Price must be at most ${pair.maxPrice.toFixed()} ${pair.inst.quote}`);
  }
  const maxQty = priceType === 'limit' ? pair.maxQty : pair.marketMaxQty;
  if (quantity !== null && quantity.gt(maxQty)) {
    throw badInput('volume', 'maxQty', `Quantity must be at most ${maxQty.toFixed()} ${pair.inst.base}`);
  }
  if (priceType === 'limit' && price !== null && quantity !== null && pair.maxNotional !== null && price.mul(quantity).gt(pair.maxNotional)) {
    throw badInput('volume', 'maxNotional', `Order value must be at most ${pair.maxNotional.toFixed()} ${pair.inst.quote}`);
  }
}

/** Lightning calls name the pair as baseCurrency + quoteCurrency (spec §7), the data tabs as instrumentId. */
export function futuresPair(body: { baseCurrency?: unknown; quoteCurrency?: unknown; instrumentId?: unknown }, listing: Listing = instrument): Pair {
  if (typeof body.instrumentId === 'string' && body.instrumentId !== '') return pairOf('usdm', body.instrumentId.replace('/', ''), 'instrumentId', listing);
  if (typeof body.baseCurrency !== 'string' || typeof body.quoteCurrency !== 'string') {
    throw badInput('baseCurrency', 'required', 'baseCurrency and quoteCurrency (or instrumentId) are required');
  }
  return pairOf('usdm', `${body.baseCurrency}${body.quoteCurrency}`, 'baseCurrency', listing);
}

export function allPairs(market: MarketKind): Instrument[] {
  return INSTRUMENTS[market];
}

/** Fee rates of the sandbox account (Binance's default tiers): spot 0.1 %, USD-M maker 0.02 % / taker 0.05 %. */
export const FEES = {
  spot: { maker: new D('0.001'), taker: new D('0.001') },
  usdm: { maker: new D('0.0002'), taker: new D('0.0005') },
} as const;

// Binance's USDⓈ-M maintenance-margin brackets: the tier tables are in contract/futures-brackets.ts, shared with the order form.
const MAJOR_BRACKETS = makeBrackets(MAJOR_TIERS, D);
const MINOR_BRACKETS = makeBrackets(MINOR_TIERS, D);

export function maintenanceBrackets(inst: Instrument): readonly Bracket[] {
  return inst.base === 'BTC' || inst.base === 'ETH' ? MAJOR_BRACKETS : MINOR_BRACKETS;
}

/**
 * queryMaxLeverage: spec §9 default top leverage is 100. Binance: BTC and ETH 100, the rest 50 (as before). OKX's
 * perpetual swaps (first position tier): BTC and ETH 100, the rest 50. Bybit's linear perpetuals (first risk-limit
 * tier): BTC and ETH 100, SOL 50, the smaller coins 25. The sandbox's approximation of each venue's published
 * first tier (not read from a live venue); the venue's figure caps changeLeverage.
 */
export function maxLeverage(inst: Instrument, venue: SimVenue = 'binance'): number {
  if (inst.base === 'BTC' || inst.base === 'ETH') return TOP_LEVERAGE;
  if (venue === 'bybit') return inst.base === 'SOL' ? 50 : 25;
  return 50;
}

export const DEFAULT_LEVERAGE = 20;

/** Read-only views of the simulator's market for one pair. */
export class MarketView {
  readonly venue: SimVenue;
  /** The venue's listings: Binance's table (as before), another venue's simulator's own (its tick, lot, ctVal). */
  readonly listing: Listing;
  constructor(private readonly sim: Simulator) {
    this.venue = tradingVenue(sim);
    this.listing = sim.venue === 'binance' ? instrument : (market, symbol) => sim.instrument(market, symbol);
  }

  /** The venue's listings of a market. */
  listings(market: MarketKind): readonly Instrument[] {
    return this.venue === 'binance' ? INSTRUMENTS[market] : this.sim.instruments[market];
  }

  /** A pair of this venue (400 for one it does not list). */
  pair(market: MarketKind, symbol: unknown, field = 'symbol'): Pair {
    return pairOf(market, symbol, field, this.listing);
  }

  /** The market, kept live (generating events) for the simulator's idle window. */
  market(inst: Instrument): SymbolMarket {
    const market = this.sim.touch(inst.market, inst.symbol);
    if (!market) throw new Error(`simulator has no ${inst.market} ${inst.symbol}`);
    return market;
  }

  /** The side a taker of `side` trades against, best first, in units. */
  *opposite(inst: Instrument, side: 'buy' | 'sell'): Generator<Level> {
    const m = this.market(inst);
    const book = side === 'buy' ? m.book.asks : m.book.bids;
    const tick = unit(inst.tickDecimals);
    const step = unit(inst.stepDecimals);
    // Copy-free: the book is read level by level while the walk needs it (the generator is drained synchronously).
    for (let i = 0; i < book.length; i++) yield { price: tick.mul(book.px[i]!), qty: step.mul(book.qty[i]!) };
  }

  /** USD-M mark price (the simulator's markPrice stream: the mid), or the last price for spot. */
  mark(inst: Instrument): Decimal {
    const m = this.market(inst);
    const ticks = inst.market === 'usdm' ? m.markTicks() : m.lastPrice;
    return new D(ticks).mul(unit(inst.tickDecimals));
  }

  lastPrice(inst: Instrument): Decimal {
    return new D(this.market(inst).lastPrice).mul(unit(inst.tickDecimals));
  }
}
