import type { Market } from '../../../market/index.ts';
import { decimals, makePair, positive, times, type Pair } from '../pair.ts';

// Bitget v2, every reply in the envelope { code: "00000", msg: "success", requestTime, data: [...] }; every number a string.
// GET /api/v2/spot/public/symbols (docs spot "Get Symbol Info"):
//   { symbol: "BTCUSDT", baseCoin: "BTC", quoteCoin: "USDT", minTradeAmount, maxTradeAmount, pricePrecision: "2",
//     quantityPrecision: "6", minTradeUSDT: "1", status: "online" } — the precisions are counts of decimals.
// GET /api/v2/mix/market/contracts?productType=USDT-FUTURES (docs futures "Get Contract Config"):
//   { symbol: "BTCUSDT", baseCoin, quoteCoin, minTradeNum: "0.0001", pricePlace: "1", priceEndStep: "1",
//     volumePlace: "4", sizeMultiplier: "0.0001", symbolType: "perpetual", minTradeUSDT: "5", symbolStatus: "normal",
//     maxOrderQty? } — sizes already in the base coin; the tick is priceEndStep × 10^−pricePlace.

interface RawSymbol {
  symbol?: unknown;
  baseCoin?: unknown;
  quoteCoin?: unknown;
  minTradeAmount?: unknown;
  maxTradeAmount?: unknown;
  pricePrecision?: unknown;
  quantityPrecision?: unknown;
  minTradeUSDT?: unknown;
  status?: unknown;
}

interface RawContract {
  symbol?: unknown;
  baseCoin?: unknown;
  quoteCoin?: unknown;
  minTradeNum?: unknown;
  pricePlace?: unknown;
  priceEndStep?: unknown;
  volumePlace?: unknown;
  sizeMultiplier?: unknown;
  symbolType?: unknown;
  minTradeUSDT?: unknown;
  symbolStatus?: unknown;
  supportMarginCoins?: unknown;
  maxOrderQty?: unknown;
}

function parseSpot(raw: RawSymbol): Pair | null {
  if (raw.status !== 'online' || typeof raw.symbol !== 'string') return null;
  return makePair({
    market: 'spot',
    exchangeCode: 'bitget',
    venueSymbol: raw.symbol,
    baseAsset: raw.baseCoin,
    quoteAsset: raw.quoteCoin,
    tickSize: decimals(raw.pricePrecision),
    stepSize: decimals(raw.quantityPrecision),
    limits: { minQty: positive(raw.minTradeAmount), maxQty: positive(raw.maxTradeAmount), minNotional: positive(raw.minTradeUSDT) },
  });
}

/** The app's usdm market is the USDT-margined perpetual (not the dated delivery contracts), open to trading. */
function parseContract(raw: RawContract): Pair | null {
  if (raw.symbolStatus !== 'normal' || raw.symbolType !== 'perpetual' || raw.quoteCoin !== 'USDT' || typeof raw.symbol !== 'string') return null;
  if (Array.isArray(raw.supportMarginCoins) && !raw.supportMarginCoins.includes('USDT')) return null;
  return makePair({
    market: 'usdm',
    exchangeCode: 'bitget',
    venueSymbol: raw.symbol,
    baseAsset: raw.baseCoin,
    quoteAsset: raw.quoteCoin,
    tickSize: times(positive(raw.priceEndStep) ?? '1', decimals(raw.pricePlace)),
    stepSize: positive(raw.sizeMultiplier) ?? decimals(raw.volumePlace),
    limits: { minQty: positive(raw.minTradeNum), maxQty: positive(raw.maxOrderQty), minNotional: positive(raw.minTradeUSDT) },
  });
}

/** Parse Bitget's spot symbols (`spot`) or USDT-FUTURES contracts (`usdm`); an error envelope or an entry not trading gives nothing. */
export function parseBitgetPairs(body: unknown, market: Market): Pair[] {
  if (body === null || typeof body !== 'object') return [];
  const { code, data } = body as { code?: unknown; data?: unknown };
  if (code !== '00000' || !Array.isArray(data)) return [];
  const out: Pair[] = [];
  for (const raw of data as unknown[]) {
    if (raw === null || typeof raw !== 'object') continue;
    const pair = market === 'spot' ? parseSpot(raw as RawSymbol) : parseContract(raw as RawContract);
    if (pair) out.push(pair);
  }
  return out;
}
