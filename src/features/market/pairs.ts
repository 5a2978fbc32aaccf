import { createStore } from 'zustand/vanilla';
import { endpointsFor, marketVenue, venueRest, type Market, type MarketVenue } from '../../market/index.ts';
import { config } from '../../lib/config/index.ts';
import type { Pair } from './pair.ts';
import { parseExchangeInfo } from './venues/binance.ts';
import { parseBitgetPairs } from './venues/bitget.ts';
import { parseBybitInstruments } from './venues/bybit.ts';
import { parseGatePairs } from './venues/gate.ts';
import { parseOkxInstruments } from './venues/okx.ts';

export type { Pair } from './pair.ts';
export { parseExchangeInfo } from './venues/binance.ts';
export { parseOkxInstruments } from './venues/okx.ts';
export { parseBybitInstruments } from './venues/bybit.ts';
export { parseGatePairs } from './venues/gate.ts';
export { parseBitgetPairs } from './venues/bitget.ts';

export interface PairsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The venue the lists are of (the session's market venue). */
  venue: MarketVenue;
  spot: Pair[];
  usdm: Pair[];
}

export const pairsStore = createStore<PairsState>(() => ({ status: 'idle', venue: 'binance', spot: [], usdm: [] }));

type Fetcher = typeof fetch;

async function getJson(fetcher: Fetcher, url: string): Promise<unknown> {
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`${url} ${response.status}`);
  return response.json();
}

/** Bybit pages linear instruments (limit ≤ 1000, nextPageCursor); a runaway cursor stops after this many pages. */
const BYBIT_MAX_PAGES = 10;

async function bybitList(fetcher: Fetcher, base: string, market: Market): Promise<Pair[]> {
  const category = market === 'spot' ? 'spot' : 'linear';
  const pairs: Pair[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < BYBIT_MAX_PAGES; page += 1) {
    const query: string = `category=${category}&limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const parsed = parseBybitInstruments(await getJson(fetcher, `${base}/v5/market/instruments-info?${query}`), market);
    pairs.push(...parsed.pairs);
    cursor = parsed.nextCursor;
    if (cursor === null) break;
  }
  return pairs;
}

/** One market's pair list of a venue, from the venue's own instruments call (spec §7 "Public REST" for Binance). */
function venueList(venue: MarketVenue, fetcher: Fetcher, market: Market): Promise<Pair[]> {
  const source = config.marketSource === 'binance' ? 'live' : 'sandbox';
  if (venue === 'binance') {
    const endpoints = endpointsFor(config.marketSource, window.location);
    const url = market === 'spot' ? `${endpoints.spotRest}/api/v3/exchangeInfo` : `${endpoints.usdmRest}/fapi/v1/exchangeInfo`;
    return getJson(fetcher, url).then((body) => parseExchangeInfo(body, market));
  }
  const rest = venueRest(venue, source, window.location);
  if (venue === 'okx') {
    const url = `${rest[market]}/api/v5/public/instruments?instType=${market === 'spot' ? 'SPOT' : 'SWAP'}`;
    return getJson(fetcher, url).then((body) => parseOkxInstruments(body, market));
  }
  if (venue === 'gate') {
    const url = market === 'spot' ? `${rest.spot}/api/v4/spot/currency_pairs` : `${rest.usdm}/api/v4/futures/usdt/contracts`;
    return getJson(fetcher, url).then((body) => parseGatePairs(body, market));
  }
  if (venue === 'bitget') {
    const url = market === 'spot' ? `${rest.spot}/api/v2/spot/public/symbols` : `${rest.usdm}/api/v2/mix/market/contracts?productType=USDT-FUTURES`;
    return getJson(fetcher, url).then((body) => parseBitgetPairs(body, market));
  }
  return bybitList(fetcher, rest[market], market);
}

let loading: Promise<void> | null = null;

/**
 * Loads both pair lists of the session's venue once (spec §3 "Trading pair"; exchangeCode from the session): Binance's
 * exchangeInfo, OKX's instruments (SPOT, SWAP), Bybit's instruments-info (spot, linear) Gate's currency pairs and
 * USDT contracts, or Bitget's spot symbols and USDT-FUTURES contracts. A failed load can be retried.
 */
export function loadPairs(fetcher: Fetcher = fetch, venue: MarketVenue = marketVenue()): Promise<void> {
  if (loading) return loading;
  pairsStore.setState({ status: 'loading', venue });
  loading = Promise.all([venueList(venue, fetcher, 'spot'), venueList(venue, fetcher, 'usdm')]).then(
    ([spot, usdm]) => pairsStore.setState({ status: 'ready', venue, spot, usdm }),
    () => {
      loading = null;
      pairsStore.setState({ status: 'error' });
    },
  );
  return loading;
}

/** Tests: forget a finished load, so the next loadPairs fetches again. */
export function resetPairs(): void {
  loading = null;
  pairsStore.setState({ status: 'idle', venue: 'binance', spot: [], usdm: [] });
}

export function findPair(state: PairsState, market: Market, symbol: string): Pair | undefined {
  return state[market].find((p) => p.symbol === symbol);
}
