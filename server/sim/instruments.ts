import { Prng } from './prng.ts';

/**
 * The simulated listings. Prices are held as integer ticks and quantities as integer steps, so every
 * price and quantity on the wire is formatted from an integer and never carries float noise.
 * Tick and step sizes are powers of ten, as on almost every Binance listing.
 */
export type MarketKind = 'spot' | 'usdm';

export interface Instrument {
  market: MarketKind;
  symbol: string;
  base: string;
  quote: string;
  /** Start price (quote per base). */
  price: number;
  /** tickSize = 10^-tickDecimals */
  tickDecimals: number;
  /** stepSize = 10^-stepDecimals (may be negative decimals = 0 only; steps of 1 at least) */
  stepDecimals: number;
  /** Typical notional of one book level, in quote units. */
  levelNotional: number;
  minNotional: number;
  /** The venue's own name of the listing where it differs from `symbol` (OKX `BTC-USDT`, `BTC-USDT-SWAP`). */
  venueSymbol?: string;
  /** OKX swaps: base units per contract (ctVal); the venue's wire sizes are in contracts, `symbol`'s in base units. */
  contractValue?: number;
}

type Row = [symbol: string, base: string, quote: string, price: number, tick: number, step: number, notional: number];

/** A listing's start price, tick and step decimals and the notional of one book level (in quote units). */
type Figures = [price: number, tick: number, step: number, notional: number];

/** The listed bases with a USDT pair on both markets: spot's figures, then USD-M futures'. */
const USDT_PAIRS: [base: string, spot: Figures, usdm: Figures][] = [
  ['BTC', [65000, 2, 5, 20000], [65020, 1, 3, 60000]],
  ['ETH', [3200, 2, 4, 15000], [3201, 2, 3, 40000]],
  ['BNB', [580, 2, 3, 5000], [580.2, 2, 2, 8000]],
  ['SOL', [150, 2, 3, 5000], [150.1, 2, 0, 10000]],
  ['XRP', [0.52, 4, 0, 3000], [0.5202, 4, 1, 6000]],
  ['ADA', [0.45, 4, 1, 2000], [0.4502, 4, 0, 4000]],
  ['DOGE', [0.15, 5, 0, 3000], [0.15002, 5, 0, 6000]],
  ['TRX', [0.12, 5, 1, 1500], [0.12001, 5, 0, 3000]],
  ['AVAX', [35, 3, 2, 2000], [35.01, 3, 0, 3000]],
  ['DOT', [6.5, 3, 2, 1500], [6.501, 3, 1, 3000]],
  ['LINK', [14, 3, 2, 2000], [14.01, 3, 2, 3000]],
  ['LTC', [80, 2, 3, 2000], [80.02, 2, 3, 3000]],
  ['BCH', [380, 2, 3, 2000], [380.1, 2, 3, 3000]],
  ['ATOM', [7, 3, 2, 1500], [7.002, 3, 2, 2000]],
  ['NEAR', [5.5, 3, 1, 1500], [5.502, 3, 0, 2000]],
  ['UNI', [8, 3, 2, 1500], [8.003, 3, 0, 2000]],
  ['ETC', [23, 3, 2, 1500], [23.01, 3, 2, 2000]],
  ['FIL', [4.5, 3, 2, 1500], [4.502, 3, 1, 2000]],
  ['APT', [8.5, 3, 2, 1500], [8.502, 4, 1, 2000]],
  ['ARB', [0.8, 4, 1, 1500], [0.8002, 4, 1, 2000]],
  ['OP', [1.8, 4, 2, 1500], [1.8003, 4, 1, 2000]],
  ['SUI', [1.1, 4, 1, 1500], [1.1002, 4, 1, 2000]],
];

/** Spot's other pairs (base, quote). */
const CROSS_PAIRS: [base: string, quote: string, spot: Figures][] = [
  ['ETH', 'BTC', [0.049, 5, 4, 0.3]],
  ['BNB', 'BTC', [0.0089, 6, 3, 0.05]],
];

const row = (base: string, quote: string, figures: Figures): Row => [`${base}${quote}`, base, quote, ...figures];
const SPOT: Row[] = [...USDT_PAIRS.map(([base, spot]) => row(base, 'USDT', spot)), ...CROSS_PAIRS.map(([base, quote, spot]) => row(base, quote, spot))];
const USDM: Row[] = USDT_PAIRS.map(([base, , usdm]) => row(base, 'USDT', usdm));

