/**
 * Bitget's listings in the simulator (venues.ts): the USDT pairs, under the app's names (Bitget's symbols are the
 * same on spot and USDT-M futures), with Bitget's own precision where it differs from Binance's: spot BTCUSDT
 * quotes in 0.01 and sizes in 0.000001 (pricePrecision 2, quantityPrecision 6), ETHUSDT 0.01 / 0.0001; the futures'
 * BTCUSDT in 0.1 / 0.0001 (pricePlace 1, volumePlace 4), ETHUSDT 0.01 / 0.01. Spot orders need 1 USDT, futures 5.
 */
import { INSTRUMENTS, type Instrument, type MarketKind } from '../instruments.ts';

/** Start price relative to Binance's, and one level's notional relative to Binance's (the venue's liquidity). */
const PRICE_FACTOR = 1.0002;
const LIQUIDITY = 0.6;

const SPOT: Record<string, [tick: number, step: number]> = { BTC: [2, 6], ETH: [2, 4] };
const FUTURES: Record<string, [tick: number, step: number]> = { BTC: [1, 4], ETH: [2, 2] };

function listing(i: Instrument, own: [number, number] | undefined, minNotional: number): Instrument {
  return {
    ...i,
    venueSymbol: i.symbol,
    price: Number((i.price * PRICE_FACTOR).toPrecision(8)),
    tickDecimals: own?.[0] ?? i.tickDecimals,
    stepDecimals: own?.[1] ?? i.stepDecimals,
    levelNotional: i.levelNotional * LIQUIDITY,
    minNotional,
  };
}

export function bitgetListings(): Record<MarketKind, Instrument[]> {
  return {
    spot: INSTRUMENTS.spot.filter((i) => i.quote === 'USDT').map((i) => listing(i, SPOT[i.base], 1)),
    usdm: INSTRUMENTS.usdm.map((i) => listing(i, FUTURES[i.base], 5)),
  };
}
