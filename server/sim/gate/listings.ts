/**
 * Gate's listings in the simulator (venues.ts): spot pairs `BTC_USDT` and USDT-settled perpetual contracts of the
 * same name. A contract trades in whole contracts of `quanto_multiplier` base units (BTC 0.0001, ETH 0.01, …); the
 * simulator holds base units in steps of one contract (stepDecimals = the multiplier's decimals), so a size on
 * Gate's futures wire is a count of steps.
 */
import { INSTRUMENTS, type Instrument, type MarketKind } from '../instruments.ts';

/** Gate's quanto multipliers (base units per contract) of the USDT perpetuals; 1 for the others listed. */
const GATE_MULTIPLIER: Record<string, number> = { BTC: 0.0001, ETH: 0.01, BNB: 0.001, SOL: 1, LTC: 0.1, BCH: 0.01 };

/** Gate's spot price and amount precisions where they differ from the shared listings (BTC_USDT: 0.1 and 1e-6). */
const GATE_SPOT: Record<string, [tickDecimals: number, stepDecimals: number]> = { BTC: [1, 6], ETH: [2, 4] };

export function gateListings(priceFactor: number, liquidity: number): Record<MarketKind, Instrument[]> {
  const spot = INSTRUMENTS.spot
    .filter((i) => i.quote === 'USDT')
    .map((i) => {
      const [tickDecimals, stepDecimals] = GATE_SPOT[i.base] ?? [i.tickDecimals, i.stepDecimals];
      return {
        ...i,
        venueSymbol: `${i.base}_${i.quote}`,
        price: Number((i.price * priceFactor).toPrecision(8)),
        tickDecimals,
        stepDecimals,
        // Gate's spot minimum order is 3 USDT on most pairs
        minNotional: 3,
        levelNotional: i.levelNotional * liquidity,
      };
    });
  const usdm = INSTRUMENTS.usdm.map((i) => {
    const contractValue = GATE_MULTIPLIER[i.base] ?? 1;
    return {
      ...i,
      venueSymbol: `${i.base}_${i.quote}`,
      price: Number((i.price * priceFactor).toPrecision(8)),
      contractValue,
      stepDecimals: Math.max(0, Math.round(-Math.log10(contractValue))),
      levelNotional: i.levelNotional * liquidity,
    };
  });
  return { spot, usdm };
}