function build(market: MarketKind, rows: Row[]): Instrument[] {
  return rows.map(([symbol, base, quote, price, tickDecimals, stepDecimals, levelNotional]) => ({
    market,
    symbol,
    base,
    quote,
    price,
    tickDecimals,
    stepDecimals,
    levelNotional,
    minNotional: market === 'spot' ? (quote === 'BTC' ? 0.0001 : 5) : symbol === 'BTCUSDT' ? 100 : symbol === 'ETHUSDT' ? 20 : 5,
  }));
}

export const INSTRUMENTS: Record<MarketKind, Instrument[]> = {
  spot: build('spot', SPOT),
  usdm: build('usdm', USDM),
};

/** Most spot listings a simulator makes up (MARKET_SYMBOLS): more than Binance lists (about 3,000). */
export const MAX_SPOT_SYMBOLS = 5000;

/**
 * The spot listings of a simulator with `count` symbols (MARKET_SYMBOLS, spec §2 route market: the market page with a
 * real exchange's symbol count): the listed ones, then made-up USDT pairs `SIM0001USDT`, `SIM0002USDT`, … up to
 * `count`. Each one's start price (from 0.001 to 10,000), tick and step come from the seed and its number, so
 * one seed always lists the same symbols. The made-up pairs have books, trades, klines and tickers like any
 * listing; only the sandbox's trading and pricing (server/trade, server/convert) know the listed ones alone.
 */
export function spotInstruments(count: number, seed: number): Instrument[] {
  const listed = INSTRUMENTS.spot;
  if (count <= listed.length) return listed;
  const rows: Row[] = [];
  for (let n = 1; n <= Math.min(count, MAX_SPOT_SYMBOLS) - listed.length; n++) {
    const prng = new Prng(`${seed}:symbols:${n}`);
    const magnitude = prng.int(-3, 3);
    const price = Number(((1 + prng.next() * 9) * 10 ** magnitude).toPrecision(4));
    const base = `SIM${String(n).padStart(4, '0')}`;
    // About 10,000 ticks to the price (BTCUSDT has 6.5 million; XRPUSDT 5,200) and a step near a dollar's worth.
    rows.push(row(base, 'USDT', [price, Math.min(8, Math.max(0, 3 - magnitude)), Math.min(6, Math.max(0, magnitude + 1)), 1500]));
  }
  return [...listed, ...build('spot', rows)];
}

const BY_SYMBOL: Record<MarketKind, Map<string, Instrument>> = {
  spot: new Map(INSTRUMENTS.spot.map((i) => [i.symbol, i])),
  usdm: new Map(INSTRUMENTS.usdm.map((i) => [i.symbol, i])),
};

export function instrument(market: MarketKind, symbol: string): Instrument | undefined {
  return BY_SYMBOL[market].get(symbol);
}

/** Decimals on the wire: spot always prints 8, USD-M prints the symbol's precision. */
export function priceDecimalsOut(i: Instrument): number {
  return i.market === 'spot' ? 8 : i.tickDecimals;
}
export function qtyDecimalsOut(i: Instrument): number {
  return i.market === 'spot' ? 8 : i.stepDecimals;
}

const ZEROS = '000000000000000000000000';

/** `value × 10^-scale` printed with exactly `out` decimals (out ≥ scale), from an integer, without floats. */
export function formatScaled(value: number, scale: number, out: number): string {
  const neg = value < 0;
  let digits = String(Math.abs(value));
  if (scale > 0) {
    if (digits.length <= scale) digits = ZEROS.slice(0, scale - digits.length + 1) + digits;
    const cut = digits.length - scale;
    digits = digits.slice(0, cut) + '.' + digits.slice(cut) + ZEROS.slice(0, out - scale);
  } else if (out > 0) {
    digits = digits + '.' + ZEROS.slice(0, out);
  }
  return neg ? '-' + digits : digits;
}

export function fmtPrice(i: Instrument, ticks: number): string {
  return formatScaled(ticks, i.tickDecimals, priceDecimalsOut(i));
}
export function fmtQty(i: Instrument, steps: number): string {
  return formatScaled(steps, i.stepDecimals, qtyDecimalsOut(i));
}
/** Quote amounts are sums of price × qty; they are floats by nature and printed with 8 decimals. */
export function fmtQuote(value: number): string {
  return value.toFixed(8);
}
export function tickSize(i: Instrument): number {
  return 10 ** -i.tickDecimals;
}
export function stepSize(i: Instrument): number {
  return 10 ** -i.stepDecimals;
}
export function ticksToNumber(i: Instrument, ticks: number): number {
  return ticks / 10 ** i.tickDecimals;
}
export function stepsToNumber(i: Instrument, steps: number): number {
  return steps / 10 ** i.stepDecimals;
}
