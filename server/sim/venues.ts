import { INSTRUMENTS, type Instrument, type MarketKind } from './instruments.ts';
import { Simulator, type SimulatorOptions } from './simulator.ts';
import { bitgetListings } from './bitget/listings.ts';
import { gateListings } from './gate/listings.ts';

/**
 * The venues the simulator serves (spec §1 names eight exchanges; these have a simulated market). Each venue is its
 * own Simulator: its own listings (symbols, tick and lot sizes, liquidity) and its own seeded books, so prices
 * across venues stay near each other but differ a little, as they do in life. The sandbox's domains (trading,
 * broker valuation) pick the venue of the account they act for.
 */
export const SIM_VENUES = ['binance', 'okx', 'bybit'] as const;
export type SimVenue = (typeof SIM_VENUES)[number];

export function isSimVenue(v: unknown): v is SimVenue {
  return typeof v === 'string' && (SIM_VENUES as readonly string[]).includes(v);
}

/**
 * The venues with a simulated market: SIM_VENUES (whose accounts the sandbox trades on) and those served for their
 * market data only so far (Bitget: server/sim/bitget, Gate: server/sim/gate).
 */
export const SIM_MARKET_VENUES = [...SIM_VENUES, 'bitget', 'gate'] as const;
export type SimMarketVenue = (typeof SIM_MARKET_VENUES)[number];

export function isSimMarketVenue(v: unknown): v is SimMarketVenue {
  return typeof v === 'string' && (SIM_MARKET_VENUES as readonly string[]).includes(v);
}

/** The trading venue a simulator stands for; throws for a venue served for its market data only. */
export function tradingVenue(sim: { readonly venue: SimMarketVenue }): SimVenue {
  if (!isSimVenue(sim.venue)) throw new Error(`${sim.venue} is simulated for its market data only`);
  return sim.venue;
}

/** Websocket hosts of the venues other than Binance, mounted under /sim/<host> by their own stream servers. */
export const VENUE_WS_HOSTS: Record<Exclude<SimMarketVenue, 'binance'>, readonly string[]> = {
  okx: ['ws.okx.com'],
  bybit: ['stream.bybit.com'],
  bitget: ['ws.bitget.com'],
  gate: ['api.gateio.ws/ws', 'fx-ws.gateio.ws'],
};

/** Every venue's seed differs from Binance's by a fixed offset, so one MARKET_SEED fixes all of them. */
const SEED_OFFSET: Record<SimMarketVenue, number> = { binance: 0, okx: 1_000_003, bybit: 2_000_003, bitget: 3_000_017, gate: 4_000_037 };

interface VenueFigures {
  /** start price relative to Binance's */
  priceFactor: number;
  /** one book level's notional relative to Binance's (the venue's own liquidity) */
  liquidity: number;
}

const FIGURES: Record<'okx' | 'bybit' | 'gate', VenueFigures> = {
  okx: { priceFactor: 1.0003, liquidity: 0.8 },
  bybit: { priceFactor: 0.9997, liquidity: 0.7 },
  gate: { priceFactor: 1.0002, liquidity: 0.6 },
};

/**
 * OKX's instrument ids: spot `BTC-USDT`, USDT-margined perpetual swaps `BTC-USDT-SWAP`; a swap trades in contracts
 * of `contractValue` base units (ctVal: BTC 0.01, ETH 0.1, …), in lots of `lotContracts` contracts.
 */
const OKX_CONTRACT: Record<string, [contractValue: number, lotDecimals: number]> = {
  BTC: [0.01, 2],
  ETH: [0.1, 2],
  BNB: [0.01, 0],
  SOL: [1, 2],
  LTC: [1, 0],
  BCH: [0.1, 0],
};

/** Decimal places of a power of ten below or at 1 (0.01 → 2, 1 → 0). */
function decimalsOf(power: number): number {
  return Math.max(0, Math.round(-Math.log10(power)));
}

