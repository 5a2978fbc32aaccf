import type { VenueCode } from '../../workers/contract.ts';

/** The venues with a market the app can show (spec §1 names eight; the others come on the same boundary). */
export const MARKET_VENUES = ['binance', 'okx', 'bybit', 'gate', 'bitget'] as const satisfies readonly VenueCode[];
export type MarketVenue = (typeof MARKET_VENUES)[number];

export function isMarketVenue(code: unknown): code is MarketVenue {
  return typeof code === 'string' && (MARKET_VENUES as readonly string[]).includes(code);
}

/** The market venues whose accounts the trading screens list and trade on (Gate and Bitget show their market only, so far). */
export const TRADING_VENUES = ['binance', 'okx', 'bybit'] as const satisfies readonly MarketVenue[];

export function isTradingVenue(code: unknown): code is (typeof TRADING_VENUES)[number] {
  return typeof code === 'string' && (TRADING_VENUES as readonly string[]).includes(code);
}

/** REST bases of a venue's spot and USDT-margined perpetual markets. */
export interface VenueRest {
  spot: string;
  usdm: string;
}

/** The venues' own public REST hosts (the simulator mounts each under /sim/<host>). */
const REST_ORIGINS: Record<MarketVenue, VenueRest> = {
  binance: { spot: 'https://api.binance.com', usdm: 'https://fapi.binance.com' },
  okx: { spot: 'https://www.okx.com', usdm: 'https://www.okx.com' },
  bybit: { spot: 'https://api.bybit.com', usdm: 'https://api.bybit.com' },
  gate: { spot: 'https://api.gateio.ws', usdm: 'https://api.gateio.ws' },
  bitget: { spot: 'https://api.bitget.com', usdm: 'https://api.bitget.com' },
};

/**
 * A venue's REST bases: the venue itself (`live`), or the sandbox simulator under the same origin (`sandbox`, the
 * default: `${origin}/sim/<host>`).
 */
export function venueRest(venue: MarketVenue, source: 'sandbox' | 'live', location: { protocol: string; host: string }): VenueRest {
  const real = REST_ORIGINS[venue];
  if (source === 'live') return real;
  const sim = (url: string): string => `${location.protocol}//${location.host}/sim/${new URL(url).host}`;
  return { spot: sim(real.spot), usdm: sim(real.usdm) };
}
