import type { Market } from '../../../market/index.ts';
import { makePair, positive, type Pair } from '../pair.ts';

// Bybit v5 GET /v5/market/instruments-info?category=spot|linear (docs: "Get Instruments Info"):
//   { retCode: 0, retMsg: "OK", result: { category, list: [...], nextPageCursor } }
//   spot:   { symbol: "BTCUSDT", baseCoin, quoteCoin, status: "Trading", priceFilter: { tickSize },
//             lotSizeFilter: { basePrecision, quotePrecision, minOrderQty, maxOrderQty, minOrderAmt, maxOrderAmt,
//             maxLimitOrderQty, maxMarketOrderQty } }
//   linear: { symbol, contractType: "LinearPerpetual", status, baseCoin, quoteCoin, settleCoin,
//             priceFilter: { minPrice, maxPrice, tickSize },
//             lotSizeFilter: { maxOrderQty, maxMktOrderQty, minOrderQty, qtyStep, minNotionalValue } }
// Linear sizes are already in the base coin.

interface RawInstrument {
  symbol?: unknown;
  status?: unknown;
  contractType?: unknown;
  baseCoin?: unknown;
  quoteCoin?: unknown;
  settleCoin?: unknown;
  priceFilter?: { tickSize?: unknown; maxPrice?: unknown } | null;
  lotSizeFilter?: {
    basePrecision?: unknown;
    qtyStep?: unknown;
    minOrderQty?: unknown;
    maxOrderQty?: unknown;
    maxLimitOrderQty?: unknown;
    maxMarketOrderQty?: unknown;
    maxMktOrderQty?: unknown;
    minOrderAmt?: unknown;
    maxOrderAmt?: unknown;
    minNotionalValue?: unknown;
  } | null;
}

function parseOne(raw: RawInstrument, market: Market): Pair | null {
  if (raw.status !== 'Trading') return null;
  const price = raw.priceFilter && typeof raw.priceFilter === 'object' ? raw.priceFilter : {};
  const lot = raw.lotSizeFilter && typeof raw.lotSizeFilter === 'object' ? raw.lotSizeFilter : {};
  const symbol = typeof raw.symbol === 'string' ? raw.symbol : undefined;
  // What both categories list alike; the lot's fields differ (spot basePrecision and order amounts, linear qtyStep and notional).
  const listed = {
    market,
    exchangeCode: 'bybit' as const,
    ...(symbol ? { venueSymbol: symbol } : {}),
    baseAsset: raw.baseCoin,
    quoteAsset: raw.quoteCoin,
    tickSize: positive(price.tickSize),
  };
  if (market === 'spot') {
    return makePair({
      ...listed,
      stepSize: positive(lot.basePrecision),
      limits: {
        minQty: positive(lot.minOrderQty),
        minNotional: positive(lot.minOrderAmt),
        maxQty: positive(lot.maxLimitOrderQty) ?? positive(lot.maxOrderQty),
        marketMaxQty: positive(lot.maxMarketOrderQty),
        maxNotional: positive(lot.maxOrderAmt),
      },
    });
  }
  // The app's usdm market is the USDT-margined perpetual (not the dated LinearFutures, not USDC).
  if (raw.contractType !== undefined && raw.contractType !== 'LinearPerpetual') return null;
  if (raw.quoteCoin !== 'USDT' || (raw.settleCoin !== undefined && raw.settleCoin !== 'USDT')) return null;
  return makePair({
    ...listed,
    stepSize: positive(lot.qtyStep),
    limits: {
      minQty: positive(lot.minOrderQty),
      minNotional: positive(lot.minNotionalValue),
      maxPrice: positive(price.maxPrice),
      maxQty: positive(lot.maxOrderQty),
      marketMaxQty: positive(lot.maxMktOrderQty),
    },
  });
}

/** One page of an instruments-info reply: its pairs and the cursor of the next page ('' or absent: the last). */
export function parseBybitInstruments(body: unknown, market: Market): { pairs: Pair[]; nextCursor: string | null } {
  const none = { pairs: [], nextCursor: null };
  if (body === null || typeof body !== 'object') return none;
  const { retCode, result } = body as { retCode?: unknown; result?: unknown };
  if (retCode !== 0 || result === null || typeof result !== 'object') return none;
  const { list, nextPageCursor } = result as { list?: unknown; nextPageCursor?: unknown };
  if (!Array.isArray(list)) return none;
  const pairs: Pair[] = [];
  for (const raw of list as unknown[]) {
    if (raw === null || typeof raw !== 'object') continue;
    const pair = parseOne(raw as RawInstrument, market);
    if (pair) pairs.push(pair);
  }
  return { pairs, nextCursor: typeof nextPageCursor === 'string' && nextPageCursor !== '' ? nextPageCursor : null };
}