function okxListings(): Record<MarketKind, Instrument[]> {
  const f = FIGURES.okx;
  const spot = INSTRUMENTS.spot
    .filter((i) => i.quote === 'USDT')
    .map((i) => ({
      ...i,
      venueSymbol: `${i.base}-${i.quote}`,
      price: Number((i.price * f.priceFactor).toPrecision(8)),
      // OKX quotes BTC-USDT in 0.1 and sizes spot in 1e-8 of the base on most listings
      tickDecimals: i.base === 'BTC' ? 1 : i.tickDecimals,
      stepDecimals: Math.min(8, i.stepDecimals + 2),
      levelNotional: i.levelNotional * f.liquidity,
    }));
  const usdm = INSTRUMENTS.usdm.map((i) => {
    const [contractValue, lotDecimals] = OKX_CONTRACT[i.base] ?? [1, 0];
    return {
      ...i,
      venueSymbol: `${i.base}-${i.quote}-SWAP`,
      price: Number((i.price * f.priceFactor).toPrecision(8)),
      contractValue,
      // quantities are held in base units: one lot is lotContracts × ctVal of the base
      stepDecimals: decimalsOf(contractValue) + lotDecimals,
      levelNotional: i.levelNotional * f.liquidity,
    };
  });
  return { spot, usdm };
}

function bybitListings(): Record<MarketKind, Instrument[]> {
  const f = FIGURES.bybit;
  const spot = INSTRUMENTS.spot
    .filter((i) => i.quote === 'USDT')
    .map((i) => ({
      ...i,
      venueSymbol: i.symbol,
      price: Number((i.price * f.priceFactor).toPrecision(8)),
      stepDecimals: i.base === 'BTC' ? 6 : i.stepDecimals,
      levelNotional: i.levelNotional * f.liquidity,
    }));
  // Bybit's linear (USDT perpetual) BTCUSDT quotes in 0.10 and sizes in 0.001.
  const usdm = INSTRUMENTS.usdm.map((i) => ({
    ...i,
    venueSymbol: i.symbol,
    price: Number((i.price * f.priceFactor).toPrecision(8)),
    tickDecimals: i.base === 'BTC' ? 1 : i.tickDecimals,
    levelNotional: i.levelNotional * f.liquidity,
  }));
  return { spot, usdm };
}

/** The listings of a venue (Binance's are INSTRUMENTS). */
export function venueListings(venue: SimMarketVenue): Record<MarketKind, readonly Instrument[]> {
  switch (venue) {
    case 'binance':
      return INSTRUMENTS;
    case 'okx':
      return okxListings();
    case 'bybit':
      return bybitListings();
    case 'bitget':
      return bitgetListings();
    case 'gate':
      return gateListings(FIGURES.gate.priceFactor, FIGURES.gate.liquidity);
  }
}

/**
 * One Simulator per venue (SIM_MARKET_VENUES; `all` lists the trading ones, SIM_VENUES). Binance's is the one the caller built (its options: MARKET_SEED, MARKET_RATE, load,
 * symbols); the others share its scheduler, rate and load, with their own listings and a seed offset from its seed.
 */
export class SimVenues {
  private readonly sims: Record<SimMarketVenue, Simulator>;
  private readonly owned: Simulator[] = [];

  constructor(binance: Simulator, others: Partial<Record<Exclude<SimMarketVenue, 'binance'>, Simulator>> = {}) {
    const make = (venue: Exclude<SimMarketVenue, 'binance'>): Simulator => {
      const given = others[venue];
      if (given) return given;
      const options: SimulatorOptions = {
        venue,
        seed: binance.seed + SEED_OFFSET[venue],
        rate: binance.rate,
        load: binance.load,
        scheduler: binance.scheduler,
        instruments: venueListings(venue),
      };
      const sim = new Simulator(options);
      this.owned.push(sim);
      return sim;
    };
    this.sims = { binance, okx: make('okx'), bybit: make('bybit'), bitget: make('bitget'), gate: make('gate') };
  }

  get(venue: SimMarketVenue): Simulator {
    return this.sims[venue];
  }

  get binance(): Simulator {
    return this.sims.binance;
  }

  all(): [SimVenue, Simulator][] {
    return SIM_VENUES.map((v) => [v, this.sims[v]]);
  }

  /** Stops the simulators this registry made (Binance's belongs to its caller). */
  stop(): void {
    for (const sim of this.owned) sim.stop();
  }
}
